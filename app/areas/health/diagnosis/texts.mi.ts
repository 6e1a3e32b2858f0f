import type { diagnosisTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Diagnosis' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const diagnosisTexts = teReo<typeof english>({
  diagnosis: ["Tautohu Mate", "drafted"],
  diagnosisPageTitle: ["Tautohu Mate – Tomokanga Tūroro", "drafted"],
  diagnoses: ["Ngā Tautohu Mate", "drafted"],
  diagnosisTabs: {
    "long-term": ["Wā Roa", "drafted"],
    recent: ["Ngā Tautohu Mate Hou", "drafted"],
    all: ["Ngā Tautohu Mate Katoa", "drafted"],
  },
  // Te reo marks no plural on the noun: "1 tautohu mate", "5 tautohu mate".
  diagnosesShown: [
    (shown: number, total?: number) =>
      total === undefined ? `${shown} tautohu mate e whakaaturia ana.` : `${shown} o ${total === 1 ? "te" : "ngā"} ${total} tautohu mate e whakaaturia ana.`,
    "drafted",
  ],
  moreDiagnoses: ["Whakaatu ētahi atu tautohu mate", "drafted"],
  longTerm: ["Wā roa", "drafted"],
});
