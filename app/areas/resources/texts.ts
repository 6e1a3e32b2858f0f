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
} as const;
