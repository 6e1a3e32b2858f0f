/** The Test Results screen's filters (2§2, 2§4, 2§5) as the address carries them, without zod so the page draws without it; the form's schema is filters.ts (decisions/357). */

export const READ_FILTERS = ["all", "unread", "read"] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

export function readFilterOf(value: string | null | undefined): ReadFilter {
  return READ_FILTERS.find((f) => f === value) ?? "all";
}

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
