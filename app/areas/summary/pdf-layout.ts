import type { SectionKey } from "./fhir";

/**
 * The pure half of the summary's PDF (issue 32): how wide each column is and how a cell's text breaks
 * into lines. Measuring is handed in, so the layout is tested without a font.
 */

/** Each section's columns, as shares of the table's width, in the order of its headers (fhir.ts). */
export const COLUMN_SHARES: Record<SectionKey, readonly number[]> = {
  problems: [6, 2, 1.4],
  medications: [3, 3.2, 1.6, 1.6, 1.2, 2],
  allergies: [2.4, 1.6, 1.4, 2.4, 2.4],
  immunisations: [2.6, 1.6, 2, 2, 1.4],
  results: [3, 1.5, 2.2, 3.3],
  vitals: [3, 2, 2.5],
};

/** Column widths in points, filling `width`. */
export function columnWidths(key: SectionKey, width: number): number[] {
  const shares = COLUMN_SHARES[key];
  const total = shares.reduce((a, b) => a + b, 0);
  return shares.map((share) => (share / total) * width);
}

/** A cell's text as one line of words: whatever the practice wrote, its breaks and tabs are spaces. */
export function cellText(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001F\u007F]+/g, " ").replace(/\s+/g, " ").trim();
}

/**
 * Breaks text into lines no wider than `width` as `measure` says: on spaces, and a word wider than
 * a line is cut where it must be. Empty text is one empty line.
 */
export function wrapText(text: string, width: number, measure: (text: string) => number): string[] {
  const words = cellText(text).split(" ").filter(Boolean);
  const lines: string[] = [];
  let current = "";
  const cut = (word: string): string => {
    // A word too wide for a line of its own: cut into the widest pieces that fit (at least one character).
    let rest = word;
    while (measure(rest) > width && rest.length > 1) {
      let n = rest.length - 1;
      while (n > 1 && measure(rest.slice(0, n)) > width) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    return rest;
  };
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (measure(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = cut(word);
  }
  if (current || lines.length === 0) lines.push(current);
  return lines;
}
