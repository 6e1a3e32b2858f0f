import type { repeatTexts as english } from "./repeat-texts";
import { teReo } from "~/lib/te-reo";

/** The repeat request dialog's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const repeatTexts = teReo<typeof english>({
  backToRequest: ["Hoki ki te tono", "drafted"],
  sendToAnotherDoctor: ["Tukuna ki tētahi atu rata", "drafted"],
  repeatRequest: ["Tono whakahou", "drafted"],
  aboutRepeats: ["Mō te whakahou whakahaunga rongoā", "drafted"],
  medicinesToRepeat: [(count: number) => `Ngā rongoā hei whakahou (${count})`, "drafted"],
  medicineWithDose: [(name: string, dose: string) => (dose ? `${name}, ${dose}` : name), "drafted"],
  howToGet: ["Me pēhea e whiwhi ai koe?", "drafted"],
  payAccount: ["Utua tō pūkete", "drafted"],
  pickUp: ["Tikina i te whare haumanu", "drafted"],
  sendToPharmacy: ["Tukuna ki tētahi toa rongoā", "drafted"],
  willBeSent: ["Ka tukuna te whakahaunga rongoā ki te toa rongoā ka kōwhiria e koe.", "drafted"],
  willBeReady: ["Ka rite te whakahaunga rongoā hei tiki māu i te whare haumanu.", "drafted"],
  loadPharmaciesAgain: ["Utaina anō ngā toa rongoā", "drafted"],
  urgent: ["He tono kōhukihuki tēnei", "drafted"],
  fax: ["Tukuna te whakahaunga rongoā ki te toa rongoā mā te waea whakaahua", "drafted"],
  notes: ["He tuhipoka mō te whare haumanu (kāore i te herea)", "drafted"],
  notSentTitle: ["Kāore i tukuna tō tono", "drafted"],
  tryAgain: ["Whakamātau anō", "drafted"],
  changeRequest: ["Panonihia te tono", "drafted"],
  cancel: ["Whakakore", "drafted"],
  sending: ["E tuku ana…", "drafted"],
  sendRequest: ["Tukuna te tono", "drafted"],
  pharmacy: ["Toa rongoā", "drafted"],
  searchPharmacies: ["Rapua ngā toa rongoā mā te ingoa", "drafted"],
  // Te reo marks no plural on the noun: "1 toa rongoā", "5 toa rongoā".
  pharmacyMatches: [(count: number) => (count === 1 ? "1 toa rongoā e hāngai ana." : `${count} toa rongoā e hāngai ana.`), "drafted"],
  tooManyPharmacies: [
    (count: number, shown: number) =>
      `${count.toLocaleString("en-NZ")} toa rongoā e hāngai ana; ko ngā mea ${shown} tuatahi e whakaaturia ana. Tuhia ētahi atu o te ingoa kia whāiti ai te rārangi.`,
    "drafted",
  ],
  preferredPharmacy: ["(tō toa rongoā e manakohia ana)", "drafted"],
});
