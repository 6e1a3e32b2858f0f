/** The full-page document view (/preview, 1§2). */
export const previewTexts = {
  notFoundTitle: "Document not found",
  notFound: "This document could not be found. It may have been removed, or it is not one of your records or your family's.",
  backTo: (area: string) => `Back to ${area}`,
  print: "Print",
  download: "Download",
  openFullPage: "Open full page",
  loading: "Loading the document…",
  failed: "The document could not be loaded. Please try again later.",
  pageFailed: (page: number) => `Page ${page} of the document could not be shown. Use Download to open it in another viewer.`,
  report: "The laboratory's report",
  notPdf: "This document is not a PDF, so it cannot be shown here. Download it to open it.",
  /** An invoice's page title, by its reference when the practice gave one. */
  invoice: "Invoice",
  invoiceNumbered: (reference: string) => `Invoice ${reference}`,
  /** A letter's date under its title, in its dialog and on its full page. */
  dated: (date: string) => `Dated ${date}`,
} as const;
