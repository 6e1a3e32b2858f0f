import type { profileEndpoints } from "@contract/profile";
import { bundleRow } from "./bundle";
import { bareSuccess, numericStatus } from "./account";
import { asSent, shape, type RoomRow } from "./shapes";

const statusRow = (fixes: string): RoomRow => ({ fixes, open: "The code quoted or a number; the message on success or none.", replies: [asSent, numericStatus, bareSuccess] });

/** The room 1§7 leaves the profile's calls (issue 68, decisions/396). */
export const profileRoom = {
  lookup: bundleRow({
    fixes: "1§7: \"array whose first item has entry\"; 1§3: each entry \"an extension pair of id and name\", both there (a choice is made by its id and shown by its name).",
    // A name's words are data the forms show as options, chosen by the patient by their words: markup
    // there would be a name the practice gave, not a shape, so the row varies only what sits beside the pair.
    open: "Which other fields an entry carries (extras); the name's words are the practice's own.",
  }),
  addEmergencyContact: statusRow("1§7 shows no reply; 1§8 reads its dialog by StatusCode and StatusMessage as the password change's."),
  deleteEmergencyContact: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateContactMethods: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateDemographics: statusRow("1§7 shows no reply; read as addEmergencyContact's."),
  updateNotifications: {
    fixes: "1§7: \"Then the profile reloads\": nothing of the reply is read (1§2).",
    open: "Any reply: a status, true, the Patient written.",
    replies: [asSent, shape("true", () => true), shape("the Patient written", (_reply, request) => ({ resourceType: "Patient", id: (request.body as { id?: string } | undefined)?.id }))],
  },
  accountBalance: {
    fixes: "1§7: \"Response shape not shown\".",
    open: "Everything: the portal reads the balance where our mock puts it, as a number or numeric text, with fields beside it.",
    replies: [asSent, shape("the balance as text", (reply) => (Array.isArray(reply) ? reply.map((item: { Balance?: unknown }) => ({ ...item, Balance: String(item.Balance) })) : reply)), shape("fields beside the balance", (reply) => (Array.isArray(reply) ? reply.map((item: object) => ({ ...item, Currency: "NZD" })) : reply))],
  },
  terms: {
    fixes: "2§7: \"text; on failure null\".",
    open: "HTML or plain text (HTML is sanitised); empty; null for none.",
    replies: [asSent, shape("empty", () => ""), shape("null", () => null), shape("plain text with macrons", () => "Ngā tikanga: please read these terms before you send a message to the practice.")],
  },
} satisfies { [K in keyof typeof profileEndpoints]: RoomRow };
