import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { clientAddress } from "~/.server/client-address.server";
import { maskAddress, recordSignInEvent, SecondStepUnavailable } from "~/.server/sign-in-security/second-step.server";
import { type PortalSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { authenticationOptions, checkPasskey, PasskeysUnavailable, verdictMessage } from "~/.server/sign-in-security/passkeys.server";
import { afterSecondStep } from "./account-choice.server";
import { expired, sendCode, withPending, type AfterSecondStep, type FlowResult, type SignInContext } from "./sign-in-context.server";

/**
 * The passkey asked for after the password (decisions/300): the browser's ceremony, its answer, a
 * ceremony ended without one, and "E-mail me a code instead".
 */

/** The pending sign-in at a passkey's ask, with its holder; null when there is none (expired). */
function atPasskey(ctx: SignInContext, session: PortalSession) {
  const pending = session.get("pending");
  const passkeys = ctx.passkeys;
  if (!pending || pending.secondStep?.stage !== "passkey" || !passkeys) return null;
  const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
  return { pending, stage: pending.secondStep, passkeys, holderKey, who: { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId: session.id } };
}

/** The options of the browser's ceremony: a new challenge, for this holder's sign-in, with their passkeys. */
export async function passkeyOptionsStep(ctx: SignInContext, session: PortalSession): Promise<FlowResult<"expired" | "failed" | "passkeyOptions">> {
  const at = atPasskey(ctx, session);
  if (!at) return expired;
  try {
    return { outcome: { kind: "passkeyOptions", options: await authenticationOptions(at.passkeys, at.holderKey) } };
  } catch (error) {
    if (error instanceof PasskeysUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
    throw error;
  }
}

/**
 * The browser's answer: counted before it is checked (the second step's throttle, as a wrong code),
 * refused in words for a forged, replayed or another account's answer (recorded), accepted once.
 */
export async function passkeyStep(
  ctx: SignInContext,
  request: Request,
  session: PortalSession,
  answer: AuthenticationResponseJSON,
): Promise<FlowResult<"expired" | "refused" | "failed" | AfterSecondStep>> {
  const at = atPasskey(ctx, session);
  if (!at) return expired;
  const address = clientAddress(request);
  const claim = await at.passkeys.attempts.claim(at.holderKey, address);
  if (!claim.allowed) return { outcome: { kind: "refused", message: passkeyTexts.tooManyAttempts } };
  let verdict: Awaited<ReturnType<typeof checkPasskey>>;
  try {
    verdict = await checkPasskey(at.passkeys, at.holderKey, answer);
  } catch (error) {
    await at.passkeys.attempts.release(at.holderKey, address);
    if (error instanceof PasskeysUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
    throw error;
  }
  if (verdict !== "accepted") {
    // The attempt stays counted.
    recordSignInEvent(at.who, request, "passkey-refused");
    return { outcome: { kind: "refused", message: verdictMessage(verdict) } };
  }
  await at.passkeys.attempts.succeeded(at.holderKey, address);
  recordSignInEvent(at.who, request, "passkey-used");
  return afterSecondStep(ctx, session, { ...at.pending, secondStep: undefined });
}

/** The browser's ceremony ended without an answer: told in words, and (but for a browser without passkeys) counted as a wrong code. */
export async function passkeyCancelledStep(
  ctx: SignInContext,
  request: Request,
  session: PortalSession,
  reason: "cancelled" | "unsupported" | "failed",
): Promise<FlowResult<"expired" | "refused">> {
  const at = atPasskey(ctx, session);
  if (!at) return expired;
  if (reason === "unsupported") return { outcome: { kind: "refused", message: passkeyTexts.unsupported } };
  const claim = await at.passkeys.attempts.claim(at.holderKey, clientAddress(request));
  if (!claim.allowed) return { outcome: { kind: "refused", message: passkeyTexts.tooManyAttempts } };
  return { outcome: { kind: "refused", message: reason === "cancelled" ? passkeyTexts.cancelled : passkeyTexts.browserFailed } };
}

/**
 * "E-mail me a code instead": for a holder who also has the e-mailed code, the second step's code; for
 * one whose e-mailed code is off, while a passkey added recently may be undone from the inbox (issue 51),
 * a code that leads to the recovery stage, never straight into the portal.
 */
export async function passkeyEmailStep(ctx: SignInContext, request: Request, session: PortalSession): Promise<FlowResult<"expired" | "refused" | "failed" | "secondStep">> {
  const at = atPasskey(ctx, session);
  if (!at || !ctx.secondStep) return expired;
  if (!at.stage.email || !at.stage.to) return { outcome: { kind: "refused", message: passkeyTexts.noEmailedCode } };
  let replacesPasskeys: boolean;
  try {
    replacesPasskeys = !(await ctx.secondStep.store.status(at.holderKey)).on;
  } catch (error) {
    if (error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: secondStepTexts.unavailable } };
    throw error;
  }
  const failure = await sendCode(ctx, at.pending, at.stage.to, clientAddress(request));
  if (failure) return { outcome: { kind: "refused", message: failure } };
  return {
    outcome: { kind: "secondStep", to: maskAddress(at.stage.to), setup: false, resent: false },
    cookie: await withPending(ctx, session, { ...at.pending, secondStep: { stage: "code", to: at.stage.to, ...(replacesPasskeys ? { replacesPasskeys } : {}) } }),
  };
}
