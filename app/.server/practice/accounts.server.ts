import { endpoints } from "@contract/endpoints";
import { accountsPageSizes } from "@contract/accounts";
import { centsToDecimal } from "~/lib/money";
import { config } from "../config.server";
import type { PracticeApi } from "./api.server";

/** The invoice and payment calls of 1§7. All take the account holder's id (parentid, 1§6). */

export function getInvoices(api: PracticeApi, parentId: string, kind: "pending" | "all", page = 1) {
  return api.call(endpoints.paymentNotice, {
    query: { PatientID: parentId, TransactionTypeID: kind === "pending" ? "1" : "0", PageSize: kind === "pending" ? accountsPageSizes.pendingInvoices : accountsPageSizes.invoices, PageNumber: page },
  });
}

export function getInvoicePdf(api: PracticeApi, parentId: string, invoiceId: string) {
  return api.call(endpoints.invoicePdf, { query: { PatientID: parentId, InvoiceTransactionID: invoiceId } });
}

/** What SaveTempPayment restates of each invoice paid: the practice's own figures (1§3 client row). */
export interface PracticeInvoiceFigures {
  id: string;
  amountCents: number;
  balanceCents: number;
  /** Absent where the practice's invoice holds none (issue 68): sent as "". */
  notes?: string;
}

/**
 * The body is 1§3's client row for each invoice paid: InvoiceID, isChecked, Amount, Balance, Notes and
 * PayNow. Amount, Balance and Notes are taken from `invoices`, the practice's own pending invoices as
 * the portal's server read them, never from the browser (issue 33); a line naming an invoice not among
 * them is a bug of the caller, which checks the lines first (allocationsPayable).
 */
export function saveTempPayment(
  api: PracticeApi,
  parentId: string,
  request: { key: string; cardType: string; amountCents: number; feeCents: number; allocations: Array<{ id: string; payNowCents: number }>; invoices: readonly PracticeInvoiceFigures[] },
) {
  const body = request.allocations.map((a) => {
    const invoice = request.invoices.find((i) => i.id === a.id);
    if (!invoice) throw new Error(`SaveTempPayment: invoice ${a.id} is not among the practice's pending invoices`);
    return {
      InvoiceID: invoice.id,
      isChecked: true as const,
      Amount: Number(centsToDecimal(invoice.amountCents)),
      Balance: Number(centsToDecimal(invoice.balanceCents)),
      Notes: invoice.notes ?? "",
      PayNow: Number(centsToDecimal(a.payNowCents)),
    };
  });
  return api.call(endpoints.saveTempPayment, {
    query: {
      PatientID: parentId,
      CardType: request.cardType,
      cardCharges: Number(centsToDecimal(request.feeCents)),
      amount: Number(centsToDecimal(request.amountCents)),
      notes: "Patient portal payment",
      IdempotencyKey: request.key,
    },
    body,
  });
}

/** `address`: the function's own address (1§7 PAYMENT_INTENT_URL); unset, it is called at the practice API. */
export function createPaymentIntent(api: PracticeApi, request: { key: string; amountCents: number }, address = config.PAYMENT_INTENT_URL) {
  return api.call(endpoints.createPaymentIntent, {
    address,
    body: { amount: request.amountCents, currency: "nzd", paymentMethodType: "card", IdempotencyKey: request.key },
  });
}

export function confirmTestCard(api: PracticeApi, request: { clientSecret: string; cardNumber: string; expiry: string; cvc: string; billingName: string; email: string }) {
  return api.call(endpoints.confirmCardPayment, { body: request });
}

export function savePayment(api: PracticeApi, parentId: string, electronicPaymentId: number) {
  return api.call(endpoints.savePayment, { query: { PatientID: parentId, electronicPaymentID: electronicPaymentId } });
}
