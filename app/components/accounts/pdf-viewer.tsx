import { useState } from "react";
import { Document, Page, pdfjs } from "react-pdf";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { messages } from "../../lib/messages";
import { Alert } from "../ui/alert";

// The worker is served by the portal from /assets, never from a public CDN (decisions/032).
pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

/** The invoice's PDF drawn with react-pdf. Loaded lazily, only when the INVOICE dialog opens. */
export default function PdfViewer({ url, title }: { url: string; title: string }) {
  const [pages, setPages] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert>{messages.payment.pdfFailed}</Alert>;
  return (
    <Document
      file={url}
      onLoadSuccess={(doc) => setPages(doc.numPages)}
      onLoadError={() => setFailed(true)}
      onSourceError={() => setFailed(true)}
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
