import { secondStepTexts } from "~/lib/texts/second-step";
import { codeShapeProblem } from "~/lib/second-step";
import { observability } from "../observability.server";
import { recordSignInEvent, type CodeBudget, type SecondStepStore } from "./second-step.server";

/** Fresh proof before a change that weakens sign-in: a code e-mailed for it, a recovery code or, where allowed, the password (decisions/312, 365). */

/** The changes that ask for proof: the metric's `change` label, a closed set. */
export type ProofChange = "second-step-off" | "recovery-codes" | "passkey-remove" | "passkey-add";

export interface ProofHolder {
  apiBase: string;
  holderId: string;
  holderKey: string;
  sessionId: string;
}

export type ProofVerdict = { ok: true } | { ok: false; message: string; status: number };

export interface ProofDeps {
  store: SecondStepStore;
  /** The session's budget (sessionBudget): wrong proofs pause this session and the holder's changes only. */
  budget: CodeBudget;
  /** The practice's check of the current password, where a password is proof enough; absent elsewhere. */
  password?: (typed: string) => Promise<"right" | "wrong">;
}

/** The proof a form carries: `code`, with `recovery` "true" when it is a recovery code; or `password`. */
export async function checkProof(deps: ProofDeps, who: ProofHolder, request: Request, form: FormData, change: ProofChange): Promise<ProofVerdict> {
  const typedPassword = form.get("password");
  const byPassword = typeof typedPassword === "string" && typedPassword !== "";
  const recovery = form.get("recovery") === "true";
  const code = String(form.get("code") ?? "");
  const count = (outcome: "accepted" | "wrong" | "expired" | "throttled") => observability().secondStepProofs.inc({ change, outcome });
  if (byPassword && !deps.password) return { ok: false, message: secondStepTexts.passwordNotProof, status: 400 };
  if (!byPassword) {
    if (code.trim() === "") return { ok: false, message: secondStepTexts.proofNeeded, status: 400 };
    const shape = codeShapeProblem(code, recovery);
    if (shape) return { ok: false, message: shape, status: 400 };
  }
  if (!(await deps.budget.claim())) {
    count("throttled");
    return { ok: false, message: byPassword ? secondStepTexts.tooManyPasswords : secondStepTexts.tooManyAttempts, status: 429 };
  }
  let verdict: "accepted" | "wrong" | "expired";
  try {
    if (byPassword) verdict = (await deps.password!(typedPassword)) === "right" ? "accepted" : "wrong";
    else if (recovery) verdict = (await deps.store.useRecoveryCode(who.holderKey, code)) ? "accepted" : "wrong";
    else verdict = await deps.store.useEmailCode(who.holderKey, "confirm", code);
  } catch (error) {
    // Not a wrong proof: the store or the practice could not say.
    await deps.budget.release();
    throw error;
  }
  if (verdict !== "accepted") {
    count(verdict);
    recordSignInEvent(who, request, byPassword ? "password-check-failed" : "second-step-failed");
    const message = byPassword ? secondStepTexts.wrongPassword : recovery ? secondStepTexts.wrongRecoveryCode : verdict === "expired" ? secondStepTexts.expiredCode : secondStepTexts.wrongCode;
    return { ok: false, message, status: 400 };
  }
  count("accepted");
  await deps.budget.succeeded();
  if (recovery) recordSignInEvent(who, request, "recovery-code-used");
  return { ok: true };
}
