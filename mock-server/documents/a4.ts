import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { DateTime } from "luxon";
import { PDFDocument, rgb } from "pdf-lib";

/** The start every generated document shares: one A4 page in DejaVu Sans, subset-embedded so macrons print, dated by the document so the same input gives the same bytes (decisions/275). */

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

// pdf-lib parses the font file again for every document; parsing once per file halves the time per
// PDF. Sharing the parsed font is safe: each document builds its own subset, fontkit only caches
// what it reads, and the subset is encoded in one synchronous step, so documents never interleave.
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit["create"]>>();
const fontkit: Fontkit = {
  create(bytes) {
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = parser.create(bytes)));
    return font;
  },
};

export async function a4Document(meta: { title: string; author: string; date: string }) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const when = DateTime.fromISO(meta.date, { setZone: true }).toJSDate();
  pdf.setTitle(meta.title);
  pdf.setAuthor(meta.author);
  pdf.setCreator("Patient portal mock practice server");
  pdf.setProducer("pdf-lib");
  pdf.setCreationDate(when);
  pdf.setModificationDate(when);
  const page = pdf.addPage([595.28, 841.89]);
  const { regular: regularFile, bold: boldFile } = fontFiles();
  const regular = await pdf.embedFont(regularFile, { subset: true });
  const bold = await pdf.embedFont(boldFile, { subset: true });
  return { pdf, page, regular, bold, ink: rgb(0.13, 0.17, 0.2) };
}
