/**
 * Paged listings kept in the address (DESIGN "Every screen of part 2"): `pages` is how many pages "more" has shown,
 * so a reload, back or a shared link shows as many; a date range travels beside it as typed (decisions/066).
 */

/** How many pages the address asks for: 1 to 50 (5,000 items at 2§9's 100 a page). */
export const MAX_PAGES = 50;
export function pagesOf(value: string | null | undefined): number {
  const n = Number.parseInt(value ?? "1", 10);
  return Number.isFinite(n) ? Math.min(MAX_PAGES, Math.max(1, n)) : 1;
}

/** The address of a view of a listing: only what differs from the defaults is written. */
export function listingSearch(view: { from?: string; to?: string; pages?: number }): string {
  const params = new URLSearchParams();
  if (view.from) params.set("from", view.from);
  if (view.to) params.set("to", view.to);
  if (view.pages && view.pages > 1) params.set("pages", String(view.pages));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * How many entries the practice sent on a page: a proxy's view leaves confidential ones out of
 * `resources` and keeps the count as sent in `sent`, so a full page still reads as full (decisions/378); no page, 0.
 */
export function sentOf(page: { resources: readonly unknown[]; sent?: number } | undefined): number {
  return page ? (page.sent ?? page.resources.length) : 0;
}

/** What a paged listing shows of its extent: the count (undefined when unknown) and whether "more" is offered. */
export type ListingExtent = { count: number | undefined; more: boolean };

/** How many items a paged listing holds and whether "more" is offered; the practice's total is only a hint, never a count invented (decisions/396). */
export function listingExtent(listing: { total: number | undefined; read: number; pagesRead: number; pageSize: number; lastPage: number; maxPages?: number }): ListingExtent {
  const { read, pagesRead, pageSize, lastPage, maxPages = MAX_PAGES } = listing;
  const total = countHint(listing.total, read);
  const room = pagesRead < maxPages;
  if (lastPage === 0) return { count: read, more: false };
  if (total === undefined) return lastPage < pageSize ? { count: read, more: false } : { count: undefined, more: room };
  if (pagesRead >= Math.ceil(total / pageSize)) return { count: read, more: false };
  return { count: total, more: room && read < total };
}

/**
 * The pages after a first one read: with a total, those it names (up to `upTo` pages in all), asked at
 * once; with none, one at a time until a page that is not full, as listingExtent reads the end.
 */
export async function furtherPages<P extends { total: number | undefined; resources: readonly unknown[]; sent?: number }>(first: P, upTo: number, pageSize: number, read: (page: number) => Promise<P>): Promise<P[]> {
  const total = countHint(first.total, sentOf(first));
  if (total !== undefined) return Promise.all(Array.from({ length: Math.min(upTo, Math.ceil(total / pageSize)) - 1 }, (_, i) => read(i + 2)));
  const rest: P[] = [];
  let last = first;
  while (sentOf(last) >= pageSize && rest.length + 1 < upTo) {
    last = await read(rest.length + 2);
    rest.push(last);
  }
  return rest;
}

/** The practice's total, unless what its pages gave already proves it wrong (then nothing is known of the count). */
function countHint(total: number | undefined, read: number): number | undefined {
  return total !== undefined && total >= read ? total : undefined;
}
