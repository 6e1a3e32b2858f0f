/**
 * Calendar days without a date library, for code the browser runs on a first visit: luxon is 21.6 KB gzip and a form
 * that only checks a typed day needs none of it; dates are still the practice's (DESIGN 5; issue 35, decisions/346).
 */

/** Dates are the practice's: Pacific/Auckland whatever the server's or browser's zone (DESIGN 5). */
export const PRACTICE_ZONE = "Pacific/Auckland";

/** A day as year, month (1-12) and day of the month, compared as the number yyyymmdd. */
const dayNumber = (year: number, month: number, day: number) => year * 10_000 + month * 100 + day;

/**
 * A day typed as dd-MM-yyyy (two digits, two digits, four digits), as luxon's
 * `DateTime.fromFormat(text, "dd-MM-yyyy")` reads it: its number yyyymmdd, or null when the text is not
 * one or names no day of the calendar (31-02-2020).
 */
export function dayMonthYear(text: string): number | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return null;
  // The month's last day: day 0 of the next month, in the proleptic Gregorian calendar as luxon's.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate() ? dayNumber(year, month, day) : null;
}

/** Made on first use and kept: a formatter with a time zone is costly to make. */
let todayFormat: Intl.DateTimeFormat | undefined;

/** Today in the practice's zone, as the number yyyymmdd. */
export function practiceToday(now: Date = new Date()): number {
  todayFormat ??= new Intl.DateTimeFormat("en-NZ", { timeZone: PRACTICE_ZONE, year: "numeric", month: "numeric", day: "numeric" });
  const parts = todayFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return dayNumber(part("year"), part("month"), part("day"));
}

/** Whether `text` is a dd-MM-yyyy day before today in the practice's zone (a date of birth). */
export function isPastDay(text: string, now: Date = new Date()): boolean {
  const day = dayMonthYear(text);
  return day !== null && day < practiceToday(now);
}
