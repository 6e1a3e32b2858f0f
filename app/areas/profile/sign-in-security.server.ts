import { data } from "react-router";
import { maskAddress, portalSecondStep, recordSignInEvent, SecondStepUnavailable, sendSecondStepCode } from "../../.server/second-step.server";
import { checkProof } from "../../.server/second-step-proof.server";
import { accountHolderKey, requireSession } from "../../.server/session.server";
import { clientAddress } from "../../.server/client-address.server";
import { secondStepTexts } from "../../lib/texts/secondStep";
import { codeShapeProblem, hasSecondStep } from "../../lib/second-step";
import type { SecondStepReply } from "./forms";
import { addPasskey, PasskeysUnavailable, portalPasskeys, readRegistrationAnswer, registrationOptions } from "../../.server/passkeys.server";
import { passkeyTexts } from "../../lib/texts/passkeys";
import { normalisePasskeyName, passkeyNameProblem } from "../../lib/passkeys";

/**
 * The profile's Sign-in security (decisions/277), posted to the profile's own action with intents
 * starting "sign-in-security-" (a route of its own would grow every page's route manifest): send a code to turn the e-mailed code on, turn it
 * on with that code (answering the first recovery codes, shown once), turn it off, make new recovery
 * codes; add, rename and remove passkeys (decisions/300). Turning the code off, new recovery codes and
 * removing a passkey weaken sign-in, so each carries fresh proof (decisions/312): a code e-mailed for it (`confirm-send`)
 * or a recovery code. Always the account holder's own, whoever's record is being viewed: the second step belongs
 * to the person who signs in. Same-origin posts only, as every action (server.ts). Every change is
 * recorded on the holder's access record, never a code.
 */

export const SIGN_IN_SECURITY = "sign-in-security-";

export async function signInSecurityAction(request: Request, form: FormData) {
  const signedIn = await requireSession(request);
  const { user, session } = signedIn;
  const holderKey = accountHolderKey(user.apiBase, user.parentId);
  const who = { apiBase: user.apiBase, holderId: user.parentId, holderKey, sessionId: session.id };
  const intent = String(form.get("intent") ?? "");
  const address = clientAddress(request);
  const { store } = portalSecondStep;
  const refuse = (message: string, status = 400) => data<SecondStepReply>({ ok: false, intent, message }, { status, headers: { "Cache-Control": "no-store" } });
  const answer = (reply: Omit<Extract<SecondStepReply, { ok: true }>, "ok" | "intent">) => data<SecondStepReply>({ ok: true, intent, ...reply }, { headers: { "Cache-Control": "no-store" } });
  try {
    switch (intent.slice(SIGN_IN_SECURITY.length)) {
      case "send": {
        // The sign-in address: the one the code will go to at every sign-in.
        const failure = await sendSecondStepCode(portalSecondStep, holderKey, user.username, address);
        return failure ? refuse(failure, 503) : answer({ sentTo: maskAddress(user.username) });
      }
      case "turn-on": {
        const code = String(form.get("code") ?? "");
        const problem = codeShapeProblem(code, false);
        if (problem) return refuse(problem);
        const claim = await portalSecondStep.attempts.claim(holderKey, address);
        if (!claim.allowed) return refuse(secondStepTexts.tooManyAttempts, 429);
        const verdict = await store.useEmailCode(holderKey, code);
        if (verdict !== "accepted") {
          recordSignInEvent(who, request, "second-step-failed");
          return refuse(verdict === "expired" ? secondStepTexts.expiredCode : secondStepTexts.wrongCode);
        }
        await portalSecondStep.attempts.succeeded(holderKey, address);
        const codes = await store.turnOn(holderKey);
        recordSignInEvent(who, request, "second-step-on");
        recordSignInEvent(who, request, "recovery-codes-made");
        return answer({ codes, message: secondStepTexts.turnedOn });
      }
      case "confirm-send": {
        // A code for a change that weakens sign-in, with words of its own: someone who did not ask is told what to do.
        const failure = await sendSecondStepCode(portalSecondStep, holderKey, user.username, address, { subject: secondStepTexts.confirmSubject, body: secondStepTexts.confirmBody });
        return failure ? refuse(failure, 503) : answer({ sentTo: maskAddress(user.username) });
      }
      case "turn-off": {
        const proof = await checkProof(portalSecondStep, who, request, form, "second-step-off", address);
        if (!proof.ok) return refuse(proof.message, proof.status);
        const { recoveryCodesKept } = await store.turnOff(holderKey);
        recordSignInEvent(who, request, "second-step-off");
        return answer({ message: recoveryCodesKept ? secondStepTexts.turnedOffCodesKept : secondStepTexts.turnedOff });
      }
      case "recovery-codes": {
        // Any second step has recovery codes: the e-mailed code's, or a passkey's (decisions/321).
        const [{ on }, passkeyCount] = await Promise.all([store.status(holderKey), portalPasskeys.store.count(holderKey)]);
        if (!hasSecondStep({ emailOn: on, passkeys: passkeyCount })) return refuse(secondStepTexts.notOn);
        const proof = await checkProof(portalSecondStep, who, request, form, "recovery-codes", address);
        if (!proof.ok) return refuse(proof.message, proof.status);
        const codes = await store.replaceRecoveryCodes(holderKey);
        recordSignInEvent(who, request, "recovery-codes-made");
        return answer({ codes, message: secondStepTexts.newRecoveryCodes });
      }
      // Passkeys (decisions/300): the options of the browser's ceremony, its new credential, a new name, removal.
      case "passkey-options": {
        if (!portalPasskeys.relyingParty) return refuse(passkeyTexts.noOrigin, 503);
        const problem = passkeyNameProblem(String(form.get("name") ?? ""));
        if (problem) return refuse(problem);
        const options = await registrationOptions(portalPasskeys, { holderKey, userName: user.username, displayName: user.parentName });
        return answer({ options });
      }
      case "passkey-add": {
        const response = readRegistrationAnswer(String(form.get("answer") ?? ""));
        if (!response) return refuse(passkeyTexts.refused);
        const verdict = await addPasskey(portalPasskeys, holderKey, response, String(form.get("name") ?? ""));
        if (!verdict.ok) return refuse(verdict.message, verdict.status);
        recordSignInEvent(who, request, "passkey-added");
        // A first passkey brought recovery codes (decisions/321): recorded as when the e-mailed code made them, and shown once.
        if (verdict.recoveryCodes) recordSignInEvent(who, request, "recovery-codes-made");
        return answer({ message: passkeyTexts.added(verdict.name), ...(verdict.recoveryCodes ? { codes: verdict.recoveryCodes } : {}) });
      }
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
        const proof = await checkProof(portalSecondStep, who, request, form, "passkey-remove", address);
        if (!proof.ok) return refuse(proof.message, proof.status);
        const removed = await portalPasskeys.store.remove(holderKey, id);
        if (removed === null) return refuse(passkeyTexts.notListed, 404);
        recordSignInEvent(who, request, "passkey-removed");
        return answer({ message: removed.recoveryCodesRemoved ? passkeyTexts.removedWithCodes(removed.name) : passkeyTexts.removed(removed.name) });
      }
      default:
        return refuse("Unknown request");
    }
  } catch (error) {
    if (error instanceof PasskeysUnavailable) return refuse(passkeyTexts.unavailable, 503);
    if (error instanceof SecondStepUnavailable) return refuse(secondStepTexts.unavailable, 503);
    throw error;
  }
}
