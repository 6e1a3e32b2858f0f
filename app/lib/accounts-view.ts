/**
 * The accounts page's view types, shared by its server half (app/areas/accounts/page.server.ts),
 * its components and the payment machine: they live here, below all of them.
 */
import { dateTexts } from "./texts/dates";

/** One row of the invoice table (1§2): Notes, Type, Reference No., Amount, Balance, Pay Now, Date. */
export interface InvoiceTableRow {
  id: string;
  /** DD-MM-YYYY in Pacific/Auckland, formatted by the loader so luxon stays off this page's bundle. */
  date: string;
  notes: string;
  type: string;
  reference: string;
  amountCents: number;
  balanceCents: number;
  payNowCents: number;
  /** What the table shows (issue 68), in its columns' order, "Not recorded" where missing; made by the server, so the page carries no words (decisions/396). */
  shown: readonly [notes: string, type: string, reference: string, amount: string, balance: string, payNowMissing: string, date: string];
}

/** Which provider takes the card, as the page's loader chose it (decisions/030). */
export type CardProviderChoice = { kind: "stripe"; publishableKey: string } | { kind: "test" };

/**
 * The account holder's payment whose intent went to the card provider and which the practice has not
 * recorded (issue 20): until it is finished no other payment starts, from any tab or session. Charged,
 * it is recorded; otherwise it is paid with a card through its own intent (decisions/374).
 */
export interface OpenPayment {
  key: string;
  /** The total that goes to the card, fee included, as shown: "$41.00". */
  amount: string;
  /** What it pays to the invoices, in cents, without the fee; null for an attempt kept without it. */
  amountCents: number | null;
  /** The card type its fee was charged for ("Visa - 2.5%"), when the practice has card types. */
  cardType: string | null;
  /** The portal saw the card charged; otherwise it cannot tell. */
  charged: boolean;
  /** The card provider refused the last card tried for it: nothing was charged by that card. */
  declined: boolean;
  /**
   * Nothing can charge it now: every card tried on it was refused (decisions/395). Its card type may
   * then change, and when its invoices have changed it is let go for a new payment.
   */
  atRest: boolean;
  /** When its intent went out, in the practice's time. */
  started: string;
}

/** What the page says after a payment, or after an unfinished one is finished. */
export interface PaidNotice {
  message: string;
  /** A payment made here: what the printable receipt shows. */
  receipt?: ReceiptView;
}

/** A recorded payment as its receipt shows it (issue 21): amounts as text, the date in the practice's time. */
export interface ReceiptView {
  /** The practice's payment reference (SaveTempPayment's electronic payment id). */
  reference: string;
  /** "24-11-2026 at 3:05 pm", Pacific/Auckland. */
  paidAt: string;
  amount: string;
  fee: string;
  total: string;
  cardType: string;
  invoices: { reference: string; paid: string }[];
}

/** Made on first use and kept: a formatter with a time zone is costly to make. */
let dateTimeFormat: Intl.DateTimeFormat | undefined;

/**
 * A moment as the practice's date and time ("24-11-2026 at 3:05 pm", as app/lib/dates.ts writes it
 * on the server), with the browser's own Intl, so luxon stays off the accounts page's bundle.
 */
export function practiceDateTime(at: Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat("en-NZ", { timeZone: "Pacific/Auckland", day: "2-digit", month: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit", hour12: true });
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(at).map((p) => [p.type, p.value]));
  return dateTexts.dateAt(`${parts.day}-${parts.month}-${parts.year}`, dateTexts.time(`${parts.hour}:${parts.minute}`, String(parts.dayPeriod).toLowerCase() === "pm"));
}
