import type { errorsTexts as english } from "./errors";
import { teReo } from "~/lib/te-reo";

/** The error pages' and messages' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const errorsTexts = teReo<typeof english>({
  portalTitle: ["Tomokanga Tūroro", "drafted"],
  backToDashboard: ["Hoki ki te papatohu", "drafted"],
  notFoundMetaTitle: ["Kāore i kitea te whārangi – Tomokanga Tūroro", "drafted"],
  notFoundTitle: ["Kāore i taea te uta i te whārangi", "drafted"],
  notFoundCode: ["Waehere Hapa: 404", "drafted"],
  notFoundWhy: ["Kāore i te tomokanga te whārangi i tonoa e koe.", "drafted"],
  goBack: ["Hoki", "drafted"],
  goBackWhere: ["ki te papatohu", "drafted"],
  practiceUnavailable: ["Kāore te pūnaha o te whare haumanu e whakautu ana i tēnei wā. Whakamātauria anō ā ētahi meneti.", "drafted"],
  practiceBroken: [
    "I tukuna mai e te pūnaha o te whare haumanu he whakautu kāore i taea e mātou te pānui. Whakamātauria anō ā tōna wā; ki te haere tonu tēnei raru, whakapā atu ki te whare haumanu.",
    "drafted",
  ],
  problemTitle: ["Aroha mai, he raru kei konei", "drafted"],
  unexpected: ["I hē tētahi mea i tō mātou taha. Whakamātauria anō.", "drafted"],
  retry: ["Whakamātau anō", "drafted"],
  wentThrough: ["Kua tutuki tērā. Ko te whakaatu anō i te whārangi anake i rahua: mā Whakamātau anō e whakaatu.", "drafted"],
  unreadableForm: ["Kāore i taea te pānui i te puka. Hoki whakamuri, ka tuku anō.", "drafted"],
  tokenCheckFailed: ["Kāore i taea e te whare haumanu te whakaū i tō takiuru i tēnei wā. Kei te takiuru tonu koe: whakamātauria anō.", "drafted"],
  viewingChanged: [
    "I huri koe ki tētahi atu pūkete i tētahi atu ripa, nō reira kāore he mahi i oti i konei. Utaina anō te whārangi kia kite ai nā wai te pūkete e tuwhera ana.",
    "drafted",
  ],
  stateUnavailable: ["Kāore e taea e te tomokanga te toro atu ki ōna pūkete i tēnei wā, nō reira kāore he mahi i oti. Whakamātauria anō ā ētahi meneti.", "drafted"],
  notSharedTitle: ["Kāore i tiria ki a koe", "drafted"],
  toDashboard: ["Haere ki te papatohu", "drafted"],
  repeatedParameter: [
    "Neke atu i te kotahi te whakahuatanga o tētahi o ngā taipitopito o tēnei wāhitau, nō reira kāore i whakatuwheratia. Hoki whakamuri, ka whai anō i te hononga.",
    "drafted",
  ],
});
