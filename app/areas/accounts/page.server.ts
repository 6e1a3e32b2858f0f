import { accountsPageSizes } from "@contract/accounts";
import { formatDateTime } from "~/lib/dates";
import { listingExtent, pagesOf, sentOf } from "~/lib/listing";
import { paymentTexts } from "./texts";
import { formatCents } from "~/lib/money";
import { parseCardTypes } from "./payment-forms";
import type { OpenPayment } from "~/lib/accounts-view";
import { cardProvider } from "./card-provider.server";
import { atRest, paymentAttempts, type PaymentAttempt } from "./payment-attempts.server";
import { getInvoicePdf, getInvoices } from "~/.server/practice/accounts.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getPracticeSettings } from "~/.server/practice/patient.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { rowOf } from "~/.server/invoice-rows.server";

/**
 * What /accounts loads and its invoices' PDFs. Invoices and payments are the account holder's
 * (parentid, 1§6). Every step of a payment is a POST to /accounts/pay, answered by `./steps.server.ts`.
 */

export async function loadAccountsPage(request: Request) {
  const { api, user } = await requireSession(request);
  const url = new URL(request.url);
  // All Invoices grows with "Show more" as every other paged list does (1§4): the address says how
  // many pages are shown, and each is read, so a reload, back or a shared link shows as many.
  const pages = pagesOf(url.searchParams.get("pages"));
  const [pending, allPages, settings, open] = await Promise.all([
    getInvoices(api, user.parentId, "pending").catch(practiceErrorResponse),
    Promise.all(Array.from({ length: pages }, (_, i) => getInvoices(api, user.parentId, "all", i + 1))).catch(practiceErrorResponse),
    getPracticeSettings(api, user.parentId).catch(practiceErrorResponse),
    paymentAttempts.openAttempt(attemptOwner(user)),
  ]);
  // An invoice raised while the pages were read may shift one onto the next page: it is shown once.
  const seen = new Set<string>();
  const all = allPages.flatMap((reply) => reply.resources.map(rowOf)).filter((row) => !seen.has(row.id) && seen.add(row.id));
  // A page total is a hint, and may be left out (decisions/396).
  const { count, more } = listingExtent({ total: allPages.at(-1)?.total, read: all.length, pagesRead: pages, pageSize: accountsPageSizes.invoices, lastPage: sentOf(allPages.at(-1)) });
  return {
    pending: pending.resources.map(rowOf),
    all: { rows: all, total: count, pages, more },
    methodType: settings.PaymentMethodType?.trim() || "2",
    cardTypes: parseCardTypes(settings.PaymentCardTypes),
    provider: cardProvider(),
    billing: { name: user.parentName ?? "", email: user.username },
    openPayment: open ? openPaymentOf(open) : null,
  };
}

/**
 * The holder's unfinished payment, as the page tells it (any tab, any session): charged, to be
 * recorded; or not charged as far as the portal knows, to be paid with a card through the same intent.
 */
function openPaymentOf(open: PaymentAttempt & { key: string }): OpenPayment {
  return {
    key: open.key,
    amount: formatCents(open.chargeCents),
    // Attempts stored before the amount was kept (a day at most) are paid from their total alone.
    amountCents: open.amountCents ?? null,
    cardType: open.cardChoice?.chosen?.label ?? null,
    charged: open.charged,
    declined: open.declined === true,
    atRest: atRest(open),
    started: formatDateTime(open.intentAt ?? Date.now()),
  };
}

/**
 * Whose attempts these are: the account holder at their practice. Patient ids are the practice's own,
 * and one portal may serve several practices (each user's ACCAPIURL, 1§7), so the id alone could meet
 * another practice's patient.
 */
export function attemptOwner(user: Pick<SignedIn["user"], "apiBase" | "parentId">): string {
  return `${user.apiBase} ${user.parentId}`;
}

/** The invoice's PDF, from the practice's base64, as a same-origin document for the viewer. */
export async function invoicePdfResponse(request: Request, invoiceId: string, rate?: DocumentRate): Promise<Response> {
  const signedIn = await requireSession(request);
  await countDocument(signedIn, rate);
  const { api, user } = signedIn;
  try {
    const reply = await getInvoicePdf(api, user.parentId, invoiceId);
    return new Response(Buffer.from(reply.PDFFileName, "base64"), {
      headers: { "Content-Type": "application/pdf", "Cache-Control": "no-store", "Content-Disposition": `inline; filename="invoice-${invoiceId.replace(/[^\w-]/g, "")}.pdf"` },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return new Response(paymentTexts.pdfFailed, { status: error.kind === "forbidden" ? 403 : 502, headers: { "Content-Type": "text/plain" } });
    throw error;
  }
}
