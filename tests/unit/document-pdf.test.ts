import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { HERITAGES } from "../../fixtures/builders/nz-names";
import { NZ_CITIES, NZ_STREETS } from "../../fixtures/builders/nz-places";
import { LOOKUPS } from "../../fixtures/builders/lookups";
import { clinicalPdf, type ClinicalDocument } from "../../mock-server/documents/clinical-pdf";
import { invoicePdf, type InvoiceDocument } from "../../mock-server/documents/invoice-pdf";
import { readPdf } from "../helpers/pdf-text";

/** The mock's generated PDFs: Unicode text (macrons kept), the same bytes for the same input, readable by pdf.js. */

const practice = { name: "Māngere Family Doctors", address: "12 Kōwhai Avenue, Māngere, Auckland 2022", phone: "09 275 1234" };
const patient = { name: "Mr Tāne Pōmare", nhi: "ZZZ0016" };
const invoice: InvoiceDocument = {
  practice,
  patient,
  invoice: { reference: "INV-10231", date: "2026-03-14T09:30:00+13:00", type: "Consultation", notes: "GP visit in Ōtāhuhu", amountCents: 6500, balanceCents: 2500 },
};
const letter: ClinicalDocument = {
  practice,
  patient,
  title: "Referral to Māngere Community Health",
  date: "2026-03-14T09:30:00+13:00",
  author: "Dr Āwhina Rēweti",
  paragraphs: ["Kia ora, thank you for seeing Tāne, who lives in Māngere and has had a cough for three weeks.", "Ngā mihi,\nDr Āwhina Rēweti"],
};

describe("document PDFs", () => {
  it("print Māori names and places with their macrons (Māngere, Ngā mihi), in the text and the metadata", async () => {
    const clinical = await readPdf(await clinicalPdf(letter));
    expect(clinical.text).toContain("Māngere Family Doctors");
    expect(clinical.text).toContain("Ngā mihi,");
    expect(clinical.text).toContain("who lives in Māngere");
    expect(clinical.text).toContain("From Dr Āwhina Rēweti");
    expect(clinical.title).toBe("Referral to Māngere Community Health");
    expect(clinical.author).toBe("Dr Āwhina Rēweti");

    const bill = await readPdf(await invoicePdf(invoice));
    expect(bill.text).toContain("12 Kōwhai Avenue, Māngere, Auckland 2022");
    expect(bill.text).toContain("Patient: Mr Tāne Pōmare");
    expect(bill.text).toContain("Consultation: GP visit in Ōtāhuhu");
    expect(bill.author).toBe("Māngere Family Doctors");
    expect(bill.numPages).toBe(1);
  });

  it("print every fixture name and place that has a macron as written", async () => {
    const names = [
      ...NZ_CITIES.flatMap((c) => [c.name, ...c.suburbs.map((s) => s.name)]),
      ...NZ_STREETS,
      ...Object.values(LOOKUPS).flatMap((list) => list.map((entry) => entry.name)),
      ...HERITAGES.flatMap((h) => [h.ethnicity, ...h.family, ...(h.given ? [...h.given.female, ...h.given.male] : [])]),
    ];
    const withMacrons = [...new Set(names.filter((name) => /[āēīōūĀĒĪŌŪ]/.test(name)))];
    expect(withMacrons).toEqual(expect.arrayContaining(["Māngere", "Ōtāhuhu", "Whangārei", "Tāne", "Pōmare", "Māori"]));
    const { text } = await readPdf(await clinicalPdf({ ...letter, paragraphs: withMacrons }));
    const lines = text.split("\n").map((line) => line.trim());
    for (const name of withMacrons) expect(lines).toContain(name);
  });

  it("give byte-identical files for the same input, also when built concurrently with other documents", async () => {
    const [a, b, other, c] = await Promise.all([invoicePdf(invoice), invoicePdf(invoice), clinicalPdf(letter), invoicePdf(invoice)]);
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(c).equals(Buffer.from(a))).toBe(true);
    expect(Buffer.from(await clinicalPdf(letter)).equals(Buffer.from(other))).toBe(true);
    const changed = await invoicePdf({ ...invoice, invoice: { ...invoice.invoice, balanceCents: 0 } });
    expect(Buffer.from(changed).equals(Buffer.from(a))).toBe(false);
  });

  it("embed subsets of the fonts, keeping a one-page document small", async () => {
    const bytes = await invoicePdf(invoice);
    expect(bytes.length).toBeLessThan(40_000);
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object.toString())
      .filter((text) => text.includes("/Type /Font") && text.includes("/Subtype /Type0"));
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect(font).toMatch(/\/BaseFont \/DejaVuSans(-Bold)?-\d+/);
  });
});
