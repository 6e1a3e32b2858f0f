import { z } from "zod";
import { messages } from "./messages";

/**
 * The Test Results screen's filters (2§2, 2§4, 2§5), as the address carries them: `show` (the
 * Unread/Read/All badge, applied in the page), `from` and `to` (DD-MM-YYYY, as the patient typed
 * them), `q` (the subject searched for) and `pages` (how many pages of 100 are shown). The date
 * arithmetic is plain calendar arithmetic, without luxon, so the page's bundle stays small.
 */

export const READ_FILTERS = ["all", "unread", "read"] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

export function readFilterOf(value: string | null | undefined): ReadFilter {
  return READ_FILTERS.find((f) => f === value) ?? "all";
}

/** "01-03-2026" to "2026-03-01" when it is a real day of the calendar, else null. */
export function queryDateOf(display: string): string | null {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(display.trim());
  if (!match) return null;
  const [, dd, mm, yyyy] = match;
  const day = Number(dd);
  const month = Number(mm);
  const year = Number(yyyy);
  if (year < 1900 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is this month's last day (leap years included).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  return `${yyyy}-${mm}-${dd}`;
}

const t = messages.reports;

const displayDate = (invalid: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || queryDateOf(v) !== null, invalid);

/** The date range and search form; the same schema checks it in the browser and in the loader. */
export const ReportFiltersSchema = z
  .object({
    from: displayDate(t.fromInvalid),
    to: displayDate(t.toInvalid),
    q: z.string().trim().max(100, t.searchTooLong).default(""),
  })
  .superRefine((value, ctx) => {
    const from = queryDateOf(value.from);
    const to = queryDateOf(value.to);
    // Query dates compare as text: YYYY-MM-DD sorts by time.
    if (from && to && to < from) ctx.addIssue({ code: "custom", path: ["to"], message: t.toBeforeFrom });
  });
export type ReportFilters = z.output<typeof ReportFiltersSchema>;

/** How many pages of results the address asks for, 1 to 30 (3,000 results). */
export const MAX_PAGES = 30;
export function pagesOf(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) ? Math.min(MAX_PAGES, Math.max(1, n)) : 1;
}

/** The address of a view of the screen: only what differs from the defaults is written. */
export function reportsSearch(view: { show: ReadFilter; from: string; to: string; q: string; pages: number }): string {
  const params = new URLSearchParams();
  if (view.from) params.set("from", view.from);
  if (view.to) params.set("to", view.to);
  if (view.q) params.set("q", view.q);
  if (view.show !== "all") params.set("show", view.show);
  if (view.pages > 1) params.set("pages", String(view.pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The cards a badge shows: the filter is the page's, over the results it has (2§4). */
export function applyReadFilter<T extends { read: boolean }>(results: readonly T[], show: ReadFilter): T[] {
  if (show === "all") return [...results];
  return results.filter((r) => r.read === (show === "read"));
}
