/** The date searches of 2§5 (test results, letters, the timeline): one wording for every screen. */
export const dateRangeTexts = {
  fromInvalid: "Enter the start date as DD-MM-YYYY, for example 01-03-2025",
  toInvalid: "Enter the end date as DD-MM-YYYY, for example 31-03-2025",
  toBeforeFrom: "The end date cannot be before the start date",
} as const;
