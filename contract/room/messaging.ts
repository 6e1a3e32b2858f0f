import type { messagingEndpoints } from "@contract/messaging";
import { bundleRow } from "./bundle";
import { absent, asSent, dateOnly, emptied, extensionsCut, inUtc, markedUp, nulled, RawReply, shape, valued, withoutOffset, type RoomRow, type Shape } from "./shapes";

/**
 * The room 2§7 leaves the messaging calls (issue 68, decisions/396). 2§3 fixes a Message's shape (a
 * Communication, its extensions by position) but not that any field is present; the id stays, as the
 * portal opens, answers and deletes a message by it, and so does the resourceType 2§3 names.
 */

/**
 * One message as a listing or MessageByID may word it. The first shapes leave what identifies a posted
 * message (recipient, subject, body: the portal looks for it by them when a send's reply proves
 * nothing, decisions/215) as it is, so a spec world's first records of a box stay findable.
 */
const messageRecords: readonly Shape[] = [
  absent("status"),
  valued("status", "entered-in-error"),
  absent("sent"),
  nulled("sent"),
  emptied("sent"),
  dateOnly("sent"),
  withoutOffset("sent"),
  inUtc("sent"),
  absent("sender.display"),
  nulled("extension.2.valueString"),
  markedUp("extension.2.valueString"),
  valued("extension.5.valueString", "3", "extension.5.valueString an unknown read status"),
  nulled("extension.5.valueString"),
  nulled("extension.7.valueDateTime"),
  extensionsCut(7),
  extensionsCut(5),
  extensionsCut(2),
  absent("sender"),
  nulled("sender"),
  absent("sender.reference"),
  absent("recipient.0.display"),
  absent("recipient"),
  nulled("recipient"),
  emptied("recipient"),
  absent("note"),
  nulled("note"),
  emptied("note"),
  absent("note.0.text"),
  emptied("note.0.text"),
  markedUp("note.0.text"),
  nulled("extension.0.valueString"),
  markedUp("extension.0.valueString"),
  extensionsCut(1),
  extensionsCut(0),
  nulled("extension"),
];

/** A message's attachments (MessageByID): a type the portal does not preview, none, no title, an empty or null list. */
const attachmentRecords: readonly Shape[] = [
  valued("payload.0.contentAttachment.contentType", "application/msword", "payload.0 of a type not previewed"),
  absent("payload.0.contentAttachment.contentType"),
  nulled("payload.0.contentAttachment.title"),
  emptied("payload"),
  nulled("payload"),
];

export const messagingRoom = {
  messages: bundleRow({
    fixes:
      "2§3 Message: a Communication (resourceType) with its id; status, sent, sender {reference, display}, recipient list, note[0].text the subject; extensions by position: MessageBody first, the box second (Inbox, Drafts, any other word Sent), the sender's name at 2 (Inbox) or 3, the Inbox's read status at 5 ('2' is read), role ids at 7 and 8 in a date-time value field. 2§7: 25 a page, 100 for the all-messages variant; the total counts the box.",
    open:
      "Which of those a record carries: status, sent, sender, recipient and note absent, null or empty; the extension list stopping before any position (body, box, names, read status, role ids missing); a read status other than '2' or none; sent as a day, a local date-time or in UTC; subject, body and names with markup, entities and macrons.",
    records: messageRecords,
  }),
  messageById: bundleRow({
    fixes: "2§7 \"message\": one Communication as in the lists (2§3), with its payload attachments {contentAttachment: {contentType, data base64}}.",
    open: "Which of those it carries, as in the lists; attachments of a content type the portal does not preview (2§5 names PNG, JPG and PDF for sending), with no type or no title, or none at all.",
    records: [...messageRecords, ...attachmentRecords],
  }),
  sendMessage: {
    fixes: "2§7: \"response read but not used\".",
    open: "Any body or none: the stored message, a truthy word, an empty object, nothing with 204, the text OK, an HTML page.",
    replies: [
      asSent,
      shape("true", () => true),
      shape("an empty object", () => ({})),
      shape("the message without its id", (reply) => ({ resourceType: "Communication", status: (reply as { status?: string }).status })),
      shape("204 with no body", () => new RawReply(204, "application/json", "")),
      shape("the text OK", () => new RawReply(200, "text/plain", "OK")),
      shape("an empty 200", () => new RawReply(200, "application/json", "")),
      shape("an HTML page", () => new RawReply(200, "text/html", "<!doctype html><title>Saved</title><p>Your message was saved.</p>")),
    ],
  },
  deleteMessage: { fixes: "2§7: a \"notice\".", open: "Its words, which the spec does not give: with a count or without.", replies: [asSent, shape("a notice with no count", () => "Deleted successfully")] },
  messagingRecipients: bundleRow({
    fixes: "2§3 Recipient: extension[0].valueString the id (a message is addressed by it), name[0].text the display name.",
    open: "Whether a record carries its name: name absent, null or empty, its text absent, empty or with markup and macrons; the resourceType; other fields.",
    records: [absent("resourceType"), absent("name"), nulled("name"), emptied("name"), absent("name.0.text"), emptied("name.0.text"), markedUp("name.0.text")],
  }),
} satisfies { [K in keyof typeof messagingEndpoints]: RoomRow };
