import { useState } from "react";
import type { Box } from "../../lib/messaging-view";
import { messagingTexts as t } from "../../lib/texts/messaging";
import { callMessagingStep } from "./call-step";
import type { PageNotice } from "./components/notice-host";

/** The one way messages are deleted: the page's Delete, and the writing machine's removal of a replaced draft. */
export const deleteMessages = (ids: readonly string[], lookIn?: Box) => callMessagingStep("delete", { ids: [...ids], lookIn });

/**
 * Deleting messages from the page (2§4): the ones ticked, or the open one, after the patient confirms.
 * What the practice says it deleted is told; fewer than asked, or not said, is not called a success.
 * The writing machine's own removal of a replaced draft is part of sending (messaging.machine.ts).
 */
export function useDeleteMessages({ notify, onDeleted }: { notify(notice: PageNotice): void; onDeleted(deleted: readonly string[]): void }) {
  const [ids, setIds] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const ask = (asked: string[]) => {
    if (asked.length === 0) notify({ tone: "error", title: t.noMessageSelected });
    else setIds(asked);
  };

  const confirm = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      const reply = await deleteMessages(ids);
      setIds(null);
      const all = reply.deleted !== null && reply.deleted >= reply.requested;
      notify({ tone: all ? "success" : "error", title: reply.message });
      // Which ones went is known only when all did: otherwise every row stays until the list comes back.
      onDeleted(all ? ids : []);
    } catch {
      notify({ tone: "error", title: t.deleteFailed });
    } finally {
      setBusy(false);
    }
  };

  return { ids, busy, ask, confirm, cancel: () => setIds(null) };
}
