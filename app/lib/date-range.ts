import { z } from "zod";
import { dateRangeTexts } from "./texts/dateRange";

/**
 * The date fields of every screen's date search (2§5): typed as DD-MM-YYYY, sent as YYYY-MM-DD.
 * Plain calendar arithmetic, no luxon, because the forms' schemas run in the browser too and a page's
 * first load has a budget.
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

const t = dateRangeTexts;

/** A date field that may be left empty; anything typed must be a real day. */
const displayDate = (invalid: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || queryDateOf(v) !== null, invalid);

/** The start and end fields, each checked on its own. */
export const dateRangeFields = { from: displayDate(t.fromInvalid), to: displayDate(t.toInvalid) };

/** The end may not be before the start; reported on the end field. */
export function checkRangeOrder(value: { from: string; to: string }, ctx: z.RefinementCtx): void {
  const from = queryDateOf(value.from);
  const to = queryDateOf(value.to);
  // YYYY-MM-DD compares as text in time order.
  if (from && to && to < from) ctx.addIssue({ code: "custom", path: ["to"], message: t.toBeforeFrom });
}
