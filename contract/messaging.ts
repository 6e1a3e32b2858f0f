import { z } from "zod";
import { bundleOf } from "./fhir";
import { defineSlots, optional, slot } from "./slots";

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
  body: slot.string(0, "MessageBody"),
  box: slot.string(1, "MessageBox"),
  inboxSender: optional(slot.string(2, "SenderName")),
  outboxSender: optional(slot.string(3, "SenderName")),
  readStatus: optional(slot.string(5, "ReadStatus")),
  roleId: optional(slot.dateTime(7, "RoleID")),
  roleIdCopy: optional(slot.dateTime(8, "RoleID")),
});

const ReferenceSchema = z.object({ reference: z.string().min(1), display: z.string().optional() });

export const AttachmentSchema = z.object({
  contentAttachment: z.object({
    contentType: z.string().min(1),
    data: z.base64(),
    title: z.string().optional(),
  }),
});

export const CommunicationSchema = z.object({
  resourceType: z.literal("Communication"),
  id: z.string().min(1),
  status: z.string().optional(),
  sent: z.string().min(1),
  sender: ReferenceSchema,
  recipient: z.array(ReferenceSchema),
  /** note[0].text is the subject. */
  note: z.array(z.object({ text: z.string() })).min(1),
  extension: MessageSlots.schema,
  /** Present in MessageByID; listings leave attachments out. */
  payload: z.array(AttachmentSchema).optional(),
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
