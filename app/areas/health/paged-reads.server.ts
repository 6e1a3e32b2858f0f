import { listingExtent, sentOf } from "~/lib/listing";
import { practiceErrorResponse } from "~/.server/practice/errors.server";

/**
 * The first `pages` pages of a paged list, read at once (the address's `pages`, DESIGN "Every screen
 * of part 2"). An item filed while the pages were read can shift onto the next page: it is kept once;
 * an item without an id (2§3 names none for some) is always kept. A failed read is the page's failure
 * (decisions/046).
 *
 * The practice's total is a hint, and may be left out (decisions/396): `total` is undefined when it is
 * not known and a full last page may be followed by more (listingExtent).
 */
export async function readPages<R extends { id?: string }>(pages: number, pageSize: number, read: (page: number) => Promise<{ total: number | undefined; resources: R[] }>) {
  const replies = await Promise.all(Array.from({ length: pages }, (_, i) => read(i + 1))).catch(practiceErrorResponse);
  const seen = new Set<string>();
  const resources = replies.flatMap((r) => r.resources).filter((r) => r.id === undefined || (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const { count, more } = listingExtent({ total: replies[0]?.total, read: resources.length, pagesRead: pages, pageSize, lastPage: sentOf(replies.at(-1)) });
  return { resources, total: count, pages, more };
}
