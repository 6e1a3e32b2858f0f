import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import type { AppointmentRow } from "~/lib/appointment-row";
import type { CancelReply } from "../view";
import { resultOf } from "~/lib/form-data";
import { withViewing } from "~/lib/viewing";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";

/**
 * Cancel an appointment with a reason (2§5 "Reason is required"): checked in the browser with the
 * action's own schema, posted by a fetcher (the action refuses cross-site posts like every other).
 * The practice's reply is handed to the page (2§8: shown as a notice, the dialog closes); a refused
 * form stays open with what was typed.
 */
export function CancelDialog({ row, onClose, onReply }: { row: AppointmentRow | null; onClose: () => void; onReply: (reply: CancelReply) => void }) {
  const fetcher = useFetcher<CancelReply>();
  const reply = fetcher.data;
  const handled = useRef<CancelReply | undefined>(undefined);
  // One result per reply: a new object on every render is a new refusal to the forms layer, which
  // starts again on each (React's "too many re-renders"), so the server's refusal was never shown.
  const lastResult = useMemo(() => (reply && !reply.ok && reply.errors ? resultOf(reply.errors) : undefined), [reply]);
  const form = useDeferredSchemaForm({
    load: () => import("../forms"),
    schema: (forms) => forms.CancelFormSchema,
    lastResult,
    onValid: (data) => void fetcher.submit(withViewing(data), { method: "post", action: "/appointments?id=2" }),
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !reply || handled.current === reply) return;
    handled.current = reply;
    if (reply.ok || !reply.errors) onReply(reply);
  }, [fetcher.state, reply, onReply]);
  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())} title="Cancel appointment" description={row ? `${row.type} with ${row.provider} on ${row.date} at ${row.time}` : undefined}>
      {row ? (
        <form method="post" action="/appointments?id=2" {...form.formProps} className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="cancel" />
          <input type="hidden" name="appointmentId" value={row.id} />
          <TextareaField label="Reason for cancelling" maxLength={500} {...form.field("reason")} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy}>
              {busy ? "Cancelling…" : "Cancel appointment"}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Keep appointment
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
