import { createHash } from "node:crypto";

/**
 * Short opaque names, hashed, for an account holder, their sessions and one session, so the state store's keys and
 * the records of what a session did carry neither a patient id nor a session id (which is a credential).
 */

/**
 * The set of the session ids of one account holder, at one practice: whoever holds the account's
 * password. A password change ends the other sessions in it (issue 20). Patient ids are the
 * practice's own, so the practice's address is part of the name; hashed, to keep keys short.
 */
export function accountSessionsKey(apiBase: string, holderId: string): string {
  return `account-sessions:${accountHolderKey(apiBase, holderId)}`;
}

/** One account holder at one practice, as a short opaque name for the state store's keys. */
export function accountHolderKey(apiBase: string, holderId: string): string {
  return createHash("sha256").update(`${apiBase}\n${holderId}`).digest("base64url");
}

/** A session named without its id (which is a credential): for records of what a session did. */
export function anonymousSessionId(sessionId: string): string {
  return createHash("sha256").update(`session\n${sessionId}`).digest("base64url").slice(0, 16);
}
