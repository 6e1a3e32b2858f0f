/** Issue 21: the warning before the idle timeout (app/shell/components/idle-warning.tsx). */
export const sessionTexts = {
  idleTitle: "You will be signed out soon",
  idleText: (minutes: number) => `You have not used the portal for a while. For your security you will be signed out in ${minutes} minutes unless you choose to stay signed in.`,
  staySignedIn: "Stay signed in",
  signOut: "Sign out now",
  /** Issue 21: offered wherever a post met an ended session and what was entered stays on the page. */
  signInNewTab: "Sign in again in a new tab",
  opensNewTab: " (opens a new tab)",
  /** A document (invoice, letter, result, attachment) asked for after the session ended. */
  documentSessionEnded: "Your sign-in has ended, so this document could not be shown. Sign in again in a new tab, then come back and open it again.",
} as const;
