/** 2§2 Test Results, 2§5 and 2§8, as the spec words them where it does. */
export const reportsTexts = {
  noRecords: "No Records Found",
  noUnread: "No Records Found: every result here has been read.",
  noRead: "No Records Found: no result here has been read yet.",
  noData: "No Data is Available",
  noTableData: "no data is available",
  noChartData: "No Chart Data Available",
  chartNoData: "No Data Available",
  detailFailed: "The result could not be loaded from the practice. Please try again.",
  pdfFailed: "The result's PDF could not be shown. Please try again.",
  pdfPageFailed: (page: number) => `Page ${page} of the result could not be shown.`,
  loadingResult: "Loading the result…",
  loadingResults: "Loading results…",
  searchTooLong: "The search can be at most 100 characters",
} as const;
