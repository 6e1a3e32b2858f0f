/**
 * Paged listings kept in the address (DESIGN "Every screen of part 2"): `pages` is how many pages the
 * "more" control has shown, so a reload, back or a shared link shows as many; a date range travels
 * beside it as typed.
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
 * How many items a paged listing holds, from the practice's total and what its pages gave: the total is
 * a hint (decisions/396), which a practice may count wrong. Once every page the total names has been
 * read, or a page came back empty, the items read are what there is; before that, never fewer than read.
 * So a total counted high offers no "more" that brings nothing, and one counted low hides nothing read.
 */
export function listingTotal(listing: { total: number; read: number; pagesRead: number; pageSize: number; lastPageEmpty?: boolean }): number {
  const { total, read, pagesRead, pageSize } = listing;
  if (listing.lastPageEmpty || pagesRead >= Math.ceil(total / pageSize)) return read;
  return Math.max(total, read);
}
