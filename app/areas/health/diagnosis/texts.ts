/** Diagnosis (2§2): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const diagnosisTexts = {
  diagnosis: "Diagnosis",
  diagnosisPageTitle: "Diagnosis – Patient Portal",
  diagnoses: "Diagnoses",
  diagnosisTabs: { "long-term": "Long Term", recent: "Recent Diagnosis", all: "All Diagnosis" },
  diagnosesShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} diagnoses.` : `Showing ${shown} of ${total} diagnoses.`),
  moreDiagnoses: "Show more diagnoses",
  longTerm: "Long term",
} as const;
