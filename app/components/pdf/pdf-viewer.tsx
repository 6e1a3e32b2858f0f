import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { documentsTexts } from "~/lib/texts/documents";
import { pdfViewerTexts } from "~/lib/texts/pdf-viewer";
import { sessionTexts } from "~/lib/texts/session";
import { STEP_HEADER } from "~/lib/step-errors";
import { Alert } from "../ui/alert";
import { SignInAgainLink } from "../ui/sign-in-again-link";
import { PdfLoading, type PdfTexts } from "./pdf-loading";

// The worker is served by the portal from /assets, never from a public CDN (decisions/032).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

interface PdfViewerProps {
  /** A same-origin address (the portal's own route serving the practice's PDF), or a data: address react-pdf reads itself. */
  url: string;
  /** Names each page for screen readers: "Referral Letter, page 1 of 2". */
  title: string;
  texts: PdfTexts;
  /** The widest a page is drawn, in CSS pixels; narrower when the dialog is (a phone). */
  maxWidth?: number;
  /** Called once every page has been drawn (printing waits for it). */
  onRendered?(): void;
  /** Offers Zoom in and Zoom out: a page larger than the room scrolls inside the viewer. */
  zoomable?: boolean;
}

/** The zoom steps, as a share of the width that fits. */
export const ZOOMS = [1, 1.5, 2, 3] as const;

/**
 * A PDF drawn with react-pdf for every dialog that shows one, loaded lazily. The bytes are fetched here, so a 401 or 429 is read as
 * an answer (decisions/191, 226); the Document stays mounted on failure, as unmounting leaves pdf.js a rejection nothing catches.
 */
export default function PdfViewer({ url, title, texts, maxWidth = 540, onRendered, zoomable = false }: PdfViewerProps) {
  const [zoom, setZoom] = useState(0);
  const [pages, setPages] = useState(0);
  const fetched = usePdfBytes(url);
  // Why the document could not be had, when it is not the document's own failure.
  const refusal = fetched.state === "refused" ? fetched.why : null;
  const drawn = useRef(new Set<number>());
  // Pages are drawn no wider than the room they have, so a phone scrolls down them, never sideways.
  const [room, setRoom] = useState<number | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setRoom(Math.floor(entry.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const fit = Math.max(200, Math.min(maxWidth, (room ?? maxWidth) - 2));
  const width = Math.round(fit * ZOOMS[zoom]!);
  // Printing draws the canvas onto paper: twice the screen's pixels keeps the text sharp on A4.
  const pixelRatio = typeof window === "undefined" ? 2 : Math.max(2, window.devicePixelRatio);

  const rendered = useCallback(
    (page: number) => {
      drawn.current.add(page);
      if (drawn.current.size === pages) onRendered?.();
    },
    [pages, onRendered],
  );

  const failed =
    refusal === "sessionEnded" ? (
      <Alert>
        {sessionTexts.documentSessionEnded} <SignInAgainLink />
      </Alert>
    ) : refusal === "slowedDown" ? (
      <Alert>{documentsTexts.slowedDownViewer}</Alert>
    ) : (
      <Alert>{texts.failed}</Alert>
    );
  const document_ =
    fetched.state === "loading" ? (
      <PdfLoading text={texts.loading} />
    ) : fetched.state === "refused" ? (
      failed
    ) : (
      <Document
        file={fetched.file}
        onLoadSuccess={(doc) => {
          drawn.current = new Set();
          setPages(doc.numPages);
        }}
        loading={<PdfLoading text={texts.loading} />}
        error={failed}
      >
        {Array.from({ length: pages }, (_, i) => (
          <div key={i} role="img" aria-label={pdfViewerTexts.pageOf(title, i + 1, pages)} data-pdf-page="" className={`mb-4 w-fit border border-muted/40 ${zoom > 0 ? "" : "max-w-full"}`}>
            <Page
              pageNumber={i + 1}
              width={width}
              devicePixelRatio={pixelRatio}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              onRenderSuccess={() => rendered(i + 1)}
              loading={<PdfLoading text={texts.loading} />}
              error={<Alert>{texts.pageFailed(i + 1)}</Alert>}
            />
          </div>
        ))}
      </Document>
    );
  if (!zoomable) return <div ref={box}>{document_}</div>;
  return (
    <div ref={box} className="flex flex-col gap-2">
      <div className="no-print flex flex-wrap items-center gap-2" role="group" aria-label={pdfViewerTexts.zoomGroup(title)}>
        <button type="button" className={zoomButton} disabled={zoom === 0} onClick={() => setZoom((z) => Math.max(0, z - 1))}>
          {pdfViewerTexts.zoomOut}
        </button>
        <button type="button" className={zoomButton} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}>
          {pdfViewerTexts.zoomIn}
        </button>
        <span role="status" className="min-w-16">
          {pdfViewerTexts.zoomLevel(Math.round(ZOOMS[zoom]! * 100))}
          <span className="sr-only"> {pdfViewerTexts.ofFittingWidth}</span>
        </span>
      </div>
      {/* Zoomed in, the pages are wider than the dialog: they scroll here, by touch or by keyboard. */}
      <div className={zoom > 0 ? "max-h-[70vh] overflow-auto" : ""} tabIndex={zoom > 0 ? 0 : undefined} role={zoom > 0 ? "region" : undefined} aria-label={zoom > 0 ? pdfViewerTexts.zoomed(title) : undefined}>
        {document_}
      </div>
    </div>
  );
}

const zoomButton = "inline-flex min-h-11 items-center rounded border-2 border-brand bg-white px-3 font-semibold text-brand disabled:cursor-not-allowed disabled:opacity-60";

type Fetched = { state: "loading" } | { state: "refused"; why: "sessionEnded" | "slowedDown" | null } | { state: "ready"; file: string | { data: Uint8Array } };

/**
 * The PDF's bytes, fetched by the page rather than by pdf.js: a refusal (401, 429) or a lost connection
 * is then an answer read here, never a rejection inside pdf.js that no page code can catch. A data:
 * address is react-pdf's to read. Leaving aborts the fetch.
 */
function usePdfBytes(url: string): Fetched {
  const isData = url.startsWith("data:");
  const [fetched, setFetched] = useState<{ url: string; result: Fetched } | null>(null);
  useEffect(() => {
    if (isData) return;
    const leaving = new AbortController();
    fetch(url, { headers: { [STEP_HEADER]: "1" }, signal: leaving.signal })
      .then(async (response): Promise<Fetched> => {
        if (!response.ok) return { state: "refused", why: response.status === 401 ? "sessionEnded" : response.status === 429 ? "slowedDown" : null };
        return { state: "ready", file: { data: new Uint8Array(await response.arrayBuffer()) } };
      })
      .catch((): Fetched => ({ state: "refused", why: null }))
      .then((result) => {
        if (!leaving.signal.aborted) setFetched({ url, result });
      });
    return () => leaving.abort();
  }, [url, isData]);
  // One object per address: react-pdf loads the document again whenever `file` is a new object.
  const data = useMemo<Fetched>(() => ({ state: "ready", file: url }), [url]);
  if (isData) return data;
  return fetched?.url === url ? fetched.result : { state: "loading" };
}
