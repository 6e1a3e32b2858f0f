/** Allergies (2§2, 2§4): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const allergiesTexts = {
  allergies: "Allergies",
  allergiesPageTitle: "Allergies – Patient Portal",
  /** How many allergies are shown, and of how many when the practice says (decisions/396). */
  allergiesShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} allergies.` : `Showing ${shown} of ${total} allergies.`),
  moreAllergies: "Show more allergies",
  severity: "Severity",
  /** Read by a screen reader before the badge's word. */
  severityPrefix: "Severity: ",
  /** 2§4's severities as the badges say them. */
  severityNames: { Mild: "Mild", Moderate: "Moderate", Severe: "Severe" },
  /** The legend: each severity with the level 2§4 gives it. */
  severityLegend: { Mild: "Mild (low)", Moderate: "Moderate (moderate)", Severe: "Severe (high)" },
  severityUnrecorded: "No severity recorded: shown as mild.",
  /** The practice's level word (High, Medium, Low) read as a severity. */
  recordedAs: (word: string) => `Recorded as “${word}”.`,
  allergyType: "Type",
  reaction: "Reaction",
} as const;
