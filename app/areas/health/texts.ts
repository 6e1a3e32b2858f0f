/** 2§2 Diagnosis, Allergies, Immunisation, Timeline, Reminders and Vitals; 2§5 the timeline filter. */
export const healthTexts = {
  noRecords: "No Records Found",
  loading: "Loading…",
  /** A severity, priority or ImmType the spec does not name: shown as the practice wrote it, with no colour of 2§4's (decisions/396). */
  unknownCode: (field: "severity" | "priority" | "status") => `A ${field} the portal does not know: shown as the practice recorded it.`,
  /** A vital whose readings lack a date or a value: its table and words, no drawing (decisions/396). */
  nothingToDraw: "No reading of this vital has both a date and a value, so there is nothing to draw: its readings are in the table.",
  otherReadings: "Other readings",
  otherReadingsWhy: "Readings the charts do not show, as the practice recorded them: a measure the portal does not chart, one without a name, or one in another unit.",
  note: "Note",
  date: "Date",

  /** Allergies (2§2, 2§4). */
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

  /** Diagnosis (2§2). */
  diagnosis: "Diagnosis",
  diagnosisPageTitle: "Diagnosis – Patient Portal",
  diagnoses: "Diagnoses",
  diagnosisTabs: { "long-term": "Long Term", recent: "Recent Diagnosis", all: "All Diagnosis" },
  diagnosesShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} diagnoses.` : `Showing ${shown} of ${total} diagnoses.`),
  moreDiagnoses: "Show more diagnoses",
  longTerm: "Long term",

  /** Immunisation (2§2, 2§4). */
  immunisation: "Immunisation",
  immunisationPageTitle: "Immunisation – Patient Portal",
  immunisations: "Immunisations",
  immunisationTabs: { due: "Due", overdue: "Overdue", administered: "Administered", all: "All" },
  /** A tab's heading and list: "Due immunisations". */
  tabImmunisations: (tab: string) => `${tab} immunisations`,
  print: "Print",
  /** Read after Print by a screen reader: "Print due immunisations". */
  printWhat: (tab: string) => ` ${tab} immunisations`,
  immunisationsShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} immunisations.` : `Showing ${shown} of ${total} immunisations.`),
  moreImmunisations: "Show more immunisations",
  immunisationStates: { Overdue: "Overdue", Due: "Due", Administered: "Administered", Declined: "Declined" },
  /** The date's label by the immunisation's state (2§4). */
  given: "Given",
  wasDue: "Was Due",
  due: "Due",
  indication: "Indication",
  vaccinator: "Vaccinator",

  /** Reminders (2§2, 2§4). */
  reminders: "Reminders",
  remindersPageTitle: "Reminders – Patient Portal",
  remindersShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} reminders.` : `Showing ${shown} of ${total} reminders.`),
  moreReminders: "Show more reminders",
  priorityNames: { High: "High", Medium: "Medium", Normal: "Normal" },
  /** The badge: "High priority", or the practice's own word as written. */
  priorityOf: (word: string) => `${word} priority`,
  priorityNotRecorded: "Priority: Not recorded",
  from: "From",
  sent: "Sent",

  /** Timeline (2§2, 2§4) and its filter (2§5). */
  timeline: "Timeline",
  timelinePageTitle: "Timeline – Patient Portal",
  showEntries: "Show entries",
  /** A range badge: "30D", said in full to a screen reader. */
  rangeDays: (days: string) => `${days}D`,
  rangeDaysSaid: (days: string) => `(the last ${days} days)`,
  all: "All",
  filter: "Filter",
  /** "12 of 40 entries from 26-09-2026 to 25-11-2026, containing “lab”." */
  entriesShown: (shown: number, total: number | undefined, summary: string) =>
    `${total === undefined || shown === total ? shown : `${shown} of ${total}`} ${(total ?? shown) === 1 ? "entry" : "entries"}${summary ? ` ${summary}` : ""}.`,
  /** The filter's parts in entriesShown's summary, joined by commas. */
  summaryRange: (from: string, to: string) => `from ${from} to ${to}`,
  summaryContaining: (text: string) => `containing “${text}”`,
  summaryWith: (provider: string) => `with ${provider}`,
  chosenProvider: "the chosen provider",
  moreEntries: "Show more entries",
  entryAt: (time: string) => `at ${time}`,
  filterTitle: "Timeline Search Filter",
  filterDescription: "Dates within the last year, DD-MM-YYYY. Leave a field empty not to filter by it.",
  startDate: "Start date (DD-MM-YYYY)",
  endDate: "End date (DD-MM-YYYY)",
  searchText: "Search text",
  searchHint: "Words in an entry, such as HbA1c",
  provider: "Provider",
  close: "Close",
  reset: "Reset",

  /** Vitals (2§2, 2§9). */
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
