import { beforeAll, describe, expect, it } from "vitest";
import { messagingPage } from "~/areas/messaging/page.server";
import { answerMessagingSteps, type MessagingDeps } from "~/areas/messaging/steps.server";
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { messagingTexts } from "~/areas/messaging/texts";
import { REPLY_SEPARATOR, type SendReply } from "~/areas/messaging/compose";
import type { MessageView } from "~/areas/messaging/view";
import { isMessagingRole } from "@contract/roles";
import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES, OutgoingMessageSchema, RecipientSlots } from "@contract/messaging";
import type { ReceivedMessage } from "../../mock-server/message-store";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { stepPoster } from "../helpers/steps";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * Writing and deleting messages: the practice calls against the mock over HTTP (POST Patient/Message,
 * DELETE Patient/DeleteMessage, MessagingRecipients, LoadRoles), and /emails/step's steps with their
 * server-side rules, including posts of one attempt, and of one draft, sent at the same moment.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const t = messagingTexts;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

async function patient(world: TestWorld, label = "solo", memberId?: string) {
  const { practice: s, user, cookie } = await signedInToPortal(sessions, world, label, { memberId });
  const deps: MessagingDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 5_000 };
  const poster = stepPoster("http://portal.test/emails/step", (request) => answerMessagingSteps(request, deps), { Cookie: cookie });
  const step = poster.reply;
  const page = (search = "") => messagingPage({ api: s.api, user: { ...user } as never }, new URL(`http://portal.test/emails${search}`));
  const box = (type: string) => s.api.call(endpoints.messages, { query: { PatientID: user.userId, Type: "1", MessagingType: type as "1", PageSize: 100, PageNumber: 1 } });
  const counter = async () => (await s.api.call(endpoints.refreshCounter, { query: { PatientID: user.userId } })).InboxCounter!;
  return { s, step, envelope: poster.envelope, page, box, counter };
}

let keys = 0;
const newKey = () => `message-key-${++keys}-${Date.now()}`;
const posts = (world: TestWorld) => world.requests({ method: "POST", path: "Patient/Message" });

async function aNurse(step: (name: string, input: unknown) => Promise<Array<{ id: string; name: string }>>) {
  return (await step("recipients", { roleId: "2" }))[0];
}

