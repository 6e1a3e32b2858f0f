import type { languageTexts as english } from "./language";
import { teReo } from "~/lib/te-reo";

/** The language choice in te reo Māori: the same words as in English, each language named in its own. */
export const languageTexts = teReo<typeof english>({
  names: { en: ["English", "usage"], mi: ["Te reo Māori", "usage"] },
  control: { mi: ["Reo", "te-aka"], en: ["Language", "usage"] },
});
