import { toBundle } from "../../contract/fhir";
import { invoicePdf } from "../documents/invoice-pdf";
import { HttpError } from "../http";
import { practiceAddressText } from "../../fixtures/builders/practice";
import { invoiceResource } from "../resources";
import type { WorldRoutes } from "./types";

/** Invoices and their PDFs (1§7). The wrapper has already checked the patient id against the token. */
export const invoiceRoutes = {
  paymentNotice: {
    tokenIn: "header",
    handle({ world, query }) {
      const all = world.store.invoice.findMany({ where: { patientId: { equals: query.PatientID } }, orderBy: { position: "asc" } });
      const listed = query.TransactionTypeID === "1" ? all.filter((i) => i.balanceCents > 0) : all;
      const start = (query.PageNumber - 1) * query.PageSize;
      return toBundle(listed.slice(start, start + query.PageSize).map(invoiceResource), listed.length);
    },
  },

  invoicePdf: {
    tokenIn: "header",
    async handle({ world, query }) {
      const invoice = world.store.invoice.findFirst({ where: { id: { equals: query.InvoiceTransactionID } } });
      if (!invoice || invoice.patientId !== query.PatientID) throw new HttpError(404, { error: `No invoice ${query.InvoiceTransactionID} for this patient` });
      const patient = world.store.patient.findFirst({ where: { id: { equals: invoice.patientId } }, strict: true });
      const practice = world.store.practice.getAll()[0];
      const bytes = await invoicePdf({
        practice: { name: practice.name, address: practiceAddressText(practice), phone: practice.phone },
        patient: { name: [patient.title, ...patient.given, patient.family].join(" "), nhi: patient.nhi },
        invoice,
      });
      return { PDFFileName: Buffer.from(bytes).toString("base64") };
    },
  },
} satisfies Partial<WorldRoutes>;
