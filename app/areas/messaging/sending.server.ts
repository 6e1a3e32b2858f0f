import { createHash } from "node:crypto";
import { attachmentProblem, typeByName } from "@contract/attachment-content";
import { ATTACHMENT_TYPES, COUNTERPART_REFERENCE, MESSAGE_TYPES, storedMessageIdOf, type Communication, type OutgoingMessage } from "@contract/messaging";
import { parseForm } from "~/lib/form-data";
import { MessageFormSchema, quotedOriginal, REPLY_SEPARATOR, replySubject, type MessageFields, type SendReply } from "./compose";
import { messagingTexts } from "./texts";
import type { MessageView } from "./view";
import { boxOf, messageViewOf } from "./message-views.server";
import { messagingSettingsOf } from "./page.server";
import { summarisePatient } from "~/lib/patient-summary";
import { answerOnce, type OnceWork } from "~/.server/answer-once.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { getMessage, getMessages, getMessagingRecipients, sendMessage } from "./practice.server";
import { getPatient, getPracticeSettings } from "~/.server/practice/patient.server";
import type { SignedIn } from "~/.server/session.server";
import type { StateStore } from "~/.server/state-store.server";

/**
 * Sending a message, a reply or a draft, and saving a draft (2§4, 2§5): checked again here, posted
 * once per attempt, and looked for in its box when the practice's reply proves nothing (decisions/215, 370).
 */

const t = messagingTexts;

/** What sending keeps between the posts of one attempt. */
export interface SendingDeps {
  store: StateStore;
  /** How long a second post of an attempt waits for the first one's answer. */
  waitMs: number;
}


/** A draft is sent once, whichever way (Send Message, or edited and sent) and however often it is posted. */
export const draftClaim = (user: SignedIn["user"], draftId: string) => `message:${user.apiBase} ${user.userId}:draft:${draftId}`;

