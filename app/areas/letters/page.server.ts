import type { LetterRangeResult, LettersPageData } from "~/lib/letters-view";
import { LetterRangeSchema, rangeQuery } from "./search";
import { listingExtent, pagesOf, sentOf } from "~/lib/listing";
import { documentsPageSizes } from "@contract/documents";
import { letterFileName, letterTileOf, newestFirst } from "~/lib/letters-view";
import { parseForm } from "~/lib/form-data";
import { lettersTexts } from "./texts";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { getLetter, getLetters, getLettersInRange, type LetterCaller } from "~/.server/practice/letters.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";

/**
 * What /letters loads (2§2 Letters): the viewed patient's letters (userid, so a proxy sees the family
 * member's), either every letter in the address's date range, or the first `pages` pages of 100.
 */

export async function loadLettersPage(request: Request): Promise<LettersPageData> {
  return lettersPage(await requireSession(request), new URL(request.url));
}

const callerOf = ({ api, user }: Pick<SignedIn, "api" | "user">): LetterCaller => ({ api, patientId: user.userId });

/** The page's data for one address; the signed-in context comes from the loader, or from a test. */
export async function lettersPage(signedIn: Pick<SignedIn, "api" | "user">, url: URL): Promise<LettersPageData> {
  const caller = callerOf(signedIn);
  const typed = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  // The address is checked with the form's own schema: a range typed without JavaScript, or edited
  // into the address, is refused with the form's messages and what was typed is shown back.
  const parsed = parseForm(new URLSearchParams(typed), LetterRangeSchema);
  const rangeResult: LetterRangeResult = parsed.ok ? null : parsed.result;
  const range = parsed.ok ? rangeQuery(parsed.value) : null;

  if (range) {
    const reply = await getLettersInRange(caller, range).catch(practiceErrorResponse);
    const letters = newestFirst(reply.resources.map(letterTileOf));
    return { letters, total: letters.length, pages: 1, more: false, range: typed, ranged: true, rangeResult };
  }

  const pages = pagesOf(url.searchParams.get("pages"));
  const replies = await Promise.all(Array.from({ length: pages }, (_, i) => getLetters(caller, i + 1))).catch(practiceErrorResponse);
  // A letter filed while the pages were read may shift one onto the next page: it is shown once.
  const seen = new Set<string>();
  const letters = replies.flatMap((r) => r.resources.map(letterTileOf)).filter((l) => (seen.has(l.id) ? false : (seen.add(l.id), true)));
  const { count, more } = listingExtent({ total: replies[0]?.total, read: letters.length, pagesRead: pages, pageSize: documentsPageSizes.letters, lastPage: sentOf(replies.at(-1)) });
  return { letters: newestFirst(letters), total: count, pages, more, range: typed, ranged: false, rangeResult };
}

/**
 * One letter's file, from the practice's base64, served same-origin for the viewer. Only a PDF is
 * served inline; any other type the practice names is a download, so nothing it sends runs as a page
 * of the portal.
 */
export async function letterFileResponse(request: Request, letterId: string, rate?: DocumentRate): Promise<Response> {
  const signedIn = await requireSession(request);
  await countDocument(signedIn, rate);
  try {
    const [letter] = (await getLetter(callerOf(signedIn), letterId)).resources;
    const attachment = letter?.content?.find((c) => c.attachment?.data)?.attachment;
    if (!letter || !attachment?.data) return failure(404);
    const tile = letterTileOf(letter);
    const name = letterFileName(tile);
    return new Response(Buffer.from(attachment.data, "base64"), {
      headers: {
        "Content-Type": tile.pdf ? "application/pdf" : "application/octet-stream",
        "Cache-Control": "no-store",
        "Content-Disposition": `${tile.pdf ? "inline" : "attachment"}; filename="${name}"`,
      },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return failure(error.kind === "forbidden" ? 403 : error.status === 404 ? 404 : 502);
    throw error;
  }
}

function failure(status: number): Response {
  return new Response(lettersTexts.pdfFailed, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
