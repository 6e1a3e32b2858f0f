import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise } from "xstate";
import { waitForState } from "../helpers/wait-for-state";
import { checkDraft, messageFields, replySubject, type Draft, type SendReply } from "~/areas/messaging/compose";
import { messagingTexts } from "~/areas/messaging/texts";
import type { MessagingSettings } from "~/areas/messaging/view";
import { StepNetworkError, StepRefusedError, StepReplyError, StepSessionEndedError } from "~/lib/step-errors";
import { messagingMachine, type MessagingEmitted } from "~/areas/messaging/messaging.machine";
import { messageView } from "../helpers/message-view";

/** The messaging machine (2§4, 2§5) without React: compose, reply, draft edit and send, and their failures. */
const t = messagingTexts;

interface Calls {
  sends: Array<{ draft: Draft; key: string; intent: string }>;
  draftSends: Array<{ draftId: string; key: string }>;
  deletes: string[][];
  /** The lists read from the practice: how many times the roles, and the practitioners of which role. */
  roleLoads: number;
  recipientLoads: string[];
}

/** Each role's practitioners, as the practice lists them. */
const PRACTITIONERS: Record<string, Array<{ id: string; name: string }>> = {
  "1": [
    { id: "7002", name: "Dr Ana Lee" },
    { id: "7003", name: "Dr Sam Roe" },
  ],
  "2": [{ id: "7001", name: "Nurse Mere Tane" }],
};

function start(options: { settings?: Partial<MessagingSettings>; send?: (n: number) => Promise<SendReply>; sendDraft?: (n: number) => Promise<SendReply>; deleteFails?: number; recipientsFail?: boolean } = {}) {
  const calls: Calls = { sends: [], draftSends: [], deletes: [], roleLoads: 0, recipientLoads: [] };
  let keys = 0;
  let deleteFailures = options.deleteFails ?? 0;
  const machine = messagingMachine.provide({
    actors: {
      loadRoles: fromPromise(async (): Promise<Array<{ id: string; name: string }>> => {
        calls.roleLoads += 1;
        return [{ id: "1", name: "Doctor" }, { id: "2", name: "Nurse" }];
      }),
      loadRecipients: fromPromise(async ({ input }: { input: { roleId: string } }): Promise<Array<{ id: string; name: string }>> => {
        calls.recipientLoads.push(input.roleId);
        if (options.recipientsFail) throw new Error("practice down");
        return PRACTITIONERS[input.roleId] ?? [];
      }),
      sendMessage: fromPromise(async ({ input }: { input: { draft: Draft; key: string; intent: "draft" | "send" } }): Promise<SendReply> => {
        calls.sends.push(input);
        return options.send ? options.send(calls.sends.length) : input.intent === "send" ? { outcome: "sent", message: t.sent } : { outcome: "saved", message: t.savedToDraft };
      }),
      sendDraft: fromPromise(async ({ input }: { input: { draftId: string; key: string } }): Promise<SendReply> => {
        calls.draftSends.push(input);
        return options.sendDraft ? options.sendDraft(calls.draftSends.length) : { outcome: "sent", message: t.sent };
      }),
      deleteMessages: fromPromise(async ({ input }: { input: { ids: string[] } }): Promise<unknown> => {
        calls.deletes.push(input.ids);
        if (deleteFailures > 0) {
          deleteFailures -= 1;
          throw new Error("practice down");
        }
        return { ok: true };
      }),
    },
    actions: { mintKey: assign({ key: () => `key-${++keys}` }) },
  });
  const actor = createActor(machine, { input: { settings: { compose: true, reply: true, ...options.settings } } });
  // What the machine tells the page as it happens (emitted, not kept in its context).
  const announced: Extract<MessagingEmitted, { type: "outcome.announced" }>[] = [];
  let refusals = 0;
  actor.on("outcome.announced", (announcement) => announced.push(announcement));
  actor.on("fields.refused", () => refusals++);
  actor.start();
  return { actor, calls, announced, refusals: () => refusals };
}

