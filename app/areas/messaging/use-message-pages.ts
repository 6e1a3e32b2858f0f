import { useCallback, useMemo, useState } from "react";
import { messagingTexts as t } from "./texts";
import type { Box, MessageRow, ReadFilterName } from "./view";
import { failureMessage } from "~/lib/step-client";
import { callMessagingStep } from "./call-step";

/**
 * The list's paging (2§4): the loader's page 1, and the further pages the patient asks for with
 * "Show more", which are the page's own. `restart` forgets them: a new address (tab, filter) or a
 * change of the boxes starts again from the loader's page 1.
 */
export function useMessagePages({ firstRows, total, box, filter }: { firstRows: readonly MessageRow[]; total: number; box: Box; filter: ReadFilterName }) {
  const [extra, setExtra] = useState<MessageRow[]>([]);
  const [pages, setPages] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<string | null>(null);

  const restart = useCallback(() => {
    setExtra([]);
    setPages(1);
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
      setPages(pages + 1);
    } catch (error) {
      setMoreError(failureMessage(error, t.moreFailed));
    } finally {
      setLoadingMore(false);
    }
  }, [box, filter, pages]);

  return { rows, more: rows.length < total, loadMore, loadingMore, moreError, restart };
}
