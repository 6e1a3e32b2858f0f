import { z } from "zod";

/**
 * What /emails hands the screen (2§2 Messaging), shared by its loader, its steps and the page. Dates
 * are formatted on the server (DD-MM-YYYY and a long date, Pacific/Auckland) so luxon stays off the page.
 */

export const BOXES = ["inbox", "sent", "drafts"] as const;
export type Box = (typeof BOXES)[number];
export const READ_FILTER_NAMES = ["all", "unread", "read"] as const;
export type ReadFilterName = (typeof READ_FILTER_NAMES)[number];

export interface EmailsView {
  box: Box;
  /** The Inbox's read filter (2§4); the other boxes are always "all". */
  filter: ReadFilterName;
}

/** The view in the address, so reload, back and a shared link show the same box. */
export function emailsViewOf(params: URLSearchParams): EmailsView {
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

export function emailsSearch(view: EmailsView, message: string | null = null): string {
  const params = new URLSearchParams();
  if (view.box !== "inbox") params.set("box", view.box);
  if (view.box === "inbox" && view.filter !== "all") params.set("filter", view.filter);
  if (message) params.set("message", message);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const MessageRowSchema = z.object({
  id: z.string(),
  /** The sender in the Inbox, the recipient in Sent and Drafts (2§2). */
  name: z.string(),
  /** 0, 1 or 2: the avatar's colour, cycling down the list (2§2). */
  colour: z.number().int().min(0).max(2),
  date: z.string(),
  dateIso: z.string(),
  subject: z.string(),
  /** Inbox messages only; sent and draft ones count as read. */
  read: z.boolean(),
});
export type MessageRow = z.output<typeof MessageRowSchema>;

export const AttachmentViewSchema = z.object({
  n: z.number().int().min(0),
  title: z.string(),
  kind: z.enum(["pdf", "image"]),
  url: z.string(),
});
export type AttachmentView = z.output<typeof AttachmentViewSchema>;

export const MessageViewSchema = z.object({
  id: z.string(),
  box: z.enum(BOXES),
  subject: z.string(),
  name: z.string(),
  longDate: z.string(),
  body: z.string(),
  /** The body as sanitised HTML when the practice wrote it in HTML; null for plain text. */
  bodyHtml: z.string().nullable(),
  roleId: z.string(),
  practitioner: z.object({ id: z.string(), name: z.string() }),
  attachments: z.array(AttachmentViewSchema),
});
export type MessageView = z.output<typeof MessageViewSchema>;

/** Colours are by position in the list, not by person: three cycle down the rows (2§2). */
export function colourOf(position: number): 0 | 1 | 2 {
  return (position % 3) as 0 | 1 | 2;
}

export function initialOf(name: string): string {
  // "Dr Aroha Smith" is shown as A, not D: a title is not the person.
  const words = name.replace(/^(Dr|Nurse|Mr|Mrs|Ms|Miss)\.?\s+/i, "").trim();
  return (words[0] ?? "?").toUpperCase();
}

export interface MessagingSettings {
  compose: boolean;
  reply: boolean;
}

export interface EmailsPageData {
  view: EmailsView;
  rows: MessageRow[];
  total: number;
  unread: number;
  settings: MessagingSettings;
  /** Sanitised HTML of the practice's disclaimers, or null when it has none (2§2 "when text exists"). */
  disclaimers: { compose: string | null; draft: string | null };
}
