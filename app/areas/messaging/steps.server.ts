import { messagingPageSizes } from "@contract/messaging-page-sizes";
import type { SendReply } from "./compose";
import { errorsTexts } from "~/lib/texts/errors";
import { messagingTexts } from "./texts";
import { recordTexts } from "~/lib/texts/record";
import { messageRowOf, messageViewOf } from "./message-views.server";
import { deleteStep } from "./deleting.server";
import { draftClaim, once, postDraftAsItIs, sendStep, type SendingDeps } from "./sending.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { getMessage, getMessages, getMessagingRecipients, getMessagingRoles } from "./practice.server";
import { refuse, stepDispatcher, type StepHandlers } from "~/.server/steps.server";
import { messagingSteps } from "./steps";
import { recordAccessOf } from "~/.server/record-access.server";
import { type SignedIn } from "~/.server/session.server";
import { requireSession } from "~/.server/proxy-access.server";
import { stateStore } from "~/.server/state.server";

/** /emails/step: the page's and the messaging machine's steps (decisions/280). */

const t = messagingTexts;

export interface MessagingDeps extends SendingDeps {
  requireSession: (request: Request) => Promise<SignedIn>;
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
    return { rows: listing.resources.map((m, i) => messageRowOf(m, q.box, offset + i)), total: listing.total };
  },
  open: async (q, { signedIn: { api, user }, request }) => {
    const message = await getMessage(api, user.userId, q.id);
    if (!message) return refuse(t.openFailed);
    // A message opened is an item view in the access record (decisions/274).
    recordAccessOf(request, { area: "messages", action: "view", itemId: q.id });
    return messageViewOf(message);
  },
  roles: async (_, { signedIn: { api, user } }) => (await getMessagingRoles(api, user.userId)).map((r) => ({ id: r.id, name: r.title })),
  // A practitioner the practice lists without a name is still one to write to: named "Not recorded" (decisions/396).
  recipients: async (q, { signedIn: { api, user } }) => (await getMessagingRecipients(api, user.userId, q.roleId)).map((r) => ({ id: r.id, name: r.name || recordTexts.notRecorded })),
  delete: async (q, { signedIn, request }) => changed(request, await deleteStep(signedIn, q.ids, q.box)),
  send: async (fields, { signedIn, request, deps }) => changed(request, await sendFailed(sendStep(signedIn, fields, deps))),
  sendDraft: async (q, { signedIn, request, deps }) => changed(request, await sendFailed(once(deps, signedIn, draftClaim(signedIn.user, q.draftId), (writing) => postDraftAsItIs(signedIn, q.draftId, writing)))),
};

/** /emails/step's action: every step of the page and the messaging machine. */
export function answerMessagingSteps(request: Request, deps: MessagingDeps = portalDeps): Promise<Response> {
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
