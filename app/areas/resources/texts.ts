/** 2§2 Resources and 2§8 (a media item that fails to load). */
export const resourcesTexts = {
  noRecords: "No Records Found",
  loading: "Loading resources…",
  loadingResource: "Loading the resource…",
  pdfFailed: "The resource could not be loaded. Please try again later.",
  pdfPageFailed: (page: number) => `Page ${page} of the resource could not be shown. Use Download to open it in another viewer.`,
  newTab: "opens in a new tab",
  linkUnavailable: "This link cannot be opened from the portal.",
  cannotOpen: "This resource cannot be opened from the portal.",
  /** A resource of a type the portal does not open itself, named as the practice sent it (decisions/396). */
  typeOf: (type: string) => `Type: ${type}`,
  resources: "Resources",
  pageTitle: "Resources – Patient Portal",
  intro: "Health information from your practice. Documents open here; websites open in a new tab.",
  more: "Show more resources",
  /** How many resources are shown, and of how many when the practice says (decisions/396). */
  shown: (count: number, total?: number) => (total === undefined ? `Showing ${count} resources.` : `Showing ${count} of ${total} resources.`),
  pdfDocument: "PDF document",
  /** "Open", the resource's title (said to a screen reader only), then "(PDF)" or "(opens in a new tab)": one phrase. */
  open: "Open",
  pdfMark: "(PDF)",
  /** A link's address: "Website: www.health.govt.nz". */
  website: (host: string) => `Website: ${host}`,
} as const;
