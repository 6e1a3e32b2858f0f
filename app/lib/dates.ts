import { DateTime } from "luxon";
import { PRACTICE_ZONE } from "./calendar-day";

export { PRACTICE_ZONE };

/** "08:00" or "08:00:00" → "8:00 am"; anything unreadable is shown as it came. */
export function formatClockTime(value: string): string {
  const parsed = DateTime.fromFormat(value.trim().slice(0, 5), "HH:mm", { zone: PRACTICE_ZONE });
  return parsed.isValid ? parsed.toFormat("h:mm a").toLowerCase() : value;
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
