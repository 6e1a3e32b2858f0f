/** Reminders (2§2, 2§4): the page's own words, apart from the health screens' shared ones (../texts.ts). */
export const remindersTexts = {
  reminders: "Reminders",
  remindersPageTitle: "Reminders – Patient Portal",
  remindersShown: (shown: number, total?: number) => (total === undefined ? `Showing ${shown} reminders.` : `Showing ${shown} of ${total} reminders.`),
  moreReminders: "Show more reminders",
  priorityNames: { High: "High", Medium: "Medium", Normal: "Normal" },
  /** The badge: "High priority", or the practice's own word as written. */
  priorityOf: (word: string) => `${word} priority`,
  priorityNotRecorded: "Priority: Not recorded",
  from: "From",
  sent: "Sent",
} as const;
