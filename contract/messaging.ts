import { z } from "zod";
import { bundleOf, given, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

/**
 * Secure messages (2§3 Message, 2§7 Patient/Messaging and Patient/MessageByID). A message is a
 * FHIR-style Communication whose box, body and read state sit in positional extensions.
 */

/** MessagingType of 2§7: which box a listing reads. */
export const MESSAGE_BOXES = { inbox: "1", sent: "2", drafts: "3" } as const;
export type MessageBox = keyof typeof MESSAGE_BOXES;

/** The box names the second extension carries ("other for Sent", 2§3). */
export const BOX_NAMES: Record<MessageBox, string> = { inbox: "Inbox", sent: "Sent", drafts: "Drafts" };

/** ReadFilter of 2§4: All=0, Unread=1, Read=2 (inbox only). */
export const READ_FILTERS = { all: "0", unread: "1", read: "2" } as const;

/**
 * 2§3: the body first, the box name second, the sender's name at 2 in the inbox and at 3 in sent
 * and draft boxes, the inbox read status at 5 ('2' is read), and the recipient role id at 7 and 8
 * "carried in a date-time value field".
 */
export const MessageSlots = defineSlots({
  // Even the body and the box may be missing: a practice may send a shorter list (decisions/396).
  body: optional(slot.string(0, "MessageBody")),
  box: optional(slot.string(1, "MessageBox")),
  inboxSender: optional(slot.string(2, "SenderName")),
  outboxSender: optional(slot.string(3, "SenderName")),
  readStatus: optional(slot.string(5, "ReadStatus")),
  roleId: optional(slot.dateTime(7, "RoleID")),
  roleIdCopy: optional(slot.dateTime(8, "RoleID")),
});

const ReferenceSchema = z.object({ reference: z.string().min(1), display: z.string().optional() });

/** A sender or recipient as a practice sends it: either part may be missing. */
const IncomingReferenceSchema = z.object({ reference: given(z.string()), display: given(z.string()) });

/** 2§3 payload: the data is base64; a content type the portal does not preview (or none) is listed as not previewable. */
export const AttachmentSchema = z.object({
  contentAttachment: z.object({
    contentType: given(z.string()),
    data: z.base64(),
    title: given(z.string()),
  }),
});

/**
 * 2§3 Message. The resourceType and id are fixed (the portal opens, answers and deletes a message by its
 * id); every other field may be absent, null or empty, `sent` is a day or a date-time with or without
 * its offset (contract/room/messaging.ts).
 */
export const CommunicationSchema = z.object({
  resourceType: z.literal("Communication"),
  id: z.string().min(1),
  status: given(z.string()),
  sent: given(z.string()),
  sender: given(IncomingReferenceSchema),
  recipient: given(z.array(IncomingReferenceSchema)),
  /** note[0].text is the subject. */
  note: given(z.array(z.object({ text: given(z.string()) }))),
  extension: MessageSlots.schema,
  /** Present in MessageByID; listings leave attachments out. */
  payload: given(z.array(AttachmentSchema)),
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Communication = z.output<typeof CommunicationSchema>;

const PageSize = z.coerce.number().int().min(1).max(100);
const PageNumber = z.coerce.number().int().min(1).max(100_000);

export const MessagingQuerySchema = z
  .object({
    PatientID: z.string().min(1).max(64),
    Type: z.literal("1"),
    MessagingType: z.enum([MESSAGE_BOXES.inbox, MESSAGE_BOXES.sent, MESSAGE_BOXES.drafts]),
    PageSize,
    PageNumber,
    ReadFilter: z.enum([READ_FILTERS.all, READ_FILTERS.unread, READ_FILTERS.read]).optional(),
  })
  .refine((q) => q.ReadFilter === undefined || q.ReadFilter === READ_FILTERS.all || q.MessagingType === MESSAGE_BOXES.inbox, {
    message: "ReadFilter applies to the inbox only (MessagingType 1)",
    path: ["ReadFilter"],
  });

/** "First element with total and entry" (2§7): total counts the whole filtered box, not the page. */
export const MessagingReplySchema = bundleOf(CommunicationSchema);

export const MessageByIdQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  MessageID: z.string().min(1).max(64),
});
export const MessageByIdReplySchema = bundleOf(CommunicationSchema);

/* ---------- writing, deleting and addressing messages (2§7) ---------- */

/** 2§3 MessageType: what the practice does with a posted message. */
export const MESSAGE_TYPES = { draft: "Draft", send: "Send Mail" } as const;

/** The files a message may carry (2§5): by content type, as the payload names them. */
export const ATTACHMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

/** A posted message's positional extensions: the body first, the MessageType second (2§3). */
export const OutgoingMessageSlots = defineSlots({
  body: slot.string(0, "MessageBody"),
  messageType: slot.string(1, "MessageType"),
});

export const SendMessageQuerySchema = z.object({
  /** 2§9: the recipient's role, "0" when none was chosen. */
  RoleID: z.string().regex(/^\d{1,9}$/),
  CallType: z.literal("3"),
});

export const OutgoingAttachmentSchema = z.object({
  contentAttachment: z.object({
    contentType: z.enum(ATTACHMENT_TYPES),
    data: z.base64(),
    title: z.string().max(255).optional(),
  }),
});

/** The practice's side of a message: a team member or one of its locations (2§3 recipient). */
export const COUNTERPART_REFERENCE = /^(Practitioner|Location)\/([\w-]{1,64})$/;

/**
 * The Communication the portal posts (2§7 POST Patient/Message), and nothing beside it: a field 2§7
 * does not list (2§3's client-side `centre`, say) is refused, by the mock as by a strict practice, so
 * the portal cannot send one unnoticed (decisions/373).
 */
export const OutgoingMessageSchema = z
  .strictObject({
    resourceType: z.literal("Communication"),
    /** "completed" on send (2§3); a draft is "preparation". */
    status: z.enum(["completed", "preparation"]),
    sender: ReferenceSchema,
    recipient: z.array(ReferenceSchema).min(1).max(1),
    note: z.array(z.object({ text: z.string().min(1).max(255) })).min(1),
    extension: OutgoingMessageSlots.schema,
    payload: z.array(OutgoingAttachmentSchema).max(10).optional(),
  })
  // The extension may be missing or null here (its own issue is already raised): read it with care, or the refusal is a crash.
  .refine((m) => m.extension?.messageType === MESSAGE_TYPES.draft || m.extension?.messageType === MESSAGE_TYPES.send, {
    message: 'MessageType is "Draft" or "Send Mail"',
    path: ["extension"],
  });
export type OutgoingMessage = z.input<typeof OutgoingMessageSchema>;

/**
 * 2§7 reads the reply "but not used": whatever a practice answers with success is taken, JSON or not, or
 * nothing (`true`, `{}`, `"1"`, a Communication, the text `OK`, a 204): the portal's client never checks
 * it against a schema (the call's `replyUnused`). A reply naming the stored message's id (as the mock's
 * does) proves the practice took it; any other is checked by the portal in the message's box before the
 * patient is told anything (decisions/215, 370, 394).
 */
export const SendMessageReplySchema = z.unknown().meta({ description: "Read but not used (2§7): any body or none. The mock answers the stored Communication, whose id proves the message was taken." });

/** The stored message's id a reply names, when it names one: the proof the practice took the message. */
export function storedMessageIdOf(reply: unknown): string | null {
  if (typeof reply !== "object" || reply === null || !("id" in reply)) return null;
  const { id } = reply;
  return (typeof id === "string" && id !== "") || typeof id === "number" ? String(id) : null;
}

/** One id, or the bulk form: ids joined by commas with a trailing comma (2§7). */
export const DeleteMessageQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  MessageID: z
    .string()
    .max(64 * 200)
    .regex(/^[\w-]{1,64}(,[\w-]{1,64})*,?$/, "one message id, or ids joined by commas"),
});
/** A notice the portal does not show as is (2§4: the portal words its own). */
export const DeleteMessageReplySchema = z.string();

