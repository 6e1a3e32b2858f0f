import { Link } from "react-router";
import type { AppointmentRow } from "~/lib/appointment-row";
import { joinUrl, mapSearchUrl } from "../view";
import { appointmentsTexts as t } from "../texts";
import { Button } from "~/components/ui/button";

/**
 * One appointment (2§2 Upcoming and History): when, what, with whom and where, with the location's
 * map as a link out (a frame would be blank with no internet, decisions/100), the Join link of a video
 * consult, its slip to print and, when 2§2 allows, Cancel. Status is written, never only coloured.
 */
export function AppointmentCard({ row, onPrint, onCancel }: { row: AppointmentRow; onPrint: (row: AppointmentRow) => void; onCancel?: (row: AppointmentRow) => void }) {
  const join = joinUrl(row);
  const label = `${row.type} on ${row.date} at ${row.time}`;
  return (
    <li className="flex flex-col gap-3 rounded border border-muted/40 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">
          {row.weekday} {row.date} at {row.time}
        </h2>
        <span className={`rounded-full px-3 py-0.5 text-sm font-semibold ${row.missed ? "bg-danger text-white" : row.status === "Cancelled" ? "bg-muted/20 text-ink" : "bg-brand/10 text-ink"}`}>
          {row.missed && row.status !== "Missed" ? "Missed (start passed)" : row.status}
        </span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Type</dt>
        <dd>{row.type}</dd>
        <dt className="font-semibold">With</dt>
        <dd>{row.provider}</dd>
        <dt className="font-semibold">For</dt>
        <dd>{row.patientName}</dd>
        <dt className="font-semibold">Where</dt>
        <dd className="break-words">
          {row.locationName}, {row.location}{" "}
          <a href={mapSearchUrl(row.location)} target="_blank" rel="noopener noreferrer" className="text-brand underline underline-offset-4">
            Show on a map<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </dd>
        <dt className="font-semibold">Length</dt>
        <dd>{row.durationMinutes} minutes</dd>
        {row.cancelReason ? (
          <>
            <dt className="font-semibold">Cancel reason</dt>
            <dd className="break-words">{row.cancelReason}</dd>
          </>
        ) : null}
      </dl>
      <div className="no-print flex flex-wrap gap-3">
        {/* Each name starts with the words shown and says which appointment (WCAG 2.5.3 Label in Name). */}
        {join ? (
          <Link to={join} reloadDocument className="inline-flex min-h-11 items-center rounded bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark">
            {t.join}
            <span className="sr-only"> {t.joinWhich(label)}</span>
          </Link>
        ) : null}
        <Button variant="secondary" onClick={() => onPrint(row)}>
          {t.printSlip}
          <span className="sr-only"> {t.printSlipWhich(label)}</span>
        </Button>
        {onCancel && row.cancellable ? (
          <Button variant="secondary" onClick={() => onCancel(row)}>
            {t.cancel}
            <span className="sr-only"> {t.cancelWhich(label)}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The appointment slip (2§1): shown only on paper, one A4 page (app.css @page). */
export function AppointmentSlip({ row, practice, printedOn }: { row: AppointmentRow | null; practice: { name: string; phone: string } | null; printedOn: string }) {
  if (!row) return null;
  return (
    <section aria-label="Appointment slip" className="print-only hidden">
      <h2 className="text-2xl font-bold">Appointment slip</h2>
      {practice ? (
        <p>
          {practice.name}
          {practice.phone ? ` · ${practice.phone}` : ""}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-lg">
        <dt className="font-semibold">Patient</dt>
        <dd>{row.patientName}</dd>
        <dt className="font-semibold">When</dt>
        <dd>
          {row.weekday} {row.date} at {row.time} (New Zealand time)
        </dd>
        <dt className="font-semibold">Type</dt>
        <dd>{row.type}</dd>
        <dt className="font-semibold">With</dt>
        <dd>{row.provider}</dd>
        <dt className="font-semibold">Where</dt>
        <dd>
          {row.locationName}, {row.location}
        </dd>
        <dt className="font-semibold">Length</dt>
        <dd>{row.durationMinutes} minutes</dd>
        <dt className="font-semibold">Status</dt>
        <dd>{row.status}</dd>
      </dl>
      <p className="mt-6">Printed {printedOn}. Health helpline: 0800 358 5453.</p>
    </section>
  );
}
