import { describe, expect, it } from "vitest";
import { observability } from "~/.server/observability.server";
import { checkProof, type ProofChange } from "~/.server/sign-in-security/second-step-proof.server";
import { SESSION_CODE_LIMITS, sessionBudget, type CodeVerdict, type SecondStepStore } from "~/.server/sign-in-security/second-step.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { AttemptThrottle } from "~/.server/sign-in-security/throttle.server";
import { secondStepTexts } from "~/lib/texts/second-step";

/**
 * The rule of decisions/312 and issue 51: a change to sign-in carries fresh proof, a code e-mailed for
 * that purpose or a recovery code, checked by the second step's own store, or the current password where
 * the caller allows it; wrong and expired proofs are refused in words and counted against the session's
 * own budget. The store here answers as the test says (its own rules are tested against PGlite and
 * PostgreSQL in tests/integration/second-step.test.ts).
 */

const who = { apiBase: "http://practice.test/api/", holderId: "1001", holderKey: "proofholderaaaaaaaaaa1", sessionId: "a-session-id-for-the-test" };
const request = new Request("http://portal.test/profile", { method: "POST" });

function storeAnswering(email: CodeVerdict, recovery: boolean) {
  const used: string[] = [];
  const store = {
    useEmailCode: async (_holder: string, purpose: string, code: string) => (used.push(`email:${purpose}:${code}`), email),
    useRecoveryCode: async (_holder: string, code: string) => (used.push(`recovery:${code}`), recovery),
  } as unknown as SecondStepStore;
  return { store, used };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** A session's budget over a fresh store, and a way to see how many more claims it allows. */
function budgetOf(sessionId = who.sessionId) {
  const throttle = new AttemptThrottle(SESSION_CODE_LIMITS, new MemoryStateStore(), "change-code:");
  return { budget: sessionBudget(throttle, sessionId, who.holderKey), throttle };
}

async function proofs(change: ProofChange, outcome: string) {
  const values = (await observability().secondStepProofs.get()).values;
  return values.find((v) => v.labels.change === change && v.labels.outcome === outcome)?.value ?? 0;
}

describe("fresh proof before a change to sign-in", () => {
  it("without a code, or with one of the wrong shape, refuses in words and asks the store nothing, counting nothing", async () => {
    const { store, used } = storeAnswering("accepted", true);
    const { budget } = budgetOf();
    expect(await checkProof({ store, budget }, who, request, form({}), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.proofNeeded, status: 400 });
    expect(await checkProof({ store, budget }, who, request, form({ code: "12" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.codeShape, status: 400 });
    expect(await checkProof({ store, budget }, who, request, form({ code: "123456", recovery: "true" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.recoveryShape, status: 400 });
    // Spaces alone are no code; an empty password field beside a code is no password.
    expect(await checkProof({ store, budget }, who, request, form({ code: "   " }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.proofNeeded, status: 400 });
    expect(used).toEqual([]);
    // Still all five wrong codes left: none was counted.
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount; i++) expect(await budget.claim()).toBe(true);
    expect(await budget.claim()).toBe(false);
  });

  it("an empty password field beside a code is no password: the code is checked", async () => {
    const { store, used } = storeAnswering("accepted", true);
    expect(await checkProof({ store, budget: budgetOf().budget }, who, request, form({ password: "", code: "123456" }), "second-step-off")).toEqual({ ok: true });
    expect(used).toEqual(["email:confirm:123456"]);
  });

  it("a wrong or an expired e-mailed code is refused with its own words and counted; the sixth wrong one is paused", async () => {
    const { budget } = budgetOf();
    const [wrongBefore, expiredBefore, throttledBefore] = [await proofs("second-step-off", "wrong"), await proofs("second-step-off", "expired"), await proofs("second-step-off", "throttled")];
    const expired = storeAnswering("expired", false);
    expect(await checkProof({ store: expired.store, budget }, who, request, form({ code: "123 456" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.expiredCode, status: 400 });
    // Only a code e-mailed to confirm a change is looked for (issue 51): a sign-in code is another purpose.
    expect(expired.used).toEqual(["email:confirm:123 456"]);
    const wrong = storeAnswering("wrong", false);
    for (let i = 1; i < SESSION_CODE_LIMITS.perAccount; i++) {
      expect(await checkProof({ store: wrong.store, budget }, who, request, form({ code: "654321" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.wrongCode, status: 400 });
    }
    expect(await proofs("second-step-off", "wrong")).toBe(wrongBefore + SESSION_CODE_LIMITS.perAccount - 1);
    expect(await proofs("second-step-off", "expired")).toBe(expiredBefore + 1);
    // Five counted (the expired one among them): even the right code waits now, and the store is not asked.
    const right = storeAnswering("accepted", false);
    expect(await checkProof({ store: right.store, budget }, who, request, form({ code: "111111" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.tooManyAttempts, status: 429 });
    expect(right.used).toEqual([]);
    expect(await proofs("second-step-off", "throttled")).toBe(throttledBefore + 1);
  });

  it("the right e-mailed code, or a recovery code, lets the change through and starts the session's count again", async () => {
    const { budget } = budgetOf();
    const wrong = storeAnswering("wrong", false);
    for (let i = 1; i < SESSION_CODE_LIMITS.perAccount; i++) await checkProof({ store: wrong.store, budget }, who, request, form({ code: "654321" }), "recovery-codes");
    const accepted = await proofs("recovery-codes", "accepted");
    const right = storeAnswering("accepted", true);
    expect(await checkProof({ store: right.store, budget }, who, request, form({ code: "111111" }), "recovery-codes")).toEqual({ ok: true });
    expect(await checkProof({ store: right.store, budget }, who, request, form({ code: "7kq2m-x9pda", recovery: "true" }), "recovery-codes")).toEqual({ ok: true });
    expect(right.used).toEqual(["email:confirm:111111", "recovery:7kq2m-x9pda"]);
    expect(await proofs("recovery-codes", "accepted")).toBe(accepted + 2);
    // A wrong recovery code has words of its own, and is counted as wrong.
    const wrongBefore = await proofs("recovery-codes", "wrong");
    expect(await checkProof({ store: storeAnswering("accepted", false).store, budget }, who, request, form({ code: "ABCDE-FGHJK", recovery: "true" }), "recovery-codes")).toEqual({ ok: false, message: secondStepTexts.wrongRecoveryCode, status: 400 });
    expect(await proofs("recovery-codes", "wrong")).toBe(wrongBefore + 1);
    // The session's count started again at the success: four more wrong ones are still allowed.
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount - 1; i++) expect(await budget.claim()).toBe(true);
    expect(await budget.claim()).toBe(false);
  });

  it("a password is proof only where the change allows it; a wrong one is refused in words and counted like a wrong code", async () => {
    const { store, used } = storeAnswering("accepted", true);
    const { budget } = budgetOf();
    // Without the practice's check (every change but a first passkey's): refused, nothing asked, nothing counted.
    expect(await checkProof({ store, budget }, who, request, form({ password: "Secret123!" }), "second-step-off")).toEqual({ ok: false, message: secondStepTexts.passwordNotProof, status: 400 });
    const checked: string[] = [];
    const password = async (typed: string) => (checked.push(typed), typed === "Right-Password1" ? ("right" as const) : ("wrong" as const));
    const wrongBefore = await proofs("passkey-add", "wrong");
    expect(await checkProof({ store, budget, password }, who, request, form({ password: "guess" }), "passkey-add")).toEqual({ ok: false, message: secondStepTexts.wrongPassword, status: 400 });
    expect(await proofs("passkey-add", "wrong")).toBe(wrongBefore + 1);
    expect(await checkProof({ store, budget, password }, who, request, form({ password: "Right-Password1" }), "passkey-add")).toEqual({ ok: true });
    expect(checked).toEqual(["guess", "Right-Password1"]);
    expect(used).toEqual([]);
    // Paused like codes: four wrong passwords after the success, then even the right one waits, unasked.
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount; i++) await checkProof({ store, budget, password }, who, request, form({ password: "guess" }), "passkey-add");
    expect(await checkProof({ store, budget, password }, who, request, form({ password: "Right-Password1" }), "passkey-add")).toEqual({ ok: false, message: secondStepTexts.tooManyPasswords, status: 429 });
    expect(checked).toHaveLength(2 + SESSION_CODE_LIMITS.perAccount);
  });

  it("one session's wrong proofs pause that session, and the holder's changes only past their own limit", async () => {
    const throttle = new AttemptThrottle(SESSION_CODE_LIMITS, new MemoryStateStore(), "change-code:");
    const wrong = storeAnswering("wrong", false);
    const thief = sessionBudget(throttle, "the-thiefs-session", who.holderKey);
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount; i++) await checkProof({ store: wrong.store, budget: thief }, who, request, form({ code: "654321" }), "second-step-off");
    expect(await checkProof({ store: wrong.store, budget: thief }, who, request, form({ code: "654321" }), "second-step-off")).toMatchObject({ status: 429 });
    // Another session of the holder is not paused by the first one's five.
    const owner = sessionBudget(throttle, "the-owners-session", who.holderKey);
    expect(await checkProof({ store: storeAnswering("accepted", false).store, budget: owner }, who, request, form({ code: "111111" }), "second-step-off")).toEqual({ ok: true });
  });

  it("each wrong proof, and each recovery code used, goes on the holder's access record; a right code or password does not", async () => {
    const rows: { action: string }[] = [];
    const recording = { insertLater: (_operation: string, _table: unknown, row: { action: string }) => void rows.push(row), close: async () => undefined } as unknown as PortalStore;
    sharePortalStore(recording);
    try {
      const password = async (typed: string) => (typed === "right" ? ("right" as const) : ("wrong" as const));
      const check = (store: SecondStepStore, fields: Record<string, string>) => checkProof({ store, budget: budgetOf().budget, password }, who, request, form(fields), "passkey-add");
      await check(storeAnswering("wrong", false).store, { code: "654321" });
      await check(storeAnswering("expired", false).store, { code: "654321" });
      await check(storeAnswering("accepted", false).store, { code: "ABCDE-FGHJK", recovery: "true" });
      await check(storeAnswering("accepted", false).store, { password: "guess" });
      expect(rows.map((r) => r.action)).toEqual(["second-step-failed", "second-step-failed", "second-step-failed", "password-check-failed"]);
      rows.length = 0;
      await check(storeAnswering("accepted", true).store, { code: "111111" });
      await check(storeAnswering("accepted", true).store, { password: "right" });
      expect(rows).toEqual([]);
      await check(storeAnswering("accepted", true).store, { code: "7KQ2M-X9PDA", recovery: "true" });
      expect(rows.map((r) => r.action)).toEqual(["recovery-code-used"]);
    } finally {
      unsharePortalStore(recording);
    }
  });

  it("a store or a practice that cannot say is not a wrong proof: the error goes on, and nothing is counted against the session", async () => {
    const { budget } = budgetOf();
    const failing = { useEmailCode: async () => Promise.reject(new Error("store away")), useRecoveryCode: async () => Promise.reject(new Error("store away")) } as unknown as SecondStepStore;
    for (let i = 0; i < SESSION_CODE_LIMITS.perAccount + 2; i++) {
      await expect(checkProof({ store: failing, budget }, who, request, form({ code: "123456" }), "second-step-off")).rejects.toThrow("store away");
    }
    await expect(checkProof({ store: failing, budget, password: async () => Promise.reject(new Error("practice away")) }, who, request, form({ password: "guess" }), "passkey-add")).rejects.toThrow("practice away");
    expect(await checkProof({ store: storeAnswering("accepted", false).store, budget }, who, request, form({ code: "123456" }), "second-step-off")).toEqual({ ok: true });
  });
});
