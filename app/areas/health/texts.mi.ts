import type { healthTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** The field a code names, as unknownCode's sentence says it. */
const FIELD_WORDS = { severity: "taumahatanga", priority: "whakaarotau", status: "tūnga" } as const;

/** The health screens' shared words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const healthTexts = teReo<typeof english>({
  noRecords: ["Kāore he Pūkete i Kitea", "drafted"],
  loading: ["E uta ana…", "drafted"],
  unknownCode: [
    (field: "severity" | "priority" | "status") => `He ${FIELD_WORDS[field]} kāore i te mōhiotia e te tomokanga: e whakaaturia ana kia rite ki tā te whare haumanu i tuhi.`,
    "drafted",
  ],
  nothingToDraw: [
    "Kāore he inenga o tēnei inenga hauora he rā, he uara hoki tōna, nō reira kāore he mea hei whakaatu ki te kauwhata: kei te ripanga ōna inenga.",
    "drafted",
  ],
  otherReadings: ["Ētahi atu inenga", "drafted"],
  otherReadingsWhy: [
    "Ko ngā inenga kāore e whakaaturia ana e ngā kauwhata, kia rite ki tā te whare haumanu i tuhi: he mea ka inea kāore e whakaaturia hei kauwhata e te tomokanga, he mea kāore ōna ingoa, he mea rānei kei tētahi atu waeine.",
    "drafted",
  ],
  note: ["Tuhipoka", "drafted"],
});
