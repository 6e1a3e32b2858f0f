import type { sessionTexts as english } from "./session";
import { teReo } from "~/lib/te-reo";

/** The idle warning's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const sessionTexts = teReo<typeof english>({
  idleTitle: ["Ka takiputahia koe ā tōna wā poto", "drafted"],
  idleText: [
    (minutes: number) =>
      `Kua roa koe e kore ana e whakamahi i te tomokanga. Hei tiaki i a koe, ka takiputahia koe ā muri i te ${minutes} meneti, ki te kore koe e kōwhiri kia noho takiuru tonu.`,
    "drafted",
  ],
  staySignedIn: ["Noho takiuru tonu", "drafted"],
  signOut: ["Takiputa ināianei", "drafted"],
  signInNewTab: ["Takiuru anō i tētahi ripa hou", "drafted"],
  opensNewTab: [" (ka tuwhera he ripa hou)", "drafted"],
  documentSessionEnded: [
    "Kua mutu tō takiuru, nō reira kāore i taea te whakaatu i tēnei tuhinga. Takiuru anō i tētahi ripa hou, kātahi ka hoki mai ki te whakatuwhera anō.",
    "drafted",
  ],
});
