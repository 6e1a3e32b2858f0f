import { useCallback, useMemo, useState } from "react";
import { messagingTexts as t } from "./texts";
import type { Box, MessageRow, ReadFilterName } from "./view";
import { failureMessage } from "~/lib/step-errors";
import { listingExtent } from "~/lib/listing";
import { messagingPageSizes } from "@contract/messaging-page-sizes";
import { callMessagingStep } from "./call-step";

/**
 * The list's paging (2§4): the loader's page 1, and the further pages the patient asks for with
 * "Show more", which are the page's own. `restart` forgets them: a new address (tab, filter) or a
 * change of the boxes starts again from the loader's page 1. `count` is undefined when the practice
 * sends no total and the last page read was full: there may be more (decisions/396).
 */
export function useMessagePages({ firstRows, total, box, filter }: { firstRows: readonly MessageRow[]; total: number | undefined; box: Box; filter: ReadFilterName }) {
  const [extra, setExtra] = useState<MessageRow[]>([]);
  const [pages, setPages] = useState(1);
  /** The last further page read: its total and how many it gave. */
  const [last, setLast] = useState<{ total: number | undefined; length: number } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const restart = useCallback(() => {
    setExtra([]);
    setPages(1);
    setLast(null);
    setMoreError(null);
  }, []);

  /** Page 1 and the pages reached, each row once (a row may move up a page while the patient reads). */
  const rows = useMemo(() => {
    const first = new Set(firstRows.map((r) => r.id));
    return [...firstRows, ...extra.filter((r) => !first.has(r.id))];
  }, [firstRows, extra]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    setMoreError(null);
    try {
      const reply = await callMessagingStep("page", { box, filter, page: pages + 1 });
      setExtra((before) => [...before, ...reply.rows]);
      setLast({ total: reply.total, length: reply.rows.length });
      setPages(pages + 1);
    } catch (error) {
      setMoreError(failureMessage(error, t.moreFailed));
    } finally {
      setLoadingMore(false);
    }
  }, [box, filter, pages]);

  // The list scrolls on while the practice gives pages (the page step's own bound is 100,000 messages).
  const { count, more } = listingExtent({
    total: last ? last.total : total,
    read: rows.length,
    pagesRead: pages,
    pageSize: messagingPageSizes.messages,
    lastPage: last ? last.length : firstRows.length,
    maxPages: Number.POSITIVE_INFINITY,
  });
  return { rows, count, more, loadMore, loadingMore, moreError, restart };
}
