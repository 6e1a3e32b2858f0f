import { z } from "zod";

/**
 * What /emails hands the screen (2§2 Messaging), shared by its loader, steps and page: dates formatted on the server
 * so luxon stays off the page, and zod schemas the page imports only as types (decisions/361).
 */

export { BOXES, messagingSearch, messagingViewOf, onlyTheOpenMessageChanged, openMessageOf, READ_FILTER_NAMES, type Box, type MessagingView, type ReadFilterName } from "./address";
import { BOXES, type MessagingView } from "./address";
export { colourOf, initialOf } from "./avatar";

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
  /** "other": a content type the portal does not preview (2§5 names PNG, JPG and PDF), listed as such (decisions/396). */
  kind: z.enum(["pdf", "image", "other"]),
  url: z.string(),
});
export type AttachmentView = z.output<typeof AttachmentViewSchema>;

export const MessageViewSchema = z.object({
  id: z.string(),
  box: z.enum(BOXES),
  /** As sent, "" when the practice sent none: the viewer says "Not recorded"; a reply or a draft starts from it. */
  subject: z.string(),
  name: z.string(),
  longDate: z.string(),
  /** As sent, "" when the practice sent none (the viewer says "Not recorded"). */
  body: z.string(),
  /** The body as sanitised HTML when the practice wrote it in HTML; null for plain text. */
  bodyHtml: z.string().nullable(),
  roleId: z.string(),
  /**
   * The practice's side: the sender in the Inbox, the recipient otherwise. `reference` is as the
   * practice wrote it, `Practitioner/{id}` or `Location/{id}` (the front desk, 2§3): a reply or a
   * draft goes back to exactly that.
   */
  practitioner: z.object({ id: z.string(), name: z.string(), reference: z.string() }),
  attachments: z.array(AttachmentViewSchema),
});
export type MessageView = z.output<typeof MessageViewSchema>;

export interface MessagingSettings {
  compose: boolean;
  reply: boolean;
}

export interface MessagingPageData {
  view: MessagingView;
  rows: MessageRow[];
  /** The practice's total for the list (undefined when it sends none): a hint, read by listingExtent. */
  total: number | undefined;
  unread: number;
  settings: MessagingSettings;
  /** Sanitised HTML of the practice's disclaimers, or null when it has none (2§2 "when text exists"). */
  disclaimers: { compose: string | null; draft: string | null };
  /** The practice's locations (IndiciLookup 11), for the centre the form shows; none when the lookup failed. */
  centres: Array<{ id: string; name: string }>;
}
