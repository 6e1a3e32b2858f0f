/** /zoom's words about joining the meeting: its failures and the blocked camera or microphone (the page's own are texts.ts). */
export const meetingTexts = {
  title: "Join Meeting",
  missing: "This page needs a meeting to join. Open it from the Join link of a video appointment.",
  malformed: "This link's meeting id is not one we can join. Open the meeting from the Join link of your video appointment, or contact the practice.",
  badMeeting: "That meeting id is not one we can join.",
  notSigned: "The practice's video service could not let you into this meeting just now. Please try again in a few minutes; if it keeps happening, phone the practice.",
  unreachable: "The meeting service cannot be reached. Check your internet connection, then try again.",
  refused: "The meeting service did not accept this meeting's details. Please phone the practice for a new link.",
  sdkFailed: "The meeting could not start in this browser. Please try again; if it keeps happening, phone the practice.",
  timedOut: "The meeting service did not answer. Check your internet connection, then try again.",
  /** Issue 21: Start Meeting met an ended session; the portal answered, so nothing is unreachable. */
  sessionEnded: "Your sign-in has ended, so the meeting could not start: sign in again in a new tab, then come back and press Try again.",
  /** The browser blocks the camera, the microphone or both: each a whole sentence, so a translation can word each its own way. */
  devicesBlocked: (blocked: "camera" | "microphone" | "both") =>
    blocked === "both"
      ? "Your browser is blocking the camera and microphone for this site, so the doctor will not see or hear you. To allow them, select the padlock or settings icon beside the address bar, set Camera and Microphone to Allow, then select Try again. You can still join and follow along."
      : blocked === "camera"
        ? "Your browser is blocking the camera for this site, so the doctor will not see you. To allow it, select the padlock or settings icon beside the address bar, set Camera to Allow, then select Try again. You can still join and follow along."
        : "Your browser is blocking the microphone for this site, so the doctor will not hear you. To allow it, select the padlock or settings icon beside the address bar, set Microphone to Allow, then select Try again. You can still join and follow along.",
} as const;
