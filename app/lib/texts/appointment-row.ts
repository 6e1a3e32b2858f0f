/** How an appointment's card, slip and video page say its day, length, status and name (app/lib/appointment-row.ts). */
export const appointmentRowTexts = {
  /** "Wednesday 04-03-2026 at 9:30 am". */
  dayAt: (day: string, time: string) => `${day} at ${time}`,
  dayTimeNotRecorded: (day: string, notRecorded: string) => `${day}, time: ${notRecorded}`,
  dateNotRecorded: (notRecorded: string) => `Date: ${notRecorded}`,
  minutes: (count: number) => `${count} minutes`,
  /** The statuses 2§3 lists, as the page says them; any other is shown as the practice sent it. */
  statuses: { Future: "Future", Completed: "Completed", Missed: "Missed", Cancelled: "Cancelled", Other: "Other" },
  /** A start that passed with the practice still saying it is to come. */
  missedStartPassed: "Missed (start passed)",
  /** For the buttons' accessible names: "Face to Face on 04-03-2026 at 9:30 am". */
  label: (type: string, when: string) => `${type} on ${when}`,
  dateAt: (date: string, time: string) => `${date} at ${time}`,
  /** The type when the practice sent none, and the date when it sent none. */
  anAppointment: "appointment",
  aDateNotRecorded: "a date not recorded",
} as const;
