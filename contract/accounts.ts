import { z } from "zod";
import { bundleOf, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { readStatusCode, readTruthy } from "./truthy";
import { callsOf } from "./endpoint";

/** Invoices (payment notices) and their PDFs (1§3 Invoice, 1§7). Invoice calls use the parent id (1§6). */

/**
 * 1§3 Invoice: "extensions by position: date, notes, type, reference number, amount, balance, pay-now
 * decimal". A practice may send fewer, or any of them null (issue 68, contract/room/accounts.ts): the
 * invoice is still listed, its missing fields said as not recorded; only its id stays.
 */
export const InvoiceSlots = defineSlots({
  date: optional(slot.dateTime(0, "InvoiceDate")),
  notes: optional(slot.string(1, "Notes")),
  type: optional(slot.string(2, "InvoiceType")),
  reference: optional(slot.string(3, "ReferenceNo")),
  amount: optional(slot.decimal(4, "Amount")),
  balance: optional(slot.decimal(5, "Balance")),
  payNow: optional(slot.decimal(6, "PayNow")),
});

export const InvoiceSchema = z.object({
  resourceType: z.literal("Invoice"),
  id: z.string().min(1),
  extension: InvoiceSlots.schema,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Invoice = z.output<typeof InvoiceSchema>;

/** TransactionTypeID 1 lists the pending invoices (a balance left), 0 all of them; pages count from 1. */
export const PaymentNoticeQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  TransactionTypeID: z.enum(["0", "1"]),
  PageSize: z.coerce.number().int().min(1).max(500),
  PageNumber: z.coerce.number().int().min(1).max(100_000),
});
export const PaymentNoticeReplySchema = bundleOf(InvoiceSchema);

export const InvoicePdfQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  InvoiceTransactionID: z.string().min(1).max(64),
});
/** "Field PDFFileName holds the base64 PDF" (1§7). */
export const InvoicePdfReplySchema = z.object({ PDFFileName: z.base64().min(1) });

/*
 * Paying (1§7): SaveTempPayment, the payment intent, the card confirmation, SavePayment. Each
 * mutating call carries an IdempotencyKey (decisions/031): the same key gets the same reply and
 * never a second charge or a second recording.
 */
const IdempotencyKey = z.string().min(8).max(100).regex(/^[A-Za-z0-9-]+$/);
const Money = z.coerce.number().min(0).max(1_000_000);
/** Money in a JSON body: a number, as the document says; never null, text or true read as 0 or 1 (the query's coercion did). */
const BodyMoney = z.number().min(0).max(1_000_000);

export const SaveTempPaymentQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  CardType: z.string().max(100).default(""),
  cardCharges: Money,
  amount: Money.refine((n) => n > 0, "amount must be more than 0"),
  notes: z.string().max(500).default(""),
  IdempotencyKey: IdempotencyKey,
});
/**
 * The body is 1§3's client row of each ticked invoice: the practice's own figures for it (Amount,
 * Balance, Notes, as the portal's server read them from PaymentNotice, never the browser's), ticked,
 * with the amount it receives now (PayNow).
 */
export const SaveTempPaymentBodySchema = z
  .array(
    z.object({
      InvoiceID: z.string().min(1).max(64),
      isChecked: z.literal(true),
      Amount: BodyMoney,
      Balance: BodyMoney,
      Notes: z.string().max(2000),
      PayNow: BodyMoney,
    }),
  )
  .min(1)
  .max(500);
/** '-1' is failure; more than 0 is the electronic payment id. */
/**
 * "Response: a number; '-1' is failure" (1§7): a JSON number, or the number as text (a practice built to
 * the spec quotes it), read as the number. Said as the union it is, so that the OpenAPI document
 * describes both wire shapes (the coercion alone described only the integer).
 */
export const SaveTempPaymentReplySchema = z.union([z.int(), z.string().regex(/^-?\d+$/)]).transform(Number).pipe(z.int());

export const PaymentIntentBodySchema = z.object({
  amount: z.number().int().min(1).max(100_000_000),
  currency: z.literal("nzd"),
  paymentMethodType: z.literal("card"),
  IdempotencyKey: IdempotencyKey,
});
export const PaymentIntentReplySchema = z.union([z.object({ clientSecret: z.string().min(1) }), z.object({ error: z.string().min(1) })]);

