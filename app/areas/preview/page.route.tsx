import { shellTexts } from "~/shell/texts";
import { lazy, Suspense, type ReactNode } from "react";
import { data, Link } from "react-router";
import { loadPreviewPage } from "./page.server";
import { PdfLoading } from "~/components/pdf/pdf-loading";
import { usePrintWhenDrawn } from "~/components/pdf/use-print-when-drawn";
import { ObservationTable } from "~/components/lab-results/observation-table";
import { Breadcrumb } from "~/shell/components/breadcrumb";
import { Alert } from "~/components/ui/alert";
import { Button, buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { previewTexts } from "~/lib/texts/preview";
import { reportsTexts } from "~/lib/texts/reports";
import type { PreviewData } from "~/lib/preview-view";
import type { Route } from "./+types/page.route";
import { practiceLang, PRACTICE_LANG } from "~/lib/language";

// pdf.js loads only once a PDF is on the page, never with it (decisions/070): the page's first load
// stays within its budget, and an HTML or table result never fetches it. It runs only in a browser:
// the server draws the loading state in its place (rendering it there failed the page with a 500).
const PdfViewer = lazy(() => import("~/components/pdf/pdf-viewer"));

const t = previewTexts;
const PDF_TEXTS = {
  loading: t.loading,
  failed: t.failed,
  pageFailed: t.pageFailed,
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: shellTexts.pageTitle(loaderData?.found ? loaderData.title : t.notFoundTitle),
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadPreviewPage(request);
  // Not found, or not this patient's: a 404 with a plain message and the way back, inside the shell.
  return page.found ? page : data(page, { status: 404 });
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const page: PreviewData = loaderData;
  const back = (
    <Link to={page.back.to} className={buttonClass("secondary")}>
      <span aria-hidden="true">←</span> {t.backTo(page.back.area)}
    </Link>
  );
  if (!page.found) {
    return (
      <div className="flex max-w-2xl flex-col items-start gap-4">
        <Breadcrumb current={t.notFoundTitle} parent={{ to: page.back.to, label: page.back.area }} />
        <h1 className="text-3xl font-bold">{t.notFoundTitle}</h1>
        <p role="alert">{t.notFound}</p>
        {back}
      </div>
    );
  }
  // Keyed by the document: another one starts its own viewer and its own print request.
  return <DocumentPage key={`${page.kind}:${page.title}:${page.file?.url ?? ""}`} page={page} back={back} />;
}

function DocumentPage({ page, back }: { page: Extract<PreviewData, { found: true }>; back: ReactNode }) {
  const pdf = page.file?.pdf === true;
  const { print, onRendered } = usePrintWhenDrawn({ drawn: !pdf });
  const hydrated = useHydrated();
  // A letter's and a result's title are the practice's words; an invoice's is the portal's.
  const titleLang = page.kind === "invoice" ? undefined : practiceLang(page.title);

  return (
    <div className="flex flex-col gap-4">
      <Breadcrumb current={page.title} currentLang={titleLang} parent={{ to: page.back.to, label: page.back.area }} />
      {/* A PDF's pages are the print; an HTML or table result prints under its heading. */}
      <div className={pdf ? "no-print" : undefined}>
        <h1 className="text-3xl font-bold break-words" lang={titleLang}>
          {page.title}
        </h1>
        {page.description ? <p className="mt-1 text-muted">{page.description}</p> : null}
      </div>
      <div className="no-print flex flex-wrap gap-3">
        {back}
        <Button onClick={print}>{t.print}</Button>
        {page.file ? (
          <a href={page.file.url} download={page.file.fileName} className={buttonClass("secondary")}>
            {t.download}
            <span className="sr-only" lang={titleLang}>
              {" "}
              {page.title}
            </span>
          </a>
        ) : null}
      </div>
      <div className="print-document min-w-0">
        {page.file ? (
          page.file.pdf ? (
            hydrated ? (
              <Suspense fallback={<PdfLoading text={t.loading} />}>
                <PdfViewer url={page.file.url} title={page.title} texts={PDF_TEXTS} maxWidth={1000} onRendered={onRendered} zoomable />
              </Suspense>
            ) : (
              <PdfLoading text={t.loading} />
            )
          ) : (
            <Alert tone="info">{t.notPdf}</Alert>
          )
        ) : page.result?.kind === "table" ? (
          <ObservationTable test={page.title} rows={page.result.rows} />
        ) : page.result?.kind === "html" ? (
          <>
            {/* The laboratory's report brings its own h3s: this keeps the outline whole under the page's h1. */}
            <h2 className="sr-only">{t.report}</h2>
            <div
              lang={PRACTICE_LANG}
              className="flex flex-col gap-3 break-words [&_h3]:text-xl [&_h3]:font-bold [&_h4]:font-bold [&_li]:ml-6 [&_ol]:list-decimal [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-line [&_td]:p-2 [&_th]:border [&_th]:border-line [&_th]:p-2 [&_th]:text-left [&_ul]:list-disc [&_a]:text-brand [&_a]:underline"
              // Sanitised on the server (app/.server/sanitise-html.server.ts), as in the result dialog.
              dangerouslySetInnerHTML={{ __html: page.result.html }}
            />
          </>
        ) : (
          <p className="py-4 font-semibold">{reportsTexts.noData}</p>
        )}
      </div>
    </div>
  );
}
