export const dashboardMessages = {
  noLongTermMedication: "No long term medication",
  noNewResults: "No new results",
  noUnreadMessages: "No unread messages",
  noFutureAppointments: "No future appointments",
} as const;
