/**
 * A date as the patient types it in every date search (2§5): DD-MM-YYYY, sent as YYYY-MM-DD, with no library and apart
 * from the forms' schemas (date-range.ts), so a page reads dates without fetching zod on its first load (decisions/357).
 */

const DISPLAY_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** "01-03-2026", "1-3-2026" or "01/03/2026" to "2026-03-01" when it is a real day of the calendar, else null. */
export function queryDateOf(display: string): string | null {
  const match = DISPLAY_DATE.exec(display.trim());
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one, leap years included.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${match[3]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
