import { DateTime } from "luxon";
import { PDFDocument, StandardFonts, rgb } from "pdf-lib";

/**
 * The start every generated document shares: one A4 page with the standard fonts, and metadata
 * dated by the document itself (not the moment it is rendered) so the same input gives the same bytes.
 */

// The standard PDF fonts cover Windows-1252 only: macrons (Māngere, Ngā mihi) are written without them.
export function latin1(text: string): string {
  return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^\x20-\x7e\xa0-\xff]/g, "?");
}

export async function a4Document(meta: { title: string; author: string; date: string }) {
  const pdf = await PDFDocument.create();
  const when = DateTime.fromISO(meta.date, { setZone: true }).toJSDate();
  pdf.setTitle(latin1(meta.title));
  pdf.setAuthor(latin1(meta.author));
  pdf.setCreator("Patient portal mock practice server");
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(when);
  pdf.setModificationDate(when);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  return { pdf, page, regular, bold, ink: rgb(0.13, 0.17, 0.2) };
}
