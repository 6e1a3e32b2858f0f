import { areaTexts } from "./texts/areas";
import type { ResultDetail } from "./reports-view";

/**
 * The full-page view of an invoice, a letter or a test result (/preview, 1§2), opened from its dialog or by a link on
 * a phone; the address names only its kind and id, so an id that is not the patient's finds nothing (decisions/172).
 */

export type PreviewKind = "invoice" | "letter" | "result";

export const PREVIEW_KINDS: readonly PreviewKind[] = ["invoice", "letter", "result"];

/** Where each kind of document lives: Back goes there, with the view the patient left. */
export const PREVIEW_AREAS: Record<PreviewKind, { path: `/${string}`; label: string }> = {
  invoice: { path: "/accounts", label: areaTexts.accounts.label },
  letter: { path: "/letters", label: areaTexts.letters.label },
  result: { path: "/reports", label: areaTexts.results.label },
};

/** The full-page address of a document, returning to `back` (the page and view it was opened from). */
export function previewHref(kind: PreviewKind, id: string, back?: string): string {
  const query = new URLSearchParams({ type: kind, id });
  if (back) query.set("back", back);
  return `/preview?${query.toString()}`;
}

export interface PreviewFile {
  /** The portal's own address for the file (or a data: address for a result's PDF). */
  url: string;
  fileName: string;
  /** A PDF is drawn; anything else can only be downloaded. */
  pdf: boolean;
}

export interface BackLink {
  to: string;
  /** The area's name: "Letters". */
  area: string;
}

export type PreviewData =
  | { found: false; back: BackLink }
  | {
      found: true;
      kind: PreviewKind;
      /** The heading: "Invoice INV-0042", "Referral Letter", "Full Blood Count". */
      title: string;
      /** Its date and source, one line. */
      description: string;
      back: BackLink;
      /** The document's file, when it has one (an HTML or table result has none). */
      file: PreviewFile | null;
      /** A result's HTML or table (a PDF result is its file). */
      result: Extract<ResultDetail, { kind: "html" | "table" | "empty" }> | null;
    };
