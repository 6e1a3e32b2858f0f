export const dashboardTexts = {
  noLongTermMedication: "No long term medication",
  noNewResults: "No new results",
  noUnreadMessages: "No unread messages",
  noFutureAppointments: "No future appointments",
  summaryCard: "Your record at the practice in one document, to download as PDF or FHIR.",
} as const;
