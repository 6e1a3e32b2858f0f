import type { ACTION_WORDS as englishActions, AREA_WORDS as englishAreas, accessRecordTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * The access record's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. An access reads as
 * an action's words before its area's ("I tirohia" + "Ngā Reta"), as in English, so each action is a passive verb phrase
 * that the area's name ends.
 */
export const accessRecordTexts = teReo<typeof english>({
  title: ["Ko wai kua titiro ki taku pūkete", "drafted"],
  youNamed: [(name: string) => `${name} (ko koe)`, "drafted"],
  intro: [
    "Kei konei ia whārangi, ia tuhinga, ia tikiake me ia huringa i mahia mā tēnei tomokanga ki tēnei pūkete, ko te mea hou rawa i te tuatahi. He wā o Aotearoa ngā wā.",
    "drafted",
  ],
  filtersLabel: ["Tātaritia te rārangi o te hunga kua titiro", "drafted"],
  person: ["Nā wai te pūkete", "drafted"],
  area: ["Wāhanga", "drafted"],
  everyArea: ["Ngā wāhanga katoa", "drafted"],
  from: ["Mai i (DD-MM-YYYY)", "drafted"],
  to: ["Ki (DD-MM-YYYY)", "drafted"],
  fromHint: ["Hei tauira, 01-03-2026", "drafted"],
  toHint: ["Hei tauira, 31-03-2026", "drafted"],
  show: ["Whakaatu", "drafted"],
  clear: ["Ūkuia ngā tātari", "drafted"],
  print: ["Tāngia", "drafted"],
  download: ["Tikiake CSV", "drafted"],
  older: ["Ngā tāurunga tawhito ake", "drafted"],
  newest: ["Hoki ki ngā tāurunga hou rawa", "drafted"],
  loading: ["E uta ana i te rārangi o te hunga kua titiro…", "drafted"],
  none: ["Kāore anō tētahi kia titiro ki tēnei pūkete mā te tomokanga.", "drafted"],
  noneFiltered: ["Kāore he tāurunga e hāngai ana ki ēnei tātari.", "drafted"],
  notYours: ["Ko tō ake pūkete anake, me ngā pūkete o te hunga kua honoa ki tō pūkete, ka kitea e koe.", "drafted"],
  areaUnknown: ["Kōwhiria he wāhanga i te rārangi", "drafted"],
  caption: ["Ngā urunga ki te pūkete, ko te mea hou rawa i te tuatahi", "drafted"],
  when: ["Āhea", "drafted"],
  who: ["Ko wai", "drafted"],
  what: ["He aha", "drafted"],
  device: ["Pūrere", "drafted"],
  you: ["Ko koe", "drafted"],
  someoneElse: ["Tētahi atu kaipupuri pūkete", "drafted"],
  // Te reo marks the plural with the article (te / ngā), not the noun.
  shown: [
    (count: number, more: boolean) =>
      `E whakaatu ana i ${count === 1 ? "te tāurunga 1" : `ngā tāurunga ${count}`}, ko te mea hou rawa i te tuatahi${more ? "; kei te whārangi e whai ake nei ngā tāurunga tawhito ake" : ""}.`,
    "drafted",
  ],
});

/** Each area of the access record as the menu names it. */
export const AREA_WORDS = teReo<typeof englishAreas>({
  "sign-in": ["Takiuru", "drafted"],
  dashboard: ["Papatohu", "drafted"],
  profile: ["Kōtaha", "drafted"],
  medications: ["Ngā Rongoā", "drafted"],
  results: ["Ngā Hua Whakamātautau", "drafted"],
  messages: ["Ngā Karere", "drafted"],
  appointments: ["Ngā Whakaritenga", "drafted"],
  video: ["Hui Ataata", "drafted"],
  diagnoses: ["Tautohu Mate", "drafted"],
  allergies: ["Ngā Mate Pāwera", "drafted"],
  immunisations: ["Werohanga Ārai Mate", "drafted"],
  vitals: ["Ngā Inenga Hauora", "drafted"],
  timeline: ["Rārangi Wā", "drafted"],
  reminders: ["Ngā Whakamaumahara", "drafted"],
  resources: ["Ngā Rauemi", "drafted"],
  letters: ["Ngā Reta", "drafted"],
  accounts: ["Ngā Pire", "drafted"],
  summary: ["Whakarāpopototanga Hauora", "drafted"],
  devices: ["Ngā Pūrere", "drafted"],
  "access-record": ["Ko wai kua titiro ki taku pūkete", "drafted"],
  "switch-account": ["Huri pūkete", "drafted"],
  sharing: ["Te tiri ki te whānau", "drafted"],
});

/** What was done, as words before the area: "I tirohia Ngā Reta", "I whakatuwheratia tētahi mea i Ngā Reta". */
export const ACTION_WORDS = teReo<typeof englishActions>({
  view: { page: ["I tirohia", "drafted"], item: ["I whakatuwheratia tētahi mea i", "drafted"] },
  download: { page: ["I tikiakehia tētahi kōnae mai i", "drafted"], item: ["I tikiakehia tētahi kōnae mai i", "drafted"] },
  change: { page: ["I hurihia tētahi mea i", "drafted"], item: ["I hurihia tētahi mea i", "drafted"] },
  "second-step-on": { page: ["I whakakāngia te waehere ka īmēratia i", "drafted"], item: ["I whakakāngia te waehere ka īmēratia i", "drafted"] },
  "second-step-off": { page: ["I whakawetongia te waehere ka īmēratia i", "drafted"], item: ["I whakawetongia te waehere ka īmēratia i", "drafted"] },
  "recovery-codes-made": { page: ["I hangaia he waehere whakaora hou mō", "drafted"], item: ["I hangaia he waehere whakaora hou mō", "drafted"] },
  "recovery-code-used": { page: ["I whakamahia he waehere whakaora i", "drafted"], item: ["I whakamahia he waehere whakaora i", "drafted"] },
  "second-step-failed": { page: ["I tuhia he waehere hē i", "drafted"], item: ["I tuhia he waehere hē i", "drafted"] },
  "new-device": { page: ["I takiuru tētahi pūrere hou i", "drafted"], item: ["I takiuru tētahi pūrere hou i", "drafted"] },
  "device-signed-out": { page: ["I takiputahia tētahi pūrere i", "drafted"], item: ["I takiputahia tētahi pūrere i", "drafted"] },
  // A share link's uses are made by whoever holds the link (decisions/307); its area is the health summary, after "o te".
  "share-link-made": { page: ["I hangaia he hononga tiri o te", "drafted"], item: ["I hangaia he hononga tiri o te", "drafted"] },
  "share-link-revoked": { page: ["I whakakorea he hononga tiri o te", "drafted"], item: ["I whakakorea he hononga tiri o te", "drafted"] },
  "share-manifest-fetched": {
    page: ["I whakatuwheratia, mā te waehere uru, he hononga tiri o te", "drafted"],
    item: ["I whakatuwheratia, mā te waehere uru, he hononga tiri o te", "drafted"],
  },
  "share-file-fetched": { page: ["I tangohia te kōnae o tētahi hononga tiri o te", "drafted"], item: ["I tangohia te kōnae o tētahi hononga tiri o te", "drafted"] },
  "share-passcode-wrong": {
    page: ["I whakamātauria he waehere uru hē ki tētahi hononga tiri o te", "drafted"],
    item: ["I whakamātauria he waehere uru hē ki tētahi hononga tiri o te", "drafted"],
  },
  "share-link-ended": {
    page: ["I whakamutua, nā te maha rawa o ngā waehere uru hē, tētahi hononga tiri o te", "drafted"],
    item: ["I whakamutua, nā te maha rawa o ngā waehere uru hē, tētahi hononga tiri o te", "drafted"],
  },
  "card-kept": {
    page: ["I puritia ki tētahi pūrere, kua rakaina ki tētahi kī uru, he kāri hauora nō te", "drafted"],
    item: ["I puritia ki tētahi pūrere, kua rakaina ki tētahi kī uru, he kāri hauora nō te", "drafted"],
  },
  "passkey-added": { page: ["I tāpirihia he kī uru mō", "drafted"], item: ["I tāpirihia he kī uru mō", "drafted"] },
  "passkey-renamed": { page: ["I whakaingoatia anō he kī uru mō", "drafted"], item: ["I whakaingoatia anō he kī uru mō", "drafted"] },
  "passkey-removed": { page: ["I tangohia he kī uru mō", "drafted"], item: ["I tangohia he kī uru mō", "drafted"] },
  "passkey-used": { page: ["I whakamahia he kī uru i", "drafted"], item: ["I whakamahia he kī uru i", "drafted"] },
  "passkey-refused": { page: ["I whakakāhoretia he kī uru i", "drafted"], item: ["I whakakāhoretia he kī uru i", "drafted"] },
  "password-check-failed": { page: ["I tuhia he kupuhipa hē i", "drafted"], item: ["I tuhia he kupuhipa hē i", "drafted"] },
  "passkey-recovery": {
    page: ["I takiuru mā tētahi waehere ka īmēratia, hei whakakapi i te kī uru, i", "drafted"],
    item: ["I takiuru mā tētahi waehere ka īmēratia, hei whakakapi i te kī uru, i", "drafted"],
  },
  // Whānau access (issue 55): a parent asked for what the young person's view does not share with them.
  refused: { page: ["I whakakāhoretia tāna tono (kāore i tiria ki a ia):", "drafted"], item: ["I whakakāhoretia tāna tono mō tētahi mea (kāore i tiria ki a ia):", "drafted"] },
  // The young person's choice for one parent (issue 55), on the young person's record and the parent's.
  "sharing-full": {
    page: ["I whakaritea te tirohanga a tētahi mātua ki te pūkete katoa i", "drafted"],
    item: ["I whakaritea te tirohanga a tētahi mātua ki te pūkete katoa i", "drafted"],
  },
  "sharing-limited": {
    page: ["I whakaritea te tirohanga a tētahi mātua ki te tirohanga whāiti i", "drafted"],
    item: ["I whakaritea te tirohanga a tētahi mātua ki te tirohanga whāiti i", "drafted"],
  },
  "sharing-none": {
    page: ["I whakaritea kia kore he tirohanga a tētahi mātua i", "drafted"],
    item: ["I whakaritea kia kore he tirohanga a tētahi mātua i", "drafted"],
  },
  "sharing-by-age": {
    page: ["I whakahokia te tirohanga a tētahi mātua ki ngā ture a te whare haumanu i", "drafted"],
    item: ["I whakahokia te tirohanga a tētahi mātua ki ngā ture a te whare haumanu i", "drafted"],
  },
});
