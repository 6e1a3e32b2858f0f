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
  const [amount, balance, payNow] = [toCents(e.amount), toCents(e.balance), toCents(e.payNow)];
  // A field the practice did not send is "" (text) or listed as missing (amounts), for the table to say
  // "Not recorded" (issue 68). The payment reads an amount not sent as 0: it pays nothing the practice has not said is owed.
  const missing: NonNullable<InvoiceTableRow["missing"]> = {};
  if (amount === null) missing.amount = true;
  if (balance === null) missing.balance = true;
  if (payNow === null) missing.payNow = true;
  return {
    id: invoice.id,
    date: e.date?.trim() ? formatDate(e.date.trim()) : "",
    notes: e.notes ?? "",
    type: e.type ?? "",
    reference: e.reference ?? "",
    amountCents: amount ?? 0,
    balanceCents: balance ?? 0,
    payNowCents: payNow ?? 0,
    ...(Object.keys(missing).length > 0 ? { missing } : {}),
  };
}
