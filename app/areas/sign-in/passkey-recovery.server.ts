import { passkeyUndoable } from "~/lib/second-step";
import { formatDateTime } from "~/lib/dates";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { mailSecurityChange } from "~/.server/sign-in-security/security-mail.server";
import { recordSignInEvent, SecondStepUnavailable } from "~/.server/sign-in-security/second-step.server";
import { type PasskeyStage, type PendingSignIn, type PortalSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { PasskeysUnavailable } from "~/.server/sign-in-security/passkeys.server";
import { afterSecondStep } from "./account-choice.server";
import { expired, withPending, type AfterPasskeyCode, type AfterSecondStep, type FlowResult, type SignInContext } from "./sign-in-context.server";
import { deviceName } from "~/lib/device-name";

/**
 * The owner back in from a thief's passkey (issue 51, decisions/365): after a code e-mailed in place
 * of a passkey, the passkeys added recently are offered for removal before the sign-in goes on.
 */

/**
 * The code e-mailed in place of a passkey was right: the passkeys added in the last PASSKEY_UNDO_DAYS
 * days are listed for removal, before anything else; with none left (removed meanwhile), the passkey
 * is asked for again while one remains, or the sign-in goes on.
 */
export async function recentPasskeys(ctx: SignInContext, session: PortalSession, passed: PendingSignIn, holderKey: string, to: string): Promise<FlowResult<"failed" | AfterPasskeyCode>> {
  const passkeys = ctx.passkeys;
  try {
    const held = passkeys ? await passkeys.store.list(holderKey) : [];
    const now = new Date();
    const recent = held.filter((p) => passkeyUndoable(p.createdAt, now));
    if (recent.length > 0) {
      return {
        outcome: { kind: "passkeyRecovery", passkeys: recent.map((p) => ({ name: p.name, added: formatDateTime(p.createdAt.getTime()), from: p.addedFrom && deviceName(p.addedFrom) })) },
        cookie: await withPending(ctx, session, { ...passed, secondStep: { stage: "recovery", to, ids: recent.map((p) => p.id) } }),
      };
    }
    // Awaited here, so a store that cannot answer as the passkey is asked again is told in words below.
    if (held.length > 0) return await askPasskeyAgain(ctx, session, passed, holderKey, to);
  } catch (error) {
    if (error instanceof PasskeysUnavailable || error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
    throw error;
  }
  return afterSecondStep(ctx, session, passed);
}

/** The passkey asked for again (older passkeys remain), with the ways the holder still has. */
async function askPasskeyAgain(ctx: SignInContext, session: PortalSession, passed: PendingSignIn, holderKey: string, to: string): Promise<FlowResult<"passkey">> {
  const status = ctx.secondStep ? await ctx.secondStep.store.status(holderKey) : { on: false, recoveryCodesLeft: 0 };
  const stage: PasskeyStage = { stage: "passkey", to, email: status.on, recovery: status.recoveryCodesLeft > 0 };
  return { outcome: { kind: "passkey", email: stage.email, recovery: stage.recovery }, cookie: await withPending(ctx, session, { ...passed, secondStep: stage }) };
}

/**
 * "Remove these passkeys" at the recovery stage: the passkeys listed go, in one transaction with the
 * recovery codes' rule (a thief's codes go with the passkey that brought them, decisions/321); every
 * other session of the holder ends (the thief's with them); each removal is recorded, and the sign-in
 * address is told. Then the sign-in goes on, or the passkey is asked for while an older one remains.
 */
export async function passkeyRecoveryRemoveStep(ctx: SignInContext, request: Request, session: PortalSession): Promise<FlowResult<"expired" | "failed" | "passkey" | AfterSecondStep>> {
  const pending = session.get("pending");
  const passkeys = ctx.passkeys;
  if (!pending || pending.secondStep?.stage !== "recovery" || !passkeys) return expired;
  const { to, ids } = pending.secondStep;
  const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
  const who = { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId: session.id };
  const passed: PendingSignIn = { ...pending, secondStep: undefined };
  try {
    const removed = await passkeys.store.removeAll(holderKey, ids);
    removed.names.forEach(() => recordSignInEvent(who, request, "passkey-removed"));
    await ctx.sessions.endOtherSessions(session);
    if (removed.names.length > 0) await mailSecurityChange(ctx.secondStep?.sendMail ?? null, to, { kind: "passkeys-removed-at-sign-in", names: removed.names }, request);
    const left = await passkeys.store.count(holderKey);
    if (left > 0) return await askPasskeyAgain(ctx, session, passed, holderKey, to);
  } catch (error) {
    if (error instanceof PasskeysUnavailable || error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
    throw error;
  }
  return afterSecondStep(ctx, session, passed);
}
