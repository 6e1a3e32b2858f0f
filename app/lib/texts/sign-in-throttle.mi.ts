import type { signInThrottleTexts as english } from "./sign-in-throttle";
import { teReo } from "~/lib/te-reo";

/** The sign-in pause's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const signInThrottleTexts = teReo<typeof english>({
  tooManyFromAddress: ["He maha rawa ngā nganatanga takiuru kāore i tutuki mai i tō whatunga. Tatari mō te 15 meneti, kātahi ka whakamātau anō.", "drafted"],
  tooManyForAccount: [
    "He maha rawa ngā nganatanga takiuru kāore i tutuki mō tēnei pūkete. Tatari mō te 15 meneti, kātahi ka whakamātau anō, whakamahia rānei te Kua wareware tō kupuhipa?",
    "drafted",
  ],
});
