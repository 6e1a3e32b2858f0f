import { z } from "zod";
import { messages } from "./messages";

/**
 * The Letters screen's date search as the address carries it (2§2, 2§5): `from` and `to` as the
 * patient typed them (DD-MM-YYYY). Plain calendar arithmetic, no luxon, since the form's schema runs
 * in the browser too.
 */

const DISPLAY_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;

/** "1-3-2026" or "01/03/2026" to "2026-03-01" when it is a real day of the calendar, else null. */
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

const t = messages.letters;

const displayDate = (invalid: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || queryDateOf(v) !== null, invalid);

/**
 * The date range form: both dates or neither (neither is every letter, 2§5), the end not before the
 * start. The same schema checks the form in the browser and the address in the loader.
 */
export const LetterRangeSchema = z
  .object({ from: displayDate(t.fromInvalid), to: displayDate(t.toInvalid) })
  .superRefine((value, ctx) => {
    const from = queryDateOf(value.from);
    const to = queryDateOf(value.to);
    if (value.from === "" && value.to !== "") ctx.addIssue({ code: "custom", path: ["from"], message: t.fromMissing });
    if (value.to === "" && value.from !== "") ctx.addIssue({ code: "custom", path: ["to"], message: t.toMissing });
    // YYYY-MM-DD compares as text in time order.
    if (from && to && to < from) ctx.addIssue({ code: "custom", path: ["to"], message: t.toBeforeFrom });
  });
export type LetterRange = z.output<typeof LetterRangeSchema>;

/** The practice's range (2§5): the start day from 00:00:00, the end day to 23:59:59; null for no range. */
export function rangeQuery(range: LetterRange): { StartDate: string; EndDate: string } | null {
  const from = queryDateOf(range.from);
  const to = queryDateOf(range.to);
  if (!from || !to) return null;
  return { StartDate: `${from} 00:00:00`, EndDate: `${to} 23:59:59` };
}
