import type { accountSwitchTexts as english } from "./account-switch";
import { teReo } from "~/lib/te-reo";

/** Switch account's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const accountSwitchTexts = teReo<typeof english>({
  menuItem: ["Huri pūkete", "drafted"],
  title: ["Huri pūkete", "drafted"],
  intro: ["Kōwhiria te pūkete hei tirohanga māu. Ka noho takiuru tonu koe hei koe anō.", "drafted"],
  legend: ["Ngā pūkete kua honoa ki tō takiuru", "drafted"],
  viewing: ["e tirohia ana ināianei", "drafted"],
  continue: ["Tirohia tēnei pūkete", "drafted"],
  busy: ["E whakatuwhera ana…", "drafted"],
  cancel: ["Whakakore", "drafted"],
  notLinked: ["Kāore tērā pūkete i honoa ki tō takiuru. Kōwhiria tētahi o ngā pūkete kua whakarārangitia.", "drafted"],
  noneLinked: ["Kāore he pūkete kē atu kua honoa ki tō takiuru. Ka taea e te whare haumanu te hono i ngā pūkete o ō whānau ki a ia.", "drafted"],
});
