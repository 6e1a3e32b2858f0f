import type { SubmissionResult } from "@conform-to/react";
import type { TimelineEvent } from "@contract/health";
import type { TimelineFilter, TimelineView } from "~/lib/timeline-filter";
import { clockTime, practiceDateTime } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";
import { hasTime, shownDay, shownText, textOf } from "../fields";

/** The Timeline screen's entries (2§3 Timeline event), grouped by date and then by provider (2§2). */

export interface TimelineEntry {
  id: string;
  /** The code's display: "Appointment", "Lab Result", "Medication"..., as the practice wrote it, or "Not recorded". */
  kind: string;
  /** What happened, or "Not recorded". */
  text: string;
  /** The provider's name, or "Not recorded". */
  provider: string;
  /** YYYY-MM-DD in Pacific/Auckland; empty when there is no readable date. */
  isoDate: string;
  /** DD-MM-YYYY, or "Not recorded". */
  date: string;
  /** "9:15 am"; empty when the practice gave a date only or none. */
  time: string;
}

export interface TimelineDay {
  isoDate: string;
  date: string;
  providers: Array<{ provider: string; entries: TimelineEntry[] }>;
}

/** An event as the screen shows it; each field the practice left out says so (decisions/396). */
export function timelineEntryOf(event: TimelineEvent): TimelineEntry {
  const day = shownDay(event.created);
  const when = practiceDateTime(textOf(event.created));
  return {
    id: event.id,
    kind: shownText(event.code?.coding?.[0]?.display),
    text: shownText(event.code?.text),
    provider: shownText(event.extension.provider),
    ...day,
    time: day.isoDate && hasTime(event.created) ? clockTime(when) : "",
  };
}

/** Days newest first, whatever order the practice sent, those without a date last; within a day, providers in the order first met. */
export function groupTimeline(entries: readonly TimelineEntry[]): TimelineDay[] {
  const days = new Map<string, TimelineDay>();
  for (const e of entries) {
    const day = days.get(e.isoDate) ?? { isoDate: e.isoDate, date: e.isoDate ? e.date : recordTexts.notRecorded, providers: [] };
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
  /** Undefined when the practice does not say and there may be more (decisions/396). */
  total: number | undefined;
  pages: number;
  more: boolean;
}
