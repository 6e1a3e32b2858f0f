import type { Media } from "@contract/documents";
import { contentTypeOf } from "@contract/record-words";
import { recordTexts } from "~/lib/texts/record";

/** The Resources screen's view types (2§2, 2§3 Resource/media), shared by its server half and its components. */

/**
 * `type`: the content type as the practice sent it, shown when it is neither of the two 2§3 names (or
 * "Not recorded" when it sent none); absent for a PDF or a link. Each title holds a value or "Not recorded".
 */
export type ResourceItem =
  | { id: string; title: string; kind: "pdf"; fileName: string }
  /** Opens in a new tab; only an http(s) address is ever made a link. */
  | { id: string; title: string; kind: "link"; url: string; host: string; type?: string }
  /** A link whose address the portal will not open (missing, or not http(s)), or a type it cannot open. */
  | { id: string; title: string; kind: "unavailable"; type?: string };

/**
 * A resource as the grid shows it. A link's address is checked here, so a `javascript:` one never
 * reaches the page. A practice may leave any field out, null or empty, or name a type beyond PDF and
 * link (issue 68, decisions/396): the title says "Not recorded", a type in other letters is read as
 * the one it is, and any other type is shown as sent, opened as a link when it has a web address.
 */
export function resourceItemOf(media: Media): ResourceItem {
  const { id } = media;
  const title = media.content?.title?.trim() || recordTexts.notRecorded;
  const sent = contentTypeOf(media.content?.contentType);
  if (sent === "application/pdf") return { id, title, kind: "pdf", fileName: resourceFileName(media.content?.title) };
  const type = sent === "link" ? undefined : media.content?.contentType?.trim() || recordTexts.notRecorded;
  const url = safeLink(media.content?.url);
  return url ? { id, title, kind: "link", url: url.href, host: url.host, ...(type ? { type } : {}) } : { id, title, kind: "unavailable", ...(type ? { type } : {}) };
}

function safeLink(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** What /resources hands its page. */
export interface ResourcesPageData {
  items: ResourceItem[];
  /** Undefined when the practice does not say and there may be more. */
  total: number | undefined;
  /** Pages of 100 shown. */
  pages: number;
  more: boolean;
}

/**
 * The name a downloaded PDF resource gets: the title the practice sent, with nothing that could reach
 * outside the name; none sent, "resource.pdf" (as a letter's, letterFileName).
 */
export function resourceFileName(title: string | null | undefined): string {
  return `${(title ?? "").replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "resource"}.pdf`;
}