describe("the practice's messaging calls (mock over HTTP)", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 61 });
  });

  it("LoadRoles lists the roles; MessagingRecipients the practitioners of one role", async () => {
    const s = await world.signIn("solo");
    const roles = await s.api.call(endpoints.roles, { query: { PatientID: s.id, TypeID: "1" } });
    expect(roles.every(isMessagingRole)).toBe(true);
    expect(roles.filter(isMessagingRole).map((r) => r.title)).toEqual(["Doctor", "Nurse", "Reception"]);
    const nurses = await s.api.call(endpoints.messagingRecipients, { query: { PatientID: s.id, RoleID: "2", CallType: "0" } });
    expect(nurses.resources.length).toBe(2);
    for (const n of nurses.resources) expect(n.name?.[0]?.text).toMatch(/^Nurse /);
    expect(RecipientSlots.read(RecipientSlots.write({ id: "5001" })).id).toBe("5001");
  });

  it("a posted message lands in Sent with its attachment served back; a draft in Drafts; the comma list with a trailing comma deletes both and another patient's id is left alone", async () => {
    const s = await world.signIn("solo");
    const nurse = (await s.api.call(endpoints.messagingRecipients, { query: { PatientID: s.id, RoleID: "2", CallType: "0" } })).resources[0];
    const message = (type: "Draft" | "Send Mail") =>
      OutgoingMessageSchema.parse({
        resourceType: "Communication",
        status: type === "Draft" ? "preparation" : "completed",
        sender: { reference: `Patient/${s.id}`, display: "Solo" },
        recipient: [{ reference: `Practitioner/${nurse.extension.id}`, display: nurse.name![0].text! }],
        note: [{ text: `Integration ${type}` }],
        extension: [
          { url: "MessageBody", valueString: "Body text" },
          { url: "MessageType", valueString: type },
        ],
        payload: [{ contentAttachment: { contentType: "image/png", data: PNG.toString("base64"), title: "a.png" } }],
      });
    const body = (type: "Draft" | "Send Mail") => {
      const m = message(type);
      return { ...m, extension: [{ url: "MessageBody", valueString: m.extension.body }, { url: "MessageType", valueString: m.extension.messageType }] };
    };
    await s.api.call(endpoints.sendMessage, { query: { RoleID: "2", CallType: "3" }, body: body("Send Mail") });
    await s.api.call(endpoints.sendMessage, { query: { RoleID: "2", CallType: "3" }, body: body("Draft") });
    const sent = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.sent, PageSize: 25, PageNumber: 1 } });
    expect(sent.resources[0].note?.[0]?.text).toBe("Integration Send Mail");
    const read = await s.api.call(endpoints.messageById, { query: { PatientID: s.id, MessageID: sent.resources[0].id } });
    expect(Buffer.from(read.resources[0].payload![0].contentAttachment.data, "base64").equals(PNG)).toBe(true);
    const drafts = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.drafts, PageSize: 25, PageNumber: 1 } });
    expect(drafts.resources[0].note?.[0]?.text).toBe("Integration Draft");

    // A role the practitioner is not in, and a renamed file, are refused by the practice too.
    await expect(s.api.call(endpoints.sendMessage, { query: { RoleID: "1", CallType: "3" }, body: body("Send Mail") })).rejects.toThrow(/400/);
    const renamed = { ...body("Send Mail"), payload: [{ contentAttachment: { contentType: "image/png" as const, data: Buffer.from("not a png").toString("base64"), title: "b.png" } }] };
    await expect(s.api.call(endpoints.sendMessage, { query: { RoleID: "2", CallType: "3" }, body: renamed })).rejects.toThrow(/400/);

    const other = (await world.signIn("family")).id;
    await s.api.call(endpoints.deleteMessage, { query: { PatientID: s.id, MessageID: `${sent.resources[0].id},${drafts.resources[0].id},i${other}-1-1,` } });
    const sentAfter = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.sent, PageSize: 25, PageNumber: 1 } });
    expect(sentAfter.total).toBe(sent.total! - 1);
    expect(sentAfter.resources.map((m) => m.id)).not.toContain(sent.resources[0].id);
  });

  it("deleting unread inbox messages lowers the InboxCounter by as many", async () => {
    const s = await world.signIn("solo");
    const counter = async () => (await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } })).InboxCounter!;
    const before = await counter();
    const unread = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: 2, PageNumber: 1, ReadFilter: "1" } });
    expect(unread.resources).toHaveLength(2);
    await s.api.call(endpoints.deleteMessage, { query: { PatientID: s.id, MessageID: `${unread.resources.map((m) => m.id).join(",")},` } });
    expect(await counter()).toBe(before - 2);
  });
});

