import { createHash } from "node:crypto";
import { DateTime } from "luxon";
import sanitizeHtml from "sanitize-html";
import { attachmentProblem, typeByName, type AttachmentProblem } from "../../../contract/attachment-content";
import { ATTACHMENT_TYPES, COUNTERPART_REFERENCE, MESSAGE_TYPES, storedMessageIdOf, type Communication, type OutgoingMessage } from "../../../contract/messaging";
import { messagingPageSizes } from "../../../contract/messaging-page-sizes";
import { PRACTICE_ZONE } from "~/lib/dates";
import { parseForm } from "~/lib/form-data";
import { MessageFormSchema, quotedOriginal, REPLY_SEPARATOR, replySubject, type MessageFields, type SendReply } from "./compose";
import { errorsTexts } from "~/lib/texts/errors";
import { messagingTexts } from "./texts";
import { colourOf, messagingViewOf, type AttachmentView, type Box, type MessagingPageData, type MessageRow, type MessageView, type MessagingSettings } from "./view";
import { summarisePatient } from "~/lib/patient-summary";
import type { PracticeSettings } from "../../../contract/patient";
import { settingOn } from "../../../contract/truthy";
import { answerOnce, mayHaveBeenCarriedOut, type OnceWork } from "~/.server/answer-once.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { practiceErrorResponse } from "~/.server/practice/errors.server";
import { deleteMessages, deletedCountOf, getMessage, getMessageCentres, getMessages, getMessagingRecipients, getMessagingRoles, sendMessage } from "./practice.server";
import { getCounters, getPatient, getPracticeSettings } from "~/.server/practice/patient.server";
import { getTerms } from "~/.server/practice/terms.server";
import { refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { messagingSteps } from "./steps";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { countDocument, type DocumentRate } from "~/.server/document-rate.server";
import { recordAccessOf } from "~/.server/record-access.server";
import { requireSession, type SignedIn } from "~/.server/session.server";
import { stateStore } from "~/.server/state.server";
import type { StateStore } from "~/.server/state-store.server";

/**
 * What /emails loads (2§2 Messaging) and what /emails/step does (2§4, 2§5). Everything is the viewed
 * patient's (user.userId): a proxy reads and writes the chosen family member's messages.
 */

const t = messagingTexts;

export async function loadMessagingPage(request: Request): Promise<MessagingPageData> {
  return messagingPage(await requireSession(request), new URL(request.url));
}

export async function messagingPage({ api, user }: Pick<SignedIn, "api" | "user">, url: URL): Promise<MessagingPageData> {
  const view = messagingViewOf(url.searchParams);
  const [listing, counters, settings, compose, draft, centres] = await Promise.all([
    getMessages(api, user.userId, view.box, view.filter, 1),
    getCounters(api, user.userId),
    getPracticeSettings(api, user.userId),
    // 2§8: a disclaimer that fails to load is simply not shown.
    getTerms(api, user.parentId, "1").catch(() => null),
    getTerms(api, user.parentId, "2").catch(() => null),
    // The centre is only shown (decisions/373): without the lookup the form shows none, and writing goes on.
    getMessageCentres(api, user.userId).catch(() => []),
  ]).catch(practiceErrorResponse);
  return {
    view,
    rows: listing.resources.map((m, i) => messageRowOf(m, view.box, i)),
    total: listing.total ?? listing.resources.length,
    unread: counters.InboxCounter,
    settings: messagingSettingsOf(settings),
    disclaimers: { compose: disclaimerHtml(compose), draft: disclaimerHtml(draft) },
    centres: centres.map((c) => ({ id: c.id, name: c.name })),
  };
}

/**
 * 1§3: "1" means true, and "true" or "yes" too (decisions/240). A practice that says nothing leaves
 * writing on; a value that is neither a yes nor a no turns it off, as any value but "1" did before.
 */
export function messagingSettingsOf(s: PracticeSettings): MessagingSettings {
  const enabled = (value: string | undefined) => (value === undefined || value.trim() === "" ? true : settingOn(value, false));
  return { compose: enabled(s.PortalEnableCompose), reply: enabled(s.PortalEnableReply) };
}

const looksLikeHtml = (text: string) => /<[a-z][\s\S]*>/i.test(text);
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The practice's disclaimer as safe HTML; plain text becomes paragraphs. Null when there is none ("N/A", 1§3). */
export function disclaimerHtml(text: string | null): string | null {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "" || trimmed.toUpperCase() === "N/A") return null;
  const html = looksLikeHtml(trimmed) ? sanitiseResultHtml(trimmed) : trimmed.split(/\n{2,}/).map((p) => `<p>${escapeHtml(p)}</p>`).join("");
  return html.trim() === "" ? null : html;
}

