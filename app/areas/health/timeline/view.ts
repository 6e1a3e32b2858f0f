import type { SubmissionResult } from "@conform-to/react";
import type { TimelineEvent } from "@contract/health";
import type { TimelineFilter, TimelineView } from "~/lib/timeline-filter";
import { practiceDateTime } from "~/lib/dates";

/** The Timeline screen's entries (2§3 Timeline event), grouped by date and then by provider (2§2). */

export interface TimelineEntry {
  id: string;
  /** The code's display: "Appointment", "Lab Result", "Medication"... */
  kind: string;
  text: string;
  provider: string;
  /** YYYY-MM-DD and DD-MM-YYYY in Pacific/Auckland; empty when unreadable. */
  isoDate: string;
  date: string;
  /** "9:15 am"; empty when the practice gave a date only or an unreadable one. */
  time: string;
}

export interface TimelineDay {
  isoDate: string;
  date: string;
  providers: Array<{ provider: string; entries: TimelineEntry[] }>;
}

export function timelineEntryOf(event: TimelineEvent): TimelineEntry {
  const when = practiceDateTime(event.created);
  const hasTime = /T\d{2}:\d{2}/.test(event.created);
  return {
    id: event.id,
    kind: event.code.coding[0].display.trim() || "Event",
    text: event.code.text.trim(),
    provider: event.extension.provider.trim() || "The practice",
    isoDate: when.isValid ? when.toISODate()! : "",
    date: when.isValid ? when.toFormat("dd-MM-yyyy") : "",
    time: when.isValid && hasTime ? when.toFormat("h:mm a").toLowerCase() : "",
  };
}

/** Days newest first, whatever order the practice sent; within a day, providers in the order first met. */
export function groupTimeline(entries: readonly TimelineEntry[]): TimelineDay[] {
  const days = new Map<string, TimelineDay>();
  for (const e of entries) {
    const day = days.get(e.isoDate) ?? { isoDate: e.isoDate, date: e.date || "Date not recorded", providers: [] };
    days.set(e.isoDate, day);
    const group = day.providers.find((p) => p.provider === e.provider);
    if (group) group.entries.push(e);
    else day.providers.push({ provider: e.provider, entries: [e] });
  }
  return [...days.values()].sort((a, b) => (a.isoDate === b.isoDate ? 0 : a.isoDate === "" ? 1 : b.isoDate === "" ? -1 : a.isoDate < b.isoDate ? 1 : -1));
}

/** What /timeline hands its page. */
export interface TimelinePageData {
  /** The practice's today (YYYY-MM-DD, Pacific/Auckland), for the filter's date rules in the browser. */
  today: string;
  view: TimelineView;
  /** The filter's fields as the dialog shows them (the address's, or empty). */
  filter: TimelineFilter;
  /** A filter in the address that the rules refuse: shown in the dialog, and not applied. */
  filterResult: SubmissionResult<string[]> | null;
  providers: Array<{ id: string; name: string }>;
  /** What the entries are, as words: "from 26-09-2026 to 25-11-2026, containing “lab”"; empty for All. */
  summary: string;
  days: TimelineDay[];
  shown: number;
  total: number;
  pages: number;
  more: boolean;
}
