import type { Media } from "@contract/documents";

/** The Resources screen's view types (2§2, 2§3 Resource/media), shared by its server half and its components. */

export type ResourceItem =
  | { id: string; title: string; kind: "pdf" }
  /** Opens in a new tab; only an http(s) address is ever made a link. */
  | { id: string; title: string; kind: "link"; url: string; host: string }
  /** A link whose address the portal will not open (missing, or not http(s)). */
  | { id: string; title: string; kind: "unavailable" };

/** A resource as the grid shows it. A link's address is checked here, so a `javascript:` one never reaches the page. */
export function resourceItemOf(media: Media): ResourceItem {
  const { id } = media;
  const title = media.content.title.trim();
  if (media.content.contentType === "application/pdf") return { id, title, kind: "pdf" };
  const url = safeLink(media.content.url);
  return url ? { id, title, kind: "link", url: url.href, host: url.host } : { id, title, kind: "unavailable" };
}

function safeLink(value: string | undefined): URL | null {
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
  total: number;
  /** Pages of 100 shown. */
  pages: number;
  more: boolean;
}

/** The name a downloaded PDF resource gets: its title, with nothing that could reach outside the name. */
export function resourceFileName(title: string): string {
  return `${title.replace(/[^\w\- ]+/g, "").trim().replace(/\s+/g, "-") || "resource"}.pdf`;
}
