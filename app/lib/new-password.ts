import { passwordStrengthProblem } from "../../contract/password-policy";

/**
 * The new-password rules of 1§5 in their order. The reset panel on the sign-in page and the profile
 * dialogs word the first three checks differently; the strength rules are the practice's policy.
 */
export const newPasswordTexts = {
  resetPanel: {
    required: "Password is Required",
    confirmRequired: "Confirm Password is Required",
    mismatch: "Password and Confirm Password do not match",
    agree: "You need to mark that you agree before you can proceed.",
  },
  profile: {
    required: "Password cannot be empty",
    confirmRequired: "Confirm Password cannot be empty",
    mismatch: "Passwords did not match. Please try again",
    agree: "You need to mark that you agree before you can proceed.",
  },
} as const;

export interface NewPasswordInput {
  password: string;
  confirm: string;
  /** Only the reset panel has the agreement box. */
  agreed?: boolean;
}

export type NewPasswordProblem = { field: "password" | "confirm" | "agreed"; message: string };

/** The first broken rule, or null when the new password may be sent. */
export function newPasswordProblem(input: NewPasswordInput, wording: keyof typeof newPasswordTexts): NewPasswordProblem | null {
  const texts = newPasswordTexts[wording];
  if (input.password.length === 0) return { field: "password", message: texts.required };
  if (input.confirm.length === 0) return { field: "confirm", message: texts.confirmRequired };
  if (input.password !== input.confirm) return { field: "confirm", message: texts.mismatch };
  const strength = passwordStrengthProblem(input.password);
  if (strength) return { field: "password", message: strength };
  if (input.agreed === false) return { field: "agreed", message: texts.agree };
  return null;
}