describe("/emails/step", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 62 });
  });

  it("the page loads the box asked for, the unread count, the settings and the sanitised disclaimers", async () => {
    const { page, counter } = await patient(world);
    const inbox = await page();
    expect(inbox.view).toEqual({ box: "inbox", filter: "all" });
    expect(inbox.rows).toHaveLength(Math.min(25, inbox.total!));
    expect(inbox.rows.map((r) => r.colour).slice(0, 4)).toEqual([0, 1, 2, 0]);
    expect(inbox.rows[0].date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(inbox.unread).toBe(await counter());
    expect(inbox.settings).toEqual({ compose: true, reply: true });
    expect(inbox.disclaimers.compose).toMatch(/^<p>/);
    const unread = await page("?filter=unread");
    expect(unread.rows.every((r) => !r.read)).toBe(true);
    expect(unread.total).toBe(inbox.unread);
    // The Read filter is the practice's ReadFilter 2 (the browser's read filter, messaging.spec.ts, only picks it).
    const read = await page("?filter=read");
    expect(read.view).toEqual({ box: "inbox", filter: "read" });
    expect(read.rows.length).toBeGreaterThan(0);
    expect(read.rows.every((r) => r.read)).toBe(true);
    expect((await world.requests({ method: "GET", path: "Patient/Messaging" })).at(-1)!.query.ReadFilter).toBe("2");
  });

  it("a form missing everything is refused with each 2§5 text, and a practitioner outside the role with its own; nothing is posted", async () => {
    const { step } = await patient(world);
    const before = (await posts(world)).length;
    const reply = (await step("send", { key: newKey(), mode: "compose", intent: "send", body: "   " })) as SendReply;
    expect(reply).toMatchObject({ outcome: "refused", fields: { roleId: t.selectRole, practitionerId: t.selectProvider, subject: t.subjectRequired, body: t.bodyRequired } });
    const tooLong = (await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: "1", subject: "x", body: "y".repeat(801) })) as SendReply;
    expect(tooLong).toMatchObject({ outcome: "refused", fields: { body: t.bodyTooLong } });
    const renamed = (await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: "1", subject: "x", body: "y", attachments: JSON.stringify([{ name: "photo.png", data: Buffer.from("MZ not a png").toString("base64") }]) })) as SendReply;
    expect(renamed).toMatchObject({ outcome: "refused", fields: { attachments: t.fileProblem.type("photo.png") } });
    // A practitioner outside the role chosen (the browser's focus on the field: messaging.spec.ts's refused send).
    const stranger = (await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: "999999", subject: "x", body: "y" })) as SendReply;
    expect(stranger).toMatchObject({ outcome: "refused", message: t.unknownPractitioner, fields: { practitionerId: t.unknownPractitioner } });
    expect((await posts(world)).length).toBe(before);
  });

  it("three posts of one attempt at the same moment post one message, and all three get its answer", async () => {
    const { step, box } = await patient(world);
    const nurse = await aNurse(step);
    const before = (await box(MESSAGE_BOXES.sent)).total!;
    const fields = { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: "Raced", body: "Once only", attachments: JSON.stringify([{ name: "a.png", data: PNG.toString("base64") }]) };
    const replies = await Promise.all([step("send", fields), step("send", fields), step("send", fields)]);
    for (const r of replies) expect(r).toEqual({ outcome: "sent", message: t.sent });
    const sent = await box(MESSAGE_BOXES.sent);
    expect(sent.total).toBe(before + 1);
    expect(sent.resources[0].recipient?.[0]?.display).toBe(nurse.name);
  });

  it("one draft sent from two tabs at once (two attempt keys) is sent once; its deletion is the machine's second step", async () => {
    const { step, box } = await patient(world);
    const nurse = await aNurse(step);
    expect(await step("send", { key: newKey(), mode: "compose", intent: "draft", roleId: "2", practitionerId: nurse.id, subject: "Draft raced", body: "Draft body" })).toMatchObject({ outcome: "saved" });
    const draft = (await box(MESSAGE_BOXES.drafts)).resources[0];
    const sentBefore = (await box(MESSAGE_BOXES.sent)).total!;
    const replies = await Promise.all([step("sendDraft", { key: newKey(), draftId: draft.id }), step("sendDraft", { key: newKey(), draftId: draft.id })]);
    for (const r of replies) expect(r).toMatchObject({ outcome: "sent" });
    expect((await box(MESSAGE_BOXES.sent)).total).toBe(sentBefore + 1);
    expect(await step("delete", { ids: [draft.id], box: "drafts" })).toMatchObject({ deleted: 1 });
    expect((await box(MESSAGE_BOXES.drafts)).resources.map((m) => m.id)).not.toContain(draft.id);
  });

  it("a reply goes to the original's sender as Re: and its subject, the body the new text, a separator and the original", async () => {
    const { step, box } = await patient(world);
    const original = (await box(MESSAGE_BOXES.inbox)).resources[0];
    const opened = (await step("open", { id: original.id })) as MessageView;
    await step("send", { key: newKey(), mode: "reply", intent: "send", replyTo: original.id, body: "Thanks" });
    const sent = OutgoingMessageSchema.parse((await posts(world)).at(-1)!.body);
    expect(sent.note?.[0]?.text).toBe(`Re: ${original.note?.[0]?.text}`);
    expect(sent.recipient?.[0]?.reference).toBe(original.sender?.reference);
    expect(sent.extension.body).toBe(`Thanks${REPLY_SEPARATOR}${opened.body}`);
    // A sent message cannot be answered as if it were from the practice.
    const mine = (await box(MESSAGE_BOXES.sent)).resources[0];
    expect(await step("send", { key: newKey(), mode: "reply", intent: "send", replyTo: mine.id, body: "x" })).toMatchObject({ outcome: "refused", message: t.notInInbox });
  });

  it("the practice's settings turning compose and reply off are enforced on the server", async () => {
    const off = await mock.createWorld({ scenario: "messaging-off", seed: 63 });
    const { step, box, page } = await patient(off);
    expect((await page()).settings).toEqual({ compose: false, reply: false });
    const original = (await box(MESSAGE_BOXES.inbox)).resources[0];
    expect(await step("send", { key: newKey(), mode: "reply", intent: "send", replyTo: original.id, body: "x" })).toMatchObject({ outcome: "refused", message: t.replyOff });
    expect(await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: "1", subject: "x", body: "x" })).toMatchObject({ outcome: "refused", message: t.composeOff });
  });

  it("a practice that does not answer is a failed send, and the same attempt may be posted again", async () => {
    const { step, box } = await patient(world);
    const nurse = await aNurse(step);
    await world.fault({ path: "Patient/Message", method: "POST", status: 503, times: 1 });
    const fields = { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: "After a failure", body: "Second time lucky" };
    expect(await step("send", fields)).toEqual({ outcome: "failed", message: t.sendFailed });
    expect(await step("send", fields)).toEqual({ outcome: "sent", message: t.sent });
    expect((await box(MESSAGE_BOXES.sent)).resources.filter((m) => m.note?.[0]?.text === "After a failure")).toHaveLength(1);
  });
});