function boxOf(m: Communication): Box {
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

/* ---------- /emails/step: the page's and the messaging machine's steps (decisions/280) ---------- */

export interface MessagingDeps {
  requireSession: (request: Request) => Promise<SignedIn>;
  store: StateStore;
  /** How long a second post of an attempt waits for the first one's answer. */
  waitMs: number;
}

const portalDeps: MessagingDeps = { requireSession, store: stateStore, waitMs: 15_000 };

/** What every messaging step is given: the session and the request it came with. */
interface MessagingStepContext {
  signedIn: SignedIn;
  request: Request;
  deps: MessagingDeps;
}

/** The practice could not be reached or answered with an error: nothing was sent, and sending says so as its own outcome. */
const sendFailed = async (work: Promise<SendReply>): Promise<SendReply> =>
  work.catch((error: unknown) => {
    if (error instanceof PracticeApiError) return { outcome: "failed", message: t.sendFailed };
    throw error;
  });

const FAILED_TEXTS: Record<string, string> = { page: t.moreFailed, open: t.openFailed, roles: t.rolesFailed, recipients: t.recipientsFailed, delete: t.deleteFailed };

const messagingHandlers: StepHandlers<typeof messagingSteps, MessagingStepContext> = {
  page: async (q, { signedIn: { api, user }, request }) => {
    const listing = await getMessages(api, user.userId, q.box, q.box === "inbox" ? q.filter : "all", q.page);
    // A further page of the list (Show more, or scrolling on) is read as the first page is, and recorded
    // as the shell records that one: a view of Messages, no page, box or filter (decisions/274, 367).
    recordAccessOf(request, { area: "messages", action: "view" });
    const offset = (q.page - 1) * messagingPageSizes.messages;
    return { rows: listing.resources.map((m, i) => messageRowOf(m, q.box, offset + i)), total: listing.total ?? listing.resources.length };
  },
  open: async (q, { signedIn: { api, user }, request }) => {
    const message = await getMessage(api, user.userId, q.id);
    if (!message) return refuse(t.openFailed);
    // A message opened is an item view in the access record (decisions/274).
    recordAccessOf(request, { area: "messages", action: "view", itemId: q.id });
    return messageViewOf(message);
  },
  roles: async (_, { signedIn: { api, user } }) => (await getMessagingRoles(api, user.userId)).map((r) => ({ id: r.id, name: r.title })),
  recipients: async (q, { signedIn: { api, user } }) => getMessagingRecipients(api, user.userId, q.roleId),
  delete: async (q, { signedIn, request }) => changed(request, await deleteStep(signedIn, q.ids, q.box)),
  send: async (fields, { signedIn, request, deps }) => changed(request, await sendFailed(sendStep(signedIn, fields, deps))),
  sendDraft: async (q, { signedIn, request, deps }) => changed(request, await sendFailed(once(deps, signedIn, draftClaim(signedIn.user, q.draftId), (writing) => postDraftAsItIs(signedIn, q.draftId, writing)))),
};

/** /emails/step's action: every step of the page and the messaging machine. */
export function messagingStep(request: Request, deps: MessagingDeps = portalDeps): Promise<Response> {
  return stepDispatcher(messagingSteps, messagingHandlers, {
    begin: async (request) => ({ signedIn: await deps.requireSession(request), request, deps }),
    failed: (step) => FAILED_TEXTS[step] ?? errorsTexts.unexpected,
  })(request);
}

/** A message sent, a draft saved or messages deleted at the practice is a change in the access record (decisions/274). */
function changed<R extends object>(request: Request, reply: R): R {
  const made = "outcome" in reply ? reply.outcome === "sent" || reply.outcome === "saved" : true;
  if (made) recordAccessOf(request, { area: "messages", action: "change" });
  return reply;
}

const PROBLEM_TEXT: Record<AttachmentProblem, string> = { type: t.wrongType, size: t.tooLarge, empty: t.emptyFile };

/** A draft is sent once, whichever way (Send Message, or edited and sent) and however often it is posted. */
const draftClaim = (user: SignedIn["user"], draftId: string) => `message:${user.apiBase} ${user.userId}:draft:${draftId}`;

async function sendStep({ api, user }: SignedIn, fields: Partial<MessageFields>, deps: MessagingDeps): Promise<SendReply> {
  // Read as a form is (conform: an empty field is no field), for the same field errors as before.
  const parsed = parseForm(new URLSearchParams(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string")), MessageFormSchema);
  if (!parsed.ok) return { outcome: "refused", message: Object.values(parsed.errors)[0] ?? t.sendFailed, errors: parsed.errors as Record<string, string> };
  const f = parsed.value;
  // The server checks every file again, by its content: the browser's check is a courtesy.
  const files: NonNullable<OutgoingMessage["payload"]> = [];
  for (const file of f.attachments) {
    const problem = attachmentProblem({ name: file.name, bytes: Buffer.from(file.data, "base64") });
    if (problem) return { outcome: "refused", message: `${file.name} ${PROBLEM_TEXT[problem]}`, errors: { attachments: `${file.name} ${PROBLEM_TEXT[problem]}` } };
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
          if (kept && (ATTACHMENT_TYPES as readonly string[]).includes(kept.contentType)) payload.push({ contentAttachment: { contentType: kept.contentType as (typeof ATTACHMENT_TYPES)[number], data: kept.data, title: kept.title } });
        }
      }
      // The practitioner's name sent is the practice's own, and they must be in the role chosen.
      const practitioner = (await getMessagingRecipients(api, user.userId, f.roleId!)).find((r) => r.id === f.practitionerId);
      if (!practitioner) return { outcome: "refused", message: t.unknownPractitioner, errors: { practitionerId: t.unknownPractitioner } };
      roleId = f.roleId!;
      recipient = { reference: `Practitioner/${practitioner.id}`, display: practitioner.name };
      subject = f.subject!.trim();
    }
    if (payload.length > 5) return { outcome: "refused", message: t.tooManyFiles, errors: { attachments: t.tooManyFiles } };
    await postMessage(api, user.userId, roleId, { sender, recipient, subject, body, payload, intent: f.intent }, writing);
    return f.intent === "send" ? { outcome: "sent", message: t.sent } : { outcome: "saved", message: t.savedToDraft };
  });
}

