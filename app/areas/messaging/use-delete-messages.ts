import { useState } from "react";
import type { Box } from "./view";
import { messagingTexts as t } from "./texts";
import { callMessagingStep } from "./call-step";
import type { NoticeWords } from "~/components/ui/notice";

/** The one way messages are deleted: the page's Delete, and the writing machine's removal of a replaced draft. */
export const deleteMessages = (ids: readonly string[], box: Box) => callMessagingStep("delete", { ids: [...ids], box });

/**
 * Deleting messages from the page (2§4): the ones ticked, or the open one, after the patient confirms.
 * What the practice says it deleted is told, checked against the box they were in when it says fewer
 * or nothing (decisions/363); fewer than asked, or not known, is not called a success.
 * The writing machine's own removal of a replaced draft is part of sending (messaging.machine.ts).
 */
export function useDeleteMessages({ box, notify, onDeleted }: { box: Box; notify(notice: NoticeWords): void; onDeleted(deleted: readonly string[], said: string | null): void }) {
  const [asked, setAsked] = useState<{ ids: string[]; box: Box } | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = asked?.ids ?? null;

  const ask = (chosen: string[]) => {
    if (chosen.length === 0) notify({ tone: "error", title: t.noMessageSelected });
    else setAsked({ ids: chosen, box });
  };

  const confirm = async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const reply = await deleteMessages(asked.ids, asked.box);
      setAsked(null);
      const all = reply.deleted !== null && reply.deleted >= reply.requested;
      notify({ tone: all ? "success" : "error", title: reply.message });
      // Which ones went is known only when all did: otherwise every row stays until the list comes back.
      onDeleted(all ? asked.ids : [], all ? reply.message : null);
    } catch {
      notify({ tone: "error", title: t.deleteFailed });
    } finally {
      setBusy(false);
    }
  };

  return { ids, busy, ask, confirm, cancel: () => setAsked(null) };
}