/** The built-in test provider's card confirmation (the mock plays the card provider's part). */
export const ConfirmCardBodySchema = z.object({
  clientSecret: z.string().min(1).max(200),
  cardNumber: z.string().regex(/^\d{12,19}$/),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  cvc: z.string().regex(/^\d{3,4}$/),
  billingName: z.string().max(200).default(""),
  email: z.string().max(200).default(""),
});
export const ConfirmCardReplySchema = z.union([
  z.object({ status: z.literal("succeeded"), paymentIntentId: z.string() }),
  z.object({ error: z.object({ code: z.enum(["card_declined", "insufficient_funds", "incorrect_number", "expired_card", "intent_not_found"]), message: z.string() }) }),
]);

export const SavePaymentQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  electronicPaymentID: z.coerce.number().int().min(1),
});
/** An object answer: its StatusCode is read, whatever else it carries (a message, an id). */
const StatusAnswerSchema = z.looseObject({ StatusCode: z.union([z.boolean(), z.number(), z.string().max(1000), z.null()]).optional() });

/**
 * "A truthy response means success" (1§7, 1§8), read as decisions/240 says: `true`, a number above 0,
 * "true", "1", "yes" are recorded; `false`, 0 or below, "false", "0", "no", "" and null are not; no
 * answer at all (an empty body) and any other text are unknown. An object is read by its StatusCode
 * as the spec's other calls use it (decisions/369, `readStatusCode`): `{"StatusCode":"1"}` is
 * recorded, a code 0 or below is not, any other code or none at all is unknown. The card was charged
 * before this call, so an unknown answer is told as such and the payment stays open to be recorded
 * again (it is recorded once however often it is asked). A list breaks the contract.
 */
export const SavePaymentReplySchema = z
  .union([z.boolean(), z.number(), z.string().max(1000), z.null(), StatusAnswerSchema])
  .optional()
  .transform((value): SavePaymentOutcome => ({ yes: "recorded", no: "not-recorded", unknown: "unknown" } as const)[value !== null && typeof value === "object" ? readStatusCode(value) : readTruthy(value)]);
export type SavePaymentOutcome = "recorded" | "not-recorded" | "unknown";

/**
 * The page sizes the portal asks for this area's lists (1§9), declared with the calls that page
 * (decisions/342). Page numbers start at 1.
 */
export const accountsPageSizes = {
  pendingInvoices: 100,
  invoices: 10,
} as const;

const call = callsOf("Accounts");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const accountsEndpoints = {
  paymentNotice: call({ method: "GET", path: "Patient/PaymentNotice", needsToken: true, query: PaymentNoticeQuerySchema, reply: PaymentNoticeReplySchema, summary: "Pending or all invoices, paged" }),
  invoicePdf: call({ method: "GET", path: "Patient/LoadInvoicePDF", needsToken: true, query: InvoicePdfQuerySchema, reply: InvoicePdfReplySchema, summary: "One invoice as a PDF (base64)" }),
  saveTempPayment: call({ method: "POST", path: "patient/SaveTempPayment", needsToken: true, query: SaveTempPaymentQuerySchema, body: SaveTempPaymentBodySchema, reply: SaveTempPaymentReplySchema, notInSpecParameters: { query: ["IdempotencyKey"] }, summary: "Start a payment of chosen invoices; answers the electronic payment id" }),
  /** The card provider's calls, played by the mock for the built-in test provider (1§7). */
  createPaymentIntent: call({ method: "POST", path: "payments/create-payment-intent", needsToken: true, body: PaymentIntentBodySchema, reply: PaymentIntentReplySchema, notInSpecParameters: { body: ["IdempotencyKey"] }, summary: "Create the card provider's payment intent for an amount in cents" }),
  confirmCardPayment: call({ method: "POST", path: "payments/confirm-card", needsToken: true, body: ConfirmCardBodySchema, reply: ConfirmCardReplySchema, summary: "Confirm a payment intent with a card (the built-in test provider)" }),
  savePayment: call({ method: "POST", path: "patient/SavePayment", needsToken: true, query: SavePaymentQuerySchema, reply: SavePaymentReplySchema, summary: "Record a charged payment against its invoices" }),
} as const;