async function postDraftAsItIs({ api, user }: SignedIn, draftId: string, writing: Writing): Promise<SendReply> {
  const draft = await getMessage(api, user.userId, draftId);
  if (!draft || boxOf(draft) !== "drafts") return { outcome: "refused", message: t.notADraft };
  const view = messageViewOf(draft);
  const payload = (draft.payload ?? []).flatMap((p) =>
    (ATTACHMENT_TYPES as readonly string[]).includes(p.contentAttachment.contentType) ? [{ contentAttachment: { ...p.contentAttachment, contentType: p.contentAttachment.contentType as (typeof ATTACHMENT_TYPES)[number] } }] : [],
  );
  const sender = draft.sender.display ? { reference: draft.sender.reference, display: draft.sender.display } : { reference: `Patient/${user.userId}`, display: user.userName };
  // Sent as it stands: to the draft's own recipient, a practitioner or a location.
  const recipient = recipientOf(view);
  if (!recipient) return { outcome: "refused", message: t.notADraft };
  await postMessage(api, user.userId, view.roleId, { sender, recipient, subject: view.subject, body: draft.extension.body, payload, intent: "send" }, writing);
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
type Writing = (evidence: PostedEvidence) => Promise<void>;

function digestOf(recipient: string, subject: string, body: string): string {
  const text = (value: string) => value.replace(/\r\n/g, "\n").trim();
  return createHash("sha256").update(JSON.stringify([recipient, text(subject), text(body)])).digest("hex");
}
const digestOfMessage = (m: Communication) => digestOf(m.recipient[0]?.reference ?? "", m.note[0].text, m.extension.body);

/**
 * Posts one message, having noted first how to find it again (decisions/215). A reply that names the
 * stored message proves it was taken; any other success (2§7 reads the reply "but not used": a practice
 * may answer `true`, `{}` or a Communication without its id) is checked in the message's box before the
 * patient is told anything (decisions/370). Found: taken. Not found: thrown as a reply that proves
 * nothing, so the outcome is unknown and Check again looks once more before writing.
 */
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
function once(deps: MessagingDeps, { api, user }: Pick<SignedIn, "api" | "user">, storeKey: string, work: OnceWork<SendReply, PostedEvidence>): Promise<SendReply> {
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

/**
 * Deletes and says what was deleted: the count in the practice's notice, and when it names fewer than
 * asked or none (or its reply was lost), what the box the ids were in says. The practice's "0 messages
 * deleted" also answers a delete repeated after a lost reply, when there was nothing left to delete, so
 * only the box tells whether a message, or a replaced draft, is still there (decisions/363). Unknown
 * when neither can tell: the page reads the box again.
 */
async function deleteStep({ api, user }: Pick<SignedIn, "api" | "user">, ids: string[], box: Box) {
  const unique = [...new Set(ids)];
  const requested = unique.length;
  let deleted: number | null;
  try {
    deleted = deletedCountOf(await deleteMessages(api, user.userId, ids));
  } catch (error) {
    if (!(error instanceof PracticeApiError && mayHaveBeenCarriedOut(error))) throw error;
    deleted = null;
  }
  const gone = deleted === null || deleted < requested ? await goneFrom(api, user.userId, box, unique) : null;
  if (gone !== null) deleted = gone;
  if (deleted === null) return { deleted, requested, message: t.deleteUnconfirmed };
  if (deleted >= requested) return { deleted, requested, message: requested === 1 ? t.deleted : t.deletedMany };
  // Read from the box, the others are known to be there still; on the practice's word alone they may have gone before.
  return { deleted, requested, message: gone !== null ? t.notDeleted(deleted, requested) : t.deletedSome(deleted, requested) };
}

/**
 * How many of `ids` are no longer in `box`, from one read of its newest 100 messages (2§7's
 * all-messages variant, where four pages of the list's 25 were read before: decisions/369); null when
 * the box cannot be read, or is longer than that and an id was not among them.
 */
async function goneFrom(api: SignedIn["api"], patientId: string, box: Box, ids: readonly string[]): Promise<number | null> {
  const notSeen = new Set(ids);
  try {
    const listing = await getMessages(api, patientId, box, "all", 1, "all");
    for (const m of listing.resources) notSeen.delete(m.id);
    // The whole box was read: by its total, or, with none given, by a page shorter than asked.
    const whole = listing.resources.length === 0 || (listing.total === undefined ? listing.resources.length < messagingPageSizes.allMessages : listing.resources.length >= listing.total);
    if (notSeen.size === 0 || whole) return notSeen.size;
  } catch {
    // The practice's word stands, or the lack of it.
  }
  return null;
}

/* ---------- /emails/attachment/:id/:n ---------- */

/** One attachment's bytes, served same-origin for the preview; its type is checked by content again. */
export async function attachmentResponse(request: Request, messageId: string, index: string, rate?: DocumentRate): Promise<Response> {
  const signedIn = await requireSession(request);
  await countDocument(signedIn, rate);
  const { api, user } = signedIn;
  const n = Number(index);
  if (!/^[\w-]{1,64}$/.test(messageId) || !Number.isInteger(n) || n < 0) return plain(404);
  try {
    const message = await getMessage(api, user.userId, messageId);
    const attachment = message?.payload?.[n]?.contentAttachment;
    if (!attachment) return plain(404);
    const bytes = Buffer.from(attachment.data, "base64");
    const title = (attachment.title ?? `attachment-${n + 1}`).replace(/[^\w .-]/g, "_");
    // What the practice says it is must be what the bytes are, or the browser is not handed it as such.
    const safe = (ATTACHMENT_TYPES as readonly string[]).includes(attachment.contentType) && attachmentProblem({ name: `x.${attachment.contentType.split("/")[1]}`, bytes }) !== "type";
    return new Response(bytes, {
      headers: {
        "Content-Type": safe ? attachment.contentType : "application/octet-stream",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": `${safe ? "inline" : "attachment"}; filename="${title}"`,
      },
    });
  } catch (error) {
    if (error instanceof PracticeApiError) return plain(error.kind === "forbidden" ? 403 : error.status === 404 ? 404 : 502);
    throw error;
  }
}

function plain(status: number): Response {
  return new Response(t.openFailed, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
