import { useMemo, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { keepOutcome } from "~/lib/kept-outcome";
import { appointmentShown, type AppointmentRow } from "~/lib/appointment-row";
import { resultOf } from "~/lib/form-data";
import { callStep, failureMessage, StepFailedError } from "~/lib/steps";
import { StepSessionEndedError, stepMayHaveBeenDone } from "~/lib/step-errors";
import { appointmentsTexts as t } from "../texts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";

/** Which appointment is cancelled, each part as the practice sent it or "Not recorded" (decisions/396). */
function describe(row: AppointmentRow): string {
  const shown = appointmentShown(row);
  return t.cancelDescription(shown.type, shown.provider, shown.when);
}

/** What the page says once a cancel is answered (2§8): the practice's words, cancelled or not. */
export interface CancelOutcome {
  ok: boolean;
  message: string;
}

/**
 * Cancel an appointment with a reason (2§5 "Reason is required"): checked in the browser with the
 * step's own schema, then posted as the Cancel step (decisions/377). The practice's answer is handed
 * to the page once its lists are read again (2§8: shown as a notice, the dialog closes); a form the
 * server refuses field by field, or an ended session, keeps the dialog open with what was typed.
 */
export function CancelDialog({ row, onClose, onDone }: { row: AppointmentRow | null; onClose: () => void; onDone: (outcome: CancelOutcome) => void }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Readonly<Record<string, string>> | undefined>(undefined);
  const [sessionEnded, setSessionEnded] = useState(false);
  // One result per refusal: a new object on every render is a new refusal to the forms layer, which
  // starts again on each (React's "too many re-renders"), so the server's refusal was never shown.
  const lastResult = useMemo(() => resultOf(refused), [refused]);
  const cancel = async (data: FormData) => {
    setBusy(true);
    setSessionEnded(false);
    try {
      // The step's declaration (its zod schemas) comes with the first cancel, not with the page.
      const { bookingSteps } = await import("../steps");
      const reply = await callStep(bookingSteps, "cancel", { appointmentId: String(data.get("appointmentId") ?? ""), reason: String(data.get("reason") ?? "") });
      // If reading the page again fails, its failure still says the appointment is cancelled.
      keepOutcome(location.pathname, t.cancelledTitle);
      await revalidator.revalidate();
      onDone({ ok: true, message: reply.message });
    } catch (error) {
      if (error instanceof StepSessionEndedError) setSessionEnded(true);
      else if (error instanceof StepFailedError && Object.keys(error.fields).length > 0) setRefused(error.fields);
      else {
        await revalidator.revalidate();
        // No answer from the portal may still be a cancel made: pressed again, it looks first.
        onDone({ ok: false, message: stepMayHaveBeenDone(error) ? t.cancelUnconfirmed : failureMessage(error, t.cancelFailed) });
      }
    } finally {
      setBusy(false);
    }
  };
  const form = useDeferredSchemaForm({
    load: () => import("../forms"),
    schema: (forms) => forms.CancelFormSchema,
    lastResult,
    onValid: (data) => {
      if (!busy) void cancel(data);
    },
  });
  return (
    <Dialog open={row !== null} onOpenChange={(open) => (open || busy ? undefined : onClose())} title={t.cancelTitle} description={row ? describe(row) : undefined}>
      {row ? (
        <form {...form.formProps} className="flex flex-col gap-4">
          {sessionEnded ? (
            <Alert>
              {t.cancelSessionEnded} <SignInAgainLink />
            </Alert>
          ) : null}
          <input type="hidden" name="appointmentId" value={row.id} />
          <TextareaField label={t.cancelReasonLabel} maxLength={500} {...form.field("reason")} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={busy}>
              {busy ? t.cancelling : t.cancelTitle}
            </Button>
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t.keepAppointment}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
