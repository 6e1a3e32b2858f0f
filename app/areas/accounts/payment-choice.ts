import { allocate, totalBalanceCents, type Allocation } from "./allocation";
import { feeCents } from "~/lib/money";
import { centsAsAmountText, checkPaymentAmount } from "./payment-amount";
import type { PaymentContext, PaymentEvent, PaymentInput, PaymentMethod } from "./payment-context";

/**
 * The payment's figures and the patient's choices before Pay (1§4) as plain functions, so the form is drawn with the
 * same figures on the server, in the browser before the payment machine loads, and by the machine (decisions/180).
 */

/** 1§4 Payment methods: only type '2' takes cards here. */
export function paymentMethodOf(type: string | undefined): PaymentMethod {
  const t = type?.trim() || "2";
  return t === "2" ? "card" : t === "3" ? "poli" : "paymentExpress";
}

/** The amount to pay in cents, or the reason there is none. */
export function amountOf(context: Pick<PaymentContext, "choice" | "amountText" | "amountTyped" | "invoices" | "fixed">): { cents: number } | { error: string } {
  if (context.fixed) return { cents: context.fixed.amountCents };
  const total = totalBalanceCents(context.invoices);
  if (context.choice === 1) return { cents: total };
  return checkPaymentAmount(context.amountText, { totalCents: total, typed: context.amountTyped });
}

/**
 * The amount of a payment under way, in cents. Pay is guarded by `amountOf` giving cents (`canPay`),
 * so an amount that does not check here is a flaw in the machine: it throws, as `assertEvent` does
 * for an event a transition did not expect, rather than be cast and charged.
 */
export function payableCents(context: Parameters<typeof amountOf>[0]): number {
  const amount = amountOf(context);
  if (!("cents" in amount)) throw new Error(`A payment began with an amount that does not check: ${amount.error}`);
  return amount.cents;
}

export function feeOf(context: Pick<PaymentContext, "cardTypes" | "cardTypeIndex">, amountCents: number): number {
  const type = context.cardTypes[context.cardTypeIndex];
  return type ? feeCents(amountCents, type.feeBasisPoints) : 0;
}

function reallocate(context: Pick<PaymentContext, "choice" | "amountText" | "amountTyped" | "invoices" | "fixed">): Allocation[] {
  const amount = amountOf(context);
  // Only an amount typed for choice 2 can fail its check: left empty, each invoice's own pay-now value
  // returns (1§4 Allocation); anything else that does not check pays nothing.
  return allocate(context.invoices, "cents" in amount ? amount.cents : context.amountText.trim() === "" ? null : 0);
}

/**
 * The machine's starting context: the total balance chosen, nothing typed, no attempt; or the open
 * payment it resumes, with its amount, card type and key.
 */
export function initialPaymentContext(input: PaymentInput): PaymentContext {
  const resume = input.resume;
  const total = totalBalanceCents(input.invoices);
  const resumedType = resume ? input.cardTypes.findIndex((t) => t.label === resume.cardType) : -1;
  const base = {
    invoices: input.invoices,
    method: paymentMethodOf(input.methodType),
    cardTypes: input.cardTypes,
    cardTypeIndex: Math.max(0, resumedType),
    choice: resume && resume.amountCents !== total ? (2 as const) : (1 as const),
    amountText: resume && resume.amountCents !== total ? centsAsAmountText(resume.amountCents) : "",
    amountTyped: resume !== undefined,
    submitted: false,
    cardComplete: false,
    cardError: null,
    progress: 0 as const,
    fixed: resume ? { amountCents: resume.amountCents, cardTypeOpen: resume.cardTypeOpen } : null,
    key: resume?.key ?? null,
    clientSecret: null,
    paymentId: null,
    result: null,
  };
  return { ...base, allocations: reallocate(base) };
}

/** The events that only change the patient's choices (no call, no attempt). */
export type PaymentEdit = Extract<PaymentEvent, { type: "choice.select" | "amount.change" | "cardType.select" }>;

export function isPaymentEdit(event: PaymentEvent): event is PaymentEdit {
  return event.type === "choice.select" || event.type === "amount.change" || event.type === "cardType.select";
}

/** What an edit changes in the context: the choice, the amount typed or the card type, and the allocation that follows. */
export function editPayment(context: PaymentContext, edit: PaymentEdit): Partial<PaymentContext> {
  // The intent went out for this amount and card type: they are the payment's now, but for a card type
  // while nothing can charge that intent (decisions/395).
  if (context.fixed && !(edit.type === "cardType.select" && context.fixed.cardTypeOpen)) return {};
  switch (edit.type) {
    case "choice.select":
      return { choice: edit.choice, allocations: reallocate({ ...context, choice: edit.choice }) };
    case "amount.change": {
      const typed = { amountText: edit.text, amountTyped: true };
      return { ...typed, allocations: reallocate({ ...context, ...typed }) };
    }
    case "cardType.select":
      return { cardTypeIndex: context.cardTypes[edit.index] ? edit.index : context.cardTypeIndex };
  }
}
