/** 2§2 Diagnosis, Allergies, Immunisation, Timeline, Reminders and Vitals; 2§5 the timeline filter. */
export const healthTexts = {
  noRecords: "No Records Found",
  loading: "Loading…",
} as const;
