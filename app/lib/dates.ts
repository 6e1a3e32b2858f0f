import { DateTime } from "luxon";
import { PRACTICE_ZONE } from "./calendar-day";

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
  return `${hour % 12 === 0 ? 12 : hour % 12}:${clock[2]} ${hour % 24 < 12 ? "am" : "pm"}`;
}

export function formatOpeningHours(start: string, end: string): string {
  return `${formatClockTime(start)} – ${formatClockTime(end)}`;
}

/** Display format DD-MM-YYYY (2 intro). */
export function formatDate(iso: string): string {
  const parsed = DateTime.fromISO(iso, { zone: PRACTICE_ZONE });
  return parsed.isValid ? parsed.toFormat("dd-MM-yyyy") : iso;
}

/** A moment (ms since the epoch) as the practice's date and time: "24-11-2026 at 3:05 pm". */
export function formatDateTime(ms: number): string {
  return DateTime.fromMillis(ms, { zone: PRACTICE_ZONE }).toFormat("dd-MM-yyyy 'at' h:mm a").replace(/AM|PM/, (m) => m.toLowerCase());
}
