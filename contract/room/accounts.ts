import type { accountsEndpoints } from "@contract/accounts";
import { bundleRow } from "./bundle";
import { absent, asSent, bundleTotalWrong, dateOnly, extensionsCut, extras, inUtc, leftOut, markedUp, nulled, shape, valued, withoutOffset, type RoomRow, type Shape } from "./shapes";

/** The Invoice's extensions by position (1§3; contract/accounts.ts InvoiceSlots). */
const I = {
  date: "extension.0.valueDateTime",
  notes: "extension.1.valueString",
  type: "extension.2.valueString",
  reference: "extension.3.valueString",
  amount: "extension.4.valueDecimal",
  balance: "extension.5.valueDecimal",
  payNow: "extension.6.valueDecimal",
} as const;

/**
 * An invoice's shapes. A spec world of seed s gives the nth invoice the (s + n)th: seeds 1 to 8 (the
 * spec practice's tests pay their first invoice) and seed 1's first ten (the end-to-end tests' All
 * Invoices) take shapes that change dates, types and references only, never the notes and amounts a
 * payment restates to the practice (1§3's client row), which the spec world checks against its own
 * (decisions/396).
 */
const invoiceRecords: Shape[] = [
  dateOnly(I.date),
  withoutOffset(I.date),
  inUtc(I.date),
  valued(I.type, "ACC Levy", "a type the portal does not know"),
  ...leftOut(I.type),
  ...leftOut(I.reference),
  markedUp(I.reference),
  ...leftOut(I.date),
  markedUp(I.notes),
  ...leftOut(I.notes),
  // Amounts: a decimal (1§3), absent or null; a balance not sent is read as nothing owed by the payment.
  absent(I.amount),
  nulled(I.amount),
  absent(I.balance),
  nulled(I.balance),
  absent(I.payNow),
  nulled(I.payNow),
  extensionsCut(0),
  extensionsCut(3),
  extensionsCut(6),
  ...leftOut("extension"),
];

/** The room 1§7 leaves the invoice and payment calls (issue 68, decisions/396). */
export const accountsRoom = {
  paymentNotice: bundleRow({
    fixes: "1§7: \"first item with entry\", paged by PageSize and PageNumber; 1§3 Invoice: its id, and by position date, notes, type, reference number, amount, balance and the pay-now decimal.",
    open: "Which of the seven an invoice carries, each absent, null or empty (the list cut short too); the date as a date, a local date-time or in UTC; types the spec does not list; notes and references with markup and macrons; a page total that is wrong (All Invoices pages by it, or without one by full pages).",
    records: invoiceRecords,
    replies: [bundleTotalWrong],
  }),
  invoicePdf: { fixes: "1§7: \"Field PDFFileName holds the base64 PDF\".", open: "Other fields beside it.", replies: [asSent, extras] },
  saveTempPayment: { fixes: "1§7: \"a number; '-1' is failure, greater than 0 is the electronic payment id\".", open: "The number bare or quoted.", replies: [asSent, shape("the id as text", (reply) => String(reply))] },
  createPaymentIntent: { fixes: "1§7: \"Response clientSecret or error\".", open: "Nothing else the portal reads.", replies: [asSent] },
  confirmCardPayment: { fixes: "1§7: the card provider confirms the payment (our built-in provider's reply, not the practice's).", open: "Nothing: the provider's own shape.", replies: [asSent] },
  savePayment: {
    fixes: "1§7: \"A truthy response means success\".",
    open: "A status object, a number or a word, for yes and for no.",
    replies: [
      asSent,
      shape("a status object", (reply) => (reply ? { StatusCode: "1" } : { StatusCode: "0" })),
      shape("1 or 0", (reply) => (reply ? 1 : 0)),
      shape("the text true or false", (reply) => (reply ? "true" : "false")),
    ],
  },
} satisfies { [K in keyof typeof accountsEndpoints]: RoomRow };
