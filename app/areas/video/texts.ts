/**
 * /zoom's words that only the portal shows (issue 36); joining's failures and the blocked devices are meeting-texts.ts.
 */
export const videoTexts = {
  pageTitle: "Join Meeting – Patient Portal",
  /** The breadcrumb back to the Appointments page. */
  appointments: "Appointments",
  noMeetingTitle: "No meeting to join",
  backToAppointments: "Back to appointments",
  /** The meeting panel's heading: the consult's type and when it is, or this when no appointment is known. */
  consultHeading: (type: string, when: string) => `${type}, ${when}`,
  videoConsult: "Video consult",
  with: "With",
  for: "For",
  meetingId: "Meeting ID",
  devicesBlockedTitle: "Camera or microphone blocked",
  notStartedTitle: "The meeting did not start",
  tryAgain: "Try again",
  startMeeting: "Start Meeting",
  gettingReady: "Getting the meeting ready…",
  connecting: "Connecting to the meeting…",
  notYoursTitle: "Meeting not found",
  /** The signature step's refusal, and the page's when the link is not for an upcoming video consult. */
  notYours:
    "This meeting is not one of the upcoming video appointments of the record you are viewing. It may have been cancelled or already taken place. Open the meeting from the Join link on the Appointments page, or phone the practice.",
  /** The page names whose record it checked, so a holder viewing a family member knows to switch. */
  notYoursOf: (name: string) =>
    `This meeting is not one of ${name}'s upcoming video appointments. It may have been cancelled or already taken place, or it is for someone else in your family: switch to their record, then open it from the Join link on the Appointments page.`,
} as const;
