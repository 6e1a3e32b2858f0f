import {
  cancelStep,
  changePasswordStep,
  chooseAccountStep,
  continueStep,
  passkeyCancelledStep,
  passkeyEmailStep,
  passkeyOptionsStep,
  passkeyRecoveryRemoveStep,
  passkeyStep,
  resendCodeStep,
  secondStepCode,
  signInStep,
} from "./login-flow.server";
import type { FlowResult } from "./sign-in-context.server";
import { verifyCaptcha } from "./captcha.server";
import { getSession, type PortalSession } from "~/.server/session.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { sendHelpMessage } from "~/.server/practice/auth.server";
import { AnsweredBeforeAnyStep, refuse, stepDispatcher, type StepHandlers, type StepResponse } from "~/.server/steps.server";
import { parseForm } from "~/lib/form-data";
import type { FieldErrors } from "~/lib/forms";
import type { Outcome } from "~/lib/sign-in-flow";
import { LoginHelpSchema } from "./login-help";
import { loginHelpTexts } from "./login-help-texts";
import { signInTexts } from "./texts";
import { loginHelpSteps, signInSteps } from "./steps";

/** The sign-in page's two step areas (`./steps.ts`, decisions/280): the login machine's steps, and Login Help's. Only same-origin posts reach them (server/index.ts). */

interface StepContext {
  request: Request;
  session: PortalSession;
}

/** A sign-in step's outcome; the session's cookie and the device's (decisions/295) that it made or changed go out with it. */
function withCookies<R extends FlowResult>(response: StepResponse, { outcome, cookie, deviceCookie }: R): R["outcome"] {
  if (cookie) response.headers.append("Set-Cookie", cookie);
  if (deviceCookie) response.headers.append("Set-Cookie", deviceCookie);
  return outcome;
}

const signInHandlers: StepHandlers<typeof signInSteps, StepContext> = {
  "sign-in": async ({ username, password, captcha, redirectTo }, { request, session }, response) =>
    withCookies(response, await signInStep(request, session, { username, password, captcha: captcha || null, redirectTo: safeRedirectTo(redirectTo) })),
  "change-password": async (input, { session }, response) => withCookies(response, await changePasswordStep(session, input)),
  "choose-account": async ({ account }, { session }, response) => withCookies(response, await chooseAccountStep(session, account)),
  // The second step (decisions/277): the code typed (e-mailed, or a recovery code), a new code, on after the recovery codes.
  "second-step": async (input, { request, session }, response) => withCookies(response, await secondStepCode(request, session, input)),
  "second-step-resend": async (_, { request, session }, response) => withCookies(response, await resendCodeStep(request, session)),
  "second-step-continue": async (_, { session }, response) => withCookies(response, await continueStep(session)),
  // Passkeys (decisions/300): the ceremony's options, its answer (its shape checked by the step, its content by @simplewebauthn/server), a ceremony that ended without one, the e-mailed code instead.
  "passkey-options": async (_, { session }, response) => withCookies(response, await passkeyOptionsStep(session)),
  passkey: async ({ answer }, { request, session }, response) => withCookies(response, await passkeyStep(request, session, answer)),
  "passkey-cancelled": async ({ reason }, { request, session }, response) => withCookies(response, await passkeyCancelledStep(request, session, reason)),
  "passkey-email": async (_, { request, session }, response) => withCookies(response, await passkeyEmailStep(request, session)),
  "passkey-recovery-remove": async (_, { request, session }, response) => withCookies(response, await passkeyRecoveryRemoveStep(request, session)),
  cancel: async (_, { session }, response) => withCookies(response, await cancelStep(session)),
};

/** /login/flow's action: one step of the login machine per post. Nobody is signed in yet, so the context is the session as it is; one already signed in (a second tab, a double submit) is answered "signed in" whatever the step. */
export const answerSignInSteps = stepDispatcher(signInSteps, signInHandlers, {
  begin: async (request) => {
    const session = await getSession(request);
    if (session.get("user")) throw new AnsweredBeforeAnyStep({ kind: "signedIn", redirectTo: "/" } satisfies Outcome<"signedIn">);
    return { request, session };
  },
  // A practice error a step did not answer itself (the linked accounts not loading): the machine's network words.
  failed: () => signInTexts.networkFailure,
});

/** The fields the form's schema refused, with their words. */
const wordsOf = (errors: FieldErrors): Record<string, string> => Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

const loginHelpHandlers: StepHandlers<typeof loginHelpSteps, null> = {
  // The form is checked again here and the captcha verified, then it is sent.
  send: async (fields) => {
    const parsed = parseForm(new URLSearchParams(fields), LoginHelpSchema);
    if (!parsed.ok) return refuse(loginHelpTexts.invalid, { fields: wordsOf(parsed.errors) });
    if (!(await verifyCaptcha(fields.captcha))) return refuse(loginHelpTexts.captcha, { fields: { captcha: loginHelpTexts.captcha } });
    const answer = await sendHelpMessage(parsed.value);
    if (answer.StatusCode === "1") return { message: answer.ResponseMessage || loginHelpTexts.sent };
    // The practice said no: nothing was sent.
    return refuse(answer.ResponseMessage || loginHelpTexts.failed);
  },
};

/** /login/help's action: the Login Help dialog's step. Nobody is signed in, so there is no session to begin with; a practice that cannot be reached is the protocol's `failed`, with the dialog's "could not be sent". */
export const answerLoginHelpSteps = stepDispatcher(loginHelpSteps, loginHelpHandlers, { begin: async () => null, failed: () => loginHelpTexts.failed });
