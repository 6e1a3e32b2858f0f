import { Tabs } from "radix-ui";
import { Suspense, useCallback, useEffect, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { loadAppointmentsPage } from "./page.server";
import { AppointmentCard, AppointmentSlip } from "./components/appointment-card";
import { CancelDialog, type CancelOutcome } from "./components/cancel-dialog";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { BadgeCount } from "~/components/ui/badge-count";
import { Button, buttonClass } from "~/components/ui/button";
import { lazyModule } from "~/lib/lazy-module";
import { TextField } from "~/components/ui/field";
import { useNotice } from "~/components/ui/notice";
import { Notice, ToastProvider } from "~/components/ui/toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import {
  HISTORY_BADGES,
  applyHistoryBadge,
  appointmentsSearch,
  historyCounts,
  type AppointmentTab,
} from "./view";
import type { AppointmentRow } from "~/lib/appointment-row";
import { displayOf } from "~/lib/timeline-filter";
import { appointmentsTexts } from "./texts";
import { keepOutcome } from "~/lib/kept-outcome";
import type { Route } from "./+types/page.route";
import { tabClass, badgeClass } from "~/components/ui/choice-styles";

export const meta: Route.MetaFunction = () => [{ title: appointmentsTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadAppointmentsPage(request);
}

const t = appointmentsTexts;
// The booking machine, its form and its dialogs load when the patient books (issue 12's budget; decisions/100).
const bookingPanel = lazyModule(() => import("./components/booking-panel"));
const BookingPanel = bookingPanel.component((m) => m.BookingPanel);
/** Whether the page is live in the browser never changes once it is: nothing to subscribe to. */
const TABS: ReadonlyArray<{ value: AppointmentTab; label: string }> = [
  { value: "book", label: t.bookTab },
  { value: "upcoming", label: t.upcomingTab },
  { value: "history", label: t.historyTab },
];

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { view, upcoming, history, booking, today, earliest, practice, printedOn } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const loading = (navigation.state === "loading" && navigation.location.pathname === "/appointments") || revalidator.state === "loading";

  const [printing, setPrinting] = useState<AppointmentRow | null>(null);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(null);
    window.addEventListener("afterprint", done, { once: true });
    window.print();
    return () => window.removeEventListener("afterprint", done);
  }, [printing]);

  const [cancelling, setCancelling] = useState<AppointmentRow | null>(null);
  const { notice, tell, dismiss } = useNotice();
  const onCancelled = useCallback((outcome: CancelOutcome) => {
    setCancelling(null);
    tell({ tone: outcome.ok ? "success" : "error", title: outcome.ok ? t.cancelledTitle : t.notCancelledTitle, detail: outcome.message });
  }, [tell]);
  const { revalidate } = revalidator;
  // A booking changes the counters and the Upcoming list: the page's data is read again (and if that
  // read fails, its failure still says the appointment is booked).
  const { pathname } = location;
  const onBooked = useCallback(() => {
    keepOutcome(pathname, t.bookedTitle);
    void revalidate();
  }, [revalidate, pathname]);

  // The booking form works only with its machine running: it is drawn once the page is live in the
  // browser, never as server HTML whose controls would ignore (or, on hydration, undo) early choices.
  const live = useHydrated();

  const go = (tab: AppointmentTab) => void navigate(`/appointments${appointmentsSearch({ tab })}`, { preventScrollReset: true });

  const rangeForm = useDeferredSchemaForm({
    load: () => import("./forms"),
    schema: (forms) => forms.historyRangeSchema(today),
    lastResult: history?.rangeResult ?? null,
    onValid: (data) => {
      // Choosing a range shows All (2§4).
      void navigate(`/appointments${appointmentsSearch({ tab: "history", show: "all", from: String(data.get("from") ?? "").trim(), to: String(data.get("to") ?? "").trim() })}`);
    },
  });

  const list = (rows: readonly AppointmentRow[], label: string, cancellable: boolean) =>
    rows.length === 0 ? (
      <p className="font-semibold text-danger">{t.noRecords}</p>
    ) : (
      <ul aria-label={label} className="flex flex-col gap-4">
        {rows.map((row) => (
          <AppointmentCard key={row.id} row={row} onPrint={setPrinting} onCancel={cancellable ? setCancelling : undefined} />
        ))}
      </ul>
    );

  const counts = history ? historyCounts(history.rows) : null;
  const shown = history ? applyHistoryBadge(history.rows, view.show) : [];

  return (
    <ToastProvider>
      <div className="flex flex-col gap-6">
        <Breadcrumb current={t.title} />
        <div className="no-print flex flex-wrap items-baseline justify-between gap-3">
          <h1 className="text-3xl font-bold">{t.title}</h1>
          <p>
            {t.helplineLabel}{" "}
            <a href="tel:08003585453" className="font-semibold text-brand underline underline-offset-4">
              {t.helpline}
            </a>
          </p>
        </div>

        <Tabs.Root value={view.tab} onValueChange={(value) => go(value as AppointmentTab)} className="no-print">
          <Tabs.List aria-label={t.title} className="mb-4 flex flex-wrap gap-1 border-b border-muted/40">
            {TABS.map((tab) => (
              <Tabs.Trigger
                key={tab.value}
                value={tab.value}
                className={tabClass}
                // Upcoming reads its list again on every click (2§2), also when it is already shown.
                onClick={tab.value === "upcoming" && view.tab === "upcoming" ? () => void revalidate() : undefined}
                onPointerEnter={tab.value === "book" ? () => void bookingPanel.preload() : undefined}
                onFocus={tab.value === "book" ? () => void bookingPanel.preload() : undefined}
              >
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>

          <Tabs.Content value="book" className="focus-visible:outline-2">
            {view.tab === "book" && booking ? (
              booking.settings.disabled ? (
                // No booking controls at all, so nothing to load (2§8).
                <p role="status" className="rounded border-l-8 border-brand bg-white p-4 text-lg font-semibold">
                  {t.disabled}
                </p>
              ) : !live ? (
                <p role="status">{t.loadingChoices}</p>
              ) : (
                <Suspense fallback={<p role="status">{t.loadingChoices}</p>}>
                  <BookingPanel key={location.key} onBooked={onBooked} input={{ settings: booking.settings, today, types: booking.types, locations: booking.locations, reasonsForContact: booking.reasonsForContact, family: booking.family }} />
                </Suspense>
              )
            ) : null}
          </Tabs.Content>

          <Tabs.Content value="upcoming" className="flex flex-col gap-4 focus-visible:outline-2">
            {view.tab === "upcoming" && upcoming ? (
              <div aria-busy={loading} className="flex flex-col gap-4">
                <p className="text-muted" aria-live="polite">
                  {loading ? t.loading : t.upcomingCount(upcoming.length)}
                </p>
                {list(upcoming, t.upcomingList, true)}
              </div>
            ) : null}
          </Tabs.Content>

          <Tabs.Content value="history" className="flex flex-col gap-4 focus-visible:outline-2">
            {view.tab === "history" && history && counts ? (
              <>
                <Form method="get" action="/appointments" {...rangeForm.formProps} key={location.key} role="search" aria-label={t.betweenDates} className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
                  <input type="hidden" name="id" value="3" />
                  <div className="grid gap-4 md:grid-cols-2">
                    <TextField label={t.fromDate} inputMode="numeric" autoComplete="off" defaultValue={view.from} hint={t.noEarlierThan(displayOf(earliest))} {...rangeForm.field("from")} />
                    <TextField label={t.toDate} inputMode="numeric" autoComplete="off" defaultValue={view.to} hint={t.dateExample} {...rangeForm.field("to")} />
                  </div>
                  <div className="flex flex-wrap items-center gap-3">
                    <Button type="submit">{t.search}</Button>
                    {view.from || view.to ? (
                      <Link to={`/appointments${appointmentsSearch({ tab: "history" })}`} className={buttonClass("link")}>
                        {t.clearDates}
                      </Link>
                    ) : null}
                  </div>
                </Form>
                <div role="group" aria-label={t.showAppointments} className="flex flex-wrap gap-2">
                  {HISTORY_BADGES.map((b) => (
                    <Link key={b.value} to={`/appointments${appointmentsSearch({ ...view, tab: "history", show: b.value })}`} preventScrollReset aria-current={view.show === b.value ? "true" : undefined} className={badgeClass(view.show === b.value)}>
                      {b.label}
                      <BadgeCount count={counts[b.value]} className="ml-2" />
                    </Link>
                  ))}
                </div>
                <div aria-busy={loading} className="flex flex-col gap-4">
                  <p className="text-muted" aria-live="polite">
                    {loading ? t.loading : history.total === undefined ? t.pastCount(shown.length) : t.pastOf(shown.length, history.total)}
                  </p>
                  {list(shown, t.pastList, false)}
                </div>
              </>
            ) : null}
          </Tabs.Content>
        </Tabs.Root>

        <AppointmentSlip row={printing} practice={practice} printedOn={printedOn} />
        <CancelDialog row={cancelling} onClose={() => setCancelling(null)} onDone={onCancelled} />
        <Notice notice={notice} onDismiss={dismiss} />
      </div>
    </ToastProvider>
  );
}
