import { signInTexts } from "./texts";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { signInSummary, validateSignIn } from "./sign-in-form";
import { authenticate, logout, lookupIdentity } from "~/.server/practice/auth.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import { passkeyUndoable } from "~/lib/second-step";
import { maskAddress, SecondStepUnavailable } from "~/.server/sign-in-security/second-step.server";
import { type PasskeyStage, type PendingSignIn, type PortalSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { PasskeysUnavailable } from "~/.server/sign-in-security/passkeys.server";
import { clientAddress } from "~/.server/client-address.server";
import { afterSecondStep } from "./account-choice.server";
import { giveBack, practiceFailure, sendCode, withPending, type AfterAuthentication, type FlowResult, type SignInContext } from "./sign-in-context.server";

/**
 * The first step of a sign-in (1§4): the password (or a switch link) put to the practice, and what the
 * practice's yes leads to: a passkey, a second step, or straight on.
 */

/** Throttled sign-ins are told apart in the metrics by this mark on their (refused) outcome. */
const THROTTLED = new WeakSet<FlowResult>();

/** What an unknown user name is put to the practice with (decisions/221): the same call, nothing the person typed. */
const UNKNOWN_NAME_PASSWORD = "unknown-user-name-0";

/** Whether this outcome is a sign-in the throttle refused (counted as "throttled", decisions/262). */
export function wasThrottled(result: FlowResult): boolean {
  return THROTTLED.has(result);
}

export async function signInStep(
  ctx: SignInContext,
  request: Request,
  session: PortalSession,
  input: { username: string; password: string; captcha: string | null; redirectTo: string },
): Promise<FlowResult<"invalid" | "refused" | "rejected" | AfterAuthentication>> {
  const checked = validateSignIn(input);
  if (!checked.ok) return { outcome: { kind: "invalid", fields: checked.errors, message: signInSummary(checked.errors) } };
  const { username, password } = checked.data;
  const address = clientAddress(request);
  const verdict = await ctx.throttle.claim(username, address);
  if (!verdict.allowed) {
    const throttled: FlowResult<"refused"> = { outcome: { kind: "refused", message: verdict.message } };
    THROTTLED.add(throttled);
    return throttled;
  }

  const sessionFailures = session.get("failures") ?? 0;
  const captchaRequired = verdict.captchaRequired || sessionFailures >= CAPTCHA_AFTER;
  if (captchaRequired && !(await ctx.verifyCaptcha(input.captcha))) {
    await ctx.throttle.release(username, address);
    return { outcome: { kind: "rejected", message: signInTexts.captchaNeeded, captchaRequired: true } };
  }

  // The attempt stays counted: it was a wrong password.
  const reject = async (message: string): Promise<FlowResult<"rejected">> => {
    const failures = Math.max(verdict.attempt, sessionFailures + 1);
    session.set("failures", sessionFailures + 1);
    return {
      outcome: { kind: "rejected", message, captchaRequired: failures >= CAPTCHA_AFTER },
      cookie: await ctx.sessions.sessionStorage.commitSession(session),
    };
  };

  let accepted: PendingSignIn;
  try {
    const identity = await lookupIdentity({ userName: username, password }, ctx.identityUrl);
    // An unknown user name is put to the practice too (at its signed-out address), so that its refusal
    // takes the same calls, and so the same time, as a wrong password's (decisions/221); with a fixed
    // password, never the one typed, which may be the person's password somewhere else.
    const outcome = identity.kind === "found" ? await authenticate(identity.apiBase, { userName: username, password }) : await authenticate(ctx.signedOutApi, { userName: username, password: UNKNOWN_NAME_PASSWORD });
    if (identity.kind === "rejected") {
      // Whatever that address answered, the identity server's refusal stands; a token it gave is handed back.
      if (outcome.kind === "signedIn") await logout(ctx.signedOutApi, outcome.token).catch(() => undefined);
      return reject(signInTexts.credentialsRefused);
    }
    // Wrong, locked or answered without a patient: one answer, so that a refusal does not tell
    // whether the password was right (the practice says "locked" only to the right one).
    if (outcome.kind !== "signedIn") return reject(signInTexts.credentialsRefused);
    await ctx.throttle.succeeded(username, address);
    accepted = {
      token: outcome.token,
      apiBase: identity.apiBase,
      patientId: outcome.patientId,
      name: outcome.name,
      username,
      redirectTo: input.redirectTo,
      passwordReset: outcome.passwordReset,
      accounts: [],
    };
  } catch (error) {
    await ctx.throttle.release(username, address);
    return practiceFailure(error);
  }
  // Outside the attempt's own failures: the password was right, and the throttle has been told so.
  return afterAuthenticationOrGiveBack(ctx, session, accepted, request);
}

/** /loginSwitch/{q} and /login?q=: sign in by a switch token (1§2). */
export async function switchStep(ctx: SignInContext, request: Request, session: PortalSession, q: string): Promise<FlowResult<"rejected" | AfterAuthentication>> {
  let accepted: PendingSignIn;
  try {
    const identity = await lookupIdentity({ q }, ctx.identityUrl);
    if (identity.kind === "rejected") return { outcome: { kind: "rejected", message: identity.message || signInTexts.switchFailed, captchaRequired: false } };
    const outcome = await authenticate(identity.apiBase, { userName: "", password: "", q });
    if (outcome.kind === "rejected") return { outcome: { kind: "rejected", message: outcome.message || signInTexts.switchFailed, captchaRequired: false } };
    if (outcome.kind === "noResource") return { outcome: { kind: "rejected", message: signInTexts.incorrect, captchaRequired: false } };
    accepted = { token: outcome.token, apiBase: identity.apiBase, patientId: outcome.patientId, name: outcome.name, username: "", redirectTo: "/", passwordReset: outcome.passwordReset, accounts: [] };
  } catch (error) {
    return practiceFailure(error);
  }
  return afterAuthenticationOrGiveBack(ctx, session, accepted, request);
}

/**
 * After the practice signed the patient in, anything failing before the sign-in is done (the practice
 * not listing the linked accounts, a fault of the portal's own) hands the practice's token back, so no
 * session the patient cannot use stays open at the practice; a practice's failure is then told in its
 * words (it used to go up as an error), and anything else goes up as it was.
 */
async function afterAuthenticationOrGiveBack(ctx: SignInContext, session: PortalSession, accepted: PendingSignIn, request: Request): Promise<FlowResult<AfterAuthentication | "failed">> {
  try {
    return await afterAuthentication(ctx, session, accepted, request);
  } catch (error) {
    await logout(accepted.apiBase, accepted.token).catch(() => undefined);
    return practiceFailure(error);
  }
}

/**
 * After the practice accepted the password: a holder with a second step (or every holder, when the
 * practice requires one) is e-mailed a code and asked for it before anything else; the session
 * holds only the pending sign-in meanwhile, which no page accepts (decisions/277). The store not
 * answering stops the sign-in rather than let it through without the step.
 */
async function afterAuthentication(ctx: SignInContext, session: PortalSession, accepted: PendingSignIn, request: Request): Promise<FlowResult<AfterAuthentication>> {
  // The browser is read here, where the password was accepted; the sign-in may complete on a later step.
  const pending: PendingSignIn = ctx.devices ? { ...accepted, device: await ctx.devices.cookie.sighting(request) } : accepted;
  const second = ctx.secondStep;
  if (!second) return afterSecondStep(ctx, session, pending);
  const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
  // The address the practice signs this holder in with (the one Forgot Password also writes to).
  const to = pending.username.includes("@") ? pending.username.trim() : null;
  let stage: "code" | "setup" | null;
  let asked: PasskeyStage | null = null;
  try {
    const status = await second.store.status(holderKey);
    // A passkey first, when the holder has one and the portal knows its origin (decisions/300); a recovery
    // code instead whenever codes are left, whichever second step made them (decisions/321); the e-mailed
    // code instead when it is on, or while a passkey added recently may be undone from the inbox (issue 51).
    const held = ctx.passkeys?.relyingParty ? await ctx.passkeys.store.list(holderKey) : [];
    const undoable = held.some((p) => passkeyUndoable(p.createdAt, new Date()));
    if (held.length > 0) asked = { stage: "passkey", to: to ?? "", email: (status.on || undoable) && to !== null, recovery: status.recoveryCodesLeft > 0 };
    // The practice's setting asks a holder with no way yet to set the code up; one with a passkey is asked for it below.
    stage = status.on ? "code" : second.required ? "setup" : null;
  } catch (error) {
    if (error instanceof SecondStepUnavailable || error instanceof PasskeysUnavailable) return giveBack(pending, secondStepTexts.unavailable);
    throw error;
  }
  if (asked) {
    // A link's sign-in (no address, and no way to the form's dialogs) is asked to use the form.
    if (!pending.username) return giveBack(pending, passkeyTexts.linkSignIn);
    return {
      outcome: { kind: "passkey", email: asked.email, recovery: asked.recovery },
      cookie: await withPending(ctx, session, { ...pending, secondStep: asked }),
    };
  }
  if (!stage) return afterSecondStep(ctx, session, pending);
  if (!to) return giveBack(pending, secondStepTexts.noAddress);
  const sent = await sendCode(ctx, pending, to, clientAddress(request));
  if (sent) return giveBack(pending, sent);
  return {
    outcome: { kind: "secondStep", to: maskAddress(to), setup: stage === "setup", resent: false },
    cookie: await withPending(ctx, session, { ...pending, secondStep: { stage, to } }),
  };
}
