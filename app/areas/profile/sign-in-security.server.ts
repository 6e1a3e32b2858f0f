import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  maskAddress,
  portalSecondStep,
  recordSignInEvent,
  SecondStepUnavailable,
  sendSecondStepCode,
  sessionBudget,
  type CodeMail,
} from "~/.server/sign-in-security/second-step.server";
import { checkProof, type ProofChange } from "~/.server/sign-in-security/second-step-proof.server";
import type { SignedIn } from "~/.server/session.server";
import { accountHolderKey, anonymousSessionId } from "~/.server/opaque-names.server";
import { refuse as refusal, type Refusal } from "~/.server/steps.server";
import { deviceLabel } from "~/.server/access-entries.server";
import { authenticate, logout } from "~/.server/practice/auth.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { mailSecurityChange, type SecurityChange } from "~/.server/sign-in-security/security-mail.server";
import { stateStore } from "~/.server/state.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import { codeShapeProblem, hasSecondStep } from "~/lib/second-step";
import type { PasskeyAddInput, PasskeyOptionsInput, PasskeyOptionsReply, PlainSecurityStep, SecurityStepInput, SecurityStepReply } from "./steps";
import { addPasskey, CHALLENGE_TTL_MS, PasskeysUnavailable, portalPasskeys, readRegistrationAnswer, registrationOptions } from "~/.server/sign-in-security/passkeys.server";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { normalisePasskeyName, passkeyNameProblem } from "~/lib/passkeys";

/**
 * The profile's Sign-in security steps (decisions/277, 300, 377): every change but a rename carries fresh proof and is e-mailed and
 * recorded (decisions/312, 365); always the account holder's own, whoever's record is being viewed.
 */

const turnOnMail: CodeMail = { purpose: "turn-on", subject: secondStepTexts.mailSubject, body: secondStepTexts.mailBody };
const confirmMail: CodeMail = { purpose: "confirm", subject: secondStepTexts.confirmSubject, body: secondStepTexts.confirmBody };

/** The grant to add a passkey: proof given once lets the proving browser retry the prompt while a challenge lives; only the token's hash is stored (decisions/393). */
const addGrantKey = (sessionId: string) => `passkey-add-proof:${anonymousSessionId(sessionId)}`;
const grantDigest = (token: string) => createHash("sha256").update(`passkey-add-grant\n${token}`).digest();

async function newAddGrant(sessionId: string): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await stateStore.set(addGrantKey(sessionId), grantDigest(token).toString("base64url"), CHALLENGE_TTL_MS);
  return token;
}

async function holdsAddGrant(sessionId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const kept = await stateStore.get(addGrantKey(sessionId));
  if (kept === null) return false;
  const [expected, actual] = [Buffer.from(kept, "base64url"), grantDigest(token)];
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The proof a step's input carries, as the proof's check reads a form. */
function proofForm({ code, recovery, password }: SecurityStepInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ code, recovery, password })) if (value !== undefined) form.set(name, value);
  return form;
}

/** The practice's check of the holder's current password (as Change Password makes it): its own sign-in, given back at once. */
function practicePassword(user: SignedIn["user"]) {
  return async (typed: string): Promise<"right" | "wrong"> => {
    const outcome = await authenticate(user.apiBase, { userName: user.username, password: typed });
    if (outcome.kind !== "signedIn") return "wrong";
    await logout(user.apiBase, outcome.token).catch(() => undefined);
    return outcome.patientId === user.parentId ? "right" : "wrong";
  };
}

/** What every step of Sign-in security works with: the holder, the session's budgets, the proof's check and the change's mail. */
function securityContext({ user, session }: Pick<SignedIn, "user" | "session">, request: Request) {
  const holderKey = accountHolderKey(user.apiBase, user.parentId);
  const who = { apiBase: user.apiBase, holderId: user.parentId, holderKey, sessionId: session.id };
  const attempts = sessionBudget(portalSecondStep.sessionAttempts, session.id, holderKey);
  return {
    user,
    session,
    holderKey,
    who,
    store: portalSecondStep.store,
    sends: sessionBudget(portalSecondStep.sessionSends, session.id, holderKey),
    attempts,
    proven: (form: FormData, change: ProofChange, password?: ReturnType<typeof practicePassword>) => checkProof({ store: portalSecondStep.store, budget: attempts, password }, who, request, form, change),
    told: (change: SecurityChange) => mailSecurityChange(portalSecondStep.sendMail, user.username, change, request),
  };
}

