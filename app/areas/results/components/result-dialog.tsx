import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useNotice } from "~/components/ui/notice";
import { Notice } from "~/components/ui/toast";
import { errorsTexts } from "~/lib/texts/errors";
import { previewTexts } from "~/lib/texts/preview";
import { reportsTexts } from "~/lib/texts/reports";
import { practiceLang, PRACTICE_LANG } from "~/lib/language";
import { previewHref } from "~/lib/preview-view";
import type { ChartReply, ResultCard, ResultDetail } from "~/lib/reports-view";
import type { loader as resultLoader } from "../result.route";
import type { loader as chartLoader } from "../chart.route";
import { ObservationTable } from "~/components/lab-results/observation-table";

// pdf.js loads only when a PDF result is shown, visx only when a chart is (STACK.md: route splitting).
const PdfViewer = lazy(() => import("~/components/pdf/pdf-viewer"));
const ResultChart = lazy(() => import("./result-chart"));

const t = reportsTexts;
const PDF_TEXTS = { loading: t.loadingResult, failed: t.pdfFailed, pageFailed: t.pdfPageFailed };

export function Spinner({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6">
      <span aria-hidden="true" className="inline-block size-5 animate-spin rounded-full border-2 border-brand border-t-transparent" />
      {text}
    </p>
  );
}

/**
 * The result dialog (2§2, 2§4): the result as a PDF, sanitised HTML or a table of observations, with
 * Print (not for PDFs, which the viewer shows as pages), Close, and the Result Chart. Its content is
 * read when it opens, which marks the result read at the practice: `onRead` then tells the page, which
 * refreshes its list (2§4, opening), as it does again when the dialog closes.
 */
export function ResultDialog({ result, onRead, onLoad, onClose }: { result: ResultCard | null; onRead(): void; onLoad(loaded: Promise<void>): void; onClose(): void }) {
  return (
    <Dialog
      open={result !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={result?.test ?? t.testResult}
      titleLang={practiceLang(result?.test)}
      description={result?.summary || undefined}
      size="wide"
      printable
    >
      {/* Keyed by the result: each opening reads its own content, and closing unmounts its readers. */}
      {result ? <ResultBody key={result.id} result={result} onRead={onRead} onLoad={onLoad} onClose={onClose} /> : null}
    </Dialog>
  );
}

function ResultBody({ result, onRead, onLoad, onClose }: { result: ResultCard; onRead(): void; onLoad(loaded: Promise<void>): void; onClose(): void }) {
  const detail = useFetcher<typeof resultLoader>();
  const { load: loadDetail } = detail;
  const detailUrl = `/reports/result/${encodeURIComponent(result.id)}`;
  const load = useCallback(
    (url: string) => {
      const loaded = loadDetail(url);
      onLoad(loaded);
      return loaded;
    },
    [onLoad, loadDetail],
  );
  useEffect(() => {
    void load(detailUrl);
  }, [load, detailUrl]);
  const loading = detail.state !== "idle" || detail.data === undefined;
  const content = loading ? undefined : detail.data;
  // Once the practice has given the result (and so marked it read), never before: a refresh sent
  // alongside the read could come back first and still say unread. A failed read changed nothing at
  // the practice; its Retry, when it brings the result, refreshes then. Each reply is told once, so
  // that a new onRead from the page never refreshes again for the same read.
  const given = content !== undefined && content.kind !== "failed" ? content : undefined;
  const told = useRef<ResultDetail | undefined>(undefined);
  useEffect(() => {
    if (!given || told.current === given) return;
    told.current = given;
    onRead();
  }, [given, onRead]);
  const location = useLocation();

  return (
    <div className="flex flex-col gap-4">
      <div aria-busy={loading} aria-live="polite">
        {content === undefined ? <Spinner text={t.loadingResult} /> : <DetailView detail={content} result={result} onRetry={() => void load(detailUrl)} />}
      </div>
      <div className="no-print flex flex-wrap gap-3">
        {content && (content.kind === "html" || content.kind === "table") ? (
          <Button variant="secondary" onClick={() => window.print()}>
            {previewTexts.print}
          </Button>
        ) : null}
        {/* LabResultChartById is asked by the test's name: a result the practice names no test for has no chart. */}
        {result.chartCode ? <ChartButton test={result.chartCode} onLoad={onLoad} /> : null}
        <Link to={previewHref("result", result.id, location.pathname + location.search)} className={buttonClass("secondary")}>
          {previewTexts.openFullPage}
        </Link>
        <Button onClick={onClose}>{t.close}</Button>
      </div>
    </div>
  );
}

function DetailView({ detail, result, onRetry }: { detail: ResultDetail; result: ResultCard; onRetry(): void }) {
  switch (detail.kind) {
    case "table":
      return <ObservationTable test={result.test} rows={detail.rows} />;
    case "html":
      return (
        <div
          lang={PRACTICE_LANG}
          className="flex flex-col gap-3 break-words [&_h3]:text-xl [&_h3]:font-bold [&_h4]:font-bold [&_li]:ml-6 [&_ol]:list-decimal [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_a]:text-brand [&_a]:underline"
          // Sanitised on the server (app/.server/sanitise-html.server.ts): only text structure arrives here.
          dangerouslySetInnerHTML={{ __html: detail.html }}
        />
      );
    case "pdf":
      return (
        <Suspense fallback={<Spinner text={t.loadingResult} />}>
          <PdfViewer url={`data:application/pdf;base64,${detail.pdf}`} title={result.test} texts={PDF_TEXTS} maxWidth={900} />
        </Suspense>
      );
    case "empty":
      return <p className="py-4 font-semibold">{t.noData}</p>;
    case "failed":
      return (
        <div className="flex flex-col items-start gap-3">
          <Alert>{detail.message}</Alert>
          <Button variant="secondary" onClick={onRetry}>
            {errorsTexts.retry}
          </Button>
        </div>
      );
  }
}

function ChartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth={2}>
      <path d="M3 3v18h18" />
      <path d="m7 15 4-4 3 3 5-6" />
    </svg>
  );
}

