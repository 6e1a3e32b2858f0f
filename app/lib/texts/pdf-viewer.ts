/** The PDF viewer's own words (components/pdf/pdf-viewer.tsx): its pages and its zoom. */
export const pdfViewerTexts = {
  /** Each page's picture: "Referral Letter, page 2 of 3". */
  pageOf: (title: string, page: number, pages: number) => `${title}, page ${page} of ${pages}`,
  zoomGroup: (title: string) => `Zoom ${title}`,
  zoomOut: "Zoom out",
  zoomIn: "Zoom in",
  /** "150%", then said to a screen reader only "of the width that fits": one phrase. */
  zoomLevel: (percent: number) => `${percent}%`,
  ofFittingWidth: "of the width that fits",
  /** The scrolling region of the pages once zoomed in. */
  zoomed: (title: string) => `${title}, zoomed`,
} as const;
