import { useEffect, useRef, type ReactNode } from "react";
import { Link, useFetcher, useRouteLoaderData } from "react-router";
import { documentRate, holderOf } from "~/.server/document-rate.server";
import { requestForm } from "~/.server/request-form.server";
import { requireSession } from "~/.server/proxy-access.server";
import { readDashboard } from "./page.server";
import { ChartFigure, type Datum } from "~/components/charts/chart-figure";
import { drawColumnChart, drawPieChart } from "~/components/charts/chart-drawing.server";
import { sendDrawing } from "~/.server/sent-drawing.server";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { PhoneLink } from "~/components/ui/phone-link";
import { WelcomePanel } from "./components/welcome-panel";
import { CountCard } from "./components/count-card";
import { formatClockTime, formatDateTime } from "~/lib/dates";
import { documentsTexts } from "~/lib/texts/documents";
import { Button, buttonClass } from "~/components/ui/button";
import { dashboardCards } from "~/lib/menu";
import { AREAS } from "~/lib/areas";
import { summarisePractice, type PracticeSummary } from "~/lib/patient-summary";
import { recordTexts } from "~/lib/texts/record";
import type { ShellData } from "~/shell/layout.route";
import type { Route } from "./+types/page.route";
import { dashboardPageTexts as pageTexts } from "./texts";

export const meta: Route.MetaFunction = () => [{ title: pageTexts.metaTitle }];

// Colours pass 3:1 against white; each value is also labelled in words and numbers.
const COLOURS = { completed: "#007f3b", upcoming: "#005eb8", missed: "#d5281b", face: "#005eb8", video: "#7c2855", phone: "#ed8b00", total: "#212b32" };

const DISMISS_DOCUMENTS_NOTICE = "dismiss-documents-notice";

/** The appointment figures the charts draw: the appointments area's, shown wherever the dashboard is. */
const APPOINTMENT_COUNTS = new Set(["AppointmentsCounter", "completedcount", "futurecount", "missedcount", "facetofacecount", "videoconsultappointmentcount", "phonetriagecount", "totalpatientappointments"]);

/** The counters the cards of these areas show. */
function shownCounters(cardAreas: readonly string[]): Set<string> {
  return new Set(AREAS.flatMap((area) => (area.card && "counter" in area.card && cardAreas.includes(area.path) ? [area.card.counter] : [])));
}

/** A chart's figure: a count the practice did not send is drawn as 0 and said as not recorded (issue 68, decisions/396). */
function datum(label: string, count: number | null, colour: string): Datum {
  return count === null ? { label, value: 0, colour, shown: recordTexts.notRecorded } : { label, value: count, colour };
}

