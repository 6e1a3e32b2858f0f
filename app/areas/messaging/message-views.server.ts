import sanitizeHtml from "sanitize-html";
import { ATTACHMENT_TYPES, type Communication } from "@contract/messaging";
import { longDate, practiceDateTime } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";
import { messagingTexts } from "./texts";
import { colourOf, type AttachmentView, type Box, type MessageRow, type MessageView } from "./view";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";

/** A practice message as the page shows it: a row of the list, or the message opened (2§3). */

export const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

/**
 * The box a message is in: its second extension (2§3: Inbox, Drafts, any other word Sent). A practice
 * may send a shorter list without it (decisions/396): then a message the patient wrote (its sender a
 * Patient) is Sent, or Drafts while its status says it is being prepared, and any other is the Inbox's.
 */
export function boxOf(m: Communication): Box {
  const box = m.extension.box?.trim();
  if (box) return box === "Inbox" ? "inbox" : box === "Drafts" ? "drafts" : "sent";
  if (m.sender?.reference?.startsWith("Patient/")) return m.status === "preparation" ? "drafts" : "sent";
  return "inbox";
}

/** `sent` as the list's DD-MM-YYYY, its day for sorting and the viewer's long date; "Not recorded" when there is none. */
function displayDate(iso: string | undefined): { date: string; dateIso: string; long: string } {
  const text = iso?.trim() ?? "";
  if (text === "") return { date: recordTexts.notRecorded, dateIso: "", long: recordTexts.notRecorded };
  // A day, a local date-time (the practice's zone) or one with an offset or in UTC (decisions/396).
  const at = practiceDateTime(text);
  if (!at.isValid) return { date: text, dateIso: "", long: text };
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  return { date: at.toFormat("dd-MM-yyyy"), dateIso: at.toISODate()!, long: longDate(at, dayOnly) };
}

/**
 * The practice's side of a message, its reference kept whole: `Practitioner/{id}` or `Location/{id}`
 * (2§3). Its name is the sender's name at 2 in the Inbox, else the reference's display; "The practice"
 * when neither was sent, which is true of every message's other side (decisions/396).
 */
function counterpartOf(m: Communication, box: Box): { id: string; name: string; reference: string } {
  const other = box === "inbox" ? m.sender : m.recipient?.[0];
  const reference = other?.reference?.trim() ?? "";
  const id = /\/([\w-]+)$/.exec(reference)?.[1] ?? "";
  const name = (box === "inbox" ? m.extension.inboxSender?.trim() : "") || other?.display?.trim() || "";
  return { id, name, reference };
}

/** The subject (note[0].text, 2§3) as sent, "" when there is none (a reply's and a draft's subject start from it). */
const subjectOf = (m: Communication) => m.note?.[0]?.text?.trim() ?? "";

/**
 * Whether an Inbox message has been read: 2§3's '2' is read. Any other status, or none, is unread, as
 * the spec's one word for read leaves it; a message shown unread costs the patient a look, one shown
 * read that was not may go unseen (decisions/396).
 */
const readOf = (m: Communication, box: Box) => box !== "inbox" || m.extension.readStatus?.trim() === "2";

export function messageRowOf(m: Communication, box: Box, position: number): MessageRow {
  const when = displayDate(m.sent);
  return {
    id: m.id,
    name: counterpartOf(m, box).name || PRACTICE_SIDE,
    colour: colourOf(position),
    date: when.date,
    dateIso: when.dateIso,
    // The list only shows it (as text: markup is escaped by React), so the missing one is said here.
    subject: subjectOf(m) || recordTexts.notRecorded,
    read: readOf(m, box),
  };
}

/** What a file is to the viewer: a PDF or an image it previews, or any other type, listed as not previewable. */
function kindOf(contentType: string | undefined): AttachmentView["kind"] {
  const type = contentType?.trim().toLowerCase() ?? "";
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) return "other";
  return type === "application/pdf" ? "pdf" : "image";
}

export function messageViewOf(m: Communication): MessageView {
  const box = boxOf(m);
  const who = counterpartOf(m, box);
  const text = m.extension.body ?? "";
  const html = looksLikeHtml(text);
  // Every attachment is listed, in the practice's order: one the portal cannot preview is said to be so, never left out.
  const attachments: AttachmentView[] = (m.payload ?? []).map((p, n) => ({
    n,
    title: p.contentAttachment.title?.trim() || messagingTexts.attachmentN(n + 1),
    kind: kindOf(p.contentAttachment.contentType),
    url: `/emails/attachment/${encodeURIComponent(m.id)}/${n}`,
  }));
  return {
    id: m.id,
    box,
    subject: subjectOf(m),
    name: who.name || PRACTICE_SIDE,
    longDate: displayDate(m.sent).long,
    body: html ? sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }) : text,
    bodyHtml: html ? sanitiseResultHtml(text) : null,
    // 2§3: the role id rides in a date-time value field at 7 (and 8); 2§9's default role 0 when none.
    roleId: /^\d+$/.test(m.extension.roleId ?? "") ? m.extension.roleId! : "0",
    practitioner: who,
    attachments,
  };
}

/** Who a message is from or to when the practice names nobody: its other side is always the practice. */
const PRACTICE_SIDE = messagingTexts.thePractice;