/** 2§3 Recipient: name[0].text is the display name, extension[0].valueString the id. */
export const RecipientSlots = defineSlots({ id: slot.string(0, "PractitionerID") });
/** The id addresses the practitioner, so it stays; the name may be missing (decisions/396). */
export const RecipientSchema = z.object({
  resourceType: z.string().optional(),
  name: given(z.array(z.object({ text: given(z.string()) }))),
  extension: RecipientSlots.schema,
});
export const MessagingRecipientsQuerySchema = z.object({
  PatientID: z.string().min(1).max(64),
  RoleID: z.string().regex(/^\d{1,9}$/),
  CallType: z.literal("0"),
});
export const MessagingRecipientsReplySchema = bundleOf(RecipientSchema);

/** 2§3 Messaging role. */
export const MessagingRoleSchema = z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string().min(1) });
export type MessagingRole = z.output<typeof MessagingRoleSchema>;

const call = callsOf("Messaging");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const messagingEndpoints = {
  messages: call({ method: "GET", path: "Patient/Messaging", needsToken: true, query: MessagingQuerySchema, reply: MessagingReplySchema, summary: "Inbox, sent or draft messages, paged" }),
  messageById: call({ method: "GET", path: "Patient/MessageByID", needsToken: true, query: MessageByIdQuerySchema, reply: MessageByIdReplySchema, summary: "One message with its thread" }),
  sendMessage: call({ method: "POST", path: "Patient/Message", needsToken: true, query: SendMessageQuerySchema, body: OutgoingMessageSchema, reply: SendMessageReplySchema, replyUnused: true, summary: "Send a message, or save it as a draft, with its attachments" }),
  deleteMessage: call({ method: "DELETE", path: "Patient/DeleteMessage", needsToken: true, query: DeleteMessageQuerySchema, reply: DeleteMessageReplySchema, summary: "Delete one message, or several as a comma list with a trailing comma" }),
  messagingRecipients: call({ method: "GET", path: "Patient/MessagingRecipients", needsToken: true, query: MessagingRecipientsQuerySchema, reply: MessagingRecipientsReplySchema, summary: "The practitioners a patient can write to in one role" }),
} as const;
