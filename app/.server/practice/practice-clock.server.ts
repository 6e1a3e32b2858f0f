import { PRACTICE_ZONE } from "~/lib/calendar-day";

/** The practice's own clock, from its replies' `Date` header, kept per practice as an offset: whānau access counts age on the practice's date (decisions/378). One a process, whichever language's build heard it (decisions/403). */
const offsets = ((globalThis as unknown as Record<symbol, Map<string, number> | undefined>)[Symbol.for("nz-patient-portal.practice-clock")] ??= new Map<string, number>());
/** Practice API addresses remembered at most: one a practice (or mock world); the oldest goes first. */
const REMEMBERED = 1000;

/** Notes the `Date` header (empty when none) of a reply from the practice at `base`, received at `receivedAt` (this process's clock). */
export function notePracticeDate(base: string, header: string, receivedAt: number = Date.now()): void {
  const at = Date.parse(header);
  if (Number.isNaN(at)) return;
  // Set again at the end: the practice heard from last is the last to be forgotten.
  offsets.delete(base);
  offsets.set(base, at - receivedAt);
  if (offsets.size > REMEMBERED) offsets.delete(offsets.keys().next().value!);
}

/** The practice's date (`yyyy-mm-dd` in New Zealand time) now; this process's own until a reply has said. */
export function practiceDate(base: string, now: number = Date.now()): string {
  return dayFormat.format(new Date(now + (offsets.get(base) ?? 0)));
}

/**
 * en-CA writes a date as yyyy-mm-dd. Made once: every signed-in page asks for the date, and making a
 * formatter with a time zone cost 0.8 ms a page (a profile of /medications, 2026-11-28).
 */
const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: PRACTICE_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
