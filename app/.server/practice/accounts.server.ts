import { endpoints } from "../../../contract/endpoints";
import { PAGE_SIZES } from "../../../contract/page-sizes";
import { centsToDecimal } from "../../lib/money";
import { config } from "../config.server";
import type { PracticeApi } from "./api.server";

/** The invoice and payment calls of 1§7. All take the account holder's id (parentid, 1§6). */

export function getInvoices(api: PracticeApi, parentId: string, kind: "pending" | "all", page = 1) {
  return api.call(endpoints.paymentNotice, {
    query: { PatientID: parentId, TransactionTypeID: kind === "pending" ? "1" : "0", PageSize: kind === "pending" ? PAGE_SIZES.pendingInvoices : PAGE_SIZES.invoices, PageNumber: page },
  });
}

export function getInvoicePdf(api: PracticeApi, parentId: string, invoiceId: string) {
  return api.call(endpoints.invoicePdf, { query: { PatientID: parentId, InvoiceTransactionID: invoiceId } });
}

export function saveTempPayment(
  api: PracticeApi,
  parentId: string,
  request: { key: string; cardType: string; amountCents: number; feeCents: number; allocations: Array<{ id: string; payNowCents: number }> },
) {
  return api.call(endpoints.saveTempPayment, {
    query: {
      PatientID: parentId,
      CardType: request.cardType,
      cardCharges: Number(centsToDecimal(request.feeCents)),
      amount: Number(centsToDecimal(request.amountCents)),
      notes: "Patient portal payment",
      IdempotencyKey: request.key,
    },
    body: request.allocations.map((a) => ({ InvoiceID: a.id, PayNow: Number(centsToDecimal(a.payNowCents)) })),
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

/** The card provider's cancellation of an intent not yet charged: its status after (issue 36). */
export function cancelPaymentIntent(api: PracticeApi, clientSecret: string) {
  return api.call(endpoints.cancelPaymentIntent, { body: { clientSecret } });
}

export function savePayment(api: PracticeApi, parentId: string, electronicPaymentId: number) {
  return api.call(endpoints.savePayment, { query: { PatientID: parentId, electronicPaymentID: electronicPaymentId } });
}
