/** Vitals (2§2, 2§9): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const vitalsTexts = {
  date: "Date",
  vitals: "Vitals",
  vitalsPageTitle: "Vitals – Patient Portal",
  /** How many readings were read, and of how many when the practice says. */
  readingsShown: (read: number, total?: number) =>
    total === undefined ? `The latest ${read} readings.` : total > read ? `The latest ${read} of ${total} readings.` : `${read} ${read === 1 ? "reading" : "readings"}.`,
  chartsIntro: "Each chart shows a measure over time, oldest on the left; its readings are also in a table.",
  earlierReadings: "Show earlier readings",
  vitalTitles: { bloodPressure: "Blood Pressure", weight: "Weight", height: "Height", bmi: "BMI", heartRate: "Heart Rate" },
  /** Each chart's series, in the order of a reading's values. */
  vitalSeries: { bloodPressure: ["Systolic", "Diastolic"], weight: ["Weight"], height: ["Height"], bmi: ["BMI"], heartRate: ["Heart rate"] },
  /** The latest reading: "128/82 mmHg on 08-11-2026"; no date when it has none. */
  latestReading: (value: string, unit: string, date: string | null) => `${value} ${unit}${date !== null ? ` on ${date}` : ""}`,
  latest: "Latest:",
  /** The chart's words for the readings it leaves out; null when it draws them all. */
  notDrawn: (undated: number, missingValues: number) => {
    const parts = [
      undated > 0 ? `${undated} ${undated === 1 ? "reading without a date is" : "readings without a date are"} not drawn` : "",
      missingValues > 0 ? `${missingValues} ${missingValues === 1 ? "value not recorded is" : "values not recorded are"} not drawn` : "",
    ].filter(Boolean);
    return parts.length > 0 ? `${parts.join("; ")}.` : null;
  },
  seriesLines: (vital: string) => `${vital} lines`,
  solidLine: "solid line",
  dashedLine: "dashed line",
  readingsTable: (vital: string, count: number) => `${vital} readings as a table (${count})`,
  readingsCaption: (vital: string, unit: string) => `${vital} readings in ${unit}, newest first`,
  vital: "Vital",
  value: "Value",
} as const;
