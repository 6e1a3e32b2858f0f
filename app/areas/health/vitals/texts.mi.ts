import type { vitalsTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * Vitals' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. Units and
 * abbreviations (BMI, kg, mmHg) stay as in English, and so do Systolic and Diastolic, which have no
 * established te reo term. A vital's name leads its chart's words ("Pēhanga Toto: ngā inenga"), so no
 * article need agree with it.
 */
export const vitalsTexts = teReo<typeof english>({
  date: ["Rā", "drafted"],
  vitals: ["Ngā Inenga Hauora", "drafted"],
  vitalsPageTitle: ["Ngā Inenga Hauora – Tomokanga Tūroro", "drafted"],
  // Te reo marks no plural on the noun: "1 inenga", "5 inenga".
  readingsShown: [
    (read: number, total?: number) =>
      total === undefined
        ? `Ngā inenga hou rawa: ${read}.`
        : total > read
          ? `Ngā inenga hou rawa: ${read} o ${total === 1 ? "te" : "ngā"} ${total}.`
          : `${read} inenga.`,
    "drafted",
  ],
  chartsIntro: [
    "Ka whakaatu ia kauwhata i tētahi mea ka inea i roto i te wā, ko ngā mea tawhito rawa kei te taha mauī; kei tētahi ripanga anō ōna inenga.",
    "drafted",
  ],
  earlierReadings: ["Whakaatu ngā inenga o mua", "drafted"],
  vitalTitles: {
    bloodPressure: ["Pēhanga Toto", "drafted"],
    weight: ["Taumaha", "drafted"],
    height: ["Teitei", "drafted"],
    bmi: ["BMI", "usage"],
    heartRate: ["Auau Manawa", "drafted"],
  },
  vitalSeries: {
    bloodPressure: [["Systolic", "Diastolic"], "drafted"],
    weight: [["Taumaha"], "drafted"],
    height: [["Teitei"], "drafted"],
    bmi: [["BMI"], "usage"],
    heartRate: [["Auau manawa"], "drafted"],
  },
  latestReading: [(value: string, unit: string, date: string | null) => `${value} ${unit}${date !== null ? ` i te ${date}` : ""}`, "drafted"],
  latest: ["Hou rawa:", "drafted"],
  notDrawn: [
    (undated: number, missingValues: number) => {
      const parts = [
        undated > 0 ? `kāore i whakaaturia ki te kauwhata ${undated === 1 ? "te inenga 1" : `ngā inenga ${undated}`} kāore he rā` : "",
        missingValues > 0 ? `kāore i whakaaturia ki te kauwhata ${missingValues === 1 ? "te uara 1" : `ngā uara ${missingValues}`} kāore i tuhia` : "",
      ].filter(Boolean);
      const joined = parts.join("; ");
      return parts.length > 0 ? `${joined.charAt(0).toUpperCase()}${joined.slice(1)}.` : null;
    },
    "drafted",
  ],
  seriesLines: [(vital: string) => `${vital}: ngā rārangi`, "drafted"],
  solidLine: ["rārangi motukore", "drafted"],
  dashedLine: ["rārangi motumotu", "drafted"],
  readingsTable: [(vital: string, count: number) => `${vital}: ngā inenga hei ripanga (${count})`, "drafted"],
  readingsCaption: [(vital: string, unit: string) => `${vital}: ngā inenga (${unit}), ko ngā mea hou rawa i te tuatahi`, "drafted"],
  vital: ["Inenga hauora", "drafted"],
  value: ["Uara", "drafted"],
});
