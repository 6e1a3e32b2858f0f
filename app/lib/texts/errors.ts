export const errorsTexts = {
  /** root.tsx's words: every page's default title, and its error page's way back. */
  portalTitle: "Patient Portal",
  backToDashboard: "Go back to the dashboard",
  notFoundMetaTitle: "Page not found – Patient Portal",
  notFoundTitle: "Failed to load the page",
  notFoundCode: "Error Code: 404",
  notFoundWhy: "The page you asked for does not exist in the portal.",
  /** "Go Back", then said to a screen reader only "to the dashboard": one phrase. */
  goBack: "Go Back",
  goBackWhere: "to the dashboard",
  practiceUnavailable: "The practice's system is not answering just now. Please try again in a few minutes.",
  practiceBroken: "The practice's system sent a reply we could not read. Please try again later; if it keeps happening, contact the practice.",
  /** A page that failed to load, in the shell (root.tsx) or in place of the shell (shell/page-frame.route.tsx). */
  problemTitle: "Sorry, there is a problem",
  unexpected: "Something went wrong on our side. Please try again.",
  retry: "Retry",
  /** Under what the patient's write did (kept-outcome.ts), when reading the page again after it failed. */
  wentThrough: "That went through. Only showing the page again failed: Retry shows it.",
  /** The shared store of sessions and payments (Redis, decisions/050) did not answer: nothing was done. */
  unreadableForm: "The form could not be read. Please go back and send it again.",
  tokenCheckFailed: "The practice could not confirm your sign-in just now. You are still signed in: please try again.",
  /** A tab still showing one family member after another tab switched to another (decisions/160). */
  viewingChanged: "You switched to another account in another tab, so nothing was done here. Reload the page to see whose record is open.",
  stateUnavailable: "The portal cannot reach its records just now, so nothing was done. Please try again in a few minutes.",
  /** A page of a young person's record a parent's view does not reach (whānau access, decisions/382): its words come from the server. */
  notSharedTitle: "Not shared with you",
  toDashboard: "Go to the dashboard",
  /** An address naming one of its details twice (decisions/392): refused, so nothing reads a value the checks did not. */
  repeatedParameter: "This address names one of its details more than once, so it was not opened. Go back and follow the link again.",
} as const;
