import type { signupTexts as english } from "./signup-texts";
import { teReo } from "~/lib/te-reo";

/** Sign up's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const signupTexts = teReo<typeof english>({
  familyName: ["Me whai Ingoa Whānau", "drafted"],
  firstName: ["Me whai Ingoa Tuatahi", "drafted"],
  dob: ["Tuhia te rā whānau hei dd-mm-yyyy, he rā kua hipa", "drafted"],
  nhi: ["Tuhia he nama NHI tika, hei tauira, ZAC5361", "drafted"],
  practice: ["Me whai Ingoa Whare Haumanu", "drafted"],
  email: ["Tuhia he wāhitau īmēra tika", "drafted"],
  tooLong: [(max: number) => `Kia iti iho i te ${max} pū te roa`, "drafted"],
  imageHint: ["He pikitia JPEG, PNG rānei, kia 5 MB te rahi, iti iho rānei. Ka tirohia, kātahi ka makaia: kāore e puritia, kāore hoki e tukuna ki hea.", "drafted"],
  imageProblem: {
    empty: [(name: string) => `He kau a ${name}: kōwhiria he pikitia JPEG, PNG rānei`, "drafted"],
    type: [(name: string) => `Ehara a ${name} i te pikitia JPEG, PNG rānei: kōwhiria he atahanga .jpg, .jpeg, .png rānei`, "drafted"],
    size: [(name: string) => `He nui ake a ${name} i te 5 MB: kōwhiria he pikitia iti ake`, "drafted"],
  },
  imageAgain: [
    "Kāore i taea te pupuri i te pikitia i kōwhiria e koe i te hokinga mai o te puka (kāore e taea e te pūtirotiro te whakakī anō i tētahi āpure kōnae): kōwhiria anō mēnā e hiahia ana koe.",
    "drafted",
  ],
  imagePreview: [(name: string) => `Te atahanga kōtaha i kōwhiria e koe, ${name}`, "drafted"],
  imageDiscarded: ["I tirohia te atahanga kōtaha i kōwhiria e koe, kātahi ka makaia: kāore i puritia, kāore hoki i tukuna ki hea.", "drafted"],
  pageTitle: ["Rēhita – Tomokanga Tūroro", "drafted"],
  title: ["Rēhita", "drafted"],
  intro: [
    "Whakamōhiotia mai ko wai koe. Mā te whare haumanu anō e rēhita ngā tūroro hou; ka takitaki tēnei puka i ō taipitopito, ā, ka kī atu ki a koe he aha te mahi e whai ake ana.",
    "drafted",
  ],
  familyNameLabel: ["Ingoa whānau", "drafted"],
  firstNameLabel: ["Ingoa tuatahi", "drafted"],
  middleNameLabel: ["Ingoa waenga (kōwhiri noa)", "drafted"],
  dobLabel: ["Rā whānau", "drafted"],
  dobHint: ["dd-mm-yyyy, hei tauira, 07-03-1985", "drafted"],
  nhiLabel: ["Nama NHI (kōwhiri noa)", "drafted"],
  nhiHint: ["E whitu ngā pū, hei tauira, ZAC5361", "drafted"],
  practiceNameLabel: ["Ingoa whare haumanu", "drafted"],
  emailLabel: ["Wāhitau īmēra", "drafted"],
  imageLabel: ["Atahanga kōtaha (kōwhiri noa)", "drafted"],
  removeImage: ["Tangohia te atahanga", "drafted"],
  submit: ["Rēhita", "drafted"],
  notSent: ["Kāore anō ō taipitopito kia tukuna", "drafted"],
  done: [
    "Ngā mihi. Mā te whare haumanu anō e whakarite te rēhita ki a rātou: waea atu, toro atu rānei ki a rātou me ēnei taipitopito me tētahi tuhinga tuakiri whai whakaahua. Kāore anō he pūkete tomokanga kia hangaia.",
    "drafted",
  ],
});
