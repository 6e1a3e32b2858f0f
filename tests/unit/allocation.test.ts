import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocate, allocationsPayable, totalBalanceCents, type AllocatableInvoice } from "~/areas/accounts/allocation";
import { centsToDecimal, feeCents, feeRateBasisPoints, formatCents, toCents } from "~/lib/money";

const inv = (id: string, balance: number, payNow = 0): AllocatableInvoice => ({ id, balanceCents: balance, payNowCents: payNow });

describe("allocation of a payment across invoices (1§4)", () => {
  it("fills invoices in order, each with the smaller of what remains and its balance", () => {
    expect(allocate([inv("a", 5000), inv("b", 3000), inv("c", 2000)], 6500)).toEqual([
      { id: "a", payNowCents: 5000, checked: true },
      { id: "b", payNowCents: 1500, checked: true },
      { id: "c", payNowCents: 0, checked: false },
    ]);
  });

  it("restores the original pay-now values when there is no amount", () => {
    expect(allocate([inv("a", 5000, 1000), inv("b", 3000, 0)], null)).toEqual([
      { id: "a", payNowCents: 1000, checked: true },
      { id: "b", payNowCents: 0, checked: false },
    ]);
  });

  it("pays nothing for a zero amount and never more than the balances", () => {
    expect(allocate([inv("a", 100)], 0)).toEqual([{ id: "a", payNowCents: 0, checked: false }]);
    expect(allocate([inv("a", 100), inv("b", 50)], 99_999).map((a) => a.payNowCents)).toEqual([100, 50]);
  });

  it("has no floating-point drift: 0.10 + 0.20 is exactly 0.30", () => {
    const invoices = [inv("a", toCents("0.10")!), inv("b", toCents("0.20")!)];
    const total = totalBalanceCents(invoices);
    expect(total).toBe(30);
    expect(centsToDecimal(total)).toBe("0.30");
    expect(allocate(invoices, toCents("0.3")).map((a) => a.payNowCents)).toEqual([10, 20]);
  });

  const invoicesArb = fc.array(
    fc.record({ id: fc.uuid(), balanceCents: fc.integer({ min: 0, max: 10_000_000 }), payNowCents: fc.integer({ min: 0, max: 10_000_000 }) }),
    { maxLength: 40 },
  );

  it("never allocates more than the amount, nor more than any invoice's balance", () => {
    fc.assert(
      fc.property(invoicesArb, fc.integer({ min: 0, max: 50_000_000 }), (invoices, amount) => {
        const result = allocate(invoices, amount);
        const sum = result.reduce((s, a) => s + a.payNowCents, 0);
        expect(sum).toBeLessThanOrEqual(amount);
        expect(sum).toBe(Math.min(amount, totalBalanceCents(invoices)));
        result.forEach((a, i) => {
          expect(a.payNowCents).toBeLessThanOrEqual(invoices[i].balanceCents);
          expect(a.payNowCents).toBeGreaterThanOrEqual(0);
          expect(a.checked).toBe(a.payNowCents > 0);
          expect(Number.isInteger(a.payNowCents)).toBe(true);
        });
      }),
    );
  });

  it("respects the order: an invoice is only partly paid when every earlier one is paid in full", () => {
    fc.assert(
      fc.property(invoicesArb, fc.integer({ min: 0, max: 50_000_000 }), (invoices, amount) => {
        const result = allocate(invoices, amount);
        result.forEach((a, i) => {
          if (a.payNowCents > 0) for (let j = 0; j < i; j++) expect(result[j].payNowCents).toBe(invoices[j].balanceCents);
        });
      }),
    );
  });
});

describe("money in cents", () => {
  it("reads amounts exactly", () => {
    expect(toCents("120.50")).toBe(12050);
    expect(toCents(120.5)).toBe(12050);
    expect(toCents("$1,204.05")).toBe(120405);
    expect(toCents("7")).toBe(700);
    expect(toCents(0.1 + 0.2)).toBe(30);
    for (const bad of ["", "abc", "1.234", "1e3", "12.", "--1"]) expect(toCents(bad)).toBeNull();
  });

  it("formats New Zealand dollars", () => {
    expect(formatCents(12050)).toBe("$120.50");
    expect(formatCents(123456789)).toBe("$1,234,567.89");
    expect(formatCents(-5)).toBe("-$0.05");
  });

  it("reads card fees and rounds the fee half up to the cent", () => {
    expect(feeRateBasisPoints("Visa - 2.5%")).toBe(250);
    expect(feeRateBasisPoints("Amex - 3.25 %")).toBe(325);
    expect(feeRateBasisPoints("Debit - no fee")).toBeNull();
    expect(feeCents(10000, 250)).toBe(250);
    expect(feeCents(1, 5000)).toBe(1); // 0.5 cent rounds up
    expect(feeCents(12345, 250)).toBe(309); // 308.625 → 309
  });
});

describe("allocationsPayable", () => {
  const pending = [
    { id: "A", balanceCents: 4100 },
    { id: "B", balanceCents: 2000 },
  ];
  it("takes lines naming pending invoices once each, within their balances", () => {
    expect(allocationsPayable([{ id: "A", payNowCents: 4100 }, { id: "B", payNowCents: 1 }], pending)).toBe(true);
  });
  it("refuses a doubled line, an unknown invoice and more than a balance", () => {
    expect(allocationsPayable([{ id: "A", payNowCents: 4100 }, { id: "A", payNowCents: 4100 }], pending)).toBe(false);
    expect(allocationsPayable([{ id: "C", payNowCents: 100 }], pending)).toBe(false);
    expect(allocationsPayable([{ id: "B", payNowCents: 2001 }], pending)).toBe(false);
  });
});
