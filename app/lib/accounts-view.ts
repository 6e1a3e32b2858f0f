/**
 * The accounts page's view types, shared by its server half (app/.server/accounts-page.server.ts),
 * its components and the payment machine: they live here, below all of them.
 */

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
}

/** A card type the practice takes, with its fee (1§3 PaymentCardTypes: "Visa - 2.5%"). */
export interface CardType {
  label: string;
  feeBasisPoints: number;
}

/** Which provider takes the card, as the page's loader chose it (decisions/030). */
export type CardProviderChoice = { kind: "stripe"; publishableKey: string } | { kind: "test" };

/**
 * The account holder's payment that may have taken money the practice has not recorded (issue 20):
 * until it is finished no other payment starts, from any tab or session.
 */
export interface OpenPayment {
  key: string;
  /** The total that went to the card, as shown: "$41.00". */
  amount: string;
  /** The portal saw the card charged; otherwise it cannot tell. */
  charged: boolean;
  /** When its intent went out, in the practice's time. */
  started: string;
}
