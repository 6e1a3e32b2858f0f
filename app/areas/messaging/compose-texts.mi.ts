import type { composeTexts as english } from "./compose-texts";
import { teReo } from "~/lib/te-reo";

/** The message form's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const composeTexts = teReo<typeof english>({
  keepWriting: ["Tuhi tonu", "drafted"],
  discard: ["Makaia te karere", "drafted"],
  removingOldDraft: ["E tango ana i te hukihuki tawhito…", "drafted"],
  removeOldDraftAgain: ["Whakamātau anō ki te tango i te hukihuki tawhito", "drafted"],
  close: ["Kati", "drafted"],
  nothingSent: ["Kāore he mea i tukuna. Kei konei tonu ngā mea i tuhia e koe: whakamātauria anō.", "drafted"],
  centre: ["Pokapū", "drafted"],
  subject: ["Kaupapa", "drafted"],
  role: ["Tūranga", "drafted"],
  loadingRoles: ["E uta ana i ngā tūranga…", "drafted"],
  chooseRole: ["Kōwhiria he tūranga", "drafted"],
  practitioner: ["Kaimahi hauora", "drafted"],
  loadingPractitioners: ["E uta ana i ngā kaimahi hauora…", "drafted"],
  choosePractitioner: ["Kōwhiria he kaimahi hauora", "drafted"],
  chooseRoleFirst: ["Kōwhiria he tūranga i te tuatahi", "drafted"],
  message: ["Karere", "drafted"],
  // Te reo marks no plural on the noun: "1 pū", "800 pū".
  characters: [(count: number, max: number) => `${count} o ngā pū ${max}`, "drafted"],
  originalMessage: ["Karere Taketake", "drafted"],
  attachFiles: ["Tāpiritia he kōnae", "drafted"],
  filesHint: [(max: number) => `PNG, JPG, PDF rānei, kia 4 MB te rahi o ia kōnae, iti iho rānei, ā, kia ${max} kōnae katoa, iti iho rānei.`, "drafted"],
  attachedFiles: ["Ngā kōnae kua tāpiritia", "drafted"],
  remove: ["Tangohia", "drafted"],
  // A number and its unit: the same in both languages, the decimal point as English writes it.
  fileSize: [(bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`), "usage"],
  disclaimer: ["Kupu whakatūpato:", "drafted"],
  sending: ["E tuku ana…", "drafted"],
  send: ["Tukuna", "drafted"],
  saving: ["E tiaki ana…", "drafted"],
  draft: ["Hukihuki", "drafted"],
  cancel: ["Whakakore", "drafted"],
});
