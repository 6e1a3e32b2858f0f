import { clientAddress } from "~/.server/client-address.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { codeShapeProblem, normaliseCode } from "~/lib/second-step";
import { mailSecurityChange } from "~/.server/sign-in-security/security-mail.server";
import { maskAddress, recordSignInEvent, SecondStepUnavailable } from "~/.server/sign-in-security/second-step.server";
import { type PendingSignIn, type PortalSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { afterSecondStep } from "./account-choice.server";
import { recentPasskeys } from "./passkey-recovery.server";
import { expired, sendCode, withPending, type AfterPasskeyCode, type AfterSecondStep, type FlowResult, type SignInContext } from "./sign-in-context.server";

/**
 * The second step by code (decisions/277): the e-mailed code or a recovery code, a new code sent,
 * and on after the recovery codes of a second step set up at sign-in were shown.
 */

/**
 * The second step: the e-mailed code, or a recovery code. A wrong one is counted (AttemptThrottle,
 * per holder and per address, as wrong passwords are) and recorded on the holder's access record;
 * the code is never. Codes are found by their hash with the holder's key in it, so another
 * account's code is simply wrong here.
 */
export async function secondStepCode(
  ctx: SignInContext,
  request: Request,
  session: PortalSession,
  input: { code: string; recovery: boolean },
): Promise<FlowResult<"expired" | "refused" | "failed" | "recoveryCodes" | AfterPasskeyCode>> {
  const pending = session.get("pending");
  const second = ctx.secondStep;
  if (!pending?.secondStep || !second || pending.secondStep.stage === "recovery") return expired;
  const { stage } = pending.secondStep;
  // At a passkey's ask, only a recovery code (when the holder has some) is taken here: no code was e-mailed.
  if (stage === "passkey" && (!input.recovery || !pending.secondStep.recovery)) return { outcome: { kind: "refused", message: passkeyTexts.usePasskeyFirst } };
  const typed = normaliseCode(input.code);
  // Not counted: a typing slip is not a guess. No recovery codes exist yet while setting up.
  const problem = input.recovery && stage === "setup" ? secondStepTexts.codeShape : codeShapeProblem(typed, input.recovery);
  if (problem) return { outcome: { kind: "refused", message: problem } };
  const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
  const who = { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId: session.id };
  const address = clientAddress(request);
  const claim = await second.attempts.claim(holderKey, address);
  if (!claim.allowed) return { outcome: { kind: "refused", message: secondStepTexts.tooManyAttempts } };
  let verdict: "accepted" | "wrong" | "expired";
  try {
    verdict = input.recovery ? ((await second.store.useRecoveryCode(holderKey, typed)) ? "accepted" : "wrong") : await second.store.useEmailCode(holderKey, "sign-in", typed);
  } catch (error) {
    await second.attempts.release(holderKey, address);
    if (error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: secondStepTexts.unavailable } };
    throw error;
  }
  if (verdict !== "accepted") {
    // The attempt stays counted.
    recordSignInEvent(who, request, "second-step-failed");
    const message = verdict === "expired" ? secondStepTexts.expiredCode : input.recovery ? secondStepTexts.wrongRecoveryCode : secondStepTexts.wrongCode;
    return { outcome: { kind: "refused", message } };
  }
  await second.attempts.succeeded(holderKey, address);
  if (input.recovery) recordSignInEvent(who, request, "recovery-code-used");
  const passed: PendingSignIn = { ...pending, secondStep: undefined };
  if (stage === "setup") {
    let codes: string[];
    try {
      codes = await second.store.turnOn(holderKey);
    } catch (error) {
      if (error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: secondStepTexts.unavailable } };
      throw error;
    }
    recordSignInEvent(who, request, "second-step-on");
    recordSignInEvent(who, request, "recovery-codes-made");
    await mailSecurityChange(second.sendMail, pending.secondStep.to, { kind: "second-step-on" }, request);
    return { outcome: { kind: "recoveryCodes", codes }, cookie: await withPending(ctx, session, { ...passed, secondStepPassed: true }) };
  }
  if (stage === "code" && pending.secondStep.replacesPasskeys && !input.recovery) {
    recordSignInEvent(who, request, "passkey-recovery");
    return recentPasskeys(ctx, session, passed, holderKey, pending.secondStep.to);
  }
  return afterSecondStep(ctx, session, passed);
}

/** "Send a new code": the earlier code stops working. */
export async function resendCodeStep(ctx: SignInContext, request: Request, session: PortalSession): Promise<FlowResult<"expired" | "refused" | "secondStep">> {
  const pending = session.get("pending");
  if (!pending?.secondStep || pending.secondStep.stage === "passkey" || pending.secondStep.stage === "recovery") return expired;
  const failure = await sendCode(ctx, pending, pending.secondStep.to, clientAddress(request));
  if (failure) return { outcome: { kind: "refused", message: failure } };
  return { outcome: { kind: "secondStep", to: maskAddress(pending.secondStep.to), setup: pending.secondStep.stage === "setup", resent: true } };
}

/** After the recovery codes of a second step set up at sign-in were shown: on with the sign-in. */
export async function continueStep(ctx: SignInContext, session: PortalSession): Promise<FlowResult<"expired" | AfterSecondStep>> {
  const pending = session.get("pending");
  if (!pending?.secondStepPassed) return expired;
  return afterSecondStep(ctx, session, { ...pending, secondStepPassed: undefined });
}
