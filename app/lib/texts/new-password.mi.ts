import type { newPasswordTexts as english } from "./new-password";
import { teReo } from "~/lib/te-reo";

/** The new-password rules in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const newPasswordTexts = teReo<typeof english>({
  rulesIntro: ["Me whai tō kupuhipa:", "drafted"],
  rules: [["kia 8 pū, neke atu rānei", "tētahi pū pūriki me tētahi pū matua", "kia rua nama, neke atu rānei", "kaua he mokowā, kaua hoki tō ingoa tuatahi, ingoa waenga, ingoa whānau rānei"], "drafted"],
  resetPanel: {
    required: ["Me whai Kupuhipa", "drafted"],
    confirmRequired: ["Me whakaū i te Kupuhipa", "drafted"],
    mismatch: ["Kāore i ōrite te Kupuhipa me te Kupuhipa whakaū", "drafted"],
    agree: ["Me tohu koe kua whakaae koe i mua i tō haere tonu.", "drafted"],
  },
  profile: {
    required: ["Kaua te Kupuhipa e waiho kau", "drafted"],
    confirmRequired: ["Kaua te Kupuhipa whakaū e waiho kau", "drafted"],
    mismatch: ["Kāore i ōrite ngā kupuhipa. Whakamātauria anō", "drafted"],
    agree: ["Me tohu koe kua whakaae koe i mua i tō haere tonu.", "drafted"],
  },
  current: {
    required: ["Kaua te Kupuhipa o nāianei e waiho kau", "drafted"],
    tooLong: ["Kia 128 pū, iti iho rānei te roa o te kupuhipa", "drafted"],
  },
  failed: ["I hē tētahi mea. Whakamātauria anō.", "drafted"],
});
