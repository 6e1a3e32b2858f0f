import type { signedOutTexts as english } from "./signed-out-texts";
import { teReo } from "~/lib/te-reo";

/** The signed-out screens' frame in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const signedOutTexts = teReo<typeof english>({
  backToSignIn: ["Takiuru", "drafted"],
});
