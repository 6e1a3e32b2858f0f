import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { checkPaymentAmount } from "~/areas/accounts/payment-amount";
import { paymentAmountSchema } from "~/areas/accounts/payment-forms";
import { amountOf, editPayment, feeOf, initialPaymentContext, isPaymentEdit, payableCents, paymentMethodOf, type PaymentEdit } from "~/areas/accounts/payment-choice";
import type { PaymentEvent } from "~/areas/accounts/payment-context";
import { paymentMachine, type PaymentInput } from "~/areas/accounts/payment.machine";

/**
 * The payment form is drawn before the payment machine has loaded (decisions/180): from its starting
 * context with the patient's edits applied by the same functions the machine's editing actions use.
 * These show the two agree, and that the server's amount schema and the form's check do too.
 */
const input: PaymentInput = {
  invoices: [
    { id: "i1", balanceCents: 5000, payNowCents: 1200 },
    { id: "i2", balanceCents: 7050, payNowCents: 0 },
    { id: "i3", balanceCents: 300, payNowCents: 300 },
  ],
  methodType: "2",
  cardTypes: [
    { label: "Visa - 2.5%", feeBasisPoints: 250 },
    { label: "Debit", feeBasisPoints: 0 },
  ],
};

const edits: PaymentEdit[] = [
  { type: "choice.select", choice: 2 },
  { type: "amount.change", text: "" },
  { type: "amount.change", text: "60" },
  { type: "cardType.select", index: 1 },
  { type: "cardType.select", index: 7 },
  { type: "amount.change", text: "abc" },
  { type: "amount.change", text: "120.5" },
  { type: "amount.change", text: "999" },
  { type: "choice.select", choice: 1 },
];

describe("the payment form before its machine", () => {
  it("starts from the machine's own starting context", () => {
    const actor = createActor(paymentMachine, { input }).start();
    expect(initialPaymentContext(input)).toEqual(actor.getSnapshot().context);
    actor.stop();
  });

  it("after each edit, shows what the machine would", () => {
    const actor = createActor(paymentMachine, { input }).start();
    let draft = initialPaymentContext(input);
    for (const edit of edits) {
      draft = { ...draft, ...editPayment(draft, edit) };
      actor.send(edit);
      expect(draft, JSON.stringify(edit)).toEqual(actor.getSnapshot().context);
    }
    actor.stop();
  });

  it("checks an amount as the payment action's schema does", () => {
    for (const text of ["", " ", "0", "-1", "12.345", "1,000", "$5", "50", "50.01", "120.50", "abc"]) {
      for (const typed of [true, false]) {
        const options = { totalCents: 5000, typed };
        const parsed = paymentAmountSchema(options).safeParse(text);
        const checked = checkPaymentAmount(text, options);
        expect(parsed.success ? { cents: parsed.data } : { error: parsed.error.issues[0]?.message }, text).toEqual(checked);
      }
    }
  });
});

describe("the amount of a payment under way", () => {
  it("is the checked amount in cents, and an amount that does not check is thrown, never charged", () => {
    const start = initialPaymentContext(input);
    expect(payableCents(start)).toBe(12350);
    const edit = (context: typeof start, event: PaymentEdit) => ({ ...context, ...editPayment(context, event) });
    const typed = edit(edit(start, { type: "choice.select", choice: 2 }), { type: "amount.change", text: "60" });
    expect(payableCents(typed)).toBe(6000);
    const wrong = edit(typed, { type: "amount.change", text: "abc" });
    expect(() => payableCents(wrong)).toThrow(/does not check/);
  });
});

