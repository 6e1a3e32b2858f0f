/**
 * The words every screen shows for a field the practice's record does not hold: a reply within the room
 * the spec leaves may leave any shown field absent, empty or null (issue 68, decisions/396).
 */
export const recordTexts = {
  notRecorded: "Not recorded",
} as const;
