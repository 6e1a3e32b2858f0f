import type { Invoice } from "@contract/accounts";
import type { InvoiceTableRow } from "~/lib/accounts-view";
import { formatDate } from "~/lib/dates";
import { formatCents, toCents } from "~/lib/money";
import { recordTexts } from "~/lib/texts/record";

/**
 * An invoice as a row of the accounts table, also the heading of an invoice opened on the full page
 * (/preview): shared by both, so it lives beside the other shared server modules, not in either area.
 */
export function rowOf(invoice: Invoice): InvoiceTableRow {
  const e = invoice.extension;
  const [amount, balance, payNow] = [toCents(e.amount), toCents(e.balance), toCents(e.payNow)];
  const date = e.date?.trim() ? formatDate(e.date.trim()) : "";
  // A field the practice did not send is "" here and "Not recorded" in the table (issue 68, decisions/396).
  const words = (text: string | undefined) => text?.trim() || recordTexts.notRecorded;
  const money = (cents: number | null) => (cents === null ? recordTexts.notRecorded : formatCents(cents));
  return {
    id: invoice.id,
    date,
    notes: e.notes ?? "",
    type: e.type ?? "",
    reference: e.reference ?? "",
    amountCents: amount ?? 0,
    balanceCents: balance ?? 0,
    payNowCents: payNow ?? 0,
    shown: [words(e.notes), words(e.type), words(e.reference), money(amount), money(balance), payNow === null ? recordTexts.notRecorded : "", words(date)],
  };
}
