import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useFetchers, useLocation, useNavigate, useNavigation, useRevalidator } from "react-router";
import { loadReportsPage } from "./page.server";
import { ResultDialog } from "./components/result-dialog";
import { ResultList, type ResultListHandle } from "./components/result-list";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { BadgeCount } from "~/components/ui/badge-count";
import { Button, buttonClass } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { ToastProvider } from "~/components/ui/toast";
import { useDeferredSchemaForm } from "~/components/ui/use-deferred-schema-form";
import { reportsTexts } from "~/lib/texts/reports";
import { applyReadFilter, readFilterOf, reportsSearch, type ReadFilter } from "./address";
import type { ResultCard } from "~/lib/reports-view";
import type { Route } from "./+types/page.route";

export const meta: Route.MetaFunction = () => [{ title: reportsTexts.pageTitle }];

export function loader({ request }: Route.LoaderArgs) {
  return loadReportsPage(request);
}

const t = reportsTexts;
const BADGES: ReadonlyArray<{ value: ReadFilter; label: string }> = [
  { value: "unread", label: t.unread },
  { value: "read", label: t.read },
  { value: "all", label: t.all },
];

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { results, total, pages, more, filters, filterResult } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();

  // The badge filters the cards the page holds (2§4), so choosing one asks the practice for nothing:
  // it is page state, written into the address without a navigation (as /accounts does its tabs), so
  // a reload or a shared link shows the same cards. A navigation brings its own address's badge.
  const urlShow = readFilterOf(new URLSearchParams(location.search).get("show"));
  const [show, setShow] = useState(urlShow);
  const [seenLocation, setSeenLocation] = useState(location.key);
  if (seenLocation !== location.key) {
    setSeenLocation(location.key);
    setShow(urlShow);
  }
  const choose = (next: ReadFilter) => {
    setShow(next);
    const url = new URL(window.location.href);
    if (next === "all") url.searchParams.delete("show");
    else url.searchParams.set("show", next);
    window.history.replaceState(window.history.state, "", url);
  };

  const [open, setOpen] = useState<ResultCard | null>(null);
  // Opening a result and closing the dialog both refresh the list (2§4): once the result has been
  // read, it says so under the dialog, with whatever else the practice now reports; the counters
  // follow. The dialog's own readers are not read again by either (result.route.ts, chart.route.ts).
  // A refresh waits while the dialog's result or chart is still loading, and runs one at a time: React
  // Router finds those routes only when first asked for, and a refresh started while one is being
  // found sends it to the not-found route, which fails the whole page (React Router issue 15326,
  // fixed in a later release). What has rendered lags a click by one flush: a click that starts the
  // chart's load makes React run this page's pending effect before it renders the fetcher as loading,
  // so the dialog hands each load over as it starts (`onLoad`), and the refresh waits until it ends.
  // Not until the fetcher renders as loading: React may never render that state (its loading and its
  // answer can come in one transition), which once held the refresh for good.
  const [closings, setClosings] = useState(0);
  const [reads, setReads] = useState(0);
  const wanted = reads + closings;
  const refreshed = useRef(0);
  const { revalidate } = revalidator;
  const refreshOnRead = useCallback(() => setReads((n) => n + 1), []);
  const fetchers = useFetchers();
  const fetching = fetchers.some((fetcher) => fetcher.state !== "idle");
  // The dialog's loads under way, counted from the handler that starts each (a ref: the pending effect
  // that runs before the click's render reads it), and a render when one ends, to look again.
  const loadsUnderWay = useRef(0);
  const [loadsEnded, setLoadsEnded] = useState(0);
  const onLoad = useCallback((loaded: Promise<void>) => {
    loadsUnderWay.current += 1;
    // Ended either way: a load that failed must not hold the refresh either.
    const ended = () => {
      loadsUnderWay.current -= 1;
      setLoadsEnded((n) => n + 1);
    };
    loaded.then(ended, ended);
  }, []);
  const summary = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (wanted <= refreshed.current || fetching || loadsUnderWay.current > 0 || revalidator.state !== "idle") return;
    refreshed.current += 1;
    void revalidate();
  }, [wanted, fetching, loadsEnded, revalidator.state, revalidate]);
  // The result just read can leave the Unread view when the list comes back, taking the focused
  // button with it: the focus then goes to the list's summary rather than to nowhere.
  useEffect(() => {
    if (closings > 0 && document.activeElement === document.body) summary.current?.focus();
  }, [results, closings]);

  const form = useDeferredSchemaForm({
    load: () => import("./filters"),
    schema: (filters) => filters.ReportFiltersSchema,
    lastResult: filterResult,
    onValid: (data) => {
      const text = (name: string) => String(data.get(name) ?? "").trim();
      void navigate(`/reports${reportsSearch({ show, from: text("from"), to: text("to"), q: text("q"), pages: 1 })}`);
    },
  });

  const shown = applyReadFilter(results, show);

  // After "more", the focus goes to the first result it brought, not back to the top of the page;
  // to the summary when the badge shown hides every new one.
  const list = useRef<ResultListHandle>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || navigation.state !== "idle") return;
    focusFrom.current = null;
    if (shown.length > from) list.current?.focusResult(from);
    else summary.current?.focus();
  }, [results, shown.length, navigation.state]);
  const unread = results.filter((r) => !r.read).length;
  const counts: Record<ReadFilter, number> = { unread, read: results.length - unread, all: results.length };
  const loading = (navigation.state === "loading" && navigation.location.pathname === "/reports") || revalidator.state === "loading";
  const filtered = filters.from !== "" || filters.to !== "" || filters.q !== "";

  // The page's one notice, "No Chart Data Available", shows at the top right (2§8).
  return (
    <ToastProvider at="top-right">
      <div className="flex flex-col gap-6">
        <Breadcrumb current={t.testResults} />
        <h1 className="text-3xl font-bold">{t.testResults}</h1>

        {/* A key per address: a navigation (search, clear, back) shows that address's values. */}
        <Form method="get" action="/reports" {...form.formProps} key={location.key} role="search" aria-label={t.searchResults} className="flex flex-col gap-4 rounded bg-white p-4 shadow-sm">
          {form.errors.form ? <p className="font-semibold text-danger">{form.errors.form}</p> : null}
          <div className="grid gap-4 md:grid-cols-[1fr_1fr_2fr]">
            <TextField label={t.from} inputMode="numeric" autoComplete="off" defaultValue={filters.from} hint={t.fromHint} {...form.field("from")} />
            <TextField label={t.to} inputMode="numeric" autoComplete="off" defaultValue={filters.to} hint={t.toHint} {...form.field("to")} />
            <TextField label={t.searchBySubject} type="search" defaultValue={filters.q} hint={t.subjectHint} {...form.field("q")} />
          </div>
          {show !== "all" ? <input type="hidden" name="show" value={show} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit">{t.search}</Button>
            {filtered ? (
              <Link to={`/reports${reportsSearch({ show, from: "", to: "", q: "", pages: 1 })}`} className={buttonClass("link")}>
                {t.clearSearch}
              </Link>
            ) : null}
          </div>
        </Form>

        <div role="group" aria-label={t.showResults} className="flex flex-wrap gap-2">
          {BADGES.map((b) => (
            <button
              key={b.value}
              type="button"
              aria-pressed={show === b.value}
              onClick={() => choose(b.value)}
              className={`min-h-11 rounded-full border-2 px-4 font-semibold ${show === b.value ? "border-brand bg-brand text-white" : "border-brand bg-white text-brand"}`}
            >
              {b.label}
              <BadgeCount count={counts[b.value]} className="ml-1" />
            </button>
          ))}
        </div>

        <div aria-busy={loading} className="flex flex-col gap-4">
          {/* While the list loads its words take the summary's place, which keeps its height: the refresh
              after a result is closed (2§4) moves nothing the patient may be about to press. */}
          <div className="grid">
            <p role="status" className="[grid-area:1/1]">
              {loading ? t.loadingResults : ""}
            </p>
            <p ref={summary} tabIndex={-1} className={`[grid-area:1/1] text-muted ${loading ? "invisible" : ""}`}>
              {t.resultsShown(shown.length, total, filtered)}
            </p>
          </div>
          {shown.length === 0 ? (
            <p className="font-semibold text-danger">{show === "unread" && results.length > 0 ? t.noUnread : show === "read" && results.length > 0 ? t.noRead : t.noRecords}</p>
          ) : (
            <ResultList ref={list} results={shown} onOpen={setOpen} />
          )}
          {more ? (
            <Link to={`/reports${reportsSearch({ show, ...filters, pages: pages + 1 })}`} preventScrollReset onClick={() => (focusFrom.current = shown.length)} className={`${buttonClass("secondary")} self-start`}>
              {t.moreResults}
            </Link>
          ) : null}
        </div>

        <ResultDialog
          result={open}
          onRead={refreshOnRead}
          onLoad={onLoad}
          onClose={() => {
            setOpen(null);
            setClosings((n) => n + 1);
          }}
        />
      </div>
    </ToastProvider>
  );
}
