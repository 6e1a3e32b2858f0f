import { listingExtent, sentOf } from "~/lib/listing";
import { practiceErrorResponse } from "~/.server/practice/errors.server";

/** The first `pages` pages of a paged list, read at once: items kept once, a failed read the page's failure (decisions/046), the total only a hint (decisions/396). */
export async function readPages<R extends { id?: string }>(pages: number, pageSize: number, read: (page: number) => Promise<{ total: number | undefined; resources: R[] }>) {
  const replies = await Promise.all(Array.from({ length: pages }, (_, i) => read(i + 1))).catch(practiceErrorResponse);
  const seen = new Set<string>();
  const resources = replies.flatMap((r) => r.resources).filter((r) => r.id === undefined || (seen.has(r.id) ? false : (seen.add(r.id), true)));
  const { count, more } = listingExtent({ total: replies[0]?.total, read: resources.length, pagesRead: pages, pageSize, lastPage: sentOf(replies.at(-1)) });
  return { resources, total: count, pages, more };
}
