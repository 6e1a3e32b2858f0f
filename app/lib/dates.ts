import { DateTime } from "luxon";
import { dateTexts } from "./texts/dates";
import { PRACTICE_ZONE } from "./calendar-day";
import { keptByText } from "./recently-used";

export { PRACTICE_ZONE };

/**
 * "08:00" or "08:00:00" → "8:00 am"; anything unreadable is shown as it came. Read by hand, not by
 * luxon's `fromFormat`, which builds a parser for the format on every call: a tenth of a millisecond
 * that every signed-in page paid for the practice's opening hours (decisions/352).
 */
export function formatClockTime(value: string): string {
  const clock = /^(\d{2}):(\d{2})$/.exec(value.trim().slice(0, 5));
  const hour = Number(clock?.[1]);
  const minute = Number(clock?.[2]);
  // "24:00" is the day's end, as luxon read it: midnight.
  if (!clock || minute > 59 || hour > 24 || (hour === 24 && minute > 0)) return value;
  return dateTexts.time(`${hour % 12 === 0 ? 12 : hour % 12}:${clock[2]}`, hour % 24 >= 12);
}

/**
 * The dates below are kept by their text (app/lib/recently-used.ts): luxon reading an ISO text into the
 * practice's zone asks Intl for the zone's offset each time (about 20-40 µs), and a page of a long
 * record reads hundreds, most of them the same from one page view to the next (issue 53,
 * decisions/376). The keys are dates as the practice wrote them, nothing else of the record.
 */
const DATES_KEPT = 5_000;

/**
 * An ISO date or date-time from the practice as a moment in the practice's zone (an invalid DateTime
 * when it is not one). Luxon's DateTimes never change once made, so one may be handed to many pages.
 */
export const practiceDateTime: (iso: string) => DateTime = /* @__PURE__ */ keptByText(DATES_KEPT, (iso) => DateTime.fromISO(iso, { zone: PRACTICE_ZONE }));

/**
 * Display format DD-MM-YYYY (2 intro). Both are made by a call, marked pure so that a browser bundle
 * that imports something else from this module leaves them, and luxon, out (issue 35's budgets).
 */
export const formatDate: (iso: string) => string = /* @__PURE__ */ keptByText(DATES_KEPT, (iso) => {
  const parsed = practiceDateTime(iso);
  return parsed.isValid ? parsed.toFormat("dd-MM-yyyy") : iso;
});

/** A moment's time of day in the page's words: "3:05 pm" (app/lib/texts/dates.ts). */
export function clockTime(at: DateTime): string {
  return dateTexts.time(at.toFormat("h:mm"), at.hour >= 12);
}

/** A moment's weekday in the page's words. */
export const weekdayOf = (at: DateTime): string => dateTexts.weekdays[at.weekday % 7]!;

/** A moment as its weekday, day, month and year in words, with its time unless `dayOnly`: "Tuesday 24 November 2026, 3:05 pm". */
export function longDate(at: DateTime, dayOnly: boolean): string {
  const day = dateTexts.longDay(weekdayOf(at), at.day, dateTexts.months[at.month - 1]!, at.year);
  return dayOnly ? day : dateTexts.longDayAt(day, clockTime(at));
}

/** A moment (ms since the epoch) as the practice's date and time: "24-11-2026 at 3:05 pm". */
export function formatDateTime(ms: number): string {
  const at = DateTime.fromMillis(ms, { zone: PRACTICE_ZONE });
  return dateTexts.dateAt(at.toFormat("dd-MM-yyyy"), clockTime(at));
}
