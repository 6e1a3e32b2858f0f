import { useCallback, useEffect, useRef, useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { Alert } from "../ui/alert";
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
}

/**
 * A PDF drawn with react-pdf, shared by every dialog that shows one (an invoice, a letter, a
 * resource). The module is loaded lazily, only when such a dialog opens, so pdf.js stays off every
 * page's first load. A PDF that fails to load shows the Document's own `error`, which also ends the
 * spinner: the Document stays mounted, since unmounting it destroys pdf.js's failed loading task,
 * whose rejection nothing can catch.
 */
export default function PdfViewer({ url, title, texts, maxWidth = 540, onRendered }: PdfViewerProps) {
  const [pages, setPages] = useState(0);
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
  const width = Math.max(200, Math.min(maxWidth, (room ?? maxWidth) - 2));
  // Printing draws the canvas onto paper: twice the screen's pixels keeps the text sharp on A4.
  const pixelRatio = typeof window === "undefined" ? 2 : Math.max(2, window.devicePixelRatio);

  const rendered = useCallback(
    (page: number) => {
      drawn.current.add(page);
      if (drawn.current.size === pages) onRendered?.();
    },
    [pages, onRendered],
  );

  return (
    <div ref={box}>
      <Document
        file={url}
        onLoadSuccess={(doc) => {
          drawn.current = new Set();
          setPages(doc.numPages);
        }}
        loading={<PdfLoading text={texts.loading} />}
        error={<Alert>{texts.failed}</Alert>}
      >
        {Array.from({ length: pages }, (_, i) => (
          <div key={i} role="img" aria-label={`${title}, page ${i + 1} of ${pages}`} data-pdf-page="" className="mb-4 w-fit max-w-full border border-muted/40">
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
    </div>
  );
}
