import { z } from "zod";
import { ATTACHMENT_MAX_FILES } from "@contract/attachment-content";
import { messagingTexts } from "./texts";
import { RequestKeySchema } from "~/lib/request-key";

/**
 * Writing to the practice (2§2, 2§4, 2§5): the one schema the messaging machine checks in the browser and /emails/step
 * again on the server, the steps' replies and the fields the machine posts (its steps: ./steps.ts, decisions/280).
 */

const t = messagingTexts;

/** 2§5 gives 500 and 800; the portal takes 800 (docs/spec-deviations.md). */
export const MESSAGE_BODY_MAX = 800;
/** Between the new text and the message answered, in a reply's body (2§4). */
export const REPLY_SEPARATOR = "\n\n----- Original Message -----\n";

/** 2§5, 2§9: the original-message box holds 800 characters; a reply quotes no more of the original. */
export const ORIGINAL_QUOTE_MAX = 800;

/** A practice location (IndiciLookup 11): 2§3's compose payload `centre{id,name}`. */
export interface Centre {
  id: string;
  name: string;
}

/** The centre a message is for (2§3's client-side payload): shown, never posted, and derived from the message's counterpart (decisions/373). */
export function centreOf(centres: readonly Centre[], counterpart: string | null): Centre | null {
  const location = /^Location\/([\w-]{1,64})$/.exec(counterpart ?? "")?.[1];
  const written = location === undefined ? undefined : centres.find((c) => c.id === location);
  return written ?? centres[0] ?? null;
}

/**
 * The original as a reply quotes it (2§4, 2§9): whole when it fits in 800 characters, else its first
 * 799 and an ellipsis, never cutting a character in two. The dialog shows exactly what is sent.
 */
