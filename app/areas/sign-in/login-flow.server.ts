import { verifyCaptcha } from "./captcha.server";
import { config } from "~/.server/config.server";
import { observability } from "~/.server/observability.server";
import { deviceCookie, portalDevices } from "~/.server/sign-in-security/devices.server";
import { portalSecondStep } from "~/.server/sign-in-security/second-step.server";
import { sessions } from "~/.server/session.server";
import { portalPasskeys } from "~/.server/sign-in-security/passkeys.server";
import { signInThrottle } from "~/.server/sign-in-security/throttle.server";
import type { FlowResult, SignInContext, SignInDeps } from "./sign-in-context.server";
import * as password from "./password-step.server";
import * as secondStep from "./second-step-code.server";
import * as passkey from "./passkey-steps.server";
import * as passkeyRecovery from "./passkey-recovery.server";
import * as newPassword from "./new-password-step.server";
import * as accountChoice from "./account-choice.server";

/** The server half of the sign-in flow (1§4): each stage's steps, in a module of their own, bound here to one set of dependencies and counted (decisions/007). */

/**
 * The sign-in steps for one set of dependencies. The app uses the default steps exported below;
 * tests build their own against the mock's identity server, with their own sessions and throttle.
 */
export function createSignInSteps(deps: SignInDeps) {
  const ctx: SignInContext = { ...deps, notingDevices: new Set() };
  return {
    signInStep: counted("sign-in", ctx, password.signInStep),
    switchStep: counted("switch", ctx, password.switchStep),
    changePasswordStep: counted("change-password", ctx, newPassword.changePasswordStep),
    chooseAccountStep: counted("choose-account", ctx, accountChoice.chooseAccountStep),
    cancelStep: counted("cancel", ctx, accountChoice.cancelStep),
    secondStepCode: counted("second-step", ctx, secondStep.secondStepCode),
    resendCodeStep: counted("second-step-resend", ctx, secondStep.resendCodeStep),
    continueStep: counted("second-step-continue", ctx, secondStep.continueStep),
    passkeyOptionsStep: counted("passkey-options", ctx, passkey.passkeyOptionsStep),
    passkeyStep: counted("passkey", ctx, passkey.passkeyStep),
    passkeyCancelledStep: counted("passkey-cancelled", ctx, passkey.passkeyCancelledStep),
    passkeyEmailStep: counted("passkey-email", ctx, passkey.passkeyEmailStep),
    passkeyRecoveryRemoveStep: counted("passkey-recovery-remove", ctx, passkeyRecovery.passkeyRecoveryRemoveStep),
    /** Resolves once the devices noted so far (their e-mails included) are done: for tests and shutdown. */
    devicesNoted: () => Promise.all([...ctx.notingDevices]).then(() => undefined),
  };
}

/**
 * Each step's outcome counted by kind (decisions/262): `portal_sign_in_outcomes_total{step, outcome}`,
 * a sign-in refused by the throttle as "throttled". The kind is a closed set; nothing of the user's.
 */
function counted<A extends unknown[], R extends FlowResult>(step: string, ctx: SignInContext, run: (ctx: SignInContext, ...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const result = await run(ctx, ...args);
    observability().signIns.inc({ step, outcome: password.wasThrottled(result) ? "throttled" : result.outcome.kind });
    return result;
  };
}

export const {
  signInStep,
  switchStep,
  changePasswordStep,
  chooseAccountStep,
  cancelStep,
  secondStepCode,
  resendCodeStep,
  continueStep,
  passkeyOptionsStep,
  passkeyStep,
  passkeyCancelledStep,
  passkeyEmailStep,
  passkeyRecoveryRemoveStep,
} = createSignInSteps({
  identityUrl: config.PRACTICE_IDENTITY_URL,
  signedOutApi: config.PRACTICE_API_URL,
  sessions,
  throttle: signInThrottle,
  verifyCaptcha,
  secondStep: { ...portalSecondStep, required: config.REQUIRE_SECOND_STEP },
  devices: { cookie: deviceCookie, notices: portalDevices },
  passkeys: portalPasskeys,
});
