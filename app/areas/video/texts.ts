/**
 * /zoom's words that only the portal shows (issue 36): the rest are ZOOM_TEXT in app/areas/video/zoom.ts,
 * which the separately built video client shares.
 */
export const videoTexts = {
  notYoursTitle: "Meeting not found",
  /** The signature step's refusal, and the page's when the link is not for an upcoming video consult. */
  notYours:
    "This meeting is not one of the upcoming video appointments of the record you are viewing. It may have been cancelled or already taken place. Open the meeting from the Join link on the Appointments page, or phone the practice.",
  /** The page names whose record it checked, so a holder viewing a family member knows to switch. */
  notYoursOf: (name: string) =>
    `This meeting is not one of ${name}'s upcoming video appointments. It may have been cancelled or already taken place, or it is for someone else in your family: switch to their record, then open it from the Join link on the Appointments page.`,
} as const;
