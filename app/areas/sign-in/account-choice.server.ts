import { signInTexts } from "./texts";
import type { LinkedAccount } from "~/lib/sign-in-flow";
import { observability } from "~/.server/observability.server";
import { logout } from "~/.server/practice/auth.server";
import { practiceApi } from "~/.server/practice/api.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { noteSignIn, type DeviceSighting } from "~/.server/sign-in-security/devices.server";
import { type PendingSignIn, type PortalSession } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { expired, withPending, type AfterSecondStep, type FlowResult, type SignInContext } from "./sign-in-context.server";

/**
 * The end of a sign-in (1§4 steps 3-5): once the password and any second step are through, the
 * forced password update, the account chooser, or the signed-in session; and Cancel.
 */

export async function afterSecondStep(ctx: SignInContext, session: PortalSession, pending: PendingSignIn): Promise<FlowResult<AfterSecondStep>> {
  if (pending.passwordReset) return { outcome: { kind: "passwordUpdate" }, cookie: await withPending(ctx, session, pending) };
  return proxyCheck(ctx, session, pending);
}

/** One linked account is used straight away; several go to the chooser (1§4 steps 4-5). */
export async function proxyCheck(ctx: SignInContext, session: PortalSession, pending: PendingSignIn): Promise<FlowResult<"chooseAccount" | "signedIn">> {
  const accounts = await linkedAccountsOf(practiceApi(pending.apiBase, pending.token), pending.patientId);
  // A practice that lists no linked account still lets the patient see their own record.
  if (accounts.length <= 1) return finish(ctx, session, pending, accounts[0] ?? { id: pending.patientId, name: pending.name, relationship: "Self" }, false);
  return { outcome: { kind: "chooseAccount", accounts }, cookie: await withPending(ctx, session, { ...pending, accounts }) };
}

/** Writes the signed-in session: proxy "No" for oneself, "Yes" for a linked account (1§4). */
async function finish(ctx: SignInContext, session: PortalSession, pending: PendingSignIn, account: LinkedAccount, linked: boolean): Promise<FlowResult<"signedIn">> {
  const cookie = await ctx.sessions.startSession(session, {
    ...(pending.notice ? { notice: pending.notice } : {}),
    // The sign-in has just noted the device: its requests move last seen on from one interval later (decisions/310).
    ...(pending.device ? { deviceSeenAt: Date.now() } : {}),
    user: {
      token: pending.token,
      apiBase: pending.apiBase,
      userId: account.id,
      parentId: pending.patientId,
      proxy: account.id === pending.patientId ? "No" : "Yes",
      relationship: account.relationship,
      username: pending.username,
      userName: account.name,
      parentName: pending.name,
      linked,
      ...(pending.device ? { deviceId: pending.device.id } : {}),
    },
  });
  if (!ctx.devices || !pending.device) return { outcome: { kind: "signedIn", redirectTo: pending.redirectTo }, cookie };
  noteDevice(ctx, ctx.devices, cookie, pending, pending.device);
  return { outcome: { kind: "signedIn", redirectTo: pending.redirectTo }, cookie, deviceCookie: await ctx.devices.cookie.serialize(pending.device.id) };
}

/** In the background, never awaited: the new-device mail must not hold the sign-in up (noteSignIn never rejects). */
function noteDevice(ctx: SignInContext, devices: NonNullable<SignInContext["devices"]>, cookie: string, pending: PendingSignIn, device: DeviceSighting) {
  const noting = (async () => {
    const sessionId = (await ctx.sessions.sessionStorage.getSession(cookie)).id;
    const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
    await noteSignIn(devices.notices, { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId, username: pending.username }, device);
  })().catch((error: unknown) => {
    observability().logger.error({ kind: "devices", error: error instanceof Error ? error.name : "unknown" }, "device not noted");
  });
  ctx.notingDevices.add(noting);
  void noting.finally(() => ctx.notingDevices.delete(noting));
}

export async function chooseAccountStep(ctx: SignInContext, session: PortalSession, accountId: string): Promise<FlowResult<"expired" | "refused" | "signedIn">> {
  const pending = session.get("pending");
  if (!pending || pending.secondStep || pending.secondStepPassed || pending.accounts.length === 0) return expired;
  const account = pending.accounts.find((a) => a.id === accountId);
  if (!account) return { outcome: { kind: "refused", message: signInTexts.chooseAccountInvalid } };
  return finish(ctx, session, pending, account, pending.accounts.length > 1);
}

/** Cancel on the password panel or the chooser: the practice token is given back, the session ends. */
export async function cancelStep(ctx: SignInContext, session: PortalSession): Promise<FlowResult<"cancelled">> {
  const pending = session.get("pending");
  if (pending) await logout(pending.apiBase, pending.token).catch(() => undefined);
  return { outcome: { kind: "cancelled" }, cookie: await ctx.sessions.sessionStorage.destroySession(session) };
}
