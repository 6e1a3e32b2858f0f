import { and, assertEvent, assign, emit, enqueueActions, setup, stateIn } from "xstate";
import { messagingTexts } from "./texts";
import { checkDraft, replySubject, type Draft, type MessageErrors, type Option, type PendingFile, type SendReply } from "./compose";
import type { MessageView, MessagingSettings } from "./view";
import { StepSessionEndedError, stepMayHaveBeenDone } from "~/lib/step-errors";
import { newAttemptKey } from "~/lib/attempt-key";
import { unprovided } from "~/lib/unprovided";

/**
 * Writing to the practice (2§2, 2§4, 2§5): compose, reply, edit and send drafts; a draft is replaced by post then delete, each post
 * keyed once per attempt, and an unknown outcome is `unconfirmed` until checked (decisions/111, 215).
 */

const t = messagingTexts;

export interface MessagingInput {
  settings: MessagingSettings;
}

export interface Announcement {
  tone: "success" | "error";
  title: string;
  detail: string | null;
  /** The lists changed: the page reloads them from page 1 (2§4) and clears the viewer. */
  changed: boolean;
  /** Messages the practice has just deleted (a replaced or sent draft): their rows leave the list before it comes back. */
  removed: readonly string[];
}

export interface MessagingContext {
  settings: MessagingSettings;
  draft: Draft;
  /** The message answered, shown read-only below the reply (2§2). */
  original: MessageView | null;
  /** The draft's own attachments (edit), of which `draft.keep` are still kept. */
  draftAttachments: MessageView["attachments"];
  roles: Option[] | null;
  recipients: Option[] | null;
  lookupError: string | null;
  errors: MessageErrors;
  /** Why the last post did not reach the practice (shown in the dialog, which stays open). */
  failure: string | null;
  /**
   * The last post met an ended session (issue 21): nothing reached the practice, what was written stays
   * with its attempt key, and the dialog offers to sign in again in a new tab before sending again.
   */
  sessionEnded: boolean;
  key: string | null;
  intent: "draft" | "send";
  /** Something was typed or chosen since the dialog opened. */
  dirty: boolean;
  /** The draft sent as it is (Send Message on a draft). */
  draftToSend: string | null;
}

export type MessagingEvent =
  | { type: "compose.open" }
  | { type: "reply.open"; message: MessageView }
  | { type: "draft.edit"; message: MessageView }
  | { type: "draft.send"; id: string }
  | { type: "role.select"; id: string }
  | { type: "practitioner.select"; id: string }
  | { type: "subject.change"; text: string }
  | { type: "body.change"; text: string }
  | { type: "files.add"; files: PendingFile[] }
  | { type: "files.refuse"; message: string }
  | { type: "file.remove"; index: number }
  | { type: "kept.remove"; index: number }
  | { type: "submit"; intent: "draft" | "send" }
  | { type: "lookup.retry" }
  | { type: "oldDraft.retry" }
  | { type: "check" }
  | { type: "confirm" }
  | { type: "close" }
  | { type: "discard.confirm" }
  | { type: "discard.cancel" };

/** One-off notices the page acts on as they happen, so nothing in the context stands for "something happened". */
export type MessagingEmitted =
  /** A post ended: the page's toast, and the lists read again. */
  | ({ type: "outcome.announced" } & Announcement)
  /** A send was refused for its fields, here or by the server: the form moves the focus to the first. */
  | { type: "fields.refused" };

const emptyDraft: Draft = { mode: "compose", roleId: "", practitionerId: "", practitionerName: "", subject: "", body: "", files: [], replyTo: null, draftId: null, keep: [] };

const isAccepted = (reply: SendReply) => reply.outcome === "sent" || reply.outcome === "saved";

/** Changing what is written is a new attempt: the key goes, and so does a stale failure. */
const changed = { key: null, failure: null, sessionEnded: false, dirty: true } as const;

