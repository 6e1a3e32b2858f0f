import { describe, expect, it } from "vitest";
import { observability } from "../../app/.server/observability.server";
import { checkProof, type WeakeningChange } from "../../app/.server/second-step-proof.server";
import { SECOND_STEP_LIMITS, secondStepThrottle, type CodeVerdict, type SecondStepStore } from "../../app/.server/second-step.server";
import { MemoryStateStore } from "../../app/.server/state-store.server";
import { secondStepTexts } from "../../app/lib/texts/secondStep";

/**
 * The rule of decisions/312: a change that weakens sign-in carries fresh proof, an e-mailed code or a
 * recovery code, checked by the second step's own store; wrong and expired codes are refused in words
 * and counted like wrong codes at sign-in. The store here answers as the test says (its own rules
 * are tested against PGlite and PostgreSQL in tests/integration/second-step.test.ts).
 */

const who = { apiBase: "http://practice.test/api/", holderId: "1001", holderKey: "proofholderaaaaaaaaaa1", sessionId: "a-session-id-for-the-test" };
const request = new Request("http://portal.test/profile", { method: "POST" });

function storeAnswering(email: CodeVerdict, recovery: boolean) {
  const used: string[] = [];
  const store = {
    useEmailCode: async (_holder: string, code: string) => (used.push(`email:${code}`), email),
    useRecoveryCode: async (_holder: string, code: string) => (used.push(`recovery:${code}`), recovery),
  } as unknown as SecondStepStore;
  return { store, used };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function proofs(change: WeakeningChange, outcome: string) {
  const values = (await observability().secondStepProofs.get()).values;
  return values.find((v) => v.labels.change === change && v.labels.outcome === outcome)?.value ?? 0;
}

describe("fresh proof before a change that weakens sign-in", () => {
  it("without a code, or with one of the wrong shape, refuses in words and asks the store nothing, counting nothing", async () => {
    const { store, used } = storeAnswering("accepted", true);
    const attempts = secondStepThrottle(new MemoryStateStore());
    expect(await checkProof({ store, attempts }, who, request, form({}), "second-step-off", "192.0.2.1")).toEqual({ ok: false, message: secondStepTexts.proofNeeded, status: 400 });
    expect(await checkProof({ store, attempts }, who, request, form({ code: "12" }), "second-step-off", "192.0.2.1")).toEqual({ ok: false, message: secondStepTexts.codeShape, status: 400 });
    expect(await checkProof({ store, attempts }, who, request, form({ code: "123456", recovery: "true" }), "second-step-off", "192.0.2.1")).toEqual({ ok: false, message: secondStepTexts.recoveryShape, status: 400 });
    expect(used).toEqual([]);
    // Still all five wrong codes left: none was counted.
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount; i++) expect((await attempts.claim(who.holderKey, "192.0.2.1")).allowed).toBe(true);
  });

  it("a wrong or an expired e-mailed code is refused with its own words and counted; the sixth wrong one is paused", async () => {
    const attempts = secondStepThrottle(new MemoryStateStore());
    const [wrongBefore, expiredBefore, throttledBefore] = [await proofs("second-step-off", "wrong"), await proofs("second-step-off", "expired"), await proofs("second-step-off", "throttled")];
    const expired = storeAnswering("expired", false);
    expect(await checkProof({ store: expired.store, attempts }, who, request, form({ code: "123 456" }), "second-step-off", "192.0.2.2")).toEqual({ ok: false, message: secondStepTexts.expiredCode, status: 400 });
    expect(expired.used).toEqual(["email:123 456"]);
    const wrong = storeAnswering("wrong", false);
    for (let i = 1; i < SECOND_STEP_LIMITS.perAccount; i++) {
      expect(await checkProof({ store: wrong.store, attempts }, who, request, form({ code: "654321" }), "second-step-off", "192.0.2.2")).toEqual({ ok: false, message: secondStepTexts.wrongCode, status: 400 });
    }
    expect(await proofs("second-step-off", "wrong")).toBe(wrongBefore + SECOND_STEP_LIMITS.perAccount - 1);
    expect(await proofs("second-step-off", "expired")).toBe(expiredBefore + 1);
    // Five counted (the expired one among them): even the right code waits now, and the store is not asked.
    const right = storeAnswering("accepted", false);
    expect(await checkProof({ store: right.store, attempts }, who, request, form({ code: "111111" }), "second-step-off", "192.0.2.2")).toEqual({ ok: false, message: secondStepTexts.tooManyAttempts, status: 429 });
    expect(right.used).toEqual([]);
    expect(await proofs("second-step-off", "throttled")).toBe(throttledBefore + 1);
  });

  it("the right e-mailed code, or a recovery code, lets the change through and starts the count again", async () => {
    const attempts = secondStepThrottle(new MemoryStateStore());
    const wrong = storeAnswering("wrong", false);
    for (let i = 1; i < SECOND_STEP_LIMITS.perAccount; i++) await checkProof({ store: wrong.store, attempts }, who, request, form({ code: "654321" }), "recovery-codes", "192.0.2.3");
    const accepted = await proofs("recovery-codes", "accepted");
    const right = storeAnswering("accepted", true);
    expect(await checkProof({ store: right.store, attempts }, who, request, form({ code: "111111" }), "recovery-codes", "192.0.2.3")).toEqual({ ok: true });
    expect(await checkProof({ store: right.store, attempts }, who, request, form({ code: "7kq2m-x9pda", recovery: "true" }), "recovery-codes", "192.0.2.3")).toEqual({ ok: true });
    expect(right.used).toEqual(["email:111111", "recovery:7kq2m-x9pda"]);
    expect(await proofs("recovery-codes", "accepted")).toBe(accepted + 2);
    // A wrong recovery code has words of its own.
    expect(await checkProof({ store: storeAnswering("accepted", false).store, attempts }, who, request, form({ code: "ABCDE-FGHJK", recovery: "true" }), "recovery-codes", "192.0.2.3")).toEqual({ ok: false, message: secondStepTexts.wrongRecoveryCode, status: 400 });
    // The count started again at the success: four more wrong ones are still allowed.
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount - 2; i++) expect((await attempts.claim(who.holderKey, "192.0.2.3")).allowed).toBe(true);
  });
});