describe("the open payment a form pays (decisions/374)", () => {
  const resumed: PaymentInput = { ...input, resume: { key: "key-open", amountCents: 6000, cardType: "Debit", cardTypeOpen: false } };

  it("starts with its key, amount and card type, allocated as the form shows them, and the machine starts the same", () => {
    const start = initialPaymentContext(resumed);
    expect(start).toMatchObject({ key: "key-open", fixed: { amountCents: 6000, cardTypeOpen: false }, choice: 2, amountText: "60.00", cardTypeIndex: 1 });
    expect(payableCents(start)).toBe(6000);
    expect(start.allocations.filter((a) => a.checked).reduce((sum, a) => sum + a.payNowCents, 0)).toBe(6000);
    const actor = createActor(paymentMachine, { input: resumed }).start();
    expect(actor.getSnapshot().context).toEqual(start);
    actor.stop();
  });

  it("takes no edit: its intent went out for that amount and card type", () => {
    const start = initialPaymentContext(resumed);
    for (const edit of edits) expect(editPayment(start, edit), JSON.stringify(edit)).toEqual({});
  });

  it("at rest (every card tried on it refused), takes another card type, and only that: its amount stays (decisions/395)", () => {
    const start = initialPaymentContext({ ...resumed, resume: { ...resumed.resume!, cardTypeOpen: true } });
    expect(start.fixed).toEqual({ amountCents: 6000, cardTypeOpen: true });
    for (const edit of edits) {
      const changed = editPayment(start, edit);
      if (edit.type !== "cardType.select") expect(changed, JSON.stringify(edit)).toEqual({});
    }
    const visa = { ...start, ...editPayment(start, { type: "cardType.select", index: 0 }) };
    expect(visa.cardTypeIndex).toBe(0);
    expect(payableCents(visa)).toBe(6000);
    expect(feeOf(visa, 6000)).toBe(150);
    // A type the practice does not list changes nothing.
    expect(editPayment(start, { type: "cardType.select", index: 7 })).toEqual({ cardTypeIndex: 1 });
  });

  it("of the whole balance is shown as the total balance chosen", () => {
    expect(initialPaymentContext({ ...input, resume: { key: "key-open", amountCents: 12350, cardType: null, cardTypeOpen: false } })).toMatchObject({ choice: 1, amountText: "", cardTypeIndex: 0, fixed: { amountCents: 12350 } });
  });
});

/* Each rule below was found unguarded by mutation testing (issue 57): the draft and the machine share these functions, so comparing them could not catch a wrong rule. */
describe("the payment's figures, as a patient reads them", () => {
  const edit = (context: ReturnType<typeof initialPaymentContext>, event: PaymentEdit) => ({ ...context, ...editPayment(context, event) });

  it("opens with the whole balance chosen, each invoice paid in full, and no message before Pay", () => {
    const start = initialPaymentContext(input);
    expect(start).toMatchObject({ choice: 1, amountText: "", submitted: false, method: "card", cardTypeIndex: 0, key: null, fixed: null });
    expect(start.allocations).toEqual([
      { id: "i1", payNowCents: 5000, checked: true },
      { id: "i2", payNowCents: 7050, checked: true },
      { id: "i3", payNowCents: 300, checked: true },
    ]);
  });

  it("an amount left empty (or only spaces) puts back each invoice's own pay-now value; one that does not check pays nothing", () => {
    const other = edit(initialPaymentContext(input), { type: "choice.select", choice: 2 });
    const own = [
      { id: "i1", payNowCents: 1200, checked: true },
      { id: "i2", payNowCents: 0, checked: false },
      { id: "i3", payNowCents: 300, checked: true },
    ];
    expect(other.allocations).toEqual(own);
    expect(edit(other, { type: "amount.change", text: "   " }).allocations).toEqual(own);
    const nothing = [
      { id: "i1", payNowCents: 0, checked: false },
      { id: "i2", payNowCents: 0, checked: false },
      { id: "i3", payNowCents: 0, checked: false },
    ];
    expect(edit(other, { type: "amount.change", text: "abc" }).allocations).toEqual(nothing);
    expect(edit(other, { type: "amount.change", text: "999" }).allocations).toEqual(nothing);
    expect(edit(other, { type: "amount.change", text: "60" }).allocations).toEqual([
      { id: "i1", payNowCents: 5000, checked: true },
      { id: "i2", payNowCents: 1000, checked: true },
      { id: "i3", payNowCents: 0, checked: false },
    ]);
  });

  it("the amount of an open payment is the one its intent was made for, whatever the choice says", () => {
    const start = initialPaymentContext(input);
    expect(amountOf({ ...start, fixed: { amountCents: 777, cardTypeOpen: false } })).toEqual({ cents: 777 });
    expect(amountOf({ ...start, choice: 2, amountText: "abc", fixed: { amountCents: 777, cardTypeOpen: false } })).toEqual({ cents: 777 });
  });

  it("reads the practice's payment method type with spaces around it, and an empty one as cards", () => {
    expect(paymentMethodOf(" 2 ")).toBe("card");
    expect(paymentMethodOf("")).toBe("card");
    expect(paymentMethodOf("  ")).toBe("card");
    expect(paymentMethodOf(" 3")).toBe("poli");
  });
});

describe("what the form applies to its draft before the machine has loaded", () => {
  it("the patient's choices only: the amount, its choice and the card type; never Pay, the card's details, Try again or Change the payment", () => {
    for (const event of edits) expect(isPaymentEdit(event), event.type).toBe(true);
    const others: PaymentEvent[] = [{ type: "pay.submit" }, { type: "card.change", complete: true, error: null }, { type: "payment.retry" }, { type: "payment.dismiss" }];
    for (const event of others) expect(isPaymentEdit(event), event.type).toBe(false);
  });
});
