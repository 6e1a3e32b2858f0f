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
import { getSession, type PortalSession } from "~/.server/session.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { stepDispatcher, type StepResponse } from "~/.server/steps.server";
import { signInTexts } from "./texts";
import type { FlowOutcome, Outcome } from "~/lib/sign-in-flow";
import { signInSteps } from "./steps";
import type { Route } from "./+types/login-flow.route";

/**
 * The sign-in page's steps: one step of the login machine per POST, through the step protocol
 * (`./steps.ts`, decisions/280). Only same-origin posts reach it (the portal server refuses cross-site
 * ones). Nobody is signed in yet, so the steps' context is the session as it is, never required.
 */

interface FlowContext {
  request: Request;
  session: PortalSession;
}

/**
 * One step of the flow: a session that is already signed in is answered "signed in" whatever the
 * step (a second tab, a double submit); otherwise the step runs, and the session's cookie it made or
 * changed goes out with its answer.
 */
function flowStep<I, O extends FlowOutcome>(run: (input: I, context: FlowContext) => Promise<FlowResult & { outcome: O }>) {
  return async (input: I, context: FlowContext, response: StepResponse): Promise<O | Outcome<"signedIn">> => {
    if (context.session.get("user")) return { kind: "signedIn", redirectTo: "/" };
    const { outcome, cookie, deviceCookie } = await run(input, context);
    if (cookie) response.headers.append("Set-Cookie", cookie);
    // The device cookie (decisions/295), set again when a sign-in completes.
    if (deviceCookie) response.headers.append("Set-Cookie", deviceCookie);
    return outcome;
  };
}

const dispatch = stepDispatcher(
  signInSteps,
  {
    "sign-in": flowStep(({ username, password, captcha, redirectTo }, { request, session }) =>
      signInStep(request, session, { username, password, captcha: captcha || null, redirectTo: safeRedirectTo(redirectTo) }),
    ),
    "change-password": flowStep((input, { session }) => changePasswordStep(session, input)),
    "choose-account": flowStep(({ account }, { session }) => chooseAccountStep(session, account)),
    // The second step (decisions/277): the code typed (e-mailed, or a recovery code), a new code, on after the recovery codes.
    "second-step": flowStep((input, { request, session }) => secondStepCode(request, session, input)),
    "second-step-resend": flowStep((_, { request, session }) => resendCodeStep(request, session)),
    "second-step-continue": flowStep((_, { session }) => continueStep(session)),
    // Passkeys (decisions/300): the ceremony's options, its answer (its shape checked by the step, its content by @simplewebauthn/server), a ceremony that ended without one, the e-mailed code instead.
    "passkey-options": flowStep((_, { session }) => passkeyOptionsStep(session)),
    passkey: flowStep(({ answer }, { request, session }) => passkeyStep(request, session, answer)),
    "passkey-cancelled": flowStep(({ reason }, { request, session }) => passkeyCancelledStep(request, session, reason)),
    "passkey-email": flowStep((_, { request, session }) => passkeyEmailStep(request, session)),
    "passkey-recovery-remove": flowStep((_, { request, session }) => passkeyRecoveryRemoveStep(request, session)),
    cancel: flowStep((_, { session }) => cancelStep(session)),
  },
  {
    begin: async (request) => ({ request, session: await getSession(request) }),
    // A practice error a step did not answer itself (the linked accounts not loading): the machine's network words.
    failed: () => signInTexts.networkFailure,
  },
);

export function action({ request }: Route.ActionArgs) {
  return dispatch(request);
}

export function loader() {
  return new Response(null, { status: 405 });
}