export async function sendStep({ api, user }: SignedIn, fields: Partial<MessageFields>, deps: SendingDeps): Promise<SendReply> {
  // Read as a form is (conform: an empty field is no field), for the same field errors as before.
  const parsed = parseForm(new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")), MessageFormSchema);
  if (!parsed.ok) return { outcome: "refused", message: Object.values(parsed.errors)[0] ?? t.sendFailed, fields: parsed.errors as Record<string, string> };
  const f = parsed.value;
  // The server checks every file again, by its content: the browser's check is a courtesy.
  const files: NonNullable<OutgoingMessage["payload"]> = [];
  for (const file of f.attachments) {
    const problem = attachmentProblem({ name: file.name, bytes: Buffer.from(file.data, "base64") });
    if (problem) return { outcome: "refused", message: t.fileProblem[problem](file.name), fields: { attachments: t.fileProblem[problem](file.name) } };
    files.push({ contentAttachment: { contentType: typeByName(file.name)!, data: file.data, title: file.name } });
  }
  const claim = f.mode === "draft" && f.intent === "send" && f.draftId ? draftClaim(user, f.draftId) : `message:${user.apiBase} ${user.userId}:${f.key}`;
  return once(deps, { api, user }, claim, async (writing): Promise<SendReply> => {
    const [settingsReply, patient] = await Promise.all([getPracticeSettings(api, user.userId), getPatient(api, user.userId)]);
    const settings = messagingSettingsOf(settingsReply);
    const sender = { reference: `Patient/${user.userId}`, display: patient ? summarisePatient(patient).name : user.userName };
    let roleId: string;
    let recipient: { reference: string; display: string };
    let subject: string;
    let body = f.body;
    const payload = [...files];

    if (f.mode === "reply") {
      if (!settings.reply) return { outcome: "refused", message: t.replyOff };
      const original = await getMessage(api, user.userId, f.replyTo!);
      if (!original || boxOf(original) !== "inbox") return { outcome: "refused", message: t.notInInbox };
      const view = messageViewOf(original);
      roleId = view.roleId;
      // Back to whoever wrote it, of whatever kind: a practitioner, or a location such as the front desk.
      const to = recipientOf(view);
      if (!to) return { outcome: "refused", message: t.notInInbox };
      recipient = to;
      subject = replySubject(view.subject);
      // 2§4: the new text, a separator, then the original, quoted up to 2§9's 800 characters.
      body = `${f.body}${REPLY_SEPARATOR}${quotedOriginal(view.body)}`;
    } else {
      if (f.mode === "compose" && !settings.compose) return { outcome: "refused", message: t.composeOff };
      if (f.mode === "draft") {
        const old = await getMessage(api, user.userId, f.draftId!);
        if (!old || boxOf(old) !== "drafts") return { outcome: "refused", message: t.notADraft };
        for (const n of f.keep) {
          const kept = old.payload?.[n]?.contentAttachment;
          if (kept?.contentType && (ATTACHMENT_TYPES as readonly string[]).includes(kept.contentType)) payload.push({ contentAttachment: { contentType: kept.contentType as (typeof ATTACHMENT_TYPES)[number], data: kept.data, title: kept.title } });
        }
      }
      // The practitioner's name sent is the practice's own, and they must be in the role chosen.
      const practitioner = (await getMessagingRecipients(api, user.userId, f.roleId!)).find((r) => r.id === f.practitionerId);
      if (!practitioner) return { outcome: "refused", message: t.unknownPractitioner, fields: { practitionerId: t.unknownPractitioner } };
      roleId = f.roleId!;
      recipient = { reference: `Practitioner/${practitioner.id}`, display: practitioner.name };
      subject = f.subject!.trim();
    }
    if (payload.length > 5) return { outcome: "refused", message: t.tooManyFiles, fields: { attachments: t.tooManyFiles } };
    await postMessage(api, user.userId, roleId, { sender, recipient, subject, body, payload, intent: f.intent }, writing);
    return f.intent === "send" ? { outcome: "sent", message: t.sent } : { outcome: "saved", message: t.savedToDraft };
  });
}

export async function postDraftAsItIs({ api, user }: SignedIn, draftId: string, writing: Writing): Promise<SendReply> {
  const draft = await getMessage(api, user.userId, draftId);
  if (!draft || boxOf(draft) !== "drafts") return { outcome: "refused", message: t.notADraft };
  const view = messageViewOf(draft);
  // Only the types a message may carry (2§5) go out again: one of another type stays with the old draft.
  const payload = (draft.payload ?? []).flatMap(({ contentAttachment: { contentType, data, title } }) =>
    contentType && (ATTACHMENT_TYPES as readonly string[]).includes(contentType) ? [{ contentAttachment: { contentType: contentType as (typeof ATTACHMENT_TYPES)[number], data, title } }] : [],
  );
  // The draft's sender as the practice wrote it, or, when it names none in full (decisions/396), the patient.
  const sender = draft.sender?.reference && draft.sender.display ? { reference: draft.sender.reference, display: draft.sender.display } : { reference: `Patient/${user.userId}`, display: user.userName };
  // Sent as it stands: to the draft's own recipient, a practitioner or a location.
  const recipient = recipientOf(view);
  if (!recipient) return { outcome: "refused", message: t.notADraft };
  await postMessage(api, user.userId, view.roleId, { sender, recipient, subject: view.subject, body: draft.extension.body ?? "", payload, intent: "send" }, writing);
  return { outcome: "sent", message: t.sent };
}

/** Where a reply or a draft sent as it stands goes: the message's own counterpart, its kind kept (null: none the practice takes). */
function recipientOf(view: MessageView): { reference: string; display: string } | null {
  return COUNTERPART_REFERENCE.test(view.practitioner.reference) ? { reference: view.practitioner.reference, display: view.practitioner.name } : null;
}

interface OutgoingParts {
  sender: { reference: string; display: string };
  recipient: { reference: string; display: string };
  subject: string;
  body: string;
  payload: NonNullable<OutgoingMessage["payload"]>;
  intent: "draft" | "send";
}

/**
 * What identifies a posted message in its box, should its reply not come back: who it went to, its
 * subject and body, as a digest (the state store keeps no message text), and the messages already in
 * that box that look the same (sent before this attempt: not this one). decisions/215.
 */
interface PostedEvidence {
  box: "sent" | "drafts";
  digest: string;
  before: string[];
}
export type Writing = (evidence: PostedEvidence) => Promise<void>;

function digestOf(recipient: string, subject: string, body: string): string {
  const text = (value: string) => value.replace(/\r\n/g, "\n").trim();
  return createHash("sha256").update(JSON.stringify([recipient, text(subject), text(body)])).digest("hex");
}
const digestOfMessage = (m: Communication) => digestOf(m.recipient?.[0]?.reference ?? "", m.note?.[0]?.text ?? "", m.extension.body ?? "");

/** Posts one message, having noted how to find it again; a success that does not name the message is checked in its box first (decisions/215, 370). */
async function postMessage(api: SignedIn["api"], patientId: string, roleId: string, parts: OutgoingParts, writing: Writing): Promise<void> {
  const box = parts.intent === "send" ? "sent" : "drafts";
  const digest = digestOf(parts.recipient.reference, parts.subject, parts.body);
  // The same read as the check's (findPosted), so that what it finds new was not there before.
  const listing = await getMessages(api, patientId, box, "all", 1, "all");
  const evidence: PostedEvidence = { box, digest, before: listing.resources.filter((m) => digestOfMessage(m) === digest).map((m) => m.id) };
  await writing(evidence);
  const reply = await sendMessage(api, roleId, outgoing(parts));
  if (storedMessageIdOf(reply) !== null) return;
  // A box that cannot be read proves nothing either: the message stays unknown, never "not sent" (which would send it again).
  const found = await findPosted(api, patientId, evidence).catch((error: unknown) => {
    if (error instanceof PracticeApiError) return null;
    throw error;
  });
  if (found) return;
  throw new PracticeApiError("contract", "Patient/Message", "the reply names no stored message, and the message is not in its box");
}

/** Whether a message whose outcome was unknown is in its box: the answer it would have had, or null. */
async function findPosted(api: SignedIn["api"], patientId: string, e: PostedEvidence): Promise<SendReply | null> {
  // The newest 100 of the box (2§7's all-messages variant): a message posted a moment ago is among them.
  const listing = await getMessages(api, patientId, e.box, "all", 1, "all");
  const there = listing.resources.some((m) => !e.before.includes(m.id) && digestOfMessage(m) === e.digest);
  if (!there) return null;
  return e.box === "sent" ? { outcome: "sent", message: t.sent, detail: t.foundOnCheck } : { outcome: "saved", message: t.savedToDraft, detail: t.foundOnCheck };
}

function outgoing(m: OutgoingParts): OutgoingMessage {
  return {
    resourceType: "Communication",
    status: m.intent === "send" ? "completed" : "preparation",
    sender: m.sender,
    recipient: [m.recipient],
    note: [{ text: m.subject }],
    extension: [
      { url: "MessageBody", valueString: m.body },
      { url: "MessageType", valueString: m.intent === "send" ? MESSAGE_TYPES.send : MESSAGE_TYPES.draft },
    ],
    payload: m.payload.length > 0 ? m.payload : undefined,
  };
}

/** One post per claim (decisions/111, 215): see answerOnce. An unknown post is looked for before any other. */
export function once(deps: SendingDeps, { api, user }: Pick<SignedIn, "api" | "user">, storeKey: string, work: OnceWork<SendReply, PostedEvidence>): Promise<SendReply> {
  return answerOnce(storeKey, work, {
    store: deps.store,
    waitMs: deps.waitMs,
    // A refusal posted nothing; a failure inside the work (the practice said no) neither.
    keep: (reply) => reply.outcome === "sent" || reply.outcome === "saved",
    failed: () => ({ outcome: "failed", message: t.sendFailed }),
    unknown: () => ({ outcome: "unknown", message: t.unconfirmedTitle }),
    reconcile: (evidence) => findPosted(api, user.userId, evidence),
  });
}
