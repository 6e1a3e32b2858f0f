import type { languageTexts as english } from "./language";
import { teReo } from "~/lib/te-reo";

/** The language choice in te reo Māori: the same words as in English, each language named in its own. */
export const languageTexts = teReo<typeof english>({
  names: { en: ["English", "usage"], mi: ["Te reo Māori", "usage"] },
  shortNames: { en: ["English", "usage"], mi: ["Māori", "usage"] },
  control: { mi: ["Reo", "te-aka"], en: ["Language", "usage"] },
  underReview: {
    mi: ["He kupu hukihuki ētahi o ngā kupu Māori o tēnei tomokanga, e tatari ana kia arotakehia e tētahi mātanga reo.", "drafted"],
    en: ["Some of this portal's te reo Māori words are drafts, awaiting review by a te reo speaker; some screens are still in English.", "usage"],
  },
});
