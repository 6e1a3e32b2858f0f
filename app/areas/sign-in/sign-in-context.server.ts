import { errorsTexts } from "~/lib/texts/errors";
import { signInTexts } from "./texts";
import type { FlowKind, Outcome } from "~/lib/sign-in-flow";
import { logout } from "~/.server/practice/auth.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import type { SendMail } from "~/.server/sign-in-security/mail.server";
import { DevicesUnavailable, type DeviceCookie, type DeviceNotices, type DeviceStore } from "~/.server/sign-in-security/devices.server";
import { sendSecondStepCode, signInBudget, signInCodeMail, type SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import type { PendingSignIn, PortalSession, Sessions } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import type { Passkeys } from "~/.server/sign-in-security/passkeys.server";
import type { AttemptThrottle, SignInThrottle } from "~/.server/sign-in-security/throttle.server";

/**
 * What every step of the sign-in (1§4) shares: its dependencies, the outcome it answers, and the small moves several
 * steps make (the pending sign-in written to a new session, the token handed back, a code e-mailed).
 */

/**
 * A step's outcome, of the kinds `K` it can give (each step names its own, so a step's declaration
 * in app/areas/sign-in/steps.ts and what the step really answers cannot drift: decisions/316).
 */
export interface FlowResult<K extends FlowKind = FlowKind> {
  outcome: Outcome<K>;
  cookie?: string;
  /** The device cookie (decisions/295), set again when a sign-in completes. */
  deviceCookie?: string;
}

/** What may follow the second step: the password update, the chooser, or signed in. */
export type AfterSecondStep = "passwordUpdate" | "chooseAccount" | "signedIn";
/** What may follow an accepted password: the practice or the second step's store failing, the second step, or what follows it. */
export type AfterAuthentication = "failed" | "secondStep" | "passkey" | AfterSecondStep;
/** What may follow the code e-mailed in place of a passkey: the passkeys added recently, or the passkey asked again, or on. */
export type AfterPasskeyCode = "passkeyRecovery" | "passkey" | AfterSecondStep;

export interface SignInDeps {
  /** Where the identity server is (1§7 ACCAPIURL lookup). */
  identityUrl: string;
  /** The practice API's signed-out address, asked about a user name the identity server does not know. */
  signedOutApi: string;
  sessions: Pick<Sessions, "sessionStorage" | "startSession" | "endOtherSessions">;
  throttle: SignInThrottle;
  verifyCaptcha: (payload: string | null) => Promise<boolean>;
  /**
   * The second step (decisions/277): where its codes are kept, how wrong codes and sends are counted,
   * the mail, the practice's setting. The app always gives it; tests of other steps may leave it out.
   */
  secondStep?: {
    store: SecondStepStore;
    attempts: AttemptThrottle;
    sends: AttemptThrottle;
    sendMail: SendMail | null;
    required: boolean;
  };
  /**
   * The devices list (decisions/295): the browser's device cookie, and where a completed sign-in is
   * noted (new devices recorded and e-mailed about, in the background). Tests of other steps leave it out.
   */
  devices?: { cookie: DeviceCookie; notices: DeviceNotices };
  /**
   * Passkeys (decisions/300): a holder with one is asked for it after the password, before anything
   * else. Failed ones are counted with wrong codes (the second step's throttle). Tests of other steps leave it out.
   */
  passkeys?: Passkeys;
}

/** The dependencies of one set of steps, and the device notes they have started and not yet finished. */
export interface SignInContext extends SignInDeps {
  notingDevices: Set<Promise<void>>;
}

export const expired: FlowResult<"expired"> = { outcome: { kind: "expired", message: signInTexts.signInExpired } };

export async function withPending(ctx: SignInContext, session: PortalSession, pending: PendingSignIn): Promise<string> {
  // A new session id whenever the sign-in advances (session fixation).
  return ctx.sessions.startSession(session, { pending });
}

export function practiceFailure(error: unknown): FlowResult<"failed"> {
  if (!(error instanceof PracticeApiError)) throw error;
  return { outcome: { kind: "failed", message: error.kind === "contract" ? errorsTexts.practiceBroken : signInTexts.networkFailure } };
}

/** The practice's token is handed back and the sign-in stops with a plain message. */
export async function giveBack(pending: PendingSignIn, message: string): Promise<FlowResult<"failed">> {
  await logout(pending.apiBase, pending.token).catch(() => undefined);
  return { outcome: { kind: "failed", message } };
}

/**
 * E-mails a new sign-in code (sendSecondStepCode), counted in the sign-in's own budget, which no
 * signed-in session can spend (issue 51); the words of a failure, or null once sent. A browser the
 * holder has completed a sign-in on (its device cookie names a device on their list) has a budget of
 * its own: a thief with the password, in other browsers, spends only theirs (decisions/393).
 */
export async function sendCode(ctx: SignInContext, pending: PendingSignIn, to: string, address: string): Promise<string | null> {
  const second = ctx.secondStep;
  if (!second) return secondStepTexts.cannotSend;
  const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
  const deviceId = pending.device?.id;
  // Without the devices list (tests of other steps), every browser shares the one budget, told as before.
  if (!ctx.devices || deviceId === undefined) return sendSecondStepCode(second, signInBudget(second.sends, holderKey, address), holderKey, to, signInCodeMail);
  const budget = (await knownDevice(ctx.devices.notices.store, holderKey, deviceId))
    ? signInBudget(second.sends, holderKey, address, deviceId)
    : { ...signInBudget(second.sends, holderKey, address), spent: secondStepTexts.tooManySendsNewBrowser };
  return sendSecondStepCode(second, budget, holderKey, to, signInCodeMail);
}

/** A store that cannot say counts the browser as new: the shared budget, never a second one. */
async function knownDevice(store: DeviceStore, holderKey: string, deviceId: string): Promise<boolean> {
  try {
    return await store.known(holderKey, deviceId);
  } catch (error) {
    if (error instanceof DevicesUnavailable) return false;
    throw error;
  }
}
