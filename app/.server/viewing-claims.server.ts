import { createHash } from "node:crypto";

/** The signed-in session's viewed patient, at one practice. */
type Viewed = { apiBase: string; userId: string };

/**
 * Whose record a page shows, as an opaque key the page sends back with each step it posts
 * (`X-Portal-Viewing`, app/lib/viewing.ts): a tab still showing one family member after another tab
 * switched to another is refused rather than acting on the wrong record (decisions/160).
 */
export function viewingKeyOf(user: Viewed): string {
  return createHash("sha256").update(`${user.apiBase}\n${user.userId}`).digest("base64url").slice(0, 22);
}