describe("a family member's messages", () => {
  it("a proxy reads, writes and deletes as the member: the member's id in every call, never the holder's", async () => {
    const world = await mock.createWorld({ scenario: "family", seed: 65 });
    const holder = await world.signIn("family");
    const member = (await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } })).resources.find((p) => p.id !== holder.id)!;
    const { step, page, box } = await patient(world, "family", member.id);
    await world.clearRequests();
    await page();
    const nurse = await aNurse(step);
    expect(await step("send", { key: newKey(), mode: "compose", intent: "draft", roleId: "2", practitionerId: nurse.id, subject: "For my child", body: "Kia ora" })).toMatchObject({ outcome: "saved" });
    const [draft] = (await box(MESSAGE_BOXES.drafts)).resources;
    expect(draft.note?.[0]?.text).toBe("For my child");
    expect(await step("delete", { ids: [draft.id], box: "drafts" })).toMatchObject({ deleted: 1 });
    const calls = await world.requests();
    const named = calls.filter((c) => c.path !== "Patient/Message" && (c.path.startsWith("Patient/Messag") || c.path === "Patient/DeleteMessage" || c.path === "Patient/LoadRoles"));
    expect(named.length).toBeGreaterThan(2);
    for (const c of named) expect(c.query.PatientID, c.path).toBe(member.id);
    const [post] = calls.filter((c) => c.path === "Patient/Message");
    expect(OutgoingMessageSchema.parse(post.body).sender.reference).toBe(`Patient/${member.id}`);
  });
});

