import { attachmentProblem } from "@contract/attachment-content";
import { ATTACHMENT_TYPES } from "@contract/messaging";
import { messagingTexts } from "./texts";
import { PracticeApiError } from "~/.server/practice/client.server";
import { getMessage } from "./practice.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { requireSession } from "~/.server/proxy-access.server";

/** /emails/attachment/:id/:n */

const t = messagingTexts;

/** One attachment's bytes, served same-origin for the preview; its type is checked by content again. */
export async function attachmentResponse(request: Request, messageId: string, index: string, rate?: DocumentRate): Promise<Response> {
  const signedIn = await requireSession(request);
  await countDocument(signedIn, rate);
  const { api, user } = signedIn;
  const n = Number(index);
  if (!/^[\w-]{1,64}$/.test(messageId) || !Number.isInteger(n) || n < 0) return plain(404);
  try {
    const message = await getMessage(api, user.userId, messageId);
    const attachment = message?.payload?.[n]?.contentAttachment;
    if (!attachment) return plain(404);
    const bytes = Buffer.from(attachment.data, "base64");
    const title = (attachment.title ?? `attachment-${n + 1}`).replace(/[^\w .-]/g, "_");
    // What the practice says it is must be what the bytes are, or the browser is not handed it as such.
    // A type it does not name, or none (decisions/396), is handed over as a download of plain bytes.
    const type = attachment.contentType?.trim().toLowerCase() ?? "";
    const safe = (ATTACHMENT_TYPES as readonly string[]).includes(type) && attachmentProblem({ name: `x.${type.split("/")[1]}`, bytes }) !== "type";
    return new Response(bytes, {
      headers: {
        "Content-Type": safe ? type : "application/octet-stream",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": `${safe ? "inline" : "attachment"}; filename="${title}"`,
      },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return plain(error.kind === "forbidden" ? 403 : error.status === 404 ? 404 : 502);
    throw error;
  }
}

function plain(status: number): Response {
  return new Response(t.openFailed, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
