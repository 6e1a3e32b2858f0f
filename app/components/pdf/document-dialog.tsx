import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { previewTexts } from "~/lib/texts/preview";
import { dialogTexts } from "~/lib/texts/dialog";
import { Button, buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Alert } from "../ui/alert";
import { PdfLoading, type PdfTexts } from "./pdf-loading";
import { usePrintWhenDrawn } from "./use-print-when-drawn";

// react-pdf and pdf.js load only when a document is opened (STACK.md: keep pdf.js off first loads).
const PdfViewer = lazy(() => import("./pdf-viewer"));

export interface OpenDocument {
  /** The dialog's title: the letter's type, the resource's title. */
  title: string;
  /** The title's language where it is the practice's words (a letter's, a resource's title): PRACTICE_LANG. */
  titleLang?: string;
  description?: string;
  /** The description's language where it is the practice's words. */
  descriptionLang?: string;
  /** The portal's own address serving the file. */
  url: string;
  /** The name a download gets. */
  fileName: string;
  /** A PDF is shown; anything else can only be downloaded (`notPdf` says so). */
  pdf: boolean;
  /** Opened with Print: printing starts as soon as every page is drawn. */
  print?: boolean;
  /** The document's full-page view (/preview), where it has one. */
  fullPage?: string;
  /** The download link's whole name, where the screen names it (the invoice's "Download PDF", 1§2); else "Download" and the title. */
  downloadLabel?: string;
}

interface DocumentDialogProps {
  document: OpenDocument | null;
  onClose(): void;
  texts: PdfTexts & { notPdf?: string };
  /** Offers Print (the letters: 2§2, on A4). */
  printable?: boolean;
  /** The viewer's name for the pages (else the document's title), widest drawing and Zoom (the invoice: 1§2). */
  viewer?: { title?: string; maxWidth?: number; zoomable?: boolean };
}

/**
 * A document from the practice in a dialog: its PDF in the shared viewer, with Download and Close,
 * and Print where the screen prints. Printing prints the dialog alone (app.css, .print-dialog). The
 * letters, resources, messages' attachments and the INVOICE dialog (1§2) are all this one dialog.
 */
export function DocumentDialog({ document, onClose, texts, printable = false, viewer }: DocumentDialogProps) {
  return (
    <Dialog open={document !== null} onOpenChange={(open) => (open ? undefined : onClose())} title={document?.title ?? ""} titleLang={document?.titleLang} description={document?.description} descriptionLang={document?.descriptionLang} printable={printable} size="document">
      {/* A key per document: a new one starts its own viewer and its own print request. */}
      {document ? <DocumentBody key={document.url} document={document} onClose={onClose} texts={texts} printable={printable} viewer={viewer} /> : null}
    </Dialog>
  );
}

function DocumentBody({ document, onClose, texts, printable, viewer }: DocumentDialogProps & { document: OpenDocument }) {
  // Print is asked for by the tile (opening with print) or the dialog's button.
  const { print, onRendered } = usePrintWhenDrawn({ wanted: Boolean(document.print) });

  return (
    <div className="flex flex-col gap-4">
      <div className="no-print flex flex-wrap gap-3">
        {printable && document.pdf ? <Button onClick={print}>{previewTexts.print}</Button> : null}
        <a href={document.url} download={document.fileName} className={buttonClass("secondary")}>
          {document.downloadLabel ?? (
            <>
              {previewTexts.download}
              <span className="sr-only"> {document.title}</span>
            </>
          )}
        </a>
        {document.fullPage ? (
          <Link to={document.fullPage} className={buttonClass("secondary")}>
            {previewTexts.openFullPage}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onClose}>
          {dialogTexts.close}
        </Button>
      </div>
      {document.pdf ? (
        <Suspense fallback={<PdfLoading text={texts.loading} />}>
          <PdfViewer url={document.url} title={document.title} texts={texts} onRendered={onRendered} {...viewer} />
        </Suspense>
      ) : (
        <Alert tone="info">{texts.notPdf}</Alert>
      )}
    </div>
  );
}
