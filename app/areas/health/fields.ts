import { formatDate, practiceDateTime } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";

/**
 * How the health screens show a field that may be absent, null, empty or in any form the spec leaves open: its
 * value, or "Not recorded", never a blank or a page that fails (decisions/396).
 */

/** The text as the practice wrote it, trimmed; "" when it wrote nothing. Markup stays text (React escapes it). */
export function textOf(value: string | null | undefined): string {
  return value?.trim() ?? "";
}

/** The text, or "Not recorded". */
export function shownText(value: string | null | undefined): string {
  return textOf(value) || recordTexts.notRecorded;
}

/** Several texts of one field (notes, reactions) joined, or "" when none holds words. */
export function joinedText(values: ReadonlyArray<string | null | undefined>, separator: string): string {
  return values.map(textOf).filter(Boolean).join(separator);
}

export interface ShownDay {
  /** DD-MM-YYYY in Pacific/Auckland; the practice's text when it is no date; "Not recorded" when there is none. */
  date: string;
  /** YYYY-MM-DD for <time dateTime>, sorting and grouping; "" when there is no readable date. */
  isoDate: string;
}

/** A date as a day in the practice's zone, whether the practice wrote a date, a local date-time or one in UTC. */
export function shownDay(value: string | null | undefined): ShownDay {
  const text = textOf(value);
  if (text === "") return { date: recordTexts.notRecorded, isoDate: "" };
  const at = practiceDateTime(text);
  return at.isValid ? { date: formatDate(text), isoDate: at.toISODate()! } : { date: text, isoDate: "" };
}

/** Whether the practice wrote a time with the date ("2026-03-01" is a day only). */
export function hasTime(value: string | null | undefined): boolean {
  return /T\d{2}:\d{2}/.test(value ?? "");
}
