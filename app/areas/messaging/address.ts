/**
 * /emails in the address (2§2): the box, the Inbox's read filter and the open message, apart from the view schemas
 * (zod) because the revalidation rules read it, the page's own and the one it adds for the shell (decisions/344).
 */

export const BOXES = ["inbox", "sent", "drafts"] as const;
export type Box = (typeof BOXES)[number];
export const READ_FILTER_NAMES = ["all", "unread", "read"] as const;
export type ReadFilterName = (typeof READ_FILTER_NAMES)[number];

export interface MessagingView {
  box: Box;
  /** The Inbox's read filter (2§4); the other boxes are always "all". */
  filter: ReadFilterName;
}

/** The view in the address, so reload, back and a shared link show the same box. */
export function messagingViewOf(params: URLSearchParams): MessagingView {
  const box = (BOXES as readonly string[]).includes(params.get("box") ?? "") ? (params.get("box") as Box) : "inbox";
  const filter = box === "inbox" && (READ_FILTER_NAMES as readonly string[]).includes(params.get("filter") ?? "") ? (params.get("filter") as ReadFilterName) : "all";
  return { box, filter };
}

/** The open message (`?message=`), so reload, Back and a shared link reopen or close it. */
export function openMessageOf(params: URLSearchParams): string | null {
  const id = params.get("message") ?? "";
  // The step that opens it accepts these ids only; anything else in the address opens nothing.
  return /^[\w-]{1,64}$/.test(id) ? id : null;
}

/**
 * Opening or closing a message on /emails (Back included) changes nothing a loader reads: neither the
 * page's nor the shell's is asked again (their own revalidation, after a change, still is).
 */
export function onlyTheOpenMessageChanged(currentUrl: URL, nextUrl: URL): boolean {
  if (currentUrl.pathname !== "/emails" || nextUrl.pathname !== "/emails" || currentUrl.search === nextUrl.search) return false;
  const listOf = (url: URL) => messagingSearch(messagingViewOf(url.searchParams));
  return listOf(currentUrl) === listOf(nextUrl);
}

export function messagingSearch(view: MessagingView, message: string | null = null): string {
  const params = new URLSearchParams();
  if (view.box !== "inbox") params.set("box", view.box);
  if (view.box === "inbox" && view.filter !== "all") params.set("filter", view.filter);
  if (message) params.set("message", message);
  const text = params.toString();
  return text ? `?${text}` : "";
}
