/** What a device asks the portal about the health card copies it keeps (issue 71, decisions/405): no session, ids only. */

/** GET /card/status?copies=a,b: which of a device's copies still stand (any other is wiped). */
export const CARD_STATUS_PATH = "/card/status";

/** The answer's copies that stand, or null for an answer of another shape (read with no schema library: /card's first load carries none). */
export function standingOf(answer: unknown): Set<string> | null {
  const standing = (answer as { standing?: unknown } | null)?.standing;
  return Array.isArray(standing) && standing.every((id) => typeof id === "string") ? new Set(standing) : null;
}

/** POST /card/end (form: copy): a device wiped its copy, which then stands no more. */
export const CARD_END_PATH = "/card/end";
