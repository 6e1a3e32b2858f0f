import { z } from "zod";
import { accountsPageSizes } from "@contract/accounts";
import { listingExtent, sentOf } from "~/lib/listing";
import { letterFileName, letterTileOf } from "~/lib/letters-view";
import { PREVIEW_AREAS, PREVIEW_KINDS, type BackLink, type PreviewData, type PreviewKind } from "~/lib/preview-view";
import { resultCardOf, resultDetailOf } from "~/lib/reports-view";
import { previewTexts } from "~/lib/texts/preview";
import { recordTexts } from "~/lib/texts/record";
import { rowOf } from "~/.server/invoice-rows.server";
import { getInvoicePdf, getInvoices } from "~/.server/practice/accounts.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getLetter } from "~/.server/practice/letters.server";
import { getLabResult } from "~/.server/practice/reports.server";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { requestAddressOf } from "~/.server/request-address.server";

/**
 * What /preview loads: one document for the signed-in session only, asked for with the ids the session holds (1§6),
 * so another patient's id in the address is answered "not found" by the practice (decisions/172).
 */

const PreviewQuerySchema = z.object({
  type: z.enum(PREVIEW_KINDS as [PreviewKind, ...PreviewKind[]]),
  id: z.string().trim().min(1).max(64),
});

/** How many pages of the holder's invoices (10 a page, 1§9) are read to name one before asking the practice for it directly. */
const INVOICE_PAGES = 10;

export async function loadPreviewPage(request: Request, rate?: DocumentRate): Promise<PreviewData> {
  const signedIn = await requireSession(request);
  // The page reads the document from the practice, so it counts as one (issue 36).
  await countDocument(signedIn, rate);
  // The parameters the whānau check decided by (decisions/392): the kind it let through is the kind read.
  const { search } = requestAddressOf(request);
  const parsed = PreviewQuerySchema.safeParse(Object.fromEntries(search));
  const kind = parsed.success ? parsed.data.type : null;
  const back = backLinkOf(kind, search.get("back"));
  if (!parsed.success) return { found: false, back };
  try {
    const found = await (kind === "invoice" ? invoicePreview : kind === "letter" ? letterPreview : resultPreview)(signedIn, parsed.data.id);
    return found ? { found: true, kind: parsed.data.type, back, ...found } : { found: false, back };
  } catch (error) {
    // Not there, or not this patient's: the same answer, so an address cannot tell which.
    if (error instanceof PracticeApiError && (error.kind === "forbidden" || error.status === 404)) return { found: false, back };
    return practiceErrorResponse(error);
  }
}

type Found = Omit<Extract<PreviewData, { found: true }>, "found" | "kind" | "back">;

/**
 * Back returns to the page the document was opened from, with its view (tab, page, range), but only
 * to that area's own page: the address cannot send the patient anywhere else.
 */
export function backLinkOf(kind: PreviewKind | null, back: string | null): BackLink {
  const area = kind ? PREVIEW_AREAS[kind] : { path: "/" as const, label: "Dashboard" };
  const to = safeRedirectTo(back, area.path);
  const sameArea = to === area.path || to.startsWith(`${area.path}?`);
  return { to: sameArea ? to : area.path, area: area.label };
}

async function invoicePreview({ api, user }: Pick<SignedIn, "api" | "user">, id: string): Promise<Found | null> {
  const file = { url: `/accounts/invoice/${encodeURIComponent(id)}`, fileName: `invoice-${id.replace(/[^\w-]/g, "")}.pdf`, pdf: true };
  // Named from the holder's own invoices (pending first: the ones a patient is paying).
  const pending = await getInvoices(api, user.parentId, "pending");
  let invoice = pending.resources.find((i) => i.id === id);
  let read = 0;
  for (let page = 1; !invoice && page <= INVOICE_PAGES; page++) {
    const all = await getInvoices(api, user.parentId, "all", page);
    read += all.resources.length;
    invoice = all.resources.find((i) => i.id === id);
    // A short page is the last here whatever the total says; a full one is followed on unless the total names no more.
    if (sentOf(all) < accountsPageSizes.invoices || !listingExtent({ total: all.total, read, pagesRead: page, pageSize: accountsPageSizes.invoices, lastPage: sentOf(all) }).more) break;
  }
  if (invoice) {
    const row = rowOf(invoice);
    // An invoice without a reference on record (issue 68) is titled as one and its file named by its id.
    return { title: row.reference ? previewTexts.invoiceNumbered(row.reference) : previewTexts.invoice, description: [row.date, row.type, row.notes].filter(Boolean).join(" · "), file: { ...file, fileName: `invoice-${row.reference || row.id}.pdf`.replace(/[^\w.-]/g, "") }, result: null };
  }
  // An older invoice than the pages read: the practice's own check for this holder decides.
  await getInvoicePdf(api, user.parentId, id);
  return { title: previewTexts.invoice, description: "", file, result: null };
}

async function letterPreview({ api, user }: Pick<SignedIn, "api" | "user">, id: string): Promise<Found | null> {
  const [letter] = (await getLetter({ api, patientId: user.userId }, id)).resources;
  if (!letter) return null;
  const tile = letterTileOf(letter);
  return { title: tile.type, description: previewTexts.dated(tile.date), file: { url: `/letters/letter/${encodeURIComponent(id)}`, fileName: letterFileName(tile), pdf: tile.pdf }, result: null };
}

async function resultPreview({ api, user }: Pick<SignedIn, "api" | "user">, id: string): Promise<Found | null> {
  const [result] = (await getLabResult(api, user.userId, id)).resources;
  if (!result) return null;
  const card = resultCardOf(result);
  const detail = resultDetailOf(result, sanitiseResultHtml);
  const description = card.summary;
  if (detail.kind === "pdf") {
    // Named by what the practice recorded: the test's name and date, or "result" for neither.
    const fileName = `${`${card.chartCode} ${card.date === recordTexts.notRecorded ? "" : card.date}`.replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "result"}.pdf`;
    return { title: card.test, description, file: { url: `data:application/pdf;base64,${detail.pdf}`, fileName, pdf: true }, result: null };
  }
  if (detail.kind === "failed") return null;
  return { title: card.test, description, file: null, result: detail };
}
