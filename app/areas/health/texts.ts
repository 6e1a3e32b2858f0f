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
} as const;
