import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildPracticeData } from "../../fixtures/builders/practice-data";
import { centsOf, PENDING_INVOICES, setPendingBalance, spreadCents } from "../../fixtures/builders/invoices";
import { getScenario, overlay, parseScenario } from "../../fixtures/scenarios/index";
import { defaultScenario } from "../../fixtures/scenarios/default";

/** A scenario's pendingBalance: the holder's pending invoices sum to exactly that, in whole cents. */

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);

/** Pending invoices as the builder makes them: fifty-cent amounts, a balance up to the amount. */
const pendingInvoice = fc
  .record({ amount: fc.integer({ min: 1, max: 200 }), paidShare: fc.double({ min: 0, max: 0.99, noNaN: true }) })
  .map(({ amount, paidShare }) => {
    const amountCents = amount * 50;
    const balanceCents = Math.max(50, Math.round((amountCents * (1 - paidShare)) / 50) * 50);
    return { amountCents, balanceCents: Math.min(balanceCents, amountCents), payNowCents: balanceCents };
  });

describe("spreading a pending balance over invoices", () => {
  it("reads amounts as whole cents without float drift", () => {
    expect(centsOf("120.50")).toBe(12050);
    expect(centsOf("0.07")).toBe(7);
    expect(centsOf("999999.99")).toBe(99_999_999);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999 }), (cents) => centsOf((cents / 100).toFixed(2)) === cents));
    expect(() => centsOf("1.5")).toThrow();
  });

  it("spreadCents sums exactly, gives each at least a cent, and is a pure function of its input", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 99_999_999 }),
        (weights, extra) => {
          const total = weights.length + extra;
          const shares = spreadCents(total, weights);
          expect(shares).toHaveLength(weights.length);
          expect(sum(shares)).toBe(total);
          for (const share of shares) {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(1);
          }
          expect(spreadCents(total, weights)).toEqual(shares);
        },
      ),
    );
  });

  it("spreadCents follows the weights: equal weights get equal shares but for the remainder on the last", () => {
    expect(spreadCents(12050, [1, 1, 1, 1])).toEqual([3012, 3012, 3012, 3014]);
    expect(spreadCents(12050, [2, 1, 1, 1])).toEqual([4819, 2410, 2410, 2411]);
    expect(spreadCents(4, [10, 500, 1, 7])).toEqual([1, 1, 1, 1]);
    expect(() => spreadCents(3, [1, 1, 1, 1])).toThrow();
  });

  it("setPendingBalance sums exactly, keeps every balance between a cent and its amount, and keeps the count", () => {
    fc.assert(
      fc.property(fc.array(pendingInvoice, { minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 99_999_999 }), (invoices, extra) => {
        const total = invoices.length + extra;
        const set = setPendingBalance(invoices, total);
        expect(set).toHaveLength(invoices.length);
        expect(sum(set.map((i) => i.balanceCents))).toBe(total);
        for (const [n, invoice] of set.entries()) {
          expect(invoice.balanceCents).toBeGreaterThanOrEqual(1);
          expect(invoice.balanceCents).toBeLessThanOrEqual(invoice.amountCents);
          expect(invoice.payNowCents).toBe(invoice.balanceCents);
          // An amount only ever rises, to a fifty-cent step.
          expect(invoice.amountCents).toBeGreaterThanOrEqual(invoices[n].amountCents);
          if (invoice.amountCents !== invoices[n].amountCents) expect(invoice.amountCents % 50).toBe(0);
        }
        expect(setPendingBalance(invoices, total)).toEqual(set);
      }),
    );
  });

  it("0 leaves every pending invoice paid", () => {
    const set = setPendingBalance([{ amountCents: 5000, balanceCents: 2500, payNowCents: 2500 }], 0);
    expect(set).toEqual([{ amountCents: 5000, balanceCents: 0, payNowCents: 0 }]);
  });
});

describe("pendingBalance in a scenario", () => {
  const pendingOf = (data: ReturnType<typeof buildPracticeData>, label: string) => {
    const holderId = data.accounts.find((a) => a.label === label)!.holderId;
    return data.invoices.filter((i) => i.patientId === holderId && i.balanceCents > 0);
  };

  it("outstanding-balance: solo's four pending invoices come to exactly 120.50 whatever the seed, the same for the same seed", () => {
    const scenario = getScenario("outstanding-balance")!;
    for (const seed of [1, 2, 3, 21, 4242]) {
      const pending = pendingOf(buildPracticeData(scenario, seed), "solo");
      expect(pending).toHaveLength(PENDING_INVOICES);
      expect(sum(pending.map((i) => i.balanceCents))).toBe(12050);
      for (const i of pending) expect(i.balanceCents).toBeLessThanOrEqual(i.amountCents);
      expect(pendingOf(buildPracticeData(scenario, seed), "solo")).toEqual(pending);
    }
  });

  it("changes only the pending invoices' balances and amounts; other accounts and the paid history stay as generated", () => {
    const plain = buildPracticeData(getScenario("default")!, 9);
    const set = buildPracticeData(getScenario("outstanding-balance")!, 9);
    const strip = (i: (typeof plain.invoices)[number]) => ({ ...i, amountCents: 0, balanceCents: 0, payNowCents: 0 });
    expect(set.invoices.map(strip)).toEqual(plain.invoices.map(strip));
    const solo = set.accounts.find((a) => a.label === "solo")!.holderId;
    expect(set.invoices.filter((i) => i.patientId !== solo)).toEqual(plain.invoices.filter((i) => i.patientId !== solo));
  });

  it('"0.00" leaves no pending invoice, the invoices still on file', () => {
    const scenario = parseScenario(overlay(defaultScenario, { id: "paid-up", accounts: [{ label: "solo", pendingBalance: "0.00" }] }));
    const data = buildPracticeData(scenario, 5);
    const solo = data.accounts.find((a) => a.label === "solo")!.holderId;
    expect(pendingOf(data, "solo")).toEqual([]);
    expect(data.invoices.filter((i) => i.patientId === solo)).toHaveLength(13);
  });
});