export const messagingMachine = setup({
  // "busy": a post or a removal is out; the dialog's buttons wait for it.
  types: {} as { context: MessagingContext; events: MessagingEvent; input: MessagingInput; emitted: MessagingEmitted; tags: "busy" },
  actors: {
    loadRoles: unprovided<void, Option[]>("loadRoles"),
    loadRecipients: unprovided<{ roleId: string }, Option[]>("loadRecipients"),
    sendMessage: unprovided<{ draft: Draft; key: string; intent: "draft" | "send" }, SendReply>("sendMessage"),
    sendDraft: unprovided<{ draftId: string; key: string }, SendReply>("sendDraft"),
    deleteMessages: unprovided<{ ids: string[] }, unknown>("deleteMessages"),
  },
  guards: {
    composeAllowed: ({ context }) => context.settings.compose,
    replyAllowed: ({ context }) => context.settings.reply,
    needsRoles: ({ context }) => context.draft.mode !== "reply" && context.roles === null,
    // Read each time a role is chosen (the list is cleared then): the role chosen again while another's list is on its way included.
    needsRecipients: ({ context }) => context.draft.mode !== "reply" && context.draft.roleId !== "",
    valid: ({ context }) => Object.keys(checkDraft(context.draft)).length === 0,
    dirty: ({ context }) => context.dirty,
    /** The same attempt keeps its key through retries; asking for the other outcome is another attempt. */
    sameAttempt: ({ context, event }) => {
      assertEvent(event, "submit");
      return context.key !== null && context.intent === event.intent;
    },
    // Only an edited draft has a draftId.
    acceptedWithOldDraft: ({ context }, reply: SendReply) => isAccepted(reply) && context.draft.draftId !== null,
    accepted: (_, reply: SendReply) => isAccepted(reply),
    refused: (_, reply: SendReply) => reply.outcome === "refused",
    unknown: (_, reply: SendReply) => reply.outcome === "unknown",
  },
  actions: {
    startReply: assign(({ event }) => {
      assertEvent(event, "reply.open");
      const m = event.message;
      return {
        ...fresh(),
        original: m,
        draft: { ...emptyDraft, mode: "reply" as const, roleId: m.roleId, practitionerId: m.practitioner.id, practitionerName: m.practitioner.name, subject: replySubject(m.subject), replyTo: m.id },
      };
    }),
    startDraftEdit: assign(({ event }) => {
      assertEvent(event, "draft.edit");
      const m = event.message;
      // Edit Message chooses a practitioner (2§2): a draft addressed to a location has none to keep, and
      // its location id must never be taken for a practitioner's (Practitioner/{same id} is someone else).
      const person = m.practitioner.reference.startsWith("Practitioner/") ? m.practitioner : { id: "", name: "" };
      return {
        ...fresh(),
        draftAttachments: m.attachments,
        draft: { ...emptyDraft, mode: "draft" as const, roleId: m.roleId === "0" ? "" : m.roleId, practitionerId: person.id, practitionerName: person.name, subject: m.subject, body: m.body, draftId: m.id, keep: m.attachments.map((a) => a.n) },
      };
    }),
    startDraftSend: assign(({ event }) => {
      assertEvent(event, "draft.send");
      return { ...fresh(), draftToSend: event.id };
    }),
    mintKey: assign({ key: () => newAttemptKey() }),
    chooseRole: assign(({ context, event }) => {
      assertEvent(event, "role.select");
      return { ...changed, recipients: null, draft: { ...context.draft, roleId: event.id, practitionerId: "", practitionerName: "" }, errors: { ...context.errors, roleId: undefined } };
    }),
    choosePractitioner: assign(({ context, event }) => {
      assertEvent(event, "practitioner.select");
      const name = context.recipients?.find((r) => r.id === event.id)?.name ?? "";
      return { ...changed, draft: { ...context.draft, practitionerId: event.id, practitionerName: name }, errors: { ...context.errors, practitionerId: undefined } };
    }),
    typeSubject: assign(({ context, event }) => {
      assertEvent(event, "subject.change");
      return { ...changed, draft: { ...context.draft, subject: event.text }, errors: { ...context.errors, subject: undefined } };
    }),
    typeBody: assign(({ context, event }) => {
      assertEvent(event, "body.change");
      return { ...changed, draft: { ...context.draft, body: event.text }, errors: { ...context.errors, body: undefined } };
    }),
    addFiles: assign(({ context, event }) => {
      assertEvent(event, "files.add");
      return { ...changed, draft: { ...context.draft, files: [...context.draft.files, ...event.files] }, errors: { ...context.errors, attachments: undefined } };
    }),
    refuseFiles: assign(({ context, event }) => {
      assertEvent(event, "files.refuse");
      return { errors: { ...context.errors, attachments: event.message } };
    }),
    removeFile: assign(({ context, event }) => {
      assertEvent(event, "file.remove");
      return { ...changed, draft: { ...context.draft, files: context.draft.files.filter((_, i) => i !== event.index) } };
    }),
    removeKept: assign(({ context, event }) => {
      assertEvent(event, "kept.remove");
      return { ...changed, draft: { ...context.draft, keep: context.draft.keep.filter((n) => n !== event.index) } };
    }),
    keepRoles: assign((_, roles: Option[]) => ({ roles, lookupError: null })),
    keepRecipients: assign((_, recipients: Option[]) => ({ recipients, lookupError: null })),
    failRoles: assign({ lookupError: t.rolesFailed }),
    failRecipients: assign({ lookupError: t.recipientsFailed }),
    clearLookupError: assign({ lookupError: null }),
    showErrors: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ errors: checkDraft(context.draft) });
      enqueue.emit({ type: "fields.refused" });
    }),
    beginAttempt: assign(({ event }) => {
      assertEvent(event, "submit");
      return { intent: event.intent, errors: {}, failure: null, sessionEnded: false };
    }),
    // Check again: the same attempt, its key and intent unchanged.
    beginCheck: assign({ failure: null, sessionEnded: false }),
    keepRefusal: enqueueActions(({ enqueue }, reply: SendReply) => {
      if (reply.outcome !== "refused") return;
      const errors: MessageErrors = reply.fields ?? {};
      const fields = Object.keys(errors).length > 0;
      enqueue.assign({ key: null, errors, failure: fields ? null : reply.message });
      if (fields) enqueue.emit({ type: "fields.refused" });
    }),
    keepFailure: assign(({ context }, { reply, error }: { reply?: SendReply; error?: unknown }) => {
      if (error instanceof StepSessionEndedError) return { failure: context.draftToSend ? t.draftSessionEnded : t.sessionEnded, sessionEnded: true };
      return { failure: reply?.outcome === "failed" ? reply.message : t.sendFailed, sessionEnded: false };
    }),
    announceAccepted: emit((_, reply: SendReply) => announce("success", reply.outcome === "saved" ? t.savedToDraft : t.sent, "detail" in reply ? (reply.detail ?? null) : null)),
    announceOldDraftGone: emit(({ context }, removed: string) => announce("success", context.intent === "draft" ? t.savedToDraft : t.sent, null, [removed])),
    announceOldDraftLeft: emit(({ context }) =>
      announce("error", context.intent === "draft" ? t.savedToDraft : t.sent, context.intent === "draft" ? t.oldDraftLeftAfterSave : t.oldDraftLeftAfterSend),
    ),
    forget: assign(() => ({ ...fresh(), draft: { ...emptyDraft } })),
  },
}).createMachine({
  id: "messaging",
  // Closed holds a forgotten dialog, from the start and after every close (each runs `forget`): Compose opens it as it is.
  context: ({ input }) => ({ settings: input.settings, roles: null, draft: { ...emptyDraft }, ...fresh() }),
  initial: "closed",
  states: {
    closed: {
      on: {
        "compose.open": { guard: "composeAllowed", target: "writing" },
        "reply.open": { guard: "replyAllowed", target: "writing", actions: "startReply" },
        "draft.edit": { target: "writing", actions: "startDraftEdit" },
        "draft.send": { target: "sendingDraft", actions: ["startDraftSend", "mintKey"] },
      },
    },
    writing: {
      type: "parallel",
      states: {
        roles: {
          initial: "check",
          states: {
            check: { always: [{ guard: "needsRoles", target: "loading" }, { target: "ready" }] },
            loading: { invoke: { src: "loadRoles", onDone: { target: "ready", actions: { type: "keepRoles", params: ({ event }) => event.output } }, onError: { target: "failed", actions: "failRoles" } } },
            ready: {},
            failed: { on: { "lookup.retry": { target: "loading", actions: "clearLookupError" } } },
          },
        },
        recipients: {
          initial: "check",
          // Only while editing: not while a post is out, nor while its outcome is unknown.
          on: { "role.select": { guard: stateIn({ writing: { form: "editing" } }), target: ".check", actions: "chooseRole" } },
          states: {
            check: { always: [{ guard: "needsRecipients", target: "loading" }, { target: "ready" }] },
            loading: {
              invoke: {
                src: "loadRecipients",
                input: ({ context }) => ({ roleId: context.draft.roleId }),
                onDone: { target: "ready", actions: { type: "keepRecipients", params: ({ event }) => event.output } },
                onError: { target: "failed", actions: "failRecipients" },
              },
            },
            ready: {},
            failed: { on: { "lookup.retry": { target: "loading", actions: "clearLookupError" } } },
          },
        },
        form: {
          initial: "editing",
          states: {
            editing: {
              on: {
                "practitioner.select": { actions: "choosePractitioner" },
                "subject.change": { actions: "typeSubject" },
                "body.change": { actions: "typeBody" },
                "files.add": { actions: "addFiles" },
                "files.refuse": { actions: "refuseFiles" },
                "file.remove": { actions: "removeFile" },
                "kept.remove": { actions: "removeKept" },
                submit: [
                  { guard: and(["valid", "sameAttempt"]), target: "sending", actions: "beginAttempt" },
                  { guard: "valid", target: "sending", actions: ["beginAttempt", "mintKey"] },
                  { actions: "showErrors" },
                ],
                close: [{ guard: "dirty", target: "confirmingClose" }, { target: "#messaging.closed", actions: "forget" }],
              },
            },
            confirmingClose: {
              on: { "discard.confirm": { target: "#messaging.closed", actions: "forget" }, "discard.cancel": { target: "editing" } },
            },
            sending: {
              tags: "busy",
              invoke: {
                src: "sendMessage",
                input: ({ context }) => ({ draft: context.draft, key: context.key!, intent: context.intent }),
                onDone: [
                  { guard: { type: "acceptedWithOldDraft", params: ({ event }) => event.output }, target: "removingOldDraft" },
                  { guard: { type: "accepted", params: ({ event }) => event.output }, target: "#messaging.closed", actions: [{ type: "announceAccepted", params: ({ event }) => event.output }, "forget"] },
                  { guard: { type: "refused", params: ({ event }) => event.output }, target: "editing", actions: { type: "keepRefusal", params: ({ event }) => event.output } },
                  { guard: { type: "unknown", params: ({ event }) => event.output }, target: "unconfirmed" },
                  { target: "editing", actions: { type: "keepFailure", params: ({ event }) => ({ reply: event.output }) } },
                ],
                onError: [
                  // No answer from the portal may still be a message sent: Check again sends the same attempt (its key), so it arrives once.
                  { guard: ({ event }) => stepMayHaveBeenDone(event.error), target: "unconfirmed" },
                  { target: "editing", actions: { type: "keepFailure", params: ({ event }) => ({ error: event.error }) } },
                ],
              },
            },
            unconfirmed: {
              on: { check: { target: "sending", actions: "beginCheck" }, close: { target: "closingUnconfirmed" } },
            },
            closingUnconfirmed: {
              on: { "discard.confirm": { target: "#messaging.closed", actions: "forget" }, "discard.cancel": { target: "unconfirmed" } },
            },
            // The new message is at the practice: only the old draft's removal is left to do.
            removingOldDraft: {
              tags: "busy",
              invoke: {
                src: "deleteMessages",
                input: ({ context }) => ({ ids: [context.draft.draftId!] }),
                onDone: { target: "#messaging.closed", actions: [{ type: "announceOldDraftGone", params: ({ context }) => context.draft.draftId! }, "forget"] },
                onError: { target: "oldDraftLeft" },
              },
            },
            oldDraftLeft: {
              on: {
                "oldDraft.retry": { target: "removingOldDraft" },
                close: { target: "#messaging.closed", actions: ["announceOldDraftLeft", "forget"] },
              },
            },
          },
        },
      },
    },
    sendingDraft: {
      initial: "confirming",
      states: {
        confirming: { on: { confirm: { target: "sending" }, close: { target: "#messaging.closed", actions: "forget" } } },
        sending: {
          tags: "busy",
          entry: assign({ failure: null, sessionEnded: false }),
          invoke: {
            src: "sendDraft",
            input: ({ context }) => ({ draftId: context.draftToSend!, key: context.key! }),
            onDone: [
              { guard: { type: "accepted", params: ({ event }) => event.output }, target: "removing" },
              { guard: { type: "unknown", params: ({ event }) => event.output }, target: "unconfirmed" },
              { target: "failed", actions: { type: "keepFailure", params: ({ event }) => ({ reply: event.output }) } },
            ],
            onError: [
              { guard: ({ event }) => stepMayHaveBeenDone(event.error), target: "unconfirmed" },
              { target: "failed", actions: { type: "keepFailure", params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        failed: { on: { confirm: { target: "sending" }, close: { target: "#messaging.closed", actions: "forget" } } },
        // The draft is still in Drafts whatever happened: closing loses nothing.
        unconfirmed: { on: { check: { target: "sending" }, close: { target: "#messaging.closed", actions: "forget" } } },
        removing: {
          tags: "busy",
          invoke: {
            src: "deleteMessages",
            input: ({ context }) => ({ ids: [context.draftToSend!] }),
            onDone: { target: "#messaging.closed", actions: [{ type: "announceOldDraftGone", params: ({ context }) => context.draftToSend! }, "forget"] },
            onError: { target: "left" },
          },
        },
        left: {
          on: {
            "oldDraft.retry": { target: "removing" },
            close: { target: "#messaging.closed", actions: ["announceOldDraftLeft", "forget"] },
          },
        },
      },
    },
  },
});

/** A dialog with nothing in it: all but the settings, the roles (read once) and the draft. */
function fresh(): Omit<MessagingContext, "settings" | "roles" | "draft"> {
  return { original: null, draftAttachments: [], recipients: null, lookupError: null, errors: {}, failure: null, sessionEnded: false, key: null, intent: "send", dirty: false, draftToSend: null };
}

function announce(tone: Announcement["tone"], title: string, detail: string | null, removed: readonly string[] = []): Extract<MessagingEmitted, { type: "outcome.announced" }> {
  return { type: "outcome.announced", tone, title, detail, changed: true, removed };
}
