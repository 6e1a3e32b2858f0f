import { passkeyTexts } from "./texts/passkeys";

/**
 * A passkey's name as the holder types it (decisions/300), checked in the browser for an instant
 * message and on the server as the authority: trimmed, inner runs of spaces made one, 1 to 60
 * characters, no line breaks, tabs or angle brackets (the store's CHECK says the same).
 */
export const PASSKEY_NAME_MAX = 60;

export function normalisePasskeyName(typed: string): string {
  return typed.replace(/\s+/g, " ").trim();
}

/** The message for a name that cannot be used, or null. */
export function passkeyNameProblem(typed: string): string | null {
  const name = normalisePasskeyName(typed);
  if (name === "") return passkeyTexts.nameMissing;
  if ([...name].length > PASSKEY_NAME_MAX) return passkeyTexts.nameTooLong;
  if (/[<>\p{Cc}]/u.test(name)) return passkeyTexts.nameBadCharacters;
  return null;
}

/** What the browser's ceremony ended in, as the sign-in and the profile tell it (a DOMException's name). */
export type CeremonyFailure = "cancelled" | "unsupported" | "exists" | "failed";

/**
 * A failed WebAuthn call in words the page can choose by: NotAllowedError (cancelled, timed out, no
 * passkey here) is by far the most common; a browser without WebAuthn; an authenticator that already
 * holds one of the account's passkeys (InvalidStateError, when adding); anything else.
 */
export function ceremonyFailure(error: unknown): CeremonyFailure {
  const name = error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "cancelled";
  if (name === "InvalidStateError") return "exists";
  if (name === "NotSupportedError" || (error instanceof Error && /does not support WebAuthn/i.test(error.message))) return "unsupported";
  return "failed";
}