const refuse = (message: string, status = 400) => refusal(message, { status });

/** A step's own failures told in words: the stores away, or the practice unable to check a password given as proof (nothing counted, nothing changed). */
async function guarded<R>(run: () => Promise<R | Refusal>): Promise<R | Refusal> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof PasskeysUnavailable) return refuse(passkeyTexts.unavailable, 503);
    if (error instanceof SecondStepUnavailable) return refuse(secondStepTexts.unavailable, 503);
    if (error instanceof PracticeApiError) return refuse(secondStepTexts.passwordUncheckable, 503);
    throw error;
  }
}

/**
 * One step of Sign-in security for the signed-in holder (but adding a passkey, below): `form` holds what
 * the step names (its proof, a passkey's name or id), read as the proof's check reads a form.
 */
export function signInSecurityStep(step: PlainSecurityStep, form: FormData, signedIn: Pick<SignedIn, "user" | "session">, request: Request): Promise<SecurityStepReply | Refusal> {
  const { user, holderKey, who, store, sends, attempts, proven, told } = securityContext(signedIn, request);
  const answer = (reply: SecurityStepReply) => reply;
  return guarded(async () => {
    switch (step) {
      case "send": {
        // The sign-in address: the one the code will go to at every sign-in.
        const failure = await sendSecondStepCode(portalSecondStep, sends, holderKey, user.username, turnOnMail);
        return failure ? refuse(failure, 503) : answer({ sentTo: maskAddress(user.username) });
      }
      case "turn-on": {
        const code = String(form.get("code") ?? "");
        const problem = codeShapeProblem(code, false);
        if (problem) return refuse(problem);
        if (!(await attempts.claim())) return refuse(secondStepTexts.tooManyAttempts, 429);
        const verdict = await store.useEmailCode(holderKey, "turn-on", code);
        if (verdict !== "accepted") {
          recordSignInEvent(who, request, "second-step-failed");
          return refuse(verdict === "expired" ? secondStepTexts.expiredCode : secondStepTexts.wrongCode);
        }
        await attempts.succeeded();
        const codes = await store.turnOn(holderKey);
        recordSignInEvent(who, request, "second-step-on");
        recordSignInEvent(who, request, "recovery-codes-made");
        await told({ kind: "second-step-on" });
        return answer({ codes, message: secondStepTexts.turnedOn });
      }
      case "confirm-send": {
        // A code for a change to sign-in, with words of its own: someone who did not ask is told what to do.
        const failure = await sendSecondStepCode(portalSecondStep, sends, holderKey, user.username, confirmMail);
        return failure ? refuse(failure, 503) : answer({ sentTo: maskAddress(user.username) });
      }
      case "turn-off": {
        const proof = await proven(form, "second-step-off");
        if (!proof.ok) return refuse(proof.message, proof.status);
        const { recoveryCodesKept } = await store.turnOff(holderKey);
        recordSignInEvent(who, request, "second-step-off");
        await told({ kind: "second-step-off" });
        return answer({ message: recoveryCodesKept ? secondStepTexts.turnedOffCodesKept : secondStepTexts.turnedOff });
      }
      case "recovery-codes": {
        // Any second step has recovery codes: the e-mailed code's, or a passkey's (decisions/321).
        const [{ on }, passkeyCount] = await Promise.all([store.status(holderKey), portalPasskeys.store.count(holderKey)]);
        if (!hasSecondStep({ emailOn: on, passkeys: passkeyCount })) return refuse(secondStepTexts.notOn);
        const proof = await proven(form, "recovery-codes");
        if (!proof.ok) return refuse(proof.message, proof.status);
        const codes = await store.replaceRecoveryCodes(holderKey);
        recordSignInEvent(who, request, "recovery-codes-made");
        await told({ kind: "recovery-codes-made" });
        return answer({ codes, message: secondStepTexts.newRecoveryCodes });
      }
      // Passkeys (decisions/300): a new name, removal; adding one is `passkeyOptionsStep` and `passkeyAddStep`.
      case "passkey-rename": {
        const typed = String(form.get("name") ?? "");
        const problem = passkeyNameProblem(typed);
        if (problem) return refuse(problem);
        const name = normalisePasskeyName(typed);
        if (!(await portalPasskeys.store.rename(holderKey, String(form.get("id") ?? ""), name))) return refuse(passkeyTexts.notListed, 404);
        recordSignInEvent(who, request, "passkey-renamed");
        return answer({ message: passkeyTexts.renamed(name) });
      }
      case "passkey-remove": {
        // Removing one weakens sign-in: fresh proof first (decisions/312), asked only for a passkey this holder has, so a wrong id spends no code.
        const id = String(form.get("id") ?? "");
        if (!(await portalPasskeys.store.list(holderKey)).some((p) => p.id === id)) return refuse(passkeyTexts.notListed, 404);
        const proof = await proven(form, "passkey-remove");
        if (!proof.ok) return refuse(proof.message, proof.status);
        const removed = await portalPasskeys.store.remove(holderKey, id);
        if (removed === null) return refuse(passkeyTexts.notListed, 404);
        recordSignInEvent(who, request, "passkey-removed");
        await told({ kind: "passkey-removed", name: removed.name });
        return answer({ message: removed.recoveryCodesRemoved ? passkeyTexts.removedWithCodes(removed.name) : passkeyTexts.removed(removed.name) });
      }
    }
  });
}

