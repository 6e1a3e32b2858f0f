import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import type { SnapshotFrom } from "xstate";
import type { RepeatEvent, repeatMedicationMachine } from "../repeat-medication.machine";
import type { MedicationRow } from "../view";
import { medicationsTexts } from "../texts";
import { repeatTexts as r } from "../repeat-texts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SignInAgainLink } from "~/components/ui/sign-in-again-link";
import { CheckboxField, FieldError, TextareaField } from "~/components/ui/field";
import { PRACTICE_LANG } from "~/lib/language";
import { PharmacyPicker } from "./pharmacy-picker";

/**
 * The repeat request's dialog content (2§4): the form, the practice's reply (2§8) and the choice when the prescriber
 * is on leave (302), loaded only when the patient asks for a repeat (issue 12, decisions/090).
 */

const t = medicationsTexts;

interface Props {
  state: SnapshotFrom<typeof repeatMedicationMachine>;
  send(event: RepeatEvent): void;
  /** The chosen medicines, as the page shows them. */
  chosen: readonly MedicationRow[];
}

export default function RepeatDialogContent({ state, send, chosen }: Props) {
  const ctx = state.context;
  const s = ctx.settings;
  const ids = { delivery: useId(), deliveryError: useId(), list: useId() };
  const form = (name: "editing" | "sending" | "failed" | "unconfirmed" | "onLeave" | "sent") => state.matches({ requesting: { form: name } });
  const sending = form("sending");
  // Why the request was not sent, and its Try again, sit above the buttons the dialog keeps at its
  // foot (ui/dialog.tsx): a failure brings them into view in a dialog that scrolls.
  const failed = form("failed");
  const failedRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) failedRef.current?.scrollIntoView({ block: "center" });
  }, [failed]);
  // Unknown (issue 36): the focus goes to why, not to a button that would send a second request.
  const unconfirmed = form("unconfirmed");
  const unconfirmedRef = useRef<HTMLDivElement>(null);
  const warningId = useId();
  useEffect(() => {
    if (!unconfirmed) return;
    unconfirmedRef.current?.scrollIntoView({ block: "center" });
    unconfirmedRef.current?.focus();
  }, [unconfirmed]);

  if (form("sent")) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="border-l-8 border-brand bg-white p-4 font-semibold">
          {ctx.message}
        </p>
        <div className="flex justify-end">
          <Button onClick={() => send({ type: "dialog.close" })}>{t.close}</Button>
        </div>
      </div>
    );
  }

  if (form("onLeave")) {
    return (
      <div className="flex flex-col gap-4">
        <div role="alert" className="border-l-8 border-danger bg-white p-4">
          <p className="font-bold">{t.onLeave(ctx.onLeave)}</p>
          <p>{t.onLeaveChoice}</p>
        </div>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => send({ type: "leave.back" })}>
            {r.backToRequest}
          </Button>
          <Button onClick={() => send({ type: "leave.resend" })}>{r.sendToAnotherDoctor}</Button>
        </div>
      </div>
    );
  }

  const errors = ctx.errors;
  const pharmacy = ctx.delivery === "pharmacy";
  return (
    <form
      noValidate
      aria-label={r.repeatRequest}
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: "request.submit" });
      }}
    >
      <div className="rounded border border-muted/40 bg-surface p-3">
        <p className="font-semibold">{r.aboutRepeats}</p>
        <p className="whitespace-pre-line" lang={PRACTICE_LANG}>
          {s.notice}
        </p>
      </div>

      <div>
        <h3 id={ids.list} className="font-semibold">
          {r.medicinesToRepeat(chosen.length)}
        </h3>
        {errors.medicationIds ? <FieldError>{errors.medicationIds}</FieldError> : null}
        <ul aria-labelledby={ids.list} className="ml-5 list-disc">
          {chosen.map((m) => (
            <li key={m.id} lang={PRACTICE_LANG}>
              {r.medicineWithDose(m.name, m.dose)}
            </li>
          ))}
        </ul>
      </div>

      <fieldset disabled={sending || unconfirmed} className="flex flex-col gap-5">
        {s.showDeliveryChoice ? (
          <fieldset className="flex flex-col gap-1" aria-describedby={errors.delivery ? ids.deliveryError : undefined}>
            <legend id={ids.delivery} className="mb-1 font-semibold">
              {r.howToGet}
            </legend>
            {errors.delivery ? (
              <div id={ids.deliveryError}>
                <FieldError>{errors.delivery}</FieldError>
                {errors.delivery === t.outstandingBalance ? (
                  <Link to="/accounts" className="font-semibold text-brand underline underline-offset-4">
                    {r.payAccount}
                  </Link>
                ) : null}
              </div>
            ) : null}
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="delivery" className="size-5" checked={ctx.delivery === "pickup"} onChange={() => send({ type: "delivery.select", delivery: "pickup" })} />
              {r.pickUp}
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" name="delivery" className="size-5" checked={pharmacy} onChange={() => send({ type: "delivery.select", delivery: "pharmacy" })} />
              {r.sendToPharmacy}
            </label>
          </fieldset>
        ) : (
          <p>{pharmacy ? r.willBeSent : r.willBeReady}</p>
        )}

        {pharmacy ? (
          ctx.pharmacies ? (
            <PharmacyPicker pharmacies={ctx.pharmacies} selectedId={ctx.pharmacyId} error={errors.pharmacyId} onSelect={(p) => send({ type: "pharmacy.select", id: p.id, name: p.name })} />
          ) : ctx.pharmaciesError ? (
            <div className="flex flex-col gap-2">
              {errors.pharmacyId ? <FieldError>{errors.pharmacyId}</FieldError> : null}
              <Alert>
                {ctx.pharmaciesError}
                {ctx.pharmaciesError === t.pharmaciesSessionEnded ? (
                  <>
                    {" "}
                    <SignInAgainLink />
                  </>
                ) : null}
              </Alert>
              <Button variant="secondary" className="self-start" onClick={() => send({ type: "pharmacies.retry" })}>
                {r.loadPharmaciesAgain}
              </Button>
            </div>
          ) : (
            <p role="status">{t.loadingPharmacies}</p>
          )
        ) : null}

        {s.urgent ? (
          <div className="flex flex-col gap-1">
            <CheckboxField label={r.urgent} checked={ctx.urgent} onChange={() => send({ type: "urgent.toggle" })} />
            {s.urgentNotes ? <p className="text-muted">{s.urgentNotes}</p> : null}
          </div>
        ) : null}
        {s.fax && pharmacy ? <CheckboxField label={r.fax} checked={ctx.fax} onChange={() => send({ type: "fax.toggle" })} /> : null}

        <TextareaField label={r.notes} maxLength={500} value={ctx.notes} error={errors.notes} onChange={(event) => send({ type: "notes.change", text: event.target.value })} />
      </fieldset>

      {form("failed") ? (
        <div ref={failedRef}>
          <Alert title={r.notSentTitle}>
            <p>{ctx.message}</p>
            {ctx.sessionEnded ? (
              <p className="mt-2">
                <SignInAgainLink />
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-3">
              <Button onClick={() => send({ type: "request.retry" })}>{r.tryAgain}</Button>
              <Button variant="secondary" onClick={() => send({ type: "request.edit" })}>
                {r.changeRequest}
              </Button>
            </div>
          </Alert>
        </div>
      ) : unconfirmed ? (
        <div ref={unconfirmedRef} tabIndex={-1} className="focus-visible:outline-2">
          <Alert tone="info" title={t.unconfirmedTitle}>
            <p>{ctx.message}</p>
            <p id={warningId} className="mt-2">
              {t.sendAgainWarning}
            </p>
            <div className="mt-3 flex flex-wrap gap-3">
              <Button variant="secondary" onClick={() => send({ type: "request.sendAgain" })} aria-describedby={warningId}>
                {t.sendAgainAnyway}
              </Button>
            </div>
          </Alert>
        </div>
      ) : ctx.message ? (
        <Alert>{ctx.message}</Alert>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={() => send({ type: "dialog.close" })} disabled={sending}>
          {unconfirmed ? t.close : r.cancel}
        </Button>
        {form("failed") || unconfirmed ? null : (
          <Button type="submit" busy={sending}>
            {sending ? r.sending : r.sendRequest}
          </Button>
        )}
      </div>
    </form>
  );
}
