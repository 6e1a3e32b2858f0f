import type { FieldErrors } from "~/lib/forms";
import type { SignInInput } from "./sign-in-form";

/**
 * What the sign-in form shows of the login machine's state. The page renders the form from this
 * before the machine has loaded (the idle view below) and from the machine's reports after, so the
 * form is the same element throughout and keeps what was typed.
 */
export interface SignInView {
  signingIn: boolean;
  fieldErrors: FieldErrors<SignInInput>;
  captchaRequired: boolean;
  /** Failed attempts so far: a new captcha with each. */
  failures: number;
  message: string | null;
}

/** The machine's starting state, as the form shows it. */
export function idleSignInView(captchaRequired: boolean): SignInView {
  return { signingIn: false, fieldErrors: {}, captchaRequired, failures: 0, message: null };
}
