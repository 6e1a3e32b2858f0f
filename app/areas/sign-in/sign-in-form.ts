import { z } from "zod";
import { emailAddressSchema } from "~/lib/email-address";
import { fieldErrors, type FieldErrors } from "~/lib/forms";
import { signInTexts } from "./texts";

/**
 * The sign-in form (1§5), used on the client for instant messages and on the server as the authority.
 * The e-mail is checked with 1§5's x@y.z pattern, letters of any alphabet included (app/lib/email-address.ts);
 * lengths are bounded so that a pasted 10,000-character value gets a clear message instead of being sent.
 */
export const SignInSchema = z.object({
  username: emailAddressSchema({ empty: signInTexts.emailEmpty, tooLong: signInTexts.emailTooLong, invalid: signInTexts.emailInvalid }),
  password: z
    .string()
    .refine((value) => value.trim().length > 0, signInTexts.passwordEmpty)
    .refine((value) => value.length <= 128, signInTexts.passwordTooLong),
});

export type SignInInput = z.input<typeof SignInSchema>;
// The forms layer's one error shape; named here too for the login machine, which reads it from this module.
export type { FieldErrors };

export function validateSignIn(input: SignInInput) {
  const parsed = SignInSchema.safeParse(input);
  return parsed.success ? { ok: true as const, data: parsed.data } : { ok: false as const, errors: fieldErrors<SignInInput>(parsed.error) };
}

/**
 * The line above a refused form (1§5's "You have entered an invalid email address."), saying what
 * is actually wrong (issue 21): which field is missing when one is empty, the e-mail only when it is
 * the e-mail that is wrong.
 */
export function signInSummary(errors: FieldErrors<SignInInput>): string {
  const t = signInTexts;
  const emailMissing = errors.username === t.emailEmpty;
  const passwordMissing = errors.password === t.passwordEmpty;
  if (emailMissing && passwordMissing) return t.summaryMissing.both;
  if (emailMissing) return t.summaryMissing.email;
  if (errors.username) return t.summary;
  if (passwordMissing) return t.summaryMissing.password;
  return errors.password ? t.summaryPassword : t.summary;
}
