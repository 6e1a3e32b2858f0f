import { lazy, Suspense } from "react";
import { Button, buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";
import type { InvoiceTableRow } from "../../lib/accounts-view";
import { messages } from "../../lib/messages";
import type { PdfTexts } from "../pdf/pdf-loading";

// react-pdf and pdf.js load only when an invoice is opened (STACK.md: keep pdf.js off other routes).
const PdfViewer = lazy(() => import("../pdf/pdf-viewer"));

const INVOICE_TEXTS: PdfTexts = { loading: "Loading the invoice…", failed: messages.payment.pdfFailed, pageFailed: messages.payment.pdfPageFailed };

function Loading() {
  return (
    <p role="status" className="py-6">
      {INVOICE_TEXTS.loading}
    </p>
  );
}

/** The INVOICE dialog (1§2): the invoice's PDF, and a link to download it. */
export function InvoiceDialog({ invoice, onClose }: { invoice: InvoiceTableRow | null; onClose(): void }) {
  const url = invoice ? `/accounts/invoice/${encodeURIComponent(invoice.id)}` : "";
  return (
    <Dialog open={invoice !== null} onOpenChange={(open) => (open ? undefined : onClose())} title="INVOICE" description={invoice ? `Invoice ${invoice.reference}` : undefined}>
      {invoice ? (
        <div className="flex flex-col gap-4">
          <Suspense fallback={<Loading />}>
            <PdfViewer url={url} title={`Invoice ${invoice.reference}`} texts={INVOICE_TEXTS} />
          </Suspense>
          <div className="flex flex-wrap gap-3">
            <a href={url} download={`invoice-${invoice.reference}.pdf`} className={buttonClass("secondary")}>
              Download PDF
            </a>
            <Button onClick={onClose}>Close</Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
