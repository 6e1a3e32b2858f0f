/**
 * A CSV file (RFC 4180) for a spreadsheet: every cell quoted, quotes doubled, lines ended CRLF. A cell
 * that a spreadsheet would read as a formula (one beginning with = + - @, or a tab or carriage return
 * before one) is prefixed with an apostrophe, so opening the file never runs anything (OWASP's CSV
 * injection advice).
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** The header row and the rows, as the file's text. */
export function csvOf(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
