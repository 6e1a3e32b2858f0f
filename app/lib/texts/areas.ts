/**
 * The areas' names (app/lib/areas.ts): the menu's links and, for an area with a dashboard card, the
 * card's title, what its count counts (for screen readers) and its link.
 */
export const areaTexts = {
  medications: { label: "Medications", card: { title: "Long Term Medications", unit: "long term medications", link: "View medications" } },
  results: { label: "Test Results", card: { title: "New Results", unit: "new results", link: "View results" } },
  messages: { label: "Messages", card: { title: "Unread Messages", unit: "unread messages", link: "View messages" } },
  appointments: { label: "Appointments", card: { title: "Future Appointments", unit: "future appointments", link: "View appointments" } },
  diagnoses: { label: "Diagnosis" },
  allergies: { label: "Allergies" },
  immunisations: { label: "Immunisation" },
  vitals: { label: "Vitals" },
  timeline: { label: "Timeline" },
  reminders: { label: "Reminders" },
  resources: { label: "Resources" },
  letters: { label: "Letters" },
  accounts: { label: "Accounts" },
  sharing: { label: "Who can see my record" },
  accessRecord: { label: "Who has looked at my record" },
  summary: { label: "My health summary", card: { title: "My health summary", unit: "health summary", link: "View health summary" } },
} as const;
