import { MAX_PAGES } from "~/lib/listing";
import { practiceErrorResponse } from "~/.server/practice/errors.server";

/**
 * The first `pages` pages of a paged list, read at once (the address's `pages`, DESIGN "Every screen
 * of part 2"). An item filed while the pages were read can shift onto the next page: it is kept once;
 * an item without an id (2§3 names none for some) is always kept. A failed read is the page's failure
 * (decisions/046).
 *
 * The practice's total is a hint (decisions/396): a further page that comes back empty says there is
 * no more, whatever the total counted, so a wrong total cannot offer "more" for ever.
 */
export async function readPages<R extends { id?: string }>(pages: number, read: (page: number) => Promise<{ total: number; resources: R[] }>) {
  const replies = await Promise.all(Array.from({ length: pages }, (_, i) => read(i + 1))).catch(practiceErrorResponse);
  const seen = new Set<string>();
  const resources = replies.flatMap((r) => r.resources).filter((r) => r.id === undefined || (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const exhausted = pages > 1 && replies.at(-1)?.resources.length === 0;
  const total = exhausted ? resources.length : Math.max(replies[0]?.total ?? 0, resources.length);
  return { resources, total, pages, more: !exhausted && resources.length < total && pages < MAX_PAGES };
}
