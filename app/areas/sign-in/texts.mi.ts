import type { signInTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** The sign-in's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const signInTexts = teReo<typeof english>({
  emailEmpty: ["Me tuhi tō īmēra", "drafted"],
  emailInvalid: ["Auē! Me whai īmēra tika mātou", "drafted"],
  emailTooLong: ["Kia 254 pū, iti iho rānei te roa o te īmēra", "drafted"],
  passwordEmpty: ["Me tuhi tō kupuhipa", "drafted"],
  passwordTooLong: ["Kia 128 pū, iti iho rānei te roa o te kupuhipa", "drafted"],
  summary: ["Kāore i tika te īmēra i tuhia e koe.", "drafted"],
  summaryMissing: {
    both: ["Tuhia tō īmēra me tō kupuhipa.", "drafted"],
    email: ["Tuhia tō īmēra.", "drafted"],
    password: ["Tuhia tō kupuhipa.", "drafted"],
  },
  summaryPassword: ["Tirohia anō tō kupuhipa.", "drafted"],
  incorrect: ["Kāore i tika ō taipitopito takiuru.", "drafted"],
  helpSent: ["Kua tukuna te tono āwhina", "drafted"],
  credentialsRefused: ["Kāore i tika te ingoa kaiwhakamahi, te kupuhipa rānei. Mēnā kua rakaina tō pūkete, whakapā atu ki te whare haumanu.", "drafted"],
  networkFailure: ["Auē. Kua raru tātou.", "drafted"],
  chooseAccount: ["Kōwhiria he pūkete kia haere tonu ai", "drafted"],
  chooseAccountInvalid: ["Kōwhiria tētahi o ngā pūkete kua whakarārangitia.", "drafted"],
  captchaNeeded: ["Whakaūngia ehara koe i te karetao i mua i tō takiuru anō.", "drafted"],
  passwordChangeFailed: ["I hē tētahi mea. Whakamātauria anō.", "drafted"],
  passwordChanged: ["Kua hurihia tō kupuhipa.", "drafted"],
  signInExpired: ["Kua pau te wā o tō takiuru. Takiuru mai anō.", "drafted"],
  passwordHasName: ["Kaua tō kupuhipa e whai i tō ingoa tuatahi, ingoa waenga, ingoa whānau rānei.", "drafted"],
  switchFailed: ["Kua pau te wā o tēnei hononga takiuru, kua whakamahia kē rānei. Takiuru mai mā tō īmēra me tō kupuhipa.", "drafted"],
  switchConfirmTitle: ["Me takiuru mā tēnei hononga?", "drafted"],
  switchConfirmText: ["I whai koe i tētahi hononga takiuru mai i tētahi atu paetukutuku, taupānga rānei. Me haere tonu mēnā nāu anō i tono tēnei hononga ki te whare haumanu.", "drafted"],
  switchConfirmButton: ["Haere tonu ki te tomokanga", "drafted"],
});