/** My Practice Details (1§2): each field, or "Not recorded" where the practice's record lacks it; the phone to call where there is one. */
function practiceDetails({ name, openingStart, phone, gp, address }: PracticeSummary) {
  const shown = (value: string | null) => value ?? recordTexts.notRecorded;
  // 1§2 "Start time": the opening start, not the whole range (issue 21); the header has the range.
  return { name: shown(name), start: openingStart ? formatClockTime(openingStart) : recordTexts.notRecorded, phone, gp: shown(gp), address: shown(address) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { counters, practice, bulk, cardAreas } = await readDashboard(request);
  const overview: Datum[] = [datum(pageTexts.overview.completed, counters.completedcount, COLOURS.completed), datum(pageTexts.overview.upcoming, counters.futurecount, COLOURS.upcoming), datum(pageTexts.overview.missed, counters.missedcount, COLOURS.missed)];
  const booked: Datum[] = [
    datum(pageTexts.booked.face, counters.facetofacecount, COLOURS.face),
    datum(pageTexts.booked.video, counters.videoconsultappointmentcount, COLOURS.video),
    datum(pageTexts.booked.phone, counters.phonetriagecount, COLOURS.phone),
    datum(pageTexts.booked.total, counters.totalpatientappointments, COLOURS.total),
  ];
  // Only counts the practice sent as 0 say there are none: a count not recorded says nothing either way (issue 68).
  const noAppointments = overview.every((d) => d.value === 0 && d.shown === undefined);
  // A patient with no appointment of any kind yet sees a welcome rather than charts of empty axes (issue 21).
  const newPatient = noAppointments && booked.every((d) => d.value === 0);
  return {
    // Many documents were opened from the account (issue 36): told here until the holder dismisses it.
    documentsNotice: bulk ? { id: bulk.id, when: formatDateTime(Date.parse(bulk.at)), count: bulk.count } : null,
    // Only the counts of the cards shown: a parent's partial view sends no count of what it does not reach.
    counters: Object.fromEntries(Object.entries(counters).map(([name, count]) => [name, shownCounters(cardAreas).has(name) || (APPOINTMENT_COUNTS.has(name) && cardAreas.includes("/appointments")) ? count : 0])) as typeof counters,
    cardAreas,
    // The words for what the practice did not send, given here so that the page's code carries none (issue 68).
    notRecorded: recordTexts.notRecorded,
    practice: practice ? practiceDetails(summarisePractice(practice)) : null,
    newPatient,
    overview: { data: overview, drawing: sendDrawing(request, context, "overview", newPatient ? "" : noAppointments ? drawColumnChart(overview) : drawPieChart(overview)), noAppointments },
    booked: { data: booked, drawing: sendDrawing(request, context, "booked", newPatient ? "" : drawColumnChart(booked)) },
  };
}

/** Dismisses the notice about many documents opened, for this burst only: a later one is told again. */
export async function action({ request }: Route.ActionArgs) {
  const signedIn = await requireSession(request);
  const form = await requestForm(request);
  const id = form.get("id");
  if (form.get("intent") !== DISMISS_DOCUMENTS_NOTICE || typeof id !== "string" || !/^[\w-]{1,64}$/.test(id)) return Response.json({ ok: false }, { status: 400 });
  await documentRate.dismiss(holderOf(signedIn), id);
  return { ok: true };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counters, practice, overview, booked, newPatient, documentsNotice, cardAreas, notRecorded } = loaderData;
  // Once the notice is dismissed it goes: the focus goes to the page's heading rather than to nowhere.
  const heading = useRef<HTMLHeadingElement>(null);
  const hadNotice = useRef(documentsNotice !== null);
  useEffect(() => {
    if (hadNotice.current && !documentsNotice) heading.current?.focus();
    hadNotice.current = documentsNotice !== null;
  }, [documentsNotice]);
  const shell = useRouteLoaderData<ShellData>("shell/layout.route");
  const menu = shell?.menu ?? [];

  const cards = dashboardCards(counters, menu, AREAS.filter((area) => cardAreas.includes(area.path)));

  return (
    <div className="flex flex-col gap-6">
      <Breadcrumb current={pageTexts.breadcrumb} />
      <h1 ref={heading} className="text-3xl font-bold" tabIndex={-1}>
        {pageTexts.title}
      </h1>
      {documentsNotice ? <DocumentsNotice {...documentsNotice} /> : null}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <CountCard key={card.title} card={card} notRecorded={notRecorded} />
        ))}
      </ul>

      <section aria-labelledby="practice-heading" className="rounded bg-white p-4 shadow-sm">
        <h2 id="practice-heading" className="mb-3 text-xl font-bold">
          {pageTexts.practiceHeading}
        </h2>
        {practice ? (
          <table className="w-full text-left">
            <tbody>
              {(
                [
                [pageTexts.practiceRows.name, practice.name],
                [pageTexts.practiceRows.start, practice.start],
                [pageTexts.practiceRows.phone, practice.phone ? <PhoneLink number={practice.phone} /> : notRecorded],
                [pageTexts.practiceRows.gp, practice.gp],
                [pageTexts.practiceRows.address, practice.address],
                ] as [string, ReactNode][]
              ).map(([label, value]) => (
                <tr key={label} className="border-b border-line last:border-0">
                  <th scope="row" className="w-40 py-2 pr-4 font-semibold">
                    {label}
                  </th>
                  <td className="py-2">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p>{pageTexts.practiceNotShared}</p>
        )}
      </section>

      {newPatient ? (
        <WelcomePanel menu={menu} />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <ChartFigure title={pageTexts.overviewTitle} name="overview" data={overview.data} summary={overview.noAppointments ? pageTexts.noAppointments : undefined} drawing={overview.drawing} />
          <ChartFigure title={pageTexts.bookedTitle} name="booked" data={booked.data} drawing={booked.drawing} />
        </div>
      )}
    </div>
  );
}

/** Many documents were opened from the account: the in-portal half of telling the patient (decisions/226). */
function DocumentsNotice({ id, when, count }: { id: string; when: string; count: number }) {
  const dismiss = useFetcher();
  const dismissing = dismiss.state !== "idle";
  const t = documentsTexts;
  return (
    <section aria-labelledby="documents-notice-heading" className="flex flex-col items-start gap-3 border-l-8 border-danger bg-white p-4 shadow-sm">
      <h2 id="documents-notice-heading" className="text-lg font-bold">
        <span aria-hidden="true">⚠ </span>
        {t.noticeTitle}
      </h2>
      <p>{t.notice(when, count)}</p>
      <div className="flex flex-wrap gap-3">
        <Link to="/profile?change=password" className={buttonClass("primary")}>
          {t.changePassword}
        </Link>
        <dismiss.Form method="post" action="/?index">
          <input type="hidden" name="intent" value={DISMISS_DOCUMENTS_NOTICE} />
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="secondary" busy={dismissing}>
            {t.dismiss}
          </Button>
        </dismiss.Form>
      </div>
    </section>
  );
}
