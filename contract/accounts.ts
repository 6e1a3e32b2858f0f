import { z } from "zod";
import { bundleOf } from "./fhir";
import { defineSlots, slot } from "./slots";

/** Invoices (payment notices) and their PDFs (1§3 Invoice, 1§7). Invoice calls use the parent id (1§6). */

export const InvoiceSlots = defineSlots({
  date: slot.dateTime(0, "InvoiceDate"),
  notes: slot.string(1, "Notes"),
  type: slot.string(2, "InvoiceType"),
  reference: slot.string(3, "ReferenceNo"),
  amount: slot.decimal(4, "Amount"),
  balance: slot.decimal(5, "Balance"),
  payNow: slot.decimal(6, "PayNow"),
});

export const InvoiceSchema = z.object({
  resourceType: z.literal("Invoice"),
  id: z.string().min(1),
  extension: InvoiceSlots.schema,
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
