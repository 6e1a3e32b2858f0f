export const dashboardMessages = {
  noLongTermMedication: "No long term medication",
  noNewResults: "No new results",
  noUnreadMessages: "No unread messages",
  noFutureAppointments: "No future appointments",
  summaryCard: "Your problems, medicines, allergies, immunisations, results and vital signs in one document, to download as PDF or FHIR.",
} as const;
