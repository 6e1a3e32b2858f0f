import { DateTime } from "luxon";
import sanitizeHtml from "sanitize-html";
import { ATTACHMENT_TYPES, type Communication } from "@contract/messaging";
import { PRACTICE_ZONE } from "~/lib/dates";
import { colourOf, type AttachmentView, type Box, type MessageRow, type MessageView } from "./view";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";

/** A practice message as the page shows it: a row of the list, or the message opened (2§3). */

export const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);

export function boxOf(m: Communication): Box {
  return m.extension.box === "Inbox" ? "inbox" : m.extension.box === "Drafts" ? "drafts" : "sent";
}

function displayDate(iso: string): { date: string; dateIso: string; long: string } {
  const at = DateTime.fromISO(iso, { setZone: true }).setZone(PRACTICE_ZONE);
  if (!at.isValid) return { date: iso, dateIso: "", long: iso };
  return { date: at.toFormat("dd-MM-yyyy"), dateIso: at.toISODate()!, long: at.toFormat("cccc d LLLL yyyy, h:mm a").replace(/AM|PM/, (x) => x.toLowerCase()) };
}

/** The practice's side of a message, its reference kept whole: `Practitioner/{id}` or `Location/{id}` (2§3). */
function counterpartOf(m: Communication, box: Box): { id: string; name: string; reference: string } {
  const other = box === "inbox" ? m.sender : m.recipient[0];
  const reference = other?.reference ?? "";
  const id = /\/([\w-]+)$/.exec(reference)?.[1] ?? "";
  const name = box === "inbox" ? (m.extension.inboxSender ?? other?.display ?? "") : (other?.display ?? "");
  return { id, name, reference };
}

export function messageRowOf(m: Communication, box: Box, position: number): MessageRow {
  const when = displayDate(m.sent);
  return {
    id: m.id,
    name: counterpartOf(m, box).name || "The practice",
    colour: colourOf(position),
    date: when.date,
    dateIso: when.dateIso,
    subject: m.note[0].text,
    read: box !== "inbox" || m.extension.readStatus === "2",
  };
}

export function messageViewOf(m: Communication): MessageView {
  const box = boxOf(m);
  const who = counterpartOf(m, box);
  const html = looksLikeHtml(m.extension.body);
  const attachments: AttachmentView[] = (m.payload ?? []).flatMap((p, n) => {
    const type = p.contentAttachment.contentType;
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) return [];
    const kind = type === "application/pdf" ? ("pdf" as const) : ("image" as const);
    return [{ n, title: p.contentAttachment.title ?? `Attachment ${n + 1}`, kind, url: `/emails/attachment/${encodeURIComponent(m.id)}/${n}` }];
  });
  return {
    id: m.id,
    box,
    subject: m.note[0].text,
    name: who.name || "The practice",
    longDate: displayDate(m.sent).long,
    body: html ? sanitizeHtml(m.extension.body, { allowedTags: [], allowedAttributes: {} }) : m.extension.body,
    bodyHtml: html ? sanitiseResultHtml(m.extension.body) : null,
    // 2§3: the role id rides in a date-time value field at 7 (and 8).
    roleId: /^\d+$/.test(m.extension.roleId ?? "") ? m.extension.roleId! : "0",
    practitioner: who,
    attachments,
  };
}
