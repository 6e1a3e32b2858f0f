import { useCallback, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { messages } from "../../lib/messages";
import { Alert } from "../ui/alert";

// The worker is served by the portal from /assets, never from a public CDN (decisions/032).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** What the viewer says while loading and on failure; an invoice's words unless told otherwise. */
export interface PdfTexts {
  loading: string;
  failed: string;
  pageFailed: (page: number) => string;
}

const INVOICE_TEXTS: PdfTexts = { loading: "Loading the invoice…", failed: messages.payment.pdfFailed, pageFailed: messages.payment.pdfPageFailed };

/**
 * A PDF drawn with react-pdf (an invoice, a test result). Loaded lazily, only when a dialog shows one.
 * `url` is a same-origin address or a data: address (react-pdf reads that itself, nothing is fetched).
 * A PDF that fails to load shows the Document's own `error`: the Document stays mounted, since
 * unmounting it destroys pdf.js's failed loading task, whose rejection nothing can catch.
 */
export default function PdfViewer({ url, title, texts = INVOICE_TEXTS, width = 540 }: { url: string; title: string; texts?: PdfTexts; width?: number }) {
  const [pages, setPages] = useState(0);
  // Pages are drawn no wider than the space they have, so a phone scrolls down them, never sideways.
  const [room, setRoom] = useState<number | null>(null);
  const measure = useCallback((box: HTMLDivElement | null) => {
    if (!box) return;
    const observer = new ResizeObserver(([entry]) => setRoom(Math.floor(entry.contentRect.width)));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  const pageWidth = Math.max(200, Math.min(width, (room ?? width) - 2));
  return (
    <div ref={measure}>
    <Document file={url} onLoadSuccess={(doc) => setPages(doc.numPages)} loading={<PdfLoading text={texts.loading} />} error={<Alert>{texts.failed}</Alert>}>
      {Array.from({ length: pages }, (_, i) => (
        <div key={i} role="img" aria-label={`${title}, page ${i + 1} of ${pages}`} className="mb-4 border border-muted/40">
          <Page pageNumber={i + 1} width={pageWidth} renderTextLayer={false} renderAnnotationLayer={false} loading={<PdfLoading text={texts.loading} />} error={<Alert>{texts.pageFailed(i + 1)}</Alert>} />
        </div>
      ))}
    </Document>
    </div>
  );
}

export function PdfLoading({ text = INVOICE_TEXTS.loading }: { text?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6">
      <span aria-hidden="true" className="inline-block size-5 animate-spin rounded-full border-2 border-brand border-t-transparent" />
      {text}
    </p>
  );
}
