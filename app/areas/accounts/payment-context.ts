import type { AllocatableInvoice, Allocation } from "./allocation";
import type { CardType } from "./card-brand";

/**
 * The payment machine's input, context and events, apart from payment.machine.ts and payment-choice.ts so that
 * the machine imports the choice functions and nothing imports back (issue 30, decisions/330).
 */

export type PaymentMethod = "card" | "poli" | "paymentExpress";

export interface PaymentInput {
  invoices: AllocatableInvoice[];
  methodType?: string;
  cardTypes: CardType[];
  /**
   * The holder's open payment, not seen charged, which this form pays (decisions/374): its key, what
   * it pays to the invoices and the card type its fee was for. The amount is fixed: its intent went out.
   * `cardTypeOpen`: nothing can charge that intent now, so another card type may be chosen (decisions/395).
   */
  resume?: { key: string; amountCents: number; cardType: string | null; cardTypeOpen: boolean };
}

export interface PaymentContext {
  invoices: AllocatableInvoice[];
  method: PaymentMethod;
  cardTypes: CardType[];
  cardTypeIndex: number;
  /** 1: the total outstanding balance; 2: another amount. */
  choice: 1 | 2;
  amountText: string;
  /** The amount has been typed in at least once (its empty message changes then, 1§5). */
  amountTyped: boolean;
  allocations: Allocation[];
  /** Amount errors show only after a first attempt to pay (1§5). */
  submitted: boolean;
  cardComplete: boolean;
  cardError: string | null;
  progress: 0 | 25 | 45 | 90 | 100;
  /**
   * The payment's intent went to the card provider: its amount (in cents, without the fee) is fixed,
   * and paying again goes to the same intent, with whatever card (decisions/374). Its card type is fixed
   * too, unless every card tried on it was refused (`cardTypeOpen`, decisions/395): then another card
   * type saves it again for that type's fee.
   */
  fixed: { amountCents: number; cardTypeOpen: boolean } | null;
  key: string | null;
  clientSecret: string | null;
  /** SaveTempPayment's electronic payment id: the practice's reference for this payment (1§7). */
  paymentId: number | null;
  /** `uncertain`: the card confirmation was cut off (a dropped connection), so whether it charged is unknown. */
  result: { kind: "succeeded"; message: string; receipt: PaymentReceipt } | { kind: "failed"; message: string; charged: boolean; uncertain?: boolean; sessionEnded?: boolean } | null;
}

/** What a receipt says of a recorded payment, as the portal's server checked and charged it. */
export interface PaymentReceipt {
  /** The practice's payment reference (SaveTempPayment's electronic payment id). */
  paymentId: number;
  amountCents: number;
  feeCents: number;
  cardType: string;
  /** The invoices it went to, each with what it paid. */
  allocations: { id: string; payNowCents: number }[];
}

export type PaymentEvent =
  | { type: "choice.select"; choice: 1 | 2 }
  | { type: "amount.change"; text: string }
  | { type: "cardType.select"; index: number }
  | { type: "card.change"; complete: boolean; error: string | null }
  | { type: "pay.submit" }
  | { type: "payment.retry" }
  | { type: "payment.dismiss" };
