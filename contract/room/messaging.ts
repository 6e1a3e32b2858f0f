import type { messagingEndpoints } from "@contract/messaging";
import { bundleRow } from "./bundle";
import { asSent, RawReply, shape, type RoomRow } from "./shapes";

/** The room 2§7 leaves the messaging calls (issue 68, decisions/396). */
export const messagingRoom = {
  messages: bundleRow({ fixes: "2§3 Message: Communication with id, status, sent, sender, recipients, note[0].text the subject, extensions MessageBody first and the box second, the read status at 5, the sender's name at 2 (Inbox) or 3, role ids at 7 and 8.", open: "Which of those a record carries; how sent is written." }),
  messageById: bundleRow({ fixes: "2§7 \"message\": one Communication as in the lists, with its payload attachments.", open: "Which of those it carries; attachment content types." }),
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
  messagingRecipients: bundleRow({ fixes: "2§3 Recipient: name[0].text the display name, extension[0].valueString the id.", open: "Which other fields a record carries." }),
} satisfies { [K in keyof typeof messagingEndpoints]: RoomRow };
