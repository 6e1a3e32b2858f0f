import type { timelinePageTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** Timeline's words and its filter's in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const timelinePageTexts = teReo<typeof english>({
  timeline: ["Rārangi Wā", "drafted"],
  timelinePageTitle: ["Rārangi Wā – Tomokanga Tūroro", "drafted"],
  showEntries: ["Whakaatu ngā tāurunga", "drafted"],
  rangeDays: [(days: string) => `${days} rā`, "drafted"],
  rangeDaysSaid: [(days: string) => `(ngā rā ${days} kua hipa)`, "drafted"],
  all: ["Katoa", "drafted"],
  filter: ["Tātari", "drafted"],
  // "12 o ngā 40 tāurunga mai i te 26-09-2026 ki te 25-11-2026, e mau ana i “lab”." Te reo marks no plural on the noun.
  entriesShown: [
    (shown: number, total: number | undefined, summary: string) =>
      `${total === undefined || shown === total ? shown : `${shown} o ${total === 1 ? "te" : "ngā"} ${total}`} tāurunga${summary ? ` ${summary}` : ""}.`,
    "drafted",
  ],
  summaryRange: [(from: string, to: string) => `mai i te ${from} ki te ${to}`, "drafted"],
  summaryContaining: [(text: string) => `e mau ana i “${text}”`, "drafted"],
  summaryWith: [(provider: string) => `me ${provider}`, "drafted"],
  chosenProvider: ["te kaiwhakarato i kōwhiria", "drafted"],
  moreEntries: ["Whakaatu ētahi atu tāurunga", "drafted"],
  entryAt: [(time: string) => `i te ${time}`, "drafted"],
  filterTitle: ["Tātari Rapu o te Rārangi Wā", "drafted"],
  filterDescription: ["Ko ngā rā i roto i te tau kotahi kua hipa, DD-MM-YYYY. Waiho kau tētahi āpure kia kaua e tātaritia ki reira.", "drafted"],
  startDate: ["Rā tīmata (DD-MM-YYYY)", "drafted"],
  endDate: ["Rā mutunga (DD-MM-YYYY)", "drafted"],
  searchText: ["Kupu rapu", "drafted"],
  searchHint: ["He kupu kei roto i tētahi tāurunga, pērā i te HbA1c", "drafted"],
  provider: ["Kaiwhakarato", "drafted"],
  close: ["Kati", "drafted"],
  reset: ["Tautuhi anō", "drafted"],
});
