import type { allergiesTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Allergies' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const allergiesTexts = teReo<typeof english>({
  allergies: ["Ngā Mate Pāwera", "drafted"],
  allergiesPageTitle: ["Ngā Mate Pāwera – Tomokanga Tūroro", "drafted"],
  // Te reo marks no plural on the noun: "1 mate pāwera", "5 mate pāwera".
  allergiesShown: [
    (shown: number, total?: number) =>
      total === undefined ? `${shown} mate pāwera e whakaaturia ana.` : `${shown} o ${total === 1 ? "te" : "ngā"} ${total} mate pāwera e whakaaturia ana.`,
    "drafted",
  ],
  moreAllergies: ["Whakaatu ētahi atu mate pāwera", "drafted"],
  severity: ["Taumahatanga", "drafted"],
  severityPrefix: ["Taumahatanga: ", "drafted"],
  severityNames: { Mild: ["Ngāwari", "drafted"], Moderate: ["Waenganui", "drafted"], Severe: ["Taumaha", "drafted"] },
  severityLegend: { Mild: ["Ngāwari (iti)", "drafted"], Moderate: ["Waenganui (waenga)", "drafted"], Severe: ["Taumaha (nui)", "drafted"] },
  severityUnrecorded: ["Kāore i tuhia he taumahatanga: e whakaaturia ana hei ngāwari.", "drafted"],
  recordedAs: [(word: string) => `I tuhia hei “${word}”.`, "drafted"],
  allergyType: ["Momo", "drafted"],
  reaction: ["Tauhohenga", "drafted"],
});
