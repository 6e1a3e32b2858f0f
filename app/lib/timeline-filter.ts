import { queryDateOf } from "./display-date";

/** The Timeline screen's views (2§2, 2§4) kept in the address, with 2§5's date rules in plain calendar arithmetic; "today" is the practice's (decisions/082). */

export const RANGES = ["60", "180", "365"] as const;
export type Range = (typeof RANGES)[number];

export interface TimelineFilter {
  from: string;
  to: string;
  q: string;
  provider: string;
}

export type TimelineView = { kind: "all" } | { kind: "range"; days: Range } | { kind: "filter"; filter: TimelineFilter };

const FILTER_KEYS = ["from", "to", "q", "provider"] as const;

/** The view an address asks for: a filter when it carries any filter field, else its range, else All. */
export function timelineViewOf(params: URLSearchParams): TimelineView {
  if (FILTER_KEYS.some((k) => params.has(k))) {
    const get = (k: string) => params.get(k) ?? "";
    return { kind: "filter", filter: { from: get("from"), to: get("to"), q: get("q"), provider: get("provider") } };
  }
  const range = RANGES.find((r) => r === params.get("range"));
  return range ? { kind: "range", days: range } : { kind: "all" };
}

/** The address of a view: only what it needs is written. */
export function timelineSearch(view: TimelineView, pages = 1): string {
  const params = new URLSearchParams();
  if (view.kind === "range") params.set("range", view.days);
  if (view.kind === "filter") for (const k of FILTER_KEYS) if (view.filter[k]) params.set(k, view.filter[k]);
  if (pages > 1) params.set("pages", String(pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "2026-03-01" plus `days` (negative: back), as YYYY-MM-DD. */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The same day a year earlier; 29 February gives 28 February. */
export function yearBefore(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  const lastDay = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}

/** YYYY-MM-DD shown as DD-MM-YYYY. */
export function displayOf(iso: string): string {
  return iso.split("-").reverse().join("-");
}

/** The practice query of a view on `today`: the badges count back from today; a filter sends what it has (2§5: All providers sends none). */
/**
 * 2§7 lists FromDate and toDate among Patient/Timeline's required query (only SearchText and ProviderID
 * are optional), so a view without dates (All, or a filter of words or provider only) asks for the whole
 * record: from this date to the practice's today (decisions/247). It is before any living patient's birth.
 */
export const TIMELINE_ALL_FROM = "1900-01-01";

/** The range a view sends: its own dates, or the whole record to today for the missing ones. */
export function timelineRangeOf(q: { from: string | null; to: string | null }, today: string): { from: string; to: string } {
  return { from: q.from ?? TIMELINE_ALL_FROM, to: q.to ?? today };
}

export function timelineQueryOf(view: TimelineView, today: string): { from: string | null; to: string | null; text: string; providerId: string } {
  if (view.kind === "range") return { from: addDays(today, -Number(view.days)), to: today, text: "", providerId: "" };
  if (view.kind === "filter") return { from: queryDateOf(view.filter.from), to: queryDateOf(view.filter.to), text: view.filter.q.trim(), providerId: view.filter.provider.trim() };
  return { from: null, to: null, text: "", providerId: "" };
}