/**
 * The chart icon (2§4): loads the test's values; with values the Result Chart opens, without (or if
 * the practice fails) the notice "No Chart Data Available" shows and the chart says "No Data Available".
 */
function ChartButton({ test, onLoad }: { test: string; onLoad(loaded: Promise<void>): void }) {
  const chart = useFetcher<typeof chartLoader>();
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const { notice, tell, dismiss } = useNotice();
  const [seen, setSeen] = useState<ChartReply | undefined>(undefined);
  const loading = chart.state !== "idle";
  if (asked && !loading && chart.data !== undefined && chart.data !== seen) {
    setSeen(chart.data);
    setAsked(false);
    setOpen(true);
    if (hasPoints(chart.data)) dismiss();
    else tell({ tone: "error", title: !chart.data.ok && chart.data.message ? chart.data.message : t.noChartData });
  }
  const reply = seen;
  return (
    <>
      <Button
        variant="secondary"
        // Not disabled while loading: that would take the focus away, and the chart could not give it back.
        aria-busy={loading}
        onClick={() => {
          if (loading) return;
          setAsked(true);
          setSeen(undefined);
          onLoad(chart.load(`/reports/chart?test=${encodeURIComponent(test)}`));
        }}
      >
        <ChartIcon />
        {loading ? t.loadingChart : t.resultChart}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t.resultChart} description={t.chartDescription(test)} size="chart">
        <div className="flex flex-col gap-4">
          {reply && hasPoints(reply) && reply.ok ? (
            <Suspense fallback={<Spinner text={t.loadingTheChart} />}>
              <ResultChart test={test} series={reply.series} />
            </Suspense>
          ) : (
            <p className="py-4 font-semibold">{t.chartNoData}</p>
          )}
          <div>
            <Button onClick={() => setOpen(false)}>{t.close}</Button>
          </div>
        </div>
      </Dialog>
      <Notice notice={notice} onDismiss={dismiss} />
    </>
  );
}

function hasPoints(reply: ChartReply): boolean {
  return reply.ok && reply.series.some((s) => s.points.length > 0);
}
