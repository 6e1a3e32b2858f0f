import type { SubmissionResult } from "@conform-to/react";
import type { BookingSettings, Option } from "./booking";
import type { AppointmentRow } from "~/lib/appointment-row";
import { appointmentsTexts as t } from "./texts";

/**
 * The /appointments screen (2§2): its tabs, the History badges and range kept in the address, and its rows; no luxon,
 * as the server hands the page every date and time already written in the practice's zone (decisions/100).
 */

export type AppointmentTab = "book" | "upcoming" | "history";
/**
 * The address's `id`: 1 Book, 2 Upcoming (the dashboard's card links to it), 3 History. Without one
 * the page opens on Upcoming: what most visits are for, and the booking machine loads only when the
 * patient books (decisions/100).
 */
export const TAB_IDS: Record<AppointmentTab, string> = { book: "1", upcoming: "2", history: "3" };

export type HistoryBadge = "completed" | "missed" | "cancelled" | "all";
export const HISTORY_BADGES: ReadonlyArray<{ value: HistoryBadge; label: string }> = [
  { value: "completed", label: t.completed },
  { value: "missed", label: t.missed },
  { value: "cancelled", label: t.cancelledBadge },
  { value: "all", label: t.all },
];

export interface AppointmentsView {
  tab: AppointmentTab;
  show: HistoryBadge;
  from: string;
  to: string;
}

export function appointmentsViewOf(params: URLSearchParams): AppointmentsView {
  const id = params.get("id");
  const tab = (Object.keys(TAB_IDS) as AppointmentTab[]).find((k) => TAB_IDS[k] === id) ?? "upcoming";
  const show = HISTORY_BADGES.find((b) => b.value === params.get("show"))?.value ?? "all";
  return { tab, show, from: params.get("from") ?? "", to: params.get("to") ?? "" };
}

export function appointmentsSearch(view: Partial<AppointmentsView> & { tab: AppointmentTab }): string {
  const params = new URLSearchParams({ id: TAB_IDS[view.tab] });
  if (view.tab === "history") {
    if (view.show && view.show !== "all") params.set("show", view.show);
    if (view.from) params.set("from", view.from);
    if (view.to) params.set("to", view.to);
  }
  return `?${params}`;
}

/** Where a location is searched on a map: a link out, never a frame that would be blank offline (decisions/100). */
export function mapSearchUrl(location: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(location)}`;
}

/** The Join link of a video consult (the /zoom page reads the meeting number and pass code). */
export function joinUrl(row: Pick<AppointmentRow, "id" | "video">): string | null {
  if (!row.video) return null;
  return `/zoom?${new URLSearchParams({ meetingNumber: row.video.meetingNumber, passCode: row.video.passCode, appointment: row.id })}`;
}

export function historyCounts(rows: readonly AppointmentRow[]): Record<HistoryBadge, number> {
  return {
    completed: rows.filter((r) => r.status === "Completed").length,
    missed: rows.filter((r) => r.missed).length,
    cancelled: rows.filter((r) => r.status === "Cancelled").length,
    all: rows.length,
  };
}

export function applyHistoryBadge(rows: readonly AppointmentRow[], show: HistoryBadge): AppointmentRow[] {
  if (show === "completed") return rows.filter((r) => r.status === "Completed");
  if (show === "missed") return rows.filter((r) => r.missed);
  if (show === "cancelled") return rows.filter((r) => r.status === "Cancelled");
  return [...rows];
}

export interface AppointmentsPageData {
  view: AppointmentsView;
  today: string;
  /** The earliest History start, YYYY-MM-DD. */
  earliest: string;
  upcoming: AppointmentRow[] | null;
  /** `total` undefined: the practice did not say, and there may be more than read. */
  history: { rows: AppointmentRow[]; total: number | undefined; rangeResult: SubmissionResult<string[]> | null } | null;
  booking: {
    settings: BookingSettings;
    types: Option[];
    locations: Option[];
    reasonsForContact: Option[];
    family: { canChoose: boolean; members: Option[] };
  } | null;
  patientName: string;
  practice: { name: string; phone: string } | null;
  printedOn: string;
}