async function fillCompose(actor: ReturnType<typeof start>["actor"]) {
  actor.send({ type: "compose.open" });
  await waitForState(actor, (s) => s.matches({ writing: { roles: "ready" } }));
  actor.send({ type: "role.select", id: "2" });
  await waitForState(actor, (s) => s.context.recipients !== null);
  actor.send({ type: "practitioner.select", id: "7001" });
  actor.send({ type: "subject.change", text: "Travel" });
  actor.send({ type: "body.change", text: "Which vaccines?" });
}

describe("messaging machine: compose", () => {
  it("refuses to send with the 2§5 texts, then sends once with one key and announces it", async () => {
    const { actor, calls, announced } = start();
    actor.send({ type: "compose.open" });
    actor.send({ type: "submit", intent: "send" });
    expect(actor.getSnapshot().context.errors).toEqual({ roleId: t.selectRole, practitionerId: t.selectProvider, subject: t.subjectRequired, body: t.bodyRequired });
    await fillCompose(actor);
    expect(actor.getSnapshot().context.draft.practitionerName).toBe("Nurse Mere Tane");
    actor.send({ type: "submit", intent: "send" });
    // A second press while sending is not a second message.
    actor.send({ type: "submit", intent: "send" });
    expect(actor.getSnapshot().hasTag("busy")).toBe(true);
    await waitForState(actor, (s) => s.matches("closed"));
    expect(actor.getSnapshot().hasTag("busy")).toBe(false);
    expect(calls.sends).toHaveLength(1);
    expect(calls.sends[0]).toMatchObject({ key: "key-1", intent: "send", draft: { roleId: "2", practitionerId: "7001", subject: "Travel", body: "Which vaccines?" } });
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent, changed: true, removed: [] });
    expect(actor.getSnapshot().context.draft.body).toBe("");
  });

  it("a failed send keeps the dialog and every word; Send again reuses the key; an edit starts a new attempt", async () => {
    const { actor, calls } = start({ send: async (n) => (n === 1 ? { outcome: "failed", message: t.sendFailed } : n === 2 ? Promise.reject(new Error("network")) : { outcome: "sent", message: t.sent }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ writing: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context.draft).toMatchObject({ subject: "Travel", body: "Which vaccines?" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null && calls.sends.length === 2);
    expect(calls.sends.map((c) => c.key)).toEqual(["key-1", "key-1"]);
    actor.send({ type: "body.change", text: "Which vaccines for Samoa?" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => c.key)).toEqual(["key-1", "key-1", "key-2"]);
  });

  it("each send refused for its fields counts a refusal (the form moves the focus on each), the browser's and the server's alike; a failure or typing does not", async () => {
    const { actor, refusals } = start({
      send: async (n) => (n === 1 ? { outcome: "refused", message: t.unknownPractitioner, fields: { practitionerId: t.unknownPractitioner } } : n === 2 ? { outcome: "failed", message: t.sendFailed } : { outcome: "sent", message: t.sent }),
    });
    actor.send({ type: "compose.open" });
    expect(refusals()).toBe(0);
    actor.send({ type: "submit", intent: "send" });
    actor.send({ type: "submit", intent: "send" });
    expect(refusals()).toBe(2);
    await fillCompose(actor);
    expect(refusals()).toBe(2);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.errors.practitionerId !== undefined);
    expect(refusals()).toBe(3);
    expect(actor.getSnapshot().context.errors).toEqual({ practitionerId: t.unknownPractitioner });
    actor.send({ type: "practitioner.select", id: "7001" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null);
    expect(refusals()).toBe(3);
  });

  it("saving as a draft is another attempt than sending", async () => {
    const { actor, calls, announced } = start({ send: async (n) => (n === 1 ? { outcome: "failed", message: t.sendFailed } : { outcome: "saved", message: t.savedToDraft }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null);
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => [c.key, c.intent])).toEqual([
      ["key-1", "send"],
      ["key-2", "draft"],
    ]);
    expect(announced.at(-1)?.title).toBe(t.savedToDraft);
  });

  it("closing with unsaved text asks; keep writing loses nothing; closing untouched asks nothing", async () => {
    const { actor, announced } = start();
    actor.send({ type: "compose.open" });
    actor.send({ type: "close" });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    actor.send({ type: "compose.open" });
    actor.send({ type: "body.change", text: "Half" });
    actor.send({ type: "close" });
    expect(actor.getSnapshot().matches({ writing: { form: "confirmingClose" } })).toBe(true);
    actor.send({ type: "discard.cancel" });
    expect(actor.getSnapshot().context.draft.body).toBe("Half");
    actor.send({ type: "close" });
    actor.send({ type: "discard.confirm" });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    expect(announced).toEqual([]);
  });

  it("attachments are added, refused with a message, and removed", async () => {
    const { actor } = start();
    actor.send({ type: "compose.open" });
    actor.send({ type: "files.add", files: [{ name: "a.png", size: 10, data: "AAAA" }, { name: "b.pdf", size: 10, data: "AAAA" }] });
    actor.send({ type: "files.refuse", message: t.invalidFiles });
    expect(actor.getSnapshot().context.errors.attachments).toBe(t.invalidFiles);
    actor.send({ type: "file.remove", index: 0 });
    expect(actor.getSnapshot().context.draft.files.map((f) => f.name)).toEqual(["b.pdf"]);
    expect(actor.getSnapshot().context.errors.attachments).toBe(t.invalidFiles);
  });

  it("practice settings turn compose and reply off", () => {
    const { actor } = start({ settings: { compose: false, reply: false } });
    actor.send({ type: "compose.open" });
    actor.send({ type: "reply.open", message: messageView() });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
  });
});

describe("messaging machine: reply and drafts", () => {
  it("a reply is Re: and the original's subject, to its sender, with no role list loaded", async () => {
    const { actor, calls } = start();
    actor.send({ type: "reply.open", message: messageView() });
    const ctx = actor.getSnapshot().context;
    expect(ctx.draft).toMatchObject({ mode: "reply", subject: "Re: Your results", practitionerId: "7002", replyTo: "m1" });
    expect(ctx.original?.body).toBe("All normal.");
    expect(actor.getSnapshot().matches({ writing: { roles: "ready" } })).toBe(true);
    expect(ctx.roles).toBeNull();
    actor.send({ type: "body.change", text: "Thanks" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(messageFields(calls.sends[0].draft, "k", "send")).toMatchObject({ mode: "reply", replyTo: "m1", body: "Thanks" });
    expect(messageFields(calls.sends[0].draft, "k", "send")).not.toHaveProperty("subject");
  });

  it("an edited draft saved: the new draft is posted, then the old one deleted", async () => {
    const { actor, calls, announced } = start();
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" }, attachments: [{ n: 0, title: "x.pdf", kind: "pdf", url: "/x" }] }) });
    await waitForState(actor, (s) => s.matches({ writing: { recipients: "ready" } }));
    expect(actor.getSnapshot().context.draft).toMatchObject({ mode: "draft", draftId: "d9", keep: [0], body: "All normal." });
    actor.send({ type: "kept.remove", index: 0 });
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends).toHaveLength(1);
    expect(calls.sends[0].draft.keep).toEqual([]);
    expect(calls.deletes).toEqual([["d9"]]);
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.savedToDraft, removed: ["d9"] });
  });

  it("editing a draft addressed to a practice location asks for a practitioner: the location's id is never taken for a practitioner's (issue 33 item 3)", async () => {
    const { actor, calls } = start();
    actor.send({ type: "draft.edit", message: messageView({ id: "d8", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Main Rooms Front Desk", reference: "Location/7001" } }) });
    await waitForState(actor, (s) => s.matches({ writing: { recipients: "ready" } }));
    expect(actor.getSnapshot().context.draft).toMatchObject({ mode: "draft", draftId: "d8", roleId: "2", practitionerId: "", practitionerName: "" });
    actor.send({ type: "submit", intent: "send" });
    expect(calls.sends).toHaveLength(0);
    expect(actor.getSnapshot().context.errors.practitionerId).toBe(t.selectProvider);
  });

  it("when deleting the old draft fails the patient is told, the post is not repeated, and the delete can be retried", async () => {
    const { actor, calls, announced } = start({ deleteFails: 1 });
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" } }) });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "oldDraftLeft" } }));
    expect(calls.sends).toHaveLength(1);
    actor.send({ type: "submit", intent: "send" });
    expect(calls.sends).toHaveLength(1);
    actor.send({ type: "oldDraft.retry" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends).toHaveLength(1);
    expect(calls.deletes).toEqual([["d9"], ["d9"]]);
    // Once deleted, the old draft's row leaves the page's list before the list is read again.
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent, removed: ["d9"] });
  });

  it("Send Message on a draft: confirmed, sent as it is, then deleted; a delete that keeps failing is announced when closed", async () => {
    const { actor, calls, announced } = start({ deleteFails: 5 });
    actor.send({ type: "draft.send", id: "d4" });
    expect(actor.getSnapshot().matches({ sendingDraft: "confirming" })).toBe(true);
    expect(calls.draftSends).toHaveLength(0);
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches({ sendingDraft: "left" }));
    expect(calls.draftSends).toEqual([{ draftId: "d4", key: "key-1" }]);
    actor.send({ type: "close" });
    // Still at the practice, so still listed.
    expect(announced.at(-1)).toMatchObject({ tone: "error", title: t.sent, detail: t.oldDraftLeftAfterSend, changed: true, removed: [] });
  });
});

describe("messaging machine: an ended session (issue 21)", () => {
  const ended = async (n: number): Promise<SendReply> => {
    if (n === 1) throw new StepSessionEndedError("/emails");
    return { outcome: "sent", message: t.sent };
  };

  it("a send that meets it keeps subject, body, recipient and attachments, says so, and sends again once with the same key", async () => {
    const { actor, calls, announced } = start({ send: ended });
    await fillCompose(actor);
    actor.send({ type: "files.add", files: [{ name: "a.png", size: 10, data: "AAAA" }] });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "editing" } }) && s.context.failure !== null);
    const ctx = actor.getSnapshot().context;
    expect({ failure: ctx.failure, sessionEnded: ctx.sessionEnded }).toEqual({ failure: t.sessionEnded, sessionEnded: true });
    expect(ctx.draft).toMatchObject({ roleId: "2", practitionerId: "7001", subject: "Travel", body: "Which vaccines?", files: [{ name: "a.png" }] });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => c.key)).toEqual(["key-1", "key-1"]);
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent });
  });

  it("a save as draft that meets it says so too and keeps its key", async () => {
    const { actor, calls } = start({ send: async (n) => (n === 1 ? Promise.reject(new StepSessionEndedError("/emails")) : { outcome: "saved", message: t.savedToDraft }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.context.sessionEnded, { timeout: 1000 });
    expect(actor.getSnapshot().context.failure).toBe(t.sessionEnded);
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => `${c.intent} ${c.key}`)).toEqual(["draft key-1", "draft key-1"]);
  });

  it("Send Message on a draft that meets it says the draft is still in Drafts; Try again sends it once with the same key", async () => {
    const { actor, calls } = start({ sendDraft: ended });
    actor.send({ type: "draft.send", id: "d4" });
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches({ sendingDraft: "failed" }));
    expect(actor.getSnapshot().context).toMatchObject({ failure: t.draftSessionEnded, sessionEnded: true });
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.draftSends).toEqual([
      { draftId: "d4", key: "key-1" },
      { draftId: "d4", key: "key-1" },
    ]);
  });
});

