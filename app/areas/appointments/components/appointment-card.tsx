import { Link } from "react-router";
import { appointmentShown, type AppointmentRow, type AppointmentShown } from "~/lib/appointment-row";
import { joinUrl, mapSearchUrl } from "../view";
import { appointmentsTexts as t } from "../texts";
import { Button } from "~/components/ui/button";
import { practiceLang } from "~/lib/language";

/**
 * One appointment (2§2 Upcoming and History): when, what, with whom and where, with the location's
 * map as a link out (a frame would be blank with no internet, decisions/100), the Join link of a video
 * consult, its slip to print and, when 2§2 allows, Cancel. Status is written, never only coloured.
 */
const TONES: Record<AppointmentShown["tone"], string> = {
  missed: "bg-danger text-white",
  cancelled: "bg-muted/20 text-ink",
  known: "bg-brand/10 text-ink",
  // A status the portal does not know, or none: drawn plainly, claiming no meaning by its colour.
  neutral: "border border-muted/60 bg-white text-ink",
};

export function AppointmentCard({ row, onPrint, onCancel }: { row: AppointmentRow; onPrint: (row: AppointmentRow) => void; onCancel?: (row: AppointmentRow) => void }) {
  const join = joinUrl(row);
  // Each field its value or "Not recorded" (a practice may leave any out, decisions/396).
  const shown = appointmentShown(row);
  const label = shown.label;
  return (
    <li className="flex flex-col gap-3 rounded border border-muted/40 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold break-words">{shown.when}</h2>
        <span className={`rounded-full px-3 py-0.5 text-sm font-semibold break-words ${TONES[shown.tone]}`}>{shown.status}</span>
      </div>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">{t.type}</dt>
        <dd className="break-words" lang={practiceLang(shown.type)}>
          {shown.type}
        </dd>
        <dt className="font-semibold">{t.with}</dt>
        <dd className="break-words">{shown.provider}</dd>
        <dt className="font-semibold">{t.for}</dt>
        <dd className="break-words">{shown.patientName}</dd>
        <dt className="font-semibold">{t.where}</dt>
        <dd className="break-words">
          {shown.where}
          {row.location ? (
            <>
              {" "}
              <a href={mapSearchUrl(row.location)} target="_blank" rel="noopener noreferrer" className="text-brand underline underline-offset-4">
                {t.showOnMap}<span className="sr-only"> {t.opensNewTab}</span>
              </a>
            </>
          ) : null}
        </dd>
        <dt className="font-semibold">{t.length}</dt>
        <dd>{shown.length}</dd>
        {shown.cancelReason !== null ? (
          <>
            <dt className="font-semibold">{t.cancelReason}</dt>
            <dd className="break-words" lang={practiceLang(shown.cancelReason)}>
              {shown.cancelReason}
            </dd>
          </>
        ) : null}
      </dl>
      {row.videoWithoutMeeting ? <p className="no-print rounded border-l-8 border-brand bg-surface p-3">{t.noMeetingYet}</p> : null}
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
  const shown = appointmentShown(row);
  return (
    <section aria-label={t.slip} className="print-only hidden">
      <h2 className="text-2xl font-bold">{t.slip}</h2>
      {practice ? (
        <p>{t.slipPractice(practice.name, practice.phone)}</p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-lg">
        <dt className="font-semibold">{t.patient}</dt>
        <dd>{shown.patientName}</dd>
        <dt className="font-semibold">{t.when}</dt>
        <dd>{row.date ? t.nzTime(shown.when) : shown.when}</dd>
        <dt className="font-semibold">{t.type}</dt>
        <dd lang={practiceLang(shown.type)}>{shown.type}</dd>
        <dt className="font-semibold">{t.with}</dt>
        <dd>{shown.provider}</dd>
        <dt className="font-semibold">{t.where}</dt>
        <dd>{shown.where}</dd>
        <dt className="font-semibold">{t.length}</dt>
        <dd>{shown.length}</dd>
        <dt className="font-semibold">{t.status}</dt>
        <dd>{shown.status}</dd>
      </dl>
      <p className="mt-6">{t.slipFooter(printedOn)}</p>
    </section>
  );
}
