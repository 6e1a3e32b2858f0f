import { useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { messages } from "../../lib/messages";
import { Alert } from "../ui/alert";

// The worker is served by the portal from /assets, never from a public CDN (decisions/032).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * The invoice's PDF drawn with react-pdf. Loaded lazily, only when the INVOICE dialog opens. A PDF that
 * fails to load shows the Document's own `error`: the Document stays mounted, since unmounting it
 * destroys pdf.js's failed loading task, whose rejection nothing can catch.
 */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  const [pages, setPages] = useState(0);
  return (
    <Document
      file={url}
      onLoadSuccess={(doc) => setPages(doc.numPages)}
      loading={<PdfLoading />}
      error={<Alert>{messages.payment.pdfFailed}</Alert>}
    >
      {Array.from({ length: pages }, (_, i) => (
        <div key={i} role="img" aria-label={`${title}, page ${i + 1} of ${pages}`} className="mb-4 border border-muted/40">
          <Page pageNumber={i + 1} width={540} renderTextLayer={false} renderAnnotationLayer={false} loading={<PdfLoading />} error={<Alert>{messages.payment.pdfPageFailed(i + 1)}</Alert>} />
        </div>
      ))}
    </Document>
  );
}

export function PdfLoading() {
  return (
    <p role="status" className="flex items-center gap-2 py-6">
      <span aria-hidden="true" className="inline-block size-5 animate-spin rounded-full border-2 border-brand border-t-transparent" />
      Loading the invoice…
    </p>
  );
}
