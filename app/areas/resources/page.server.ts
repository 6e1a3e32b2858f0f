import { listingExtent, pagesOf, sentOf } from "~/lib/listing";
import { documentsPageSizes } from "@contract/documents";
import { resourcesTexts } from "./texts";
import { resourceItemOf, type ResourcesPageData } from "./view";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getResourcePdf, getResources } from "./practice.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/** What /resources loads (2§2 Resources): the health resources shared with the viewed patient (userid). */

export async function loadResourcesPage(request: Request): Promise<ResourcesPageData> {
  return resourcesPage(await requireSession(request), new URL(request.url));
}

export async function resourcesPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<ResourcesPageData> {
  const pages = pagesOf(url.searchParams.get("pages"));
  const replies = await Promise.all(Array.from({ length: pages }, (_, i) => getResources(api, user.userId, i + 1))).catch(practiceErrorResponse);
  const seen = new Set<string>();
  const items = replies.flatMap((r) => r.resources.map(resourceItemOf)).filter((m) => (seen.has(m.id) ? false : (seen.add(m.id), true)));
  const { count, more } = listingExtent({ total: replies[0]?.total, read: items.length, pagesRead: pages, pageSize: documentsPageSizes.media, lastPage: sentOf(replies.at(-1)) });
  return { items, total: count, pages, more };
}

/** A PDF resource (GET Patient/MediaByID), served same-origin for the viewer. */
export async function resourceFileResponse(request: Request, resourceId: string, rate?: DocumentRate): Promise<Response> {
  const signedIn = await requireSession(request);
  await countDocument(signedIn, rate);
  const { api, user } = signedIn;
  try {
    const base64 = await getResourcePdf(api, user.userId, resourceId);
    return new Response(Buffer.from(base64, "base64"), {
      headers: { "Content-Type": "application/pdf", "Cache-Control": "no-store", "Content-Disposition": `inline; filename="resource-${resourceId.replace(/[^\w-]/g, "")}.pdf"` },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) {
      const status = error.kind === "forbidden" ? 403 : error.status === 404 ? 404 : 502;
      return new Response(resourcesTexts.pdfFailed, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
    }
    throw error;
  }
}
