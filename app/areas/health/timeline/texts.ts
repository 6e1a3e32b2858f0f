/** Timeline (2§2, 2§4) and its filter (2§5): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const timelinePageTexts = {
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
} as const;
