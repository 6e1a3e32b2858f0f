/**
 * What the PDF viewer shows before pdf.js is there: kept apart from pdf-viewer.tsx so that a dialog
 * can show it while the viewer's own module (react-pdf, pdf.js) is still loading.
 */

/** What the viewer says while loading and on failure, in the words of the document it shows. */
export interface PdfTexts {
  loading: string;
  failed: string;
  pageFailed: (page: number) => string;
}

export function PdfLoading({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6">
      <span aria-hidden="true" className="inline-block size-5 animate-spin rounded-full border-2 border-brand border-t-transparent" />
      {text}
    </p>
  );
}
