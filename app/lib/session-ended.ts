import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * After a form's action answered that the session has ended (issue 21), the pages are not read
 * again: their loaders would send the browser to sign in and take the open dialog, and what was
 * typed in it, away. The dialog says what happened and how to go on.
 */
export function keepPageAfterEndedSession({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (actionResult && typeof actionResult === "object" && (actionResult as { expired?: unknown }).expired === true) return false;
  return defaultShouldRevalidate;
}
