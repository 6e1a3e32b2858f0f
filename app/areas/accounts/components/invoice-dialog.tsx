import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { InvoiceTableRow } from "~/lib/accounts-view";
import { paymentTexts } from "../texts";
import { previewTexts } from "~/lib/texts/preview";
import { previewHref } from "~/lib/preview-view";
import type { PdfTexts } from "~/components/pdf/pdf-loading";
import { usePrintWhenDrawn } from "~/components/pdf/use-print-when-drawn";

// react-pdf and pdf.js load only when an invoice is opened (STACK.md: keep pdf.js off other routes).
const PdfViewer = lazy(() => import("~/components/pdf/pdf-viewer"));

const INVOICE_TEXTS: PdfTexts = { loading: "Loading the invoice…", failed: paymentTexts.pdfFailed, pageFailed: paymentTexts.pdfPageFailed };

function Loading() {
  return (
    <p role="status" className="py-6">
      {INVOICE_TEXTS.loading}
    </p>
  );
}

/**
 * The INVOICE dialog (1§2): the invoice's PDF drawn to the dialog's width (a phone's too), with Zoom,
 * Print (the invoice alone, on A4) and Download. The actions come first, so Close is in view however
 * long the invoice is (issue 21).
 */
export function InvoiceDialog({ invoice, onClose }: { invoice: InvoiceTableRow | null; onClose(): void }) {
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => (open ? undefined : onClose())} title="INVOICE" description={invoice ? `Invoice ${invoice.reference}` : undefined} printable size="document">
      {invoice ? <InvoiceBody key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Dialog>
  );
}

function InvoiceBody({ invoice, onClose }: { invoice: InvoiceTableRow; onClose(): void }) {
  const url = `/accounts/invoice/${encodeURIComponent(invoice.id)}`;
  const location = useLocation();
  const { print, onRendered } = usePrintWhenDrawn();
  return (
    <div className="flex flex-col gap-4">
      <div className="no-print flex flex-wrap gap-3">
        <Button onClick={print}>Print</Button>
        <a href={url} download={`invoice-${invoice.reference}.pdf`} className={buttonClass("secondary")}>
          Download PDF
        </a>
        <Link to={previewHref("invoice", invoice.id, location.pathname + location.search)} className={buttonClass("secondary")}>
          {previewTexts.openFullPage}
        </Link>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      <Suspense fallback={<Loading />}>
        <PdfViewer url={url} title={`Invoice ${invoice.reference}`} texts={INVOICE_TEXTS} maxWidth={900} onRendered={onRendered} zoomable />
      </Suspense>
    </div>
  );
}
