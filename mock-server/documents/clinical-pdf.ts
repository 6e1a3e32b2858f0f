import { DateTime } from "luxon";
import { a4Document } from "./a4";

/**
 * A real, printable one-page clinical document (a message attachment, a letter, a result) on the practice's letterhead;
 * the same input gives the same bytes, because the document's dates are its own, not the moment it was rendered.
 */

export interface ClinicalDocument {
  practice: { name: string; address: string; phone: string };
  patient: { name: string; nhi: string };
  title: string;
  /** ISO date-time the document is dated. */
  date: string;
  author: string;
  paragraphs: string[];
}

export async function clinicalPdf(doc: ClinicalDocument): Promise<Uint8Array> {
  const { pdf, page, regular, bold, ink } = await a4Document({ title: doc.title, author: doc.author, date: doc.date });
  const when = DateTime.fromISO(doc.date, { setZone: true });
  const left = 56;
  const width = 595.28 - 2 * left;
  let y = 780;
  const line = (text: string, options: { size?: number; font?: typeof regular } = {}) => {
    const size = options.size ?? 11;
    const font = options.font ?? regular;
    // Wrap on spaces to the page width; a paragraph's own line breaks are kept.
    for (const raw of text.split("\n")) {
      let current = "";
      for (const word of raw.split(" ")) {
        const candidate = current ? `${current} ${word}` : word;
        if (current && font.widthOfTextAtSize(candidate, size) > width) {
          page.drawText(current, { x: left, y, size, font, color: ink });
          y -= size + 6;
          current = word;
        } else current = candidate;
      }
      page.drawText(current, { x: left, y, size, font, color: ink });
      y -= size + 6;
    }
  };

  line(doc.practice.name, { size: 18, font: bold });
  line(doc.practice.address);
  line(`Phone ${doc.practice.phone}`);
  y -= 16;
  line(doc.title, { size: 15, font: bold });
  line(`Date ${when.toFormat("dd-MM-yyyy")}    From ${doc.author}`);
  line(`Patient: ${doc.patient.name}    NHI: ${doc.patient.nhi}`);
  y -= 12;
  for (const paragraph of doc.paragraphs) {
    line(paragraph);
    y -= 6;
  }
  return pdf.save({ useObjectStreams: false });
}