/**
 * The browser's prompt for a new passkey: after fresh proof (decisions/365), which answers a new grant
 * token, or on a try again with the token the proof answered (decisions/393). A holder with no second
 * step yet has nothing but the password and the inbox: either is proof (issue 51).
 */
export function passkeyOptionsStep(input: PasskeyOptionsInput, signedIn: Pick<SignedIn, "user" | "session">, request: Request): Promise<PasskeyOptionsReply | Refusal> {
  const { user, session, holderKey, store, proven } = securityContext(signedIn, request);
  return guarded(async () => {
    if (!portalPasskeys.relyingParty) return refuse(passkeyTexts.noOrigin, 503);
    const problem = passkeyNameProblem(input.name ?? "");
    if (problem) return refuse(problem);
    let grant = input.grant;
    if (grant === undefined || !(await holdsAddGrant(session.id, grant))) {
      const [{ on }, passkeyCount] = await Promise.all([store.status(holderKey), portalPasskeys.store.count(holderKey)]);
      const passwordAllowed = !hasSecondStep({ emailOn: on, passkeys: passkeyCount }) && user.username !== "";
      const proof = await proven(proofForm(input), "passkey-add", passwordAllowed ? practicePassword(user) : undefined);
      if (!proof.ok) return refuse(proof.message, proof.status);
      grant = await newAddGrant(session.id);
    }
    const options = await registrationOptions(portalPasskeys, { holderKey, userName: user.username, displayName: user.parentName }, anonymousSessionId(session.id));
    return { options, grant };
  });
}

/** The browser's new credential, with the grant token of the proof (decisions/393): the session alone adds nothing. */
export function passkeyAddStep(input: PasskeyAddInput, signedIn: Pick<SignedIn, "user" | "session">, request: Request): Promise<SecurityStepReply | Refusal> {
  const { session, holderKey, who, told } = securityContext(signedIn, request);
  return guarded(async () => {
    if (!(await holdsAddGrant(session.id, input.grant))) return refuse(secondStepTexts.proofNeeded);
    const response = readRegistrationAnswer(input.answer);
    if (!response) return refuse(passkeyTexts.refused);
    const addedFrom = deviceLabel(request.headers.get("User-Agent"));
    const verdict = await addPasskey(portalPasskeys, { holderKey, session: anonymousSessionId(session.id), addedFrom }, response, input.name);
    if (!verdict.ok) return refuse(verdict.message, verdict.status);
    await stateStore.delete(addGrantKey(session.id));
    recordSignInEvent(who, request, "passkey-added");
    // A first passkey brought recovery codes (decisions/321): recorded as when the e-mailed code made them, and shown once.
    if (verdict.recoveryCodes) recordSignInEvent(who, request, "recovery-codes-made");
    await told({ kind: "passkey-added", name: verdict.name });
    return { message: passkeyTexts.added(verdict.name), ...(verdict.recoveryCodes ? { codes: verdict.recoveryCodes } : {}) };
  });
}
