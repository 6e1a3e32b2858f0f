import type { Invoice } from "@contract/accounts";
import type { InvoiceTableRow } from "~/lib/accounts-view";
import { formatDate } from "~/lib/dates";
import { toCents } from "~/lib/money";

/**
 * An invoice as a row of the accounts table, also the heading of an invoice opened on the full page
 * (/preview): shared by both, so it lives beside the other shared server modules, not in either area.
 */
export function rowOf(invoice: Invoice): InvoiceTableRow {
  const e = invoice.extension;
  return {
    id: invoice.id,
    date: formatDate(e.date),
    notes: e.notes,
    type: e.type,
    reference: e.reference,
    amountCents: toCents(e.amount) ?? 0,
    balanceCents: toCents(e.balance) ?? 0,
    payNowCents: toCents(e.payNow) ?? 0,
  };
}
