import { secondStepTexts } from "./texts/second-step";

/**
 * The shape of a second-step code (decisions/277), checked in the browser for an instant message
 * and on the server as the authority: six digits e-mailed, or a recovery code of ten letters and
 * digits (dashes and spaces as typed are ignored, letters in any case).
 */
export function normaliseCode(typed: string): string {
  return typed.replace(/[\s-]/g, "").toUpperCase();
}

/** The message for a code that cannot be one, or null when it has the right shape. */
export function codeShapeProblem(typed: string, recovery: boolean): string | null {
  const code = normaliseCode(typed);
  if (recovery) return /^[A-Z0-9]{10}$/.test(code) ? null : secondStepTexts.recoveryShape;
  return /^\d{6}$/.test(code) ? null : secondStepTexts.codeShape;
}

/**
 * Recovery codes belong to the second step as a whole, not to the e-mailed code (decisions/321): they
 * are the way back for a holder who loses a passkey's device as much as an inbox. These rules say when
 * they are made and when they go; the store applies them in the same transaction as the change.
 */
export interface SecondStepsHeld {
  /** The e-mailed code is on. */
  emailOn: boolean;
  /** Passkeys the holder has (after the change being made). */
  passkeys: number;
}

/** Some second step remains: recovery codes (and making new ones) make sense only then. */
export function hasSecondStep(held: SecondStepsHeld): boolean {
  return held.emailOn || held.passkeys > 0;
}

/**
 * A passkey just added brings ten recovery codes when it is the holder's first and they have none
 * left to use: a passkey-only holder who loses the device then still has a way in. A second passkey,
 * or a holder who already keeps codes (from the e-mailed code), gets none: their codes stay as they are.
 */
export function passkeyBringsRecoveryCodes(held: SecondStepsHeld & { recoveryCodesLeft: number }): boolean {
  return held.passkeys === 1 && held.recoveryCodesLeft === 0;
}

/**
 * After a second step is taken away (the e-mailed code turned off, a passkey removed), the recovery
 * codes stay only while another second step remains: codes with nothing beside them would be a second
 * step of their own, one the holder never chose.
 */
export function recoveryCodesStay(after: SecondStepsHeld): boolean {
  return hasSecondStep(after);
}

/**
 * How long a new passkey can be undone from the sign-in address alone (issue 51, decisions/365): a holder
 * who signs in with the password and a code e-mailed to that address, in place of a passkey, may remove
 * the passkeys added within these days. An older passkey keeps its full strength: only a passkey or a
 * recovery code passes it.
 */
export const PASSKEY_UNDO_DAYS = 7;

/** Whether a passkey added at `createdAt` may still be undone from the sign-in address at `now`. */
export function passkeyUndoable(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < PASSKEY_UNDO_DAYS * 24 * 60 * 60 * 1000;
}
