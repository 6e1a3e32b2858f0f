/** 2§2 Letters, 2§5 (the date search) and 2§8, as the spec words them where it does. */
export const lettersTexts = {
  noRecords: "No Records Found",
  noRecordsInRange: "No Records Found between these dates.",
  fromMissing: "Enter a start date too, or clear the end date to see every letter",
  toMissing: "Enter an end date too, or clear the start date to see every letter",
  loading: "Loading letters…",
  loadingLetter: "Loading the letter…",
  pdfFailed: "The letter could not be loaded. Please try again later.",
  pdfPageFailed: (page: number) => `Page ${page} of the letter could not be shown. Use Download to open it in another viewer.`,
  notPdf: "This document is not a PDF, so it cannot be shown here. Download it to open it.",
  /** A letter the practice sent in a format the portal cannot show (decisions/396). */
  otherFormat: (format: string) => `Not a PDF (${format}): download only`,
  letters: "Letters",
  pageTitle: "Letters – Patient Portal",
  searchByDate: "Search letters by date",
  from: "From (DD-MM-YYYY)",
  fromHint: "For example, 01-03-2025",
  to: "To (DD-MM-YYYY)",
  toHint: "For example, 31-03-2025",
  search: "Search",
  clearDates: "Clear dates",
  /** The letters found between the two dates of the search. */
  inRange: (count: number, from: string, to: string) => `${count} ${count === 1 ? "letter" : "letters"} from ${from} to ${to}`,
  /** How many letters are shown, and of how many when the practice says (decisions/396). */
  shown: (count: number, total?: number) =>
    total === undefined ? `Showing ${count} ${count === 1 ? "letter" : "letters"}` : `Showing ${count} of ${total} ${total === 1 ? "letter" : "letters"}`,
  more: "Show more letters",
  date: "Date: ",
  view: "View",
  print: "Print",
} as const;