export function quotedOriginal(body: string): string {
  if (body.length <= ORIGINAL_QUOTE_MAX) return body;
  let end = ORIGINAL_QUOTE_MAX - 1;
  const last = body.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${body.slice(0, end)}…`;
}

/** 2§2: a reply's subject is "Re:" and the original's, once. */
export function replySubject(subject: string): string {
  // An original without a subject (decisions/396) is answered "Re:" alone.
  if (subject.trim() === "") return "Re:";
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

const Id = z.string().regex(/^[\w-]{1,64}$/);
const Numeric = (message: string) => z.string({ error: message }).regex(/^[1-9]\d{0,8}$/, message);

const AttachmentsField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (!text) return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: t.invalidFiles });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.object({ name: z.string().min(1).max(255), data: z.base64() })).max(ATTACHMENT_MAX_FILES, t.tooManyFiles));

const Body = z
  .string({ error: t.bodyRequired })
  .refine((text) => text.trim().length > 0, t.bodyRequired)
  .refine((text) => text.length <= MESSAGE_BODY_MAX, t.bodyTooLong);

/**
 * One form, three ways in: a new message, a reply (its practitioner and subject are the original's,
 * read by the server), an edited draft (`draftId`, with the indexes of the draft's attachments kept).
 */
export const MessageFormSchema = z
  .object({
    key: RequestKeySchema,
    mode: z.enum(["compose", "reply", "draft"]),
    intent: z.enum(["draft", "send"]),
    roleId: z.string().optional(),
    practitionerId: z.string().optional(),
    subject: z.string().optional(),
    body: Body,
    replyTo: Id.optional(),
    draftId: Id.optional(),
    keep: z
      .string()
      .regex(/^(\d{1,2}(,\d{1,2})*)?$/)
      .optional()
      .transform((text) => (text ? text.split(",").map(Number) : [])),
    attachments: AttachmentsField,
  })
  .superRefine((form, ctx) => {
    if (form.mode === "reply") {
      if (!form.replyTo) ctx.addIssue({ code: "custom", path: ["replyTo"], message: t.notInInbox });
      return;
    }
    if (form.mode === "draft" && !form.draftId) ctx.addIssue({ code: "custom", path: ["draftId"], message: t.notADraft });
    if (!Numeric(t.selectRole).safeParse(form.roleId).success) ctx.addIssue({ code: "custom", path: ["roleId"], message: t.selectRole });
    if (!Numeric(t.selectProvider).safeParse(form.practitionerId).success) ctx.addIssue({ code: "custom", path: ["practitionerId"], message: t.selectProvider });
    const subject = form.subject?.trim() ?? "";
    if (subject.length === 0) ctx.addIssue({ code: "custom", path: ["subject"], message: t.subjectRequired });
    else if (subject.length > 255) ctx.addIssue({ code: "custom", path: ["subject"], message: t.subjectTooLong });
  });
export type MessageErrors = Partial<Record<"roleId" | "practitionerId" | "subject" | "body" | "attachments" | "form", string>>;

/** An attachment as the browser holds it: already checked, its bytes as base64. */
export interface PendingFile {
  name: string;
  size: number;
  data: string;
}

/** What the patient has written, as the machine holds it. */
export interface Draft {
  mode: "compose" | "reply" | "draft";
  roleId: string;
  practitionerId: string;
  practitionerName: string;
  subject: string;
  body: string;
  files: PendingFile[];
  /** Reply: the message answered. Draft: the draft edited (deleted once the new one is posted). */
  replyTo: string | null;
  draftId: string | null;
  /** The draft's own attachments still kept, by index. */
  keep: number[];
}

/** The fields the send step takes (app/areas/messaging/steps.ts): all text, as a form would post them. */
export interface MessageFields {
  key: string;
  mode: string;
  intent: string;
  body: string;
  roleId?: string;
  practitionerId?: string;
  subject?: string;
  replyTo?: string;
  draftId?: string;
  keep?: string;
  attachments?: string;
}

export function messageFields(draft: Draft, key: string, intent: "draft" | "send"): MessageFields {
  const fields: MessageFields = { key, mode: draft.mode, intent, body: draft.body };
  if (draft.mode !== "reply") {
    if (draft.roleId) fields.roleId = draft.roleId;
    if (draft.practitionerId) fields.practitionerId = draft.practitionerId;
    fields.subject = draft.subject;
  }
  if (draft.replyTo) fields.replyTo = draft.replyTo;
  if (draft.draftId) {
    fields.draftId = draft.draftId;
    fields.keep = draft.keep.join(",");
  }
  if (draft.files.length > 0) fields.attachments = JSON.stringify(draft.files.map((f) => ({ name: f.name, data: f.data })));
  return fields;
}

/** The browser's check of what is written: the same schema over the fields it would post. */
export function checkDraft(draft: Draft): MessageErrors {
  const parsed = MessageFormSchema.safeParse(messageFields(draft, "check-only", "send"));
  const errors: MessageErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form") as keyof MessageErrors] ??= issue.message;
  return errors;
}

/* ---------- the steps' replies ---------- */

/**
 * `sent`/`saved`: the practice took the message (2§8's texts; `detail` when a check found it there).
 * `refused`: a rule said no, nothing was posted. `failed`: nothing was posted; the same attempt may be
 * posted again. `unknown`: the post went out and nothing proved it arrived; the same attempt posted
 * again is first looked for in its box and sent only if it is not there (decisions/215).
 */
export const SendReplySchema = z.discriminatedUnion("outcome", [
  z.object({ outcome: z.literal("sent"), message: z.string(), detail: z.string().optional() }),
  z.object({ outcome: z.literal("saved"), message: z.string(), detail: z.string().optional() }),
  z.object({ outcome: z.literal("refused"), message: z.string(), fields: z.record(z.string(), z.string()).optional() }),
  z.object({ outcome: z.literal("failed"), message: z.string() }),
  z.object({ outcome: z.literal("unknown"), message: z.string() }),
]);
export type SendReply = z.output<typeof SendReplySchema>;

/** A role or a practitioner to write to. */
export const OptionSchema = z.object({ id: z.string(), name: z.string() });
export type Option = z.output<typeof OptionSchema>;
