import type { medicationsTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Medications' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const medicationsTexts = teReo<typeof english>({
  pageTitle: ["Ngā Rongoā – Tomokanga Tūroro", "drafted"],
  title: ["Ngā Rongoā", "drafted"],
  medicines: ["Ngā rongoā", "drafted"],
  longTermTab: ["Wā Roa", "drafted"],
  historyTab: ["Hītori", "drafted"],
  showMedicines: ["Whakaatu ngā rongoā", "drafted"],
  listAll: ["Katoa", "drafted"],
  listRecent: ["Hou", "drafted"],
  listRepeated: ["Kua whakahoutia", "drafted"],
  longTermList: ["Ngā rongoā wā roa", "drafted"],
  allList: ["Ngā rongoā katoa", "drafted"],
  recentList: ["Ngā rongoā hou", "drafted"],
  repeatedList: ["Ngā rongoā kua whakahoutia", "drafted"],
  repeat: ["Whakahou", "drafted"],
  printSelected: [(count: number) => `Tā ngā mea kua tīpakohia (${count})`, "drafted"],
  printAll: ["Tā katoa", "drafted"],
  selectToRepeat: ["Tīpakohia ngā rongoā hei whakahou, hei tā rānei.", "drafted"],
  // Te reo marks no plural on the noun: "1 rongoā", "5 rongoā".
  selectedCount: [(count: number) => (count === 1 ? "1 rongoā kua tīpakohia." : `${count} rongoā kua tīpakohia.`), "drafted"],
  longTermCount: [(count: number) => (count === 1 ? "1 rongoā wā roa" : `${count} rongoā wā roa`), "drafted"],
  showingCount: [(count: number) => (count === 1 ? "1 rongoā e whakaaturia ana" : `${count} rongoā e whakaaturia ana`), "drafted"],
  showingOf: [(count: number, total: number) => `${count} o ${total === 1 ? "te" : "ngā"} ${total} rongoā e whakaaturia ana`, "drafted"],
  showMore: ["Whakaatu ētahi atu rongoā", "drafted"],
  requestRepeat: ["Tono kia whakahoutia he rongoā", "drafted"],
  sentTitle: ["Rongoā", "drafted"],
  onLeaveTitle: ["Kei te wehenga tō rata", "drafted"],
  loadingDialog: ["E uta ana…", "drafted"],
  medicine: ["Rongoā", "drafted"],
  dose: ["Horopeta", "drafted"],
  instructions: ["Tohutohu", "drafted"],
  quantity: ["Rahinga", "drafted"],
  prescriber: ["Kaiwhakahau", "drafted"],
  prescribed: ["I whakahaua", "drafted"],
  ends: ["Ka mutu", "drafted"],
  longTerm: ["Wā roa", "drafted"],
  selectAllShown: ["Tīpakohia ngā rongoā katoa e whakaaturia ana", "drafted"],
  selectMedicine: [(name: string) => `Tīpakohia te rongoā ${name}`, "drafted"],
  printedList: ["Rārangi rongoā kua tāngia", "drafted"],
  printedTitle: ["Rārangi rongoā", "drafted"],
  printedFor: [
    (name: string, nhi: string, printedOn: string) => (nhi ? `${name} · NHI ${nhi} · I tāngia i te ${printedOn}` : `${name} · I tāngia i te ${printedOn}`),
    "drafted",
  ],
  noRecords: ["Kāore he Pūkete i Kitea", "drafted"],
  loading: ["E uta ana i ngā rongoā…", "drafted"],
  selectOne: ["Tīpakohia kia kotahi te rongoā, neke atu rānei", "drafted"],
  selectPharmacy: ["Tēnā, kōwhiria he toa rongoā", "drafted"],
  outstandingBalance: ["Kāore e taea te tuku i te tono tiki: he nama kāore anō kia utua kei te tūroro", "drafted"],
  chooseDelivery: ["Kōwhiria mēnā ka tikina e koe te whakahaunga rongoā, ka tukuna rānei ki tētahi toa rongoā", "drafted"],
  notesTooLong: ["Tēnā, kia 500 pū, iti iho rānei te roa o ngā tuhipoka", "drafted"],
  unknownPharmacy: ["Kāore taua toa rongoā i te rārangi o te whare haumanu. Tēnā, kōwhiria anō.", "drafted"],
  notOnRecord: ["Kua kore tētahi o ngā rongoā i kōwhiria i tō pūkete. Tēnā, utaina anō te whārangi, ka kōwhiri anō.", "drafted"],
  sendFailed: ["Kāore i taea te tuku i tō tono i tēnei wā. Kāore he mea i ngaro: tēnā, whakamātauria anō.", "drafted"],
  unconfirmedTitle: ["Kāore i taea e mātou te whakaū mēnā i tae atu tō tono", "drafted"],
  unconfirmed: [
    "Tērā pea kua tae atu tō tono ki te whare haumanu. Kei konei tonu ngā mea katoa i kōwhiria e koe. Kia kore ai e puta he whakahaunga rongoā tuarua, tēnā, uia te whare haumanu i mua i tō tuku anō.",
    "drafted",
  ],
  sendAgainAnyway: ["Tukuna anō ahakoa tonu", "drafted"],
  sendAgainWarning: ["Mēnā i tae atu te tono tuatahi, ka whiwhi hoki te whare haumanu i tēnei.", "drafted"],
  close: ["Kati", "drafted"],
  sessionEnded: [
    "Kua mutu tō takiuru, nō reira kāore i tukuna tō tono. Kei konei tonu ngā mea katoa i kōwhiria e koe: takiuru anō i tētahi ripa hou, kātahi ka hoki mai ki konei ka pēhi i Whakamātau anō.",
    "drafted",
  ],
  pharmaciesSessionEnded: [
    "Kua mutu tō takiuru, nō reira kāore i taea te uta i ngā toa rongoā: takiuru anō i tētahi ripa hou, kātahi ka uta anō i ngā toa rongoā.",
    "drafted",
  ],
  pharmaciesFailed: ["Kāore i taea te uta i te rārangi toa rongoā. Tēnā, whakamātauria anō.", "drafted"],
  loadingPharmacies: ["E uta ana i ngā toa rongoā…", "drafted"],
  noPharmacyMatch: ["Kāore he toa rongoā e hāngai ana ki taua ingoa.", "drafted"],
  // One name: "a Rata A"; two: "a Rata A rāua ko Rata B"; more: "a Rata A, a Rata B rātou ko Rata C".
  onLeave: [
    (names: readonly string[]) => {
      if (names.length === 0) return "Kei te wehenga te rata nāna i whakahau tētahi o ēnei rongoā.";
      const last = names[names.length - 1];
      const who = names.length === 1 ? `a ${last}` : `a ${names.slice(0, -1).join(", a ")} ${names.length === 2 ? "rāua" : "rātou"} ko ${last}`;
      return `Kei te wehenga ${who}.`;
    },
    "drafted",
  ],
  onLeaveChoice: ["Ka taea tō tono te tuku ki tētahi atu rata o te whare haumanu, ka taea rānei e koe te tatari kia hoki mai tō rata.", "drafted"],
  newTab: ["ka tuwhera i tētahi ripa hou", "drafted"],
  longTermNotRecorded: ["Wā roa: Kāore i tuhia", "drafted"],
  unflagged: [
    (count: number) =>
      `Kāore he tohu wā roa i tuhia e te whare haumanu mō ${count === 1 ? "te rongoā 1" : `ngā rongoā ${count}`}, nō reira kei raro anake i te Hītori e whakarārangitia ana.`,
    "drafted",
  ],
  showHistory: ["Whakaatu te Hītori", "drafted"],
  defaultNotice: [
    "Ka taea te tiki i ngā whakahaunga rongoā kua whakahoutia i te tēpu manaaki, ka tukuna rānei ki te toa rongoā i kōwhiria e koe, ā muri i ngā rā mahi e rua mai i tō tono. Tēnā, tukua kia rua ngā rā mahi i mua i tō haere ki te tiki. Me arotake ō rongoā wā roa e tō rata ia ono marama: mēnā kua tae te wā mō ōu, ka tono te whare haumanu kia tāpui koe i tētahi whakaritenga i te tuatahi.",
    "drafted",
  ],
});
