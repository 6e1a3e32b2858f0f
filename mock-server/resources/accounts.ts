import type { z } from "zod";
import { InvoiceSlots, type InvoiceSchema } from "@contract/accounts";
import type { InvoiceRow } from "./rows";

/** Dollars on the wire; cents in the store (two decimals exactly). */
const dollars = (cents: number) => Math.round(cents) / 100;

export function invoiceResource(i: InvoiceRow): z.input<typeof InvoiceSchema> {
  return {
    resourceType: "Invoice",
    id: i.id,
    extension: InvoiceSlots.write({
      date: i.date,
      notes: i.notes,
      type: i.type,
      reference: i.reference,
      amount: dollars(i.amountCents),
      balance: dollars(i.balanceCents),
      payNow: dollars(i.payNowCents),
    }),
  };
}