describe("the practice answers (messaging-replies)", () => {
  it("a staff reply arrives an hour later on the world clock, unread, and the InboxCounter follows", async () => {
    const world = await mock.createWorld({ scenario: "messaging-replies", seed: 64, now: "2026-03-02T10:00:00+13:00" });
    const { step, box, counter } = await patient(world);
    const nurse = await aNurse(step);
    const before = await counter();
    await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: "Sore knee", body: "Still sore" });
    await world.advance("PT59M");
    expect(await counter()).toBe(before);
    await world.advance("PT1M");
    expect(await counter()).toBe(before + 1);
    const [newest] = (await box(MESSAGE_BOXES.inbox)).resources;
    expect(newest.note?.[0]?.text).toBe("Re: Sore knee");
    expect(newest.sender?.display).toBe(nurse.name);
    expect(newest.extension.readStatus).toBe("1");
  });
});

describe("the front desk writes as a practice location (2§3 Location/{id})", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 66 });
  });
  /** What the practice received, as QA reads it (the admin API). */
  const received = async () => ((await (await mock.admin(`/worlds/${world.id}/messages`)).json()) as { messages: ReceivedMessage[] }).messages;
  async function frontDesk() {
    const p = await patient(world);
    const inbox = (await p.box(MESSAGE_BOXES.inbox)).resources;
    const patientId = p.s.id;
    const locations = await p.s.api.call(endpoints.lookup, { query: { TypeID: "11", PatientID: patientId } });
    return { ...p, inbox, locations, fromDesk: inbox.filter((m) => m.sender?.reference?.startsWith("Location/")) };
  }

  it("solo's inbox has front-desk messages from the practice's main location, with its name and no role; the newest is still a clinician's", async () => {
    const { inbox, locations, fromDesk, step } = await frontDesk();
    expect(fromDesk.map((m) => inbox.indexOf(m))).toEqual([1, 4, 7]);
    expect(inbox[0].sender?.reference).toMatch(/^Practitioner\//);
    for (const m of fromDesk) expect(m.sender).toEqual({ reference: `Location/${locations[0].id}`, display: `${locations[0].name} Front Desk` });
    const opened = (await step("open", { id: fromDesk[0].id })) as MessageView;
    expect(opened.practitioner).toEqual({ id: locations[0].id, name: `${locations[0].name} Front Desk`, reference: `Location/${locations[0].id}` });
    expect(opened.name).toBe(`${locations[0].name} Front Desk`);
    expect(opened.roleId).toBe("0");
  });

  it("a reply to a Location-sent message goes to Location/{id}, with no centre beside it, the long original quoted up to 800 characters", async () => {
    const { fromDesk, locations, step, box } = await frontDesk();
    const long = fromDesk.find((m) => m.extension.body!.length > 800)!;
    expect(long).toBeDefined();
    const opened = (await step("open", { id: long.id })) as MessageView;
    const mine = "Thank you, I will call before 8.";
    expect(await step("send", { key: newKey(), mode: "reply", intent: "send", replyTo: long.id, body: mine })).toEqual({ outcome: "sent", message: t.sent });

    const last = (await received()).at(-1)!;
    expect(last).toMatchObject({ box: "sent", recipient: `Location/${locations[0].id}`, to: `${locations[0].name} Front Desk`, subject: `Re: ${long.note?.[0]?.text}` });
    // 2§3's centre stays in the browser: the Communication posted is 2§7's, and nothing beside it (decisions/373).
    expect(Object.keys((await posts(world)).at(-1)!.body as object).sort()).toEqual(["extension", "note", "recipient", "resourceType", "sender", "status"]);
    // Written to a location, the post names no role (RoleID 0).
    expect((await posts(world)).at(-1)!.query).toEqual({ RoleID: "0", CallType: "3" });
    // 2§9: the original box holds 800 characters; the patient's own text keeps its own 800.
    const quoted = last.body.slice(mine.length + REPLY_SEPARATOR.length);
    expect(last.body.startsWith(`${mine}${REPLY_SEPARATOR}`)).toBe(true);
    expect(quoted).toHaveLength(800);
    expect(quoted).toBe(`${opened.body.slice(0, 799)}…`);
    const [sent] = (await box(MESSAGE_BOXES.sent)).resources;
    expect(sent.recipient?.[0]?.reference).toBe(`Location/${locations[0].id}`);
  });

  it("a reply saved as a draft and then sent as it stands (Send Message) still goes to Location/{id}", async () => {
    const { fromDesk, locations, step, box } = await frontDesk();
    const short = fromDesk.find((m) => m.extension.body!.length <= 800)!;
    const opened = (await step("open", { id: short.id })) as MessageView;
    expect(await step("send", { key: newKey(), mode: "reply", intent: "draft", replyTo: short.id, body: "My new mobile is 021 555 0101." })).toMatchObject({ outcome: "saved" });
    const [draft] = (await box(MESSAGE_BOXES.drafts)).resources;
    expect(draft.recipient?.[0]?.reference).toBe(`Location/${locations[0].id}`);
    expect(await step("sendDraft", { key: newKey(), draftId: draft.id })).toMatchObject({ outcome: "sent" });
    const [savedDraft, sentDraft] = (await received()).slice(-2);
    expect(savedDraft).toMatchObject({ box: "drafts", recipient: `Location/${locations[0].id}` });
    expect(sentDraft).toMatchObject({ box: "sent", recipient: `Location/${locations[0].id}` });
    expect(sentDraft).not.toHaveProperty("centre");
    // The short original is quoted whole.
    expect(sentDraft.body).toBe(`My new mobile is 021 555 0101.${REPLY_SEPARATOR}${opened.body}`);
  });

  it("a new message to a practitioner is posted with no centre, and a practice refuses one, or a location it does not have; /emails lists the centres for the form to show", async () => {
    const { step, locations, page } = await frontDesk();
    const nurse = await aNurse(step);
    const before = (await posts(world)).length;
    const centreReads = async () => (await world.requests({ method: "GET", path: "IndiciLookup" })).filter((e) => e.query.TypeID === "11").length;
    const readsBefore = await centreReads();
    expect(await step("send", { key: newKey(), mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: "Centre", body: "Which centre?" })).toMatchObject({ outcome: "sent" });
    expect((await received()).at(-1)).toEqual(expect.objectContaining({ recipient: `Practitioner/${nurse.id}`, to: nurse.name }));
    expect((await received()).at(-1)).not.toHaveProperty("centre");
    const sent = (await posts(world)).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).not.toHaveProperty("centre");
    expect(sent[0].query).toEqual({ RoleID: "2", CallType: "3" });
    // The practice's locations are no longer read to write a message: the centre is the form's alone.
    expect(await centreReads()).toBe(readsBefore);

    // Raw, as a portal that still sent it would: the contract is strict, so the request is built by hand.
    const http = await world.signInHttp("solo");
    const raw = (recipient: string, extra: object = {}) =>
      fetch(`${http.base}Patient/Message?RoleID=0&CallType=3`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Token: http.token },
        body: JSON.stringify({ resourceType: "Communication", status: "completed", sender: { reference: `Patient/${http.id}`, display: "Solo" }, recipient: [{ reference: recipient, display: "x" }], note: [{ text: "x" }], extension: [{ url: "MessageBody", valueString: "x" }, { url: "MessageType", valueString: "Send Mail" }], ...extra }),
      });
    expect((await raw(`Practitioner/${nurse.id}`, { centre: { id: locations[0].id, name: locations[0].name } })).status).toBe(400);
    expect((await raw("Location/99")).status).toBe(400);
    expect((await raw(`Location/${locations[0].id}`)).status).toBe(200);
    // Without its extension, or with null, the message is refused with the issue, not answered 500
    // (the MessageType check read the missing extension and threw; found by the property test).
    for (const extension of [undefined, null]) {
      const refused = await raw(`Location/${locations[0].id}`, { extension });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain("extension");
    }

    expect((await page()).centres).toEqual(locations.map((l) => ({ id: l.id, name: l.name })));
  });
});
