/**
 * The practice's password policy (1§5 New password, 1§9): the portal checks it for instant messages,
 * the practice API (and so the mock) enforces it. The order of the checks is the spec's, so the
 * first failing rule is the one the patient sees.
 */

export const PASSWORD_MAX = 128;

export const passwordTexts = {
  lower: "Password must contain at least one lower case letter.",
  length: "Your password has less than 8 characters.",
  upper: "Password must contain at least one upper case letter.",
  digits: "Password must contain at least two numbers.",
  tooLong: `Your password must be ${PASSWORD_MAX} characters or fewer.`,
  whitespace: "Your password must not contain spaces.",
} as const;

/** The strength rules alone (spec rules 4 to 7, then length and spaces): the first broken, or null. */
export function passwordStrengthProblem(password: string): string | null {
  if (!/\p{Ll}/u.test(password)) return passwordTexts.lower;
  if ([...password].length < 8) return passwordTexts.length;
  if (!/\p{Lu}/u.test(password)) return passwordTexts.upper;
  if ((password.match(/\d/g) ?? []).length < 2) return passwordTexts.digits;
  if (password.length > PASSWORD_MAX) return passwordTexts.tooLong;
  if (/\s/u.test(password)) return passwordTexts.whitespace;
  return null;
}