describe("the compose rules", () => {
  it("800 characters is the limit (2§5, docs/spec-deviations.md); Re: is added once", () => {
    const draft: Draft = { mode: "compose", roleId: "2", practitionerId: "7001", practitionerName: "", subject: "s", body: "x".repeat(800), files: [], replyTo: null, draftId: null, keep: [] };
    expect(checkDraft(draft)).toEqual({});
    expect(checkDraft({ ...draft, body: "x".repeat(801) })).toEqual({ body: t.bodyTooLong });
    expect(replySubject("Re: Hello")).toBe("Re: Hello");
    expect(replySubject("Hello")).toBe("Re: Hello");
  });
});

describe("messaging machine: an outcome nobody knows (issue 36)", () => {
  const unknown: SendReply = { outcome: "unknown", message: t.unconfirmedTitle };

  it("an unknown send is neither sent nor failed: the dialog keeps every word, locked, until Check again asks with the same key", async () => {
    const { actor, calls, announced } = start({ send: async (n) => (n === 1 ? unknown : { outcome: "sent", message: t.sent, detail: t.foundOnCheck }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "unconfirmed" } }));
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, draft: { subject: "Travel", body: "Which vaccines?", practitionerId: "7001" } });
    expect(announced).toEqual([]);
    // Nothing can be changed while it is unknown: a change would be another message, perhaps a second one.
    actor.send({ type: "body.change", text: "Something else" });
    actor.send({ type: "submit", intent: "draft" });
    expect(actor.getSnapshot().context.draft.body).toBe("Which vaccines?");
    expect(calls.sends).toHaveLength(1);
    actor.send({ type: "check" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => [c.key, c.intent])).toEqual([
      ["key-1", "send"],
      ["key-1", "send"],
    ]);
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent, detail: t.foundOnCheck });
  });

  it("closing while unknown asks first; keeping it open loses nothing", async () => {
    const { actor } = start({ send: async () => unknown });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "unconfirmed" } }));
    actor.send({ type: "close" });
    expect(actor.getSnapshot().matches({ writing: { form: "closingUnconfirmed" } })).toBe(true);
    actor.send({ type: "discard.cancel" });
    expect(actor.getSnapshot().matches({ writing: { form: "unconfirmed" } })).toBe(true);
    expect(actor.getSnapshot().context.draft.subject).toBe("Travel");
    actor.send({ type: "close" });
    actor.send({ type: "discard.confirm" });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
  });

  it("an edited draft sent, unknown, then found: the old draft is removed as after any send", async () => {
    const { actor, calls } = start({ send: async (n) => (n === 1 ? unknown : { outcome: "sent", message: t.sent, detail: t.foundOnCheck }) });
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" } }) });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "unconfirmed" } }));
    expect(calls.deletes).toEqual([]);
    actor.send({ type: "check" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.deletes).toEqual([["d9"]]);
  });

  it("Send Message on a draft, unknown: the draft stays; Check again asks with the same key, then removes the draft", async () => {
    const { actor, calls, announced } = start({ sendDraft: async (n) => (n === 1 ? unknown : { outcome: "sent", message: t.sent, detail: t.foundOnCheck }) });
    actor.send({ type: "draft.send", id: "d4" });
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches({ sendingDraft: "unconfirmed" }));
    expect(calls.deletes).toEqual([]);
    actor.send({ type: "check" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.draftSends).toEqual([
      { draftId: "d4", key: "key-1" },
      { draftId: "d4", key: "key-1" },
    ]);
    expect(calls.deletes).toEqual([["d4"]]);
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent, removed: ["d4"] });
  });
});

