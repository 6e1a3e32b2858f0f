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
} as const;
