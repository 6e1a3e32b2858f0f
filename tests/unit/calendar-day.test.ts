import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { dayMonthYear, isPastDay, PRACTICE_ZONE, practiceToday } from "~/lib/calendar-day";

/**
 * The sign-up form's date of birth was read with luxon (`DateTime.fromFormat(v, "dd-MM-yyyy")`, before
 * today in the practice's zone); app/lib/calendar-day.ts reads it without (decisions/346). Both rules
 * are applied here to the same texts and moments, and must agree on every one.
 */
function luxonPastDay(text: string, now: Date): boolean {
  const d = DateTime.fromFormat(text, "dd-MM-yyyy", { zone: PRACTICE_ZONE });
  return d.isValid && d < DateTime.fromJSDate(now).setZone(PRACTICE_ZONE).startOf("day");
}

const texts = [
  "01-01-1990", "31-12-1999", "29-02-2000", "29-02-1900", "29-02-2024", "29-02-2023", "31-04-2020", "30-04-2020", "00-01-2020", "01-00-2020",
  "01-13-2020", "32-01-2020", "1-01-2020", "01-1-2020", "01-01-20", "01-01-02020", "01/01/2020", "2020-01-01", " 01-01-2020", "01-01-2020 ",
  "", "aa-bb-cccc", "01-01-0000", "01-01-0001", "31-12-9999", "25-11-2026", "26-11-2026", "27-11-2026", "28-11-2026", "٠١-٠١-٢٠٢٠",
];
// Around midnight in Auckland (UTC+13 in November): the day changes there, not in UTC.
const moments = ["2026-11-26T10:59:59Z", "2026-11-26T11:00:00Z", "2026-11-25T12:00:00Z", "2026-06-30T11:59:59Z", "2026-06-30T12:00:00Z"].map((iso) => new Date(iso));

describe("calendar days without luxon", () => {
  it("agrees with luxon on every text and moment", () => {
    for (const now of moments) for (const text of texts) expect(isPastDay(text, now), `${text} at ${now.toISOString()}`).toBe(luxonPastDay(text, now));
  });

  it("reads a day, and nothing that names none", () => {
    expect(dayMonthYear("29-02-2024")).toBe(20240229);
    expect(dayMonthYear("29-02-2023")).toBeNull();
    expect(dayMonthYear("1-1-2020")).toBeNull();
  });

  it("takes today in the practice's zone, not the machine's", () => {
    expect(practiceToday(new Date("2026-11-26T10:59:59Z"))).toBe(20261126);
    expect(practiceToday(new Date("2026-11-26T11:00:00Z"))).toBe(20261127);
  });
});