describe("messaging machine: a draft's send whose portal answer is lost (decisions/387)", () => {
  it("is unconfirmed, not failed: the draft stays; Check again asks with the same key, then removes the draft", async () => {
    const { actor, calls } = start({ sendDraft: async (n) => (n === 1 ? Promise.reject(new StepNetworkError("The portal could not be reached.")) : { outcome: "sent", message: t.sent }) });
    actor.send({ type: "draft.send", id: "d4" });
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches({ sendingDraft: "unconfirmed" }));
    expect(calls.deletes).toEqual([]);
    actor.send({ type: "check" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.draftSends.map((c) => c.key)).toEqual(["key-1", "key-1"]);
    expect(calls.deletes).toEqual([["d4"]]);
  });

  it("a refusal the portal answered is failed, as before", async () => {
    const { actor } = start({ sendDraft: async () => Promise.reject(new StepRefusedError("Forbidden.", 403)) });
    actor.send({ type: "draft.send", id: "d4" });
    actor.send({ type: "confirm" });
    const failed = await waitForState(actor, (s) => s.matches({ sendingDraft: "failed" }));
    expect(failed.context.failure).toBe(t.sendFailed);
  });
});

/* Each rule below was found unguarded by mutation testing (issue 57): the machine could break it and no test would notice. */
describe("messaging machine: what the patient chooses and is told", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("compose offers the practice's roles, read once: a second compose shows them at once", async () => {
    const { actor, calls } = start();
    actor.send({ type: "compose.open" });
    await waitForState(actor, (s) => s.matches({ writing: { roles: "ready" } }));
    expect(actor.getSnapshot().context.roles).toEqual([
      { id: "1", name: "Doctor" },
      { id: "2", name: "Nurse" },
    ]);
    actor.send({ type: "close" });
    actor.send({ type: "compose.open" });
    expect(actor.getSnapshot().matches({ writing: { roles: "ready" } })).toBe(true);
    await settle();
    expect(calls.roleLoads).toBe(1);
  });

  it("a reply, and a compose before a role is chosen, read no practitioner list", async () => {
    const { actor, calls } = start();
    actor.send({ type: "reply.open", message: messageView() });
    expect(actor.getSnapshot().matches({ writing: { recipients: "ready" } })).toBe(true);
    actor.send({ type: "close" });
    actor.send({ type: "compose.open" });
    expect(actor.getSnapshot().matches({ writing: { recipients: "ready" } })).toBe(true);
    await settle();
    expect(calls.recipientLoads).toEqual([]);
  });

  it("a draft saved with no role (role 0) asks for a role: no list is read for role 0 and nothing is sent", async () => {
    const { actor, calls } = start();
    actor.send({ type: "draft.edit", message: messageView({ id: "d7", box: "drafts", roleId: "0", practitioner: { id: "", name: "", reference: "" } }) });
    expect(actor.getSnapshot().context.draft.roleId).toBe("");
    actor.send({ type: "submit", intent: "send" });
    await settle();
    expect(calls.recipientLoads).toEqual([]);
    expect(calls.sends).toHaveLength(0);
    expect(actor.getSnapshot().context.errors.roleId).toBe(t.selectRole);
  });

  it("a new role clears the practitioner chosen under the old one; the one then chosen is named as the practice lists them", async () => {
    const { actor, calls } = start();
    await fillCompose(actor);
    actor.send({ type: "role.select", id: "1" });
    expect(actor.getSnapshot().context.draft).toMatchObject({ roleId: "1", practitionerId: "", practitionerName: "" });
    actor.send({ type: "submit", intent: "send" });
    expect(calls.sends).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toEqual({ practitionerId: t.selectProvider });
    await waitForState(actor, (s) => s.context.recipients !== null);
    actor.send({ type: "practitioner.select", id: "7003" });
    expect(actor.getSnapshot().context.draft).toMatchObject({ practitionerId: "7003", practitionerName: "Dr Sam Roe" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => [c.draft.roleId, c.draft.practitionerId])).toEqual([["1", "7003"]]);
  });

  it("choosing the practitioner placeholder again leaves no one chosen: the send is refused", async () => {
    const { actor, calls } = start();
    await fillCompose(actor);
    actor.send({ type: "practitioner.select", id: "" });
    expect(actor.getSnapshot().context.draft).toMatchObject({ practitionerId: "", practitionerName: "" });
    actor.send({ type: "submit", intent: "send" });
    expect(calls.sends).toHaveLength(0);
    expect(actor.getSnapshot().context.errors).toEqual({ practitionerId: t.selectProvider });
  });

  it("editing a draft whose practitioner list cannot be read: its practitioner can still be chosen and is sent to", async () => {
    const { actor, calls } = start({ recipientsFail: true });
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" } }) });
    await waitForState(actor, (s) => s.matches({ writing: { recipients: "failed" } }));
    expect(actor.getSnapshot().context.lookupError).toBe(t.recipientsFailed);
    actor.send({ type: "practitioner.select", id: "7001" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => c.draft.practitionerId)).toEqual(["7001"]);
  });

  it("fixing one field clears only its own message; the others stay until they are fixed", async () => {
    const { actor } = start();
    const errors = () => actor.getSnapshot().context.errors;
    actor.send({ type: "compose.open" });
    actor.send({ type: "submit", intent: "send" });
    actor.send({ type: "files.refuse", message: t.invalidFiles });
    expect(errors()).toEqual({ roleId: t.selectRole, practitionerId: t.selectProvider, subject: t.subjectRequired, body: t.bodyRequired, attachments: t.invalidFiles });
    actor.send({ type: "files.add", files: [{ name: "a.png", size: 10, data: "AAAA" }] });
    expect(errors()).toEqual({ roleId: t.selectRole, practitionerId: t.selectProvider, subject: t.subjectRequired, body: t.bodyRequired });
    actor.send({ type: "role.select", id: "2" });
    expect(errors()).toEqual({ practitionerId: t.selectProvider, subject: t.subjectRequired, body: t.bodyRequired });
    await waitForState(actor, (s) => s.context.recipients !== null);
    actor.send({ type: "practitioner.select", id: "7001" });
    expect(errors()).toEqual({ subject: t.subjectRequired, body: t.bodyRequired });
    actor.send({ type: "subject.change", text: "Travel" });
    expect(errors()).toEqual({ body: t.bodyRequired });
    actor.send({ type: "files.refuse", message: t.invalidFiles });
    actor.send({ type: "body.change", text: "Which vaccines?" });
    expect(errors()).toEqual({ attachments: t.invalidFiles });
  });

  it("removing one of a draft's own attachments keeps the others", async () => {
    const { actor, calls } = start();
    const attachments = [0, 1, 2].map((n) => ({ n, title: `${n}.pdf`, kind: "pdf" as const, url: `/${n}` }));
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" }, attachments }) });
    actor.send({ type: "kept.remove", index: 1 });
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(messageFields(calls.sends[0].draft, "k", "draft").keep).toBe("0,2");
  });

  it("a refusal that names no field shows the practice's words in the dialog, keeps every word, and moves no focus", async () => {
    const words = "The practice is not taking messages from this account.";
    const { actor, refusals } = start({ send: async () => ({ outcome: "refused", message: words, fields: {} }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null);
    expect(actor.getSnapshot().matches({ writing: { form: "editing" } })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ failure: words, errors: {}, draft: { subject: "Travel", body: "Which vaccines?" } });
    expect(refusals()).toBe(0);
  });

  it.each([
    ["the connection dropped", new StepNetworkError("The portal could not be reached.")],
    ["an answer the browser cannot read", new StepReplyError("Not a step's envelope.")],
    ["a server error (a proxy's 502)", new StepRefusedError("Bad gateway.", 502)],
  ])("a send whose portal answer is lost (%s) may have gone: unconfirmed, no sign-in offered; Check again sends the same attempt, once (decisions/387)", async (_, error) => {
    const { actor, calls, announced } = start({ send: async (n) => (n === 1 ? Promise.reject(error) : { outcome: "sent", message: t.sent }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    const unconfirmed = await waitForState(actor, (s) => s.matches({ writing: { form: "unconfirmed" } }));
    expect(unconfirmed.context).toMatchObject({ failure: null, sessionEnded: false, draft: { subject: "Travel", body: "Which vaccines?" } });
    actor.send({ type: "check" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => c.key)).toEqual(["key-1", "key-1"]);
    expect(announced.at(-1)).toMatchObject({ tone: "success", title: t.sent });
  });

  it.each([
    ["a refusal the portal answered (403)", new StepRefusedError("Forbidden.", 403)],
    ["an error of the page's own", new Error("bug")],
  ])("a send that did nothing (%s) says it was not sent, and offers no sign-in", async (_, error) => {
    const { actor } = start({ send: async () => Promise.reject(error) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    const failed = await waitForState(actor, (s) => s.context.failure !== null);
    expect(failed.matches({ writing: { form: "editing" } })).toBe(true);
    expect(failed.context).toMatchObject({ failure: t.sendFailed, sessionEnded: false });
  });

  it("a failure the practice explains is shown in its words, with no sign-in offered", async () => {
    const words = "Messaging is down until 2 pm.";
    const { actor } = start({ send: async () => ({ outcome: "failed", message: words }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    const failed = await waitForState(actor, (s) => s.context.failure !== null);
    expect(failed.context).toMatchObject({ failure: words, sessionEnded: false });
  });

  it("Send Message on a draft that the practice fails shows its words; Try again sends it once more with the same key", async () => {
    const words = "Messaging is down until 2 pm.";
    const { actor, calls } = start({ sendDraft: async (n) => (n === 1 ? { outcome: "failed", message: words } : { outcome: "sent", message: t.sent }) });
    actor.send({ type: "draft.send", id: "d4" });
    actor.send({ type: "confirm" });
    const failed = await waitForState(actor, (s) => s.matches({ sendingDraft: "failed" }));
    expect(failed.context).toMatchObject({ failure: words, sessionEnded: false });
    actor.send({ type: "confirm" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.draftSends.map((c) => c.key)).toEqual(["key-1", "key-1"]);
  });

  it("an edited draft saved whose old draft cannot be removed: closing says it was saved and that the old draft stayed", async () => {
    const { actor, announced } = start({ deleteFails: 5 });
    actor.send({ type: "draft.edit", message: messageView({ id: "d9", box: "drafts", roleId: "2", practitioner: { id: "7001", name: "Nurse Mere Tane", reference: "Practitioner/7001" } }) });
    actor.send({ type: "submit", intent: "draft" });
    await waitForState(actor, (s) => s.matches({ writing: { form: "oldDraftLeft" } }));
    actor.send({ type: "close" });
    expect(announced).toEqual([{ type: "outcome.announced", tone: "error", title: t.savedToDraft, detail: t.oldDraftLeftAfterSave, changed: true, removed: [] }]);
  });

  it("a message discarded after a failure leaves nothing behind: the next one shows no failure, closes without asking, and is a new attempt with its own key", async () => {
    const { actor, calls } = start({ send: async (n) => (n === 1 ? { outcome: "failed", message: t.sendFailed } : { outcome: "sent", message: t.sent }) });
    await fillCompose(actor);
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.context.failure !== null);
    actor.send({ type: "close" });
    actor.send({ type: "discard.confirm" });
    actor.send({ type: "compose.open" });
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, sessionEnded: false, errors: {} });
    actor.send({ type: "close" });
    expect(actor.getSnapshot().matches("closed")).toBe(true);
    await fillCompose(actor);
    actor.send({ type: "body.change", text: "Another question" });
    actor.send({ type: "submit", intent: "send" });
    await waitForState(actor, (s) => s.matches("closed"));
    expect(calls.sends.map((c) => [c.key, c.draft.body])).toEqual([
      ["key-1", "Which vaccines?"],
      ["key-2", "Another question"],
    ]);
  });
});

describe("messaging machine: the practitioner list follows the role", () => {
  it("a role chosen, another, then the first again before the list arrives: the first role's practitioners are listed", async () => {
    const { actor, calls } = start();
    actor.send({ type: "compose.open" });
    await waitForState(actor, (s) => s.matches({ writing: { roles: "ready" } }));
    actor.send({ type: "role.select", id: "2" });
    await waitForState(actor, (s) => s.context.recipients !== null);
    actor.send({ type: "role.select", id: "1" });
    actor.send({ type: "role.select", id: "2" });
    const listed = await waitForState(actor, (s) => s.matches({ writing: { recipients: "ready" } }));
    expect(listed.context.recipients).toEqual(PRACTITIONERS["2"]);
    expect(calls.recipientLoads.at(-1)).toBe("2");
  });
});
