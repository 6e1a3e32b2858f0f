import { endpoints } from "../../../contract/endpoints";
import { errorsTexts } from "~/lib/texts/errors";
import { signInTexts } from "./texts";
import { newPasswordProblem } from "~/lib/new-password";
import { CAPTCHA_AFTER, type FlowKind, type LinkedAccount, type Outcome } from "~/lib/sign-in-flow";
import { signInSummary, validateSignIn } from "./sign-in-form";
import { verifyCaptcha } from "./captcha.server";
import { config } from "~/.server/config.server";
import { observability } from "~/.server/observability.server";
import { authenticate, logout, lookupIdentity } from "~/.server/practice/auth.server";
import { practiceApi } from "~/.server/practice/api.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import type { SendMail } from "~/.server/sign-in-security/mail.server";
import { codeShapeProblem, normaliseCode, passkeyUndoable } from "~/lib/second-step";
import { formatDateTime } from "~/lib/dates";
import { mailSecurityChange } from "~/.server/sign-in-security/security-mail.server";
import { deviceCookie, noteSignIn, portalDevices, type DeviceCookie, type DeviceNotices, type DeviceSighting } from "~/.server/sign-in-security/devices.server";
import { maskAddress, portalSecondStep, recordSignInEvent, SecondStepUnavailable, sendSecondStepCode, signInBudget, signInCodeMail, type SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import { sessions, type PasskeyStage, type PendingSignIn, type PortalSession, type Sessions } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { authenticationOptions, checkPasskey, PasskeysUnavailable, portalPasskeys, verdictMessage, type Passkeys } from "~/.server/sign-in-security/passkeys.server";
import { type AttemptThrottle, signInThrottle, type SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { clientAddress } from "~/.server/client-address.server";

/**
 * The server half of the sign-in flow (1§4). Each step reads the half-finished sign-in from the
 * server session, calls the practice, and answers the login machine with an outcome and, when the
 * session changed, its cookie. The password passes through and is never stored.
 */

/**
 * A step's outcome, of the kinds `K` it can give (each function below names its own, so a step's
 * declaration in app/areas/sign-in/steps.ts and what the step really answers cannot drift: decisions/316).
 */
export interface FlowResult<K extends FlowKind = FlowKind> {
  outcome: Outcome<K>;
  cookie?: string;
  /** The device cookie (decisions/295), set again when a sign-in completes. */
  deviceCookie?: string;
}

/** What may follow the second step: the password update, the chooser, or signed in. */
type AfterSecondStep = "passwordUpdate" | "chooseAccount" | "signedIn";
/** What may follow an accepted password: the practice or the second step's store failing, the second step, or what follows it. */
type AfterAuthentication = "failed" | "secondStep" | "passkey" | AfterSecondStep;
/** What may follow the code e-mailed in place of a passkey: the passkeys added recently, or the passkey asked again, or on. */
type AfterPasskeyCode = "passkeyRecovery" | "passkey" | AfterSecondStep;

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

/**
 * The sign-in steps for one set of dependencies. The app uses the default steps exported below;
 * tests build their own against the mock's identity server, with their own sessions and throttle.
 */
export function createSignInSteps(deps: SignInDeps) {
  const notingDevices = new Set<Promise<void>>();
  async function withPending(session: PortalSession, pending: PendingSignIn, extra: { failures?: number } = {}): Promise<string> {
    // A new session id whenever the sign-in advances (session fixation).
    return deps.sessions.startSession(session, { pending, ...extra });
  }

  function practiceFailure(error: unknown): FlowResult<"failed"> {
    if (!(error instanceof PracticeApiError)) throw error;
    return { outcome: { kind: "failed", message: error.kind === "contract" ? errorsTexts.practiceBroken : signInTexts.networkFailure } };
  }

  async function signInStep(
    request: Request,
    session: PortalSession,
    input: { username: string; password: string; captcha: string | null; redirectTo: string },
  ): Promise<FlowResult<"invalid" | "refused" | "rejected" | AfterAuthentication>> {
    const checked = validateSignIn(input);
    if (!checked.ok) return { outcome: { kind: "invalid", fieldErrors: checked.errors, message: signInSummary(checked.errors) } };
    const { username, password } = checked.data;
    const address = clientAddress(request);
    const verdict = await deps.throttle.claim(username, address);
    if (!verdict.allowed) {
      const throttled: FlowResult<"refused"> = { outcome: { kind: "refused", message: verdict.message } };
      THROTTLED.add(throttled);
      return throttled;
    }

    const sessionFailures = session.get("failures") ?? 0;
    const captchaRequired = verdict.captchaRequired || sessionFailures >= CAPTCHA_AFTER;
    if (captchaRequired && !(await deps.verifyCaptcha(input.captcha))) {
      await deps.throttle.release(username, address);
      return { outcome: { kind: "rejected", message: signInTexts.captchaNeeded, captchaRequired: true } };
    }

    // The attempt stays counted: it was a wrong password.
    const reject = async (message: string): Promise<FlowResult<"rejected">> => {
      const failures = Math.max(verdict.attempt, sessionFailures + 1);
      session.set("failures", sessionFailures + 1);
      return {
        outcome: { kind: "rejected", message, captchaRequired: failures >= CAPTCHA_AFTER },
        cookie: await deps.sessions.sessionStorage.commitSession(session),
      };
    };

    try {
      const identity = await lookupIdentity({ userName: username, password }, deps.identityUrl);
      // An unknown user name is put to the practice too (at its signed-out address), so that its refusal
      // takes the same calls, and so the same time, as a wrong password's (decisions/221).
      const outcome = await authenticate(identity.kind === "found" ? identity.apiBase : deps.signedOutApi, { userName: username, password });
      if (identity.kind === "rejected") {
        // Whatever that address answered, the identity server's refusal stands; a token it gave is handed back.
        if (outcome.kind === "signedIn") await logout(deps.signedOutApi, outcome.token).catch(() => undefined);
        return reject(signInTexts.credentialsRefused);
      }
      // Wrong, locked or answered without a patient: one answer, so that a refusal does not tell
      // whether the password was right (the practice says "locked" only to the right one).
      if (outcome.kind !== "signedIn") return reject(signInTexts.credentialsRefused);
      await deps.throttle.succeeded(username, address);
      return afterAuthentication(
        session,
        {
          token: outcome.token,
          apiBase: identity.apiBase,
          patientId: outcome.patientId,
          name: outcome.name,
          username,
          redirectTo: input.redirectTo,
          passwordReset: outcome.passwordReset,
          accounts: [],
        },
        request,
      );
    } catch (error) {
      await deps.throttle.release(username, address);
      return practiceFailure(error);
    }
  }

  /** /loginSwitch/{q} and /login?q=: sign in by a switch token (1§2). */
  async function switchStep(request: Request, session: PortalSession, q: string): Promise<FlowResult<"rejected" | AfterAuthentication>> {
    try {
      const identity = await lookupIdentity({ q }, deps.identityUrl);
      if (identity.kind === "rejected") return { outcome: { kind: "rejected", message: identity.message || signInTexts.switchFailed, captchaRequired: false } };
      const outcome = await authenticate(identity.apiBase, { userName: "", password: "", q });
      if (outcome.kind === "rejected") return { outcome: { kind: "rejected", message: outcome.message || signInTexts.switchFailed, captchaRequired: false } };
      if (outcome.kind === "noResource") return { outcome: { kind: "rejected", message: signInTexts.incorrect, captchaRequired: false } };
      return afterAuthentication(session, {
        token: outcome.token,
        apiBase: identity.apiBase,
        patientId: outcome.patientId,
        name: outcome.name,
        username: "",
        redirectTo: "/",
        passwordReset: outcome.passwordReset,
        accounts: [],
      }, request);
    } catch (error) {
      return practiceFailure(error);
    }
  }

  /**
   * After the practice accepted the password: a holder with a second step (or every holder, when the
   * practice requires one) is e-mailed a code and asked for it before anything else; the session
   * holds only the pending sign-in meanwhile, which no page accepts (decisions/277). The store not
   * answering stops the sign-in rather than let it through without the step.
   */
  async function afterAuthentication(session: PortalSession, accepted: PendingSignIn, request: Request): Promise<FlowResult<AfterAuthentication>> {
    // The browser is read here, where the password was accepted; the sign-in may complete on a later step.
    const pending: PendingSignIn = deps.devices ? { ...accepted, device: await deps.devices.cookie.sighting(request) } : accepted;
    const second = deps.secondStep;
    if (!second) return afterSecondStep(session, pending);
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
      const held = deps.passkeys?.relyingParty ? await deps.passkeys.store.list(holderKey) : [];
      const undoable = held.some((p) => passkeyUndoable(p.createdAt, new Date()));
      if (held.length > 0) asked = { stage: "passkey", to: to ?? "", email: (status.on || undoable) && to !== null, recovery: status.recoveryCodesLeft > 0 };
      stage = status.on ? "code" : second.required && held.length === 0 ? "setup" : null;
    } catch (error) {
      if (error instanceof SecondStepUnavailable || error instanceof PasskeysUnavailable) return giveBack(pending, secondStepTexts.unavailable);
      throw error;
    }
    if (asked) {
      // A link's sign-in (no address, and no way to the form's dialogs) is asked to use the form.
      if (!pending.username) return giveBack(pending, passkeyTexts.linkSignIn);
      return {
        outcome: { kind: "passkey", email: asked.email, recovery: asked.recovery },
        cookie: await withPending(session, { ...pending, secondStep: asked }),
      };
    }
    if (!stage) return afterSecondStep(session, pending);
    if (!to) return giveBack(pending, secondStepTexts.noAddress);
    const sent = await sendCode(holderKey, to, clientAddress(request));
    if (sent) return giveBack(pending, sent);
    return {
      outcome: { kind: "secondStep", to: maskAddress(to), setup: stage === "setup", resent: false },
      cookie: await withPending(session, { ...pending, secondStep: { stage, to } }),
    };
  }

  /** The practice's token is handed back and the sign-in stops with a plain message. */
  async function giveBack(pending: PendingSignIn, message: string): Promise<FlowResult<"failed">> {
    await logout(pending.apiBase, pending.token).catch(() => undefined);
    return { outcome: { kind: "failed", message } };
  }

  /**
   * E-mails a new sign-in code (sendSecondStepCode), counted in the sign-in's own budget, which no
   * signed-in session can spend (issue 51); the words of a failure, or null once sent.
   */
  async function sendCode(holderKey: string, to: string, address: string): Promise<string | null> {
    return deps.secondStep ? sendSecondStepCode(deps.secondStep, signInBudget(deps.secondStep.sends, holderKey, address), holderKey, to, signInCodeMail) : secondStepTexts.cannotSend;
  }

  /**
   * The second step: the e-mailed code, or a recovery code. A wrong one is counted (AttemptThrottle,
   * per holder and per address, as wrong passwords are) and recorded on the holder's access record;
   * the code is never. Codes are found by their hash with the holder's key in it, so another
   * account's code is simply wrong here.
   */
  async function secondStepCode(request: Request, session: PortalSession, input: { code: string; recovery: boolean }): Promise<FlowResult<"expired" | "refused" | "failed" | "recoveryCodes" | AfterPasskeyCode>> {
    const pending = session.get("pending");
    const second = deps.secondStep;
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
      return { outcome: { kind: "recoveryCodes", codes }, cookie: await withPending(session, { ...passed, secondStepPassed: true }) };
    }
    if (stage === "code" && pending.secondStep.replacesPasskeys && !input.recovery) {
      recordSignInEvent(who, request, "passkey-recovery");
      return recentPasskeys(session, passed, holderKey, pending.secondStep.to);
    }
    return afterSecondStep(session, passed);
  }

  /**
   * The code e-mailed in place of a passkey was right (issue 51, decisions/365): the passkeys added in the
   * last PASSKEY_UNDO_DAYS days are listed for removal, before anything else; with none left (removed
   * meanwhile), the passkey is asked for again while one remains, or the sign-in goes on.
   */
  async function recentPasskeys(session: PortalSession, passed: PendingSignIn, holderKey: string, to: string): Promise<FlowResult<"failed" | AfterPasskeyCode>> {
    const passkeys = deps.passkeys;
    try {
      const held = passkeys ? await passkeys.store.list(holderKey) : [];
      const now = new Date();
      const recent = held.filter((p) => passkeyUndoable(p.createdAt, now));
      if (recent.length > 0) {
        return {
          outcome: { kind: "passkeyRecovery", passkeys: recent.map((p) => ({ name: p.name, added: formatDateTime(p.createdAt.getTime()), from: p.addedFrom })) },
          cookie: await withPending(session, { ...passed, secondStep: { stage: "recovery", to, ids: recent.map((p) => p.id) } }),
        };
      }
      return held.length > 0 ? askPasskeyAgain(session, passed, holderKey, to) : afterSecondStep(session, passed);
    } catch (error) {
      if (error instanceof PasskeysUnavailable || error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
      throw error;
    }
  }

  /** The passkey asked for again (older passkeys remain), with the ways the holder still has. */
  async function askPasskeyAgain(session: PortalSession, passed: PendingSignIn, holderKey: string, to: string): Promise<FlowResult<"passkey">> {
    const status = deps.secondStep ? await deps.secondStep.store.status(holderKey) : { on: false, recoveryCodesLeft: 0 };
    const stage: PasskeyStage = { stage: "passkey", to, email: status.on, recovery: status.recoveryCodesLeft > 0 };
    return { outcome: { kind: "passkey", email: stage.email, recovery: stage.recovery }, cookie: await withPending(session, { ...passed, secondStep: stage }) };
  }

  /**
   * "Remove these passkeys" at the recovery stage: the passkeys listed go, in one transaction with the
   * recovery codes' rule (a thief's codes go with the passkey that brought them, decisions/321); every
   * other session of the holder ends (the thief's with them); each removal is recorded, and the sign-in
   * address is told. Then the sign-in goes on, or the passkey is asked for while an older one remains.
   */
  async function passkeyRecoveryRemoveStep(request: Request, session: PortalSession): Promise<FlowResult<"expired" | "failed" | "passkey" | AfterSecondStep>> {
    const pending = session.get("pending");
    const passkeys = deps.passkeys;
    if (!pending || pending.secondStep?.stage !== "recovery" || !passkeys) return expired;
    const { to, ids } = pending.secondStep;
    const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
    const who = { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId: session.id };
    const passed: PendingSignIn = { ...pending, secondStep: undefined };
    try {
      const removed = await passkeys.store.removeAll(holderKey, ids);
      removed.names.forEach(() => recordSignInEvent(who, request, "passkey-removed"));
      await deps.sessions.endOtherSessions(session);
      if (removed.names.length > 0) await mailSecurityChange(deps.secondStep?.sendMail ?? null, to, { kind: "passkeys-removed-at-sign-in", names: removed.names }, request);
      const left = await passkeys.store.count(holderKey);
      if (left > 0) return askPasskeyAgain(session, passed, holderKey, to);
    } catch (error) {
      if (error instanceof PasskeysUnavailable || error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: passkeyTexts.unavailable } };
      throw error;
    }
    return afterSecondStep(session, passed);
  }

  /** "Send a new code": the earlier code stops working. */
  async function resendCodeStep(request: Request, session: PortalSession): Promise<FlowResult<"expired" | "refused" | "secondStep">> {
    const pending = session.get("pending");
    if (!pending?.secondStep || pending.secondStep.stage === "passkey" || pending.secondStep.stage === "recovery") return expired;
    const failure = await sendCode(accountHolderKey(pending.apiBase, pending.patientId), pending.secondStep.to, clientAddress(request));
    if (failure) return { outcome: { kind: "refused", message: failure } };
    return { outcome: { kind: "secondStep", to: maskAddress(pending.secondStep.to), setup: pending.secondStep.stage === "setup", resent: true } };
  }

  /** The pending sign-in at a passkey's ask, with its holder; null when there is none (expired). */
  function atPasskey(session: PortalSession) {
    const pending = session.get("pending");
    const passkeys = deps.passkeys;
    if (!pending || pending.secondStep?.stage !== "passkey" || !passkeys) return null;
    const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
    return { pending, stage: pending.secondStep, passkeys, holderKey, who: { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId: session.id } };
  }

  /** The options of the browser's ceremony: a new challenge, for this holder's sign-in, with their passkeys. */
  async function passkeyOptionsStep(session: PortalSession): Promise<FlowResult<"expired" | "failed" | "passkeyOptions">> {
    const at = atPasskey(session);
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
  async function passkeyStep(request: Request, session: PortalSession, answer: AuthenticationResponseJSON): Promise<FlowResult<"expired" | "refused" | "failed" | AfterSecondStep>> {
    const at = atPasskey(session);
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
    return afterSecondStep(session, { ...at.pending, secondStep: undefined });
  }

  /** The browser's ceremony ended without an answer: told in words, and (but for a browser without passkeys) counted as a wrong code. */
  async function passkeyCancelledStep(request: Request, session: PortalSession, reason: "cancelled" | "unsupported" | "failed"): Promise<FlowResult<"expired" | "refused">> {
    const at = atPasskey(session);
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
  async function passkeyEmailStep(request: Request, session: PortalSession): Promise<FlowResult<"expired" | "refused" | "failed" | "secondStep">> {
    const at = atPasskey(session);
    if (!at || !deps.secondStep) return expired;
    if (!at.stage.email || !at.stage.to) return { outcome: { kind: "refused", message: passkeyTexts.noEmailedCode } };
    let replacesPasskeys: boolean;
    try {
      replacesPasskeys = !(await deps.secondStep.store.status(at.holderKey)).on;
    } catch (error) {
      if (error instanceof SecondStepUnavailable) return { outcome: { kind: "failed", message: secondStepTexts.unavailable } };
      throw error;
    }
    const failure = await sendCode(at.holderKey, at.stage.to, clientAddress(request));
    if (failure) return { outcome: { kind: "refused", message: failure } };
    return {
      outcome: { kind: "secondStep", to: maskAddress(at.stage.to), setup: false, resent: false },
      cookie: await withPending(session, { ...at.pending, secondStep: { stage: "code", to: at.stage.to, ...(replacesPasskeys ? { replacesPasskeys } : {}) } }),
    };
  }

  /** After the recovery codes of a second step set up at sign-in were shown: on with the sign-in. */
  async function continueStep(session: PortalSession): Promise<FlowResult<"expired" | AfterSecondStep>> {
    const pending = session.get("pending");
    if (!pending?.secondStepPassed) return expired;
    return afterSecondStep(session, { ...pending, secondStepPassed: undefined });
  }

  async function afterSecondStep(session: PortalSession, pending: PendingSignIn): Promise<FlowResult<AfterSecondStep>> {
    if (pending.passwordReset) return { outcome: { kind: "passwordUpdate" }, cookie: await withPending(session, pending) };
    return proxyCheck(session, pending);
  }

  /** One linked account is used straight away; several go to the chooser (1§4 steps 4-5). */
  async function proxyCheck(session: PortalSession, pending: PendingSignIn): Promise<FlowResult<"chooseAccount" | "signedIn">> {
    const accounts = await linkedAccountsOf(practiceApi(pending.apiBase, pending.token), pending.patientId);
    // A practice that lists no linked account still lets the patient see their own record.
    if (accounts.length <= 1) return finish(session, pending, accounts[0] ?? { id: pending.patientId, name: pending.name, relationship: "Self" }, false);
    return { outcome: { kind: "chooseAccount", accounts }, cookie: await withPending(session, { ...pending, accounts }) };
  }

  /** Writes the signed-in session: proxy "No" for oneself, "Yes" for a linked account (1§4). */
  async function finish(session: PortalSession, pending: PendingSignIn, account: LinkedAccount, linked: boolean): Promise<FlowResult<"signedIn">> {
    const cookie = await deps.sessions.startSession(session, {
      ...(pending.notice ? { notice: pending.notice } : {}),
      // The sign-in has just noted the device: its requests move last seen on from one interval later (decisions/310).
      ...(pending.device ? { deviceSeenAt: Date.now() } : {}),
      user: {
        token: pending.token,
        apiBase: pending.apiBase,
        userId: account.id,
        parentId: pending.patientId,
        proxy: account.id === pending.patientId ? "No" : "Yes",
        username: pending.username,
        userName: account.name,
        parentName: pending.name,
        linked,
        ...(pending.device ? { deviceId: pending.device.id } : {}),
      },
    });
    if (!deps.devices || !pending.device) return { outcome: { kind: "signedIn", redirectTo: pending.redirectTo }, cookie };
    noteDevice(deps.devices, cookie, pending, pending.device);
    return { outcome: { kind: "signedIn", redirectTo: pending.redirectTo }, cookie, deviceCookie: await deps.devices.cookie.serialize(pending.device.id) };
  }

  /** In the background, never awaited: the new-device mail must not hold the sign-in up (noteSignIn never rejects). */
  function noteDevice(devices: NonNullable<SignInDeps["devices"]>, cookie: string, pending: PendingSignIn, device: DeviceSighting) {
    const noting = (async () => {
      const sessionId = (await deps.sessions.sessionStorage.getSession(cookie)).id;
      const holderKey = accountHolderKey(pending.apiBase, pending.patientId);
      await noteSignIn(devices.notices, { apiBase: pending.apiBase, holderId: pending.patientId, holderKey, sessionId, username: pending.username }, device);
    })().catch((error: unknown) => {
      observability().logger.error({ kind: "devices", error: error instanceof Error ? error.name : "unknown" }, "device not noted");
    });
    notingDevices.add(noting);
    void noting.finally(() => notingDevices.delete(noting));
  }

  const expired: FlowResult<"expired"> = { outcome: { kind: "expired", message: signInTexts.signInExpired } };

  /** The forced password update panel (1§4 step 3): ChangePassword with the account holder's id. */
  async function changePasswordStep(session: PortalSession, input: { password: string; confirm: string; agreed: boolean }): Promise<FlowResult<"expired" | "refused" | "failed" | "chooseAccount" | "signedIn">> {
    const pending = session.get("pending");
    if (!pending?.passwordReset || pending.secondStep || pending.secondStepPassed) return expired;
    const problem = newPasswordProblem(input, "resetPanel");
    if (problem) return { outcome: { kind: "refused", message: problem.message } };
    // The rules shown to the patient say the password must not contain their names (1§5); here it is enforced.
    const lowered = input.password.toLowerCase();
    if (pending.name.split(/\s+/).some((part) => part.length >= 3 && lowered.includes(part.toLowerCase()))) {
      return { outcome: { kind: "refused", message: signInTexts.passwordHasName } };
    }
    try {
      const reply = await practiceApi(pending.apiBase, pending.token).call(endpoints.changePassword, {
        body: { PatientID: pending.patientId, Password: input.password },
      });
      if (reply.StatusCode === "1") {
        // Any other session of the account (signed in before the practice asked for a new password,
        // or another browser at this panel) was opened with the old password: it ends here.
        await deps.sessions.endOtherSessions(session);
        // 1§8: the practice's message is shown; here on the first signed-in page (the shell), once.
        const notice = reply.StatusMessage || reply.ResponseMessage || signInTexts.passwordChanged;
        return proxyCheck(session, { ...pending, passwordReset: false, notice });
      }
      if (reply.StatusCode === "3") return { outcome: { kind: "refused", message: reply.StatusMessage ?? reply.ResponseMessage ?? signInTexts.passwordChangeFailed } };
      return { outcome: { kind: "failed", message: signInTexts.passwordChangeFailed } };
    } catch (error) {
      if (error instanceof PracticeApiError) return { outcome: { kind: "failed", message: signInTexts.passwordChangeFailed } };
      throw error;
    }
  }

  async function chooseAccountStep(session: PortalSession, accountId: string): Promise<FlowResult<"expired" | "refused" | "signedIn">> {
    const pending = session.get("pending");
    if (!pending || pending.secondStep || pending.secondStepPassed || pending.accounts.length === 0) return expired;
    const account = pending.accounts.find((a) => a.id === accountId);
    if (!account) return { outcome: { kind: "refused", message: signInTexts.chooseAccountInvalid } };
    return finish(session, pending, account, pending.accounts.length > 1);
  }

  /** Cancel on the password panel or the chooser: the practice token is given back, the session ends. */
  async function cancelStep(session: PortalSession): Promise<FlowResult<"cancelled">> {
    const pending = session.get("pending");
    if (pending) await logout(pending.apiBase, pending.token).catch(() => undefined);
    return { outcome: { kind: "cancelled" }, cookie: await deps.sessions.sessionStorage.destroySession(session) };
  }

  return {
    signInStep: counted("sign-in", signInStep),
    switchStep: counted("switch", switchStep),
    changePasswordStep: counted("change-password", changePasswordStep),
    chooseAccountStep: counted("choose-account", chooseAccountStep),
    cancelStep: counted("cancel", cancelStep),
    secondStepCode: counted("second-step", secondStepCode),
    resendCodeStep: counted("second-step-resend", resendCodeStep),
    continueStep: counted("second-step-continue", continueStep),
    passkeyOptionsStep: counted("passkey-options", passkeyOptionsStep),
    passkeyStep: counted("passkey", passkeyStep),
    passkeyCancelledStep: counted("passkey-cancelled", passkeyCancelledStep),
    passkeyEmailStep: counted("passkey-email", passkeyEmailStep),
    passkeyRecoveryRemoveStep: counted("passkey-recovery-remove", passkeyRecoveryRemoveStep),
    /** Resolves once the devices noted so far (their e-mails included) are done: for tests and shutdown. */
    devicesNoted: () => Promise.all([...notingDevices]).then(() => undefined),
  };
}

/** Throttled sign-ins are told apart in the metrics by this mark on their (refused) outcome. */
const THROTTLED = new WeakSet<FlowResult>();

/**
 * Each step's outcome counted by kind (decisions/262): `portal_sign_in_outcomes_total{step, outcome}`,
 * a sign-in refused by the throttle as "throttled". The kind is a closed set; nothing of the user's.
 */
function counted<A extends unknown[], R extends FlowResult>(step: string, run: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const result = await run(...args);
    observability().signIns.inc({ step, outcome: THROTTLED.has(result) ? "throttled" : result.outcome.kind });
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
