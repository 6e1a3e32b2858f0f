import type { forgotPasswordTexts as english } from "./forgot-password-texts";
import { teReo } from "~/lib/te-reo";

/** Forgot password's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const forgotPasswordTexts = teReo<typeof english>({
  invalidEmail: ["Kāore i tika te īmēra i tuhia e koe.", "drafted"],
  failed: ["I hē tētahi mea. Whakamātauria anō.", "drafted"],
  captcha: ["Whakaūngia i te tuatahi ehara koe i te karetao.", "drafted"],
  neutral: [
    "Mēnā nō tētahi pūkete taua īmēra, ka tukuna e te whare haumanu he kupuhipa rangitahi ki reira. Ko te mea hou rawa anake ka mahi. Ki te kore tētahi e tae mai i roto i te 15 meneti, tirohia tō īmēra para, kātahi ka whakapā atu ki te whare haumanu, kaua e tono anō.",
    "drafted",
  ],
  pageTitle: ["Kua wareware te kupuhipa – Tomokanga Tūroro", "drafted"],
  title: ["Kua wareware tō kupuhipa?", "drafted"],
  intro: ["Tuhia te īmēra e takiuru ai koe. Ka tukuna e te whare haumanu he kupuhipa rangitahi ki a koe.", "drafted"],
  email: ["Īmēra", "drafted"],
  sending: ["E tuku ana…", "drafted"],
  sendPassword: ["Tukuna te Kupuhipa", "drafted"],
});
