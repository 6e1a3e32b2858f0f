import { DateTime } from "luxon";
import { a4Document } from "./a4";

/**
 * A real, printable invoice PDF for one invoice, built with pdf-lib. The same invoice always gives the
 * same bytes: the document dates are the invoice's, not the moment it was rendered.
 */

export interface InvoiceDocument {
  practice: { name: string; address: string; phone: string };
  patient: { name: string; nhi: string };
  invoice: { reference: string; date: string; type: string; notes: string; amountCents: number; balanceCents: number };
}

function dollars(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const when = DateTime.fromISO(doc.invoice.date, { setZone: true });
  const { pdf, page, regular, bold, ink } = await a4Document({ title: `Invoice ${doc.invoice.reference}`, author: doc.practice.name, date: doc.invoice.date });
  let y = 780;
  const line = (text: string, options: { size?: number; font?: typeof regular; x?: number } = {}) => {
    page.drawText(text, { x: options.x ?? 56, y, size: options.size ?? 11, font: options.font ?? regular, color: ink });
    y -= (options.size ?? 11) + 8;
  };

  line(doc.practice.name, { size: 18, font: bold });
  line(doc.practice.address);
  line(`Phone ${doc.practice.phone}`);
  y -= 16;
  line("TAX INVOICE", { size: 16, font: bold });
  line(`Invoice ${doc.invoice.reference}`);
  line(`Date ${when.toFormat("dd-MM-yyyy")}`);
  y -= 8;
  line(`Patient: ${doc.patient.name}`);
  line(`NHI: ${doc.patient.nhi}`);
  y -= 16;
  line(`${doc.invoice.type}: ${doc.invoice.notes}`, { font: bold });
  line(`Amount ${dollars(doc.invoice.amountCents)}`);
  line(`Paid ${dollars(doc.invoice.amountCents - doc.invoice.balanceCents)}`);
  line(`Balance due ${dollars(doc.invoice.balanceCents)}`, { font: bold });
  y -= 16;
  line("All amounts are in New Zealand dollars and include GST.", { size: 9 });
  line("Pay online through the patient portal, or at reception.", { size: 9 });

  return pdf.save({ useObjectStreams: false });
}
