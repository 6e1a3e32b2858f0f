import type { FieldErrors } from "~/lib/forms";
import type { SnapshotFrom } from "xstate";
import type { SignInInput } from "./sign-in-form";
import type { loginMachine } from "./login.machine";

/**
 * What the sign-in form shows of the login machine's state. The page renders the form from this
 * before the machine has loaded (the idle view below) and from its state after (`signInViewOf`), so the
 * form is the same element throughout and keeps what was typed.
 */
export interface SignInView {
  signingIn: boolean;
  errors: FieldErrors<SignInInput>;
  captchaRequired: boolean;
  /** Failed attempts so far: a new captcha with each. */
  failures: number;
  message: string | null;
}

/** The machine's starting state, as the form shows it. */
export function idleSignInView(captchaRequired: boolean): SignInView {
  return { signingIn: false, errors: {}, captchaRequired, failures: 0, message: null };
}

/** What the sign-in form shows of the running machine's state. */
export function signInViewOf(state: SnapshotFrom<typeof loginMachine>): SignInView {
  const { context } = state;
  return { signingIn: state.matches("signingIn"), errors: context.errors, captchaRequired: context.captchaRequired, failures: context.failures, message: context.message };
}
