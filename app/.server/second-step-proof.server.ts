import { secondStepTexts } from "../lib/texts/secondStep";
import { codeShapeProblem } from "../lib/second-step";
import { observability } from "./observability.server";
import { recordSignInEvent, type SecondStepStore } from "./second-step.server";
import type { AttemptThrottle } from "./throttle.server";

/**
 * Fresh proof before a change that weakens the account's sign-in (decisions/312): turning the
 * e-mailed code off, making new recovery codes (which would hand whoever holds the session a way
 * past the e-mailed code), and removing a passkey. A signed-in session is not enough,
 * since a stolen one would be: the change carries a code e-mailed to the sign-in address at that
 * moment (the `confirm-send` intent; it works for 10 minutes, once, and only the newest), or one of
 * the holder's recovery codes.
 *
 * A code of the wrong shape is answered without counting, as at sign-in; a wrong or expired one is
 * refused in words, counted with the sign-in's wrong codes (the same per-holder and per-address
 * pause), counted in `portal_second_step_proofs_total{change,outcome}` and recorded on the holder's
 * access record (`second-step-failed`). Nothing here logs or records a code.
 */

/** The changes that ask for proof: the metric's `change` label, a closed set. */
export type WeakeningChange = "second-step-off" | "recovery-codes" | "passkey-remove";

export interface ProofHolder {
  apiBase: string;
  holderId: string;
  holderKey: string;
  sessionId: string;
}

export type ProofVerdict = { ok: true } | { ok: false; message: string; status: number };

/** The proof a form carries: `code`, and `recovery` "true" when it is a recovery code. */
export async function checkProof(
  deps: { store: SecondStepStore; attempts: AttemptThrottle },
  who: ProofHolder,
  request: Request,
  form: FormData,
  change: WeakeningChange,
  address: string,
): Promise<ProofVerdict> {
  const recovery = form.get("recovery") === "true";
  const code = String(form.get("code") ?? "");
  const count = (outcome: "accepted" | "wrong" | "expired" | "throttled") => observability().secondStepProofs.inc({ change, outcome });
  if (code.trim() === "") return { ok: false, message: secondStepTexts.proofNeeded, status: 400 };
  const shape = codeShapeProblem(code, recovery);
  if (shape) return { ok: false, message: shape, status: 400 };
  const claim = await deps.attempts.claim(who.holderKey, address);
  if (!claim.allowed) {
    count("throttled");
    return { ok: false, message: secondStepTexts.tooManyAttempts, status: 429 };
  }
  const verdict = recovery ? ((await deps.store.useRecoveryCode(who.holderKey, code)) ? "accepted" : "wrong") : await deps.store.useEmailCode(who.holderKey, code);
  if (verdict !== "accepted") {
    count(verdict);
    recordSignInEvent(who, request, "second-step-failed");
    const message = recovery ? secondStepTexts.wrongRecoveryCode : verdict === "expired" ? secondStepTexts.expiredCode : secondStepTexts.wrongCode;
    return { ok: false, message, status: 400 };
  }
  count("accepted");
  await deps.attempts.succeeded(who.holderKey, address);
  if (recovery) recordSignInEvent(who, request, "recovery-code-used");
  return { ok: true };
}
