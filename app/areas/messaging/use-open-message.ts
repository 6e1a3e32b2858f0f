import { useEffect, useRef, useState } from "react";
import type { Location } from "react-router";
import { messagingTexts as t } from "./texts";
import { messagingSearch, messagingViewOf, openMessageOf } from "./address";
import type { MessageRow } from "./view";
import { failureMessage } from "~/lib/step-errors";
import { callMessagingStep } from "./call-step";
import type { Opened } from "./components/message-viewer";

/** The list of the box and filter in an address, without the open message. */
export const listSearchOf = (search: string) => messagingSearch(messagingViewOf(new URLSearchParams(search)));

/**
 * The open message (2§4), which is the address's: fetched through the `open` step, marked read at once, and the focus given back
 * to its row when Back closes it (decisions/151). `onListRestart` is called only when the list itself changed or the same message was asked again.
 */
export function useOpenMessage({ location, rows, firstRows, revalidate, onListRestart }: { location: Location; rows: readonly MessageRow[]; firstRows: readonly MessageRow[]; revalidate(): Promise<void>; onListRestart(): void }) {
  const messageId = openMessageOf(new URLSearchParams(location.search));
  const [opened, setOpened] = useState<Opened>(() => (messageId ? { status: "loading", id: messageId } : { status: "none" }));
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  // Whether opening marks a message read, so the counters are read again; not among the rows reached
  // (a reload or shared link) it may have been unread.
  const [openUnread, setOpenUnread] = useState(() => !firstRows.some((r) => r.id === messageId && r.read));
  const [closedId, setClosedId] = useState<string | null>(null);
  const [seen, setSeen] = useState({ key: location.key, list: listSearchOf(location.search), message: messageId });
  if (seen.key !== location.key) {
    const list = listSearchOf(location.search);
    setSeen({ key: location.key, list, message: messageId });
    if (list !== seen.list || messageId === seen.message) onListRestart();
    // The viewer follows the address: a row chosen, Back, a tab switched.
    if (messageId !== seen.message) {
      const row = rows.find((r) => r.id === messageId);
      setOpenUnread(row ? !(row.read || readIds.has(row.id)) : true);
      setClosedId(seen.message);
      setOpened(messageId ? { status: "loading", id: messageId } : { status: "none" });
    }
  }

  const loadingId = opened.status === "loading" ? opened.id : null;
  useEffect(() => {
    if (!loadingId) return;
    let wanted = true;
    callMessagingStep("open", { id: loadingId }).then(
      (message) => {
        if (!wanted) return;
        setOpened({ status: "loaded", message });
        // 2§4: reading marks it read here at once; the counters (tab, menu, dashboard) follow from the practice.
        if (openUnread) {
          setReadIds((before) => new Set([...before, loadingId]));
          void revalidate();
        }
      },
      (error: unknown) => {
        if (wanted) setOpened({ status: "failed", id: loadingId, message: failureMessage(error, t.openFailed) });
      },
    );
    // Another message asked for, or this one closed, before the answer came: it is no longer wanted.
    return () => {
      wanted = false;
    };
    // openUnread is set with the id it belongs to; a change of it alone asks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadingId, revalidate]);

  // Closed by Back (the viewer, and its focus, gone): the focus goes back to the row it was opened from.
  const lastMessage = useRef(messageId);
  useEffect(() => {
    const before = lastMessage.current;
    lastMessage.current = messageId;
    if (before && !messageId && (document.activeElement === null || document.activeElement === document.body)) {
      document.querySelector<HTMLElement>(`[data-message-id="${CSS.escape(before)}"] button`)?.focus();
    }
  }, [messageId]);

  const openId = opened.status === "none" ? null : opened.status === "loaded" ? opened.message.id : opened.id;
  return {
    messageId,
    opened,
    openId,
    closedId,
    /** The messages read here (the practice's counters follow). */
    readIds,
    /** The message asked for again (Retry, or its row chosen after a failure). */
    retry: (id: string) => setOpened({ status: "loading", id }),
  };
}
