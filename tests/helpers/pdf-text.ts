import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * Opens a PDF with pdf.js (the engine the portal's viewer uses; the legacy build runs in Node) and
 * gives its page count, its text (the runs of a line joined, lines ended with "\n") and its title and
 * author, as a reader would see them.
 */
export async function readPdf(bytes: Uint8Array) {
  // pdf.js wants a plain Uint8Array (not a Buffer) and takes ownership of it: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    const info = (await doc.getMetadata()).info as { Title?: string; Author?: string };
    return { numPages: doc.numPages, text: pages.join("\n"), title: info.Title, author: info.Author };
  } finally {
    await doc.destroy();
  }
}
