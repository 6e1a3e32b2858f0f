import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { PDFDocument, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { SummaryDocument, SummaryTable } from "./fhir";
import { cellText, columnWidths, wrapText } from "./pdf-layout";
import { summaryDocumentWords as words } from "./document-words";
import { recordTexts } from "~/lib/texts/record";

/** The patient summary as an A4 PDF to read and print, in DejaVu Sans so Māori names keep their macrons (decisions/275). */

type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

const require = createRequire(import.meta.url);
// @pdf-lib/fontkit is a UMD bundle whose exports Node cannot see from an ESM import: require it.
const parser = require("@pdf-lib/fontkit") as Fontkit;

let files: { regular: Uint8Array; bold: Uint8Array } | undefined;

/** The font files (about 1.4 MB together), read once per process. */
function fontFiles() {
  files ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return files;
}

// Parsed once per file; each document still builds its own subset (see mock-server/documents/a4.ts).
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit["create"]>>();
const fontkit: Fontkit = {
  create(bytes) {
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = parser.create(bytes)));
    return font;
  },
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const WIDTH = A4[0] - 2 * MARGIN;
const TOP = A4[1] - MARGIN;
/** The lowest a line of content may sit: below it is the page's foot. */
const BOTTOM = MARGIN + 28;
const INK = rgb(0.13, 0.17, 0.2);
const MUTED = rgb(0.3, 0.35, 0.4);
const RULE = rgb(0.68, 0.72, 0.75);
const HEAD_FILL = rgb(0.91, 0.93, 0.95);
const CELL = { size: 8.5, leading: 11, pad: 3 };

export async function summaryPdf(doc: Pick<SummaryDocument, "heading" | "tables">, generatedAt: Date): Promise<Uint8Array> {
  const { heading, tables } = doc;
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const title = words.pdfTitle(heading.patientName);
  pdf.setTitle(title);
  pdf.setAuthor(heading.practiceName || words.thePractice);
  pdf.setSubject(words.pdfSubject);
  pdf.setCreator(words.pdfCreator);
  pdf.setProducer("pdf-lib");
  pdf.setLanguage("en-NZ");
  pdf.setCreationDate(generatedAt);
  pdf.setModificationDate(generatedAt);
  const regular = await pdf.embedFont(fontFiles().regular, { subset: true });
  const bold = await pdf.embedFont(fontFiles().bold, { subset: true });

  let page: PDFPage = pdf.addPage(A4);
  let y = TOP;
  const newPage = () => {
    page = pdf.addPage(A4);
    y = TOP;
  };
  const text = (value: string, options: { size?: number; font?: PDFFont; x?: number; colour?: typeof INK } = {}) => {
    page.drawText(value, { x: options.x ?? MARGIN, y, size: options.size ?? 10, font: options.font ?? regular, color: options.colour ?? INK });
  };
  /** A paragraph wrapped to the page's width, onto a new page when it does not fit. */
  const paragraph = (value: string, options: { size?: number; font?: PDFFont; colour?: typeof INK; after?: number } = {}) => {
    const size = options.size ?? 10;
    const font = options.font ?? regular;
    for (const line of wrapText(value, WIDTH, (s) => font.widthOfTextAtSize(s, size))) {
      if (y - size < BOTTOM) newPage();
      y -= size;
      text(line, { size, font, colour: options.colour });
      y -= size * 0.45;
    }
    y -= options.after ?? 0;
  };

  /* The head: the practice, the document, the patient. */
  paragraph(heading.practiceName || words.thePractice, { size: 15, font: bold });
  if (heading.practiceAddress) paragraph(heading.practiceAddress, { size: 9.5, colour: MUTED });
  y -= 10;
  paragraph(title, { size: 18, font: bold, after: 4 });
  const facts: [string, string][] = [
    [words.patient, heading.patientName || recordTexts.notRecorded],
    [words.nhi, heading.nhi || recordTexts.notRecorded],
    [words.birthDate, heading.birthDate || recordTexts.notRecorded],
    [words.made, words.madeAt(heading.generated)],
  ];
  for (const [label, value] of facts) {
    y -= 11;
    text(words.factLabel(label), { font: bold });
    text(cellText(value), { x: MARGIN + 80 });
    y -= 4;
  }
  y -= 6;
  paragraph(words.pdfIntro, {
    size: 8.5,
    colour: MUTED,
    after: 6,
  });

  for (const table of tables) drawSection(table);

  /* Each page's foot: whose summary, and which page. */
  const pages = pdf.getPages();
  const who = [heading.patientName, heading.nhi ? words.footNhi(heading.nhi) : ""].filter(Boolean).join(", ");
  pages.forEach((p, i) => {
    const foot = words.foot(who, heading.generated, i + 1, pages.length);
    p.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: A4[0] - MARGIN, y: MARGIN + 14 }, thickness: 0.5, color: RULE });
    p.drawText(foot, { x: MARGIN, y: MARGIN, size: 8, font: regular, color: MUTED });
  });

  return pdf.save({ useObjectStreams: false });

  function drawSection(table: SummaryTable) {
    // A heading never sits alone at a page's foot: it needs room for itself and a row under it.
    if (y - 60 < BOTTOM) newPage();
    y -= 14;
    paragraph(table.title, { size: 13, font: bold, after: 3 });
    if (table.rows.length === 0) {
      paragraph(words.noneRecorded(table.empty), { size: 9.5, after: 8 });
      return;
    }
    const widths = columnWidths(table.key, WIDTH);
    const linesOf = (cells: readonly string[], font: PDFFont) => cells.map((cell, c) => wrapText(cell, widths[c] - 2 * CELL.pad, (s) => font.widthOfTextAtSize(s, CELL.size)));
    const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((l) => l.length)) * CELL.leading + 2 * CELL.pad;
    const row = (lines: string[][], font: PDFFont, fill: boolean) => {
      const height = heightOf(lines);
      if (fill) page.drawRectangle({ x: MARGIN, y: y - height, width: WIDTH, height, color: HEAD_FILL });
      let x = MARGIN;
      lines.forEach((cellLines, c) => {
        cellLines.forEach((line, n) => {
          page.drawText(line, { x: x + CELL.pad, y: y - CELL.pad - CELL.size - n * CELL.leading, size: CELL.size, font, color: INK });
        });
        x += widths[c];
      });
      y -= height;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.5, color: RULE });
    };
    const head = linesOf(table.headers, bold);
    row(head, bold, true);
    // A row taller than a page's room (a very long comment) goes on in parts, a page each at most.
    const room = Math.floor((TOP - BOTTOM - 40 - heightOf(head)) / CELL.leading) - 1;
    for (const cells of table.rows) {
      const whole = linesOf(cells, regular);
      const tallest = Math.max(...whole.map((l) => l.length));
      for (let from = 0; from < tallest; from += room) {
        const lines = whole.map((l) => l.slice(from, from + room));
        if (y - heightOf(lines) < BOTTOM) {
          newPage();
          paragraph(words.continued(table.title), { size: 10, font: bold, after: 2 });
          row(head, bold, true);
        }
        row(lines, regular, false);
      }
    }
    y -= 4;
    if (table.partial) paragraph(words.partialPdf(table.partial.read, table.partial.total), { size: 9, colour: MUTED });
    y -= 6;
  }
}
