import { secondStepMessages } from "./messages/secondStep";

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
  if (recovery) return /^[A-Z0-9]{10}$/.test(code) ? null : secondStepMessages.recoveryShape;
  return /^\d{6}$/.test(code) ? null : secondStepMessages.codeShape;
}
