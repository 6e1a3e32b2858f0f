import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { MedicationSlots, PharmacySlots } from "@contract/medications";
import { ATTACHMENT_TYPES, COUNTERPART_REFERENCE, MESSAGE_BOXES, MessageSlots, RecipientSlots } from "@contract/messaging";
import { ROOM } from "@contract/room";
import { RawReply } from "@contract/room/shapes";
import { medicationsPage } from "~/areas/medications/page.server";
import { answerRepeatSteps, type RepeatDeps } from "~/areas/medications/steps.server";
import type { RepeatReply } from "~/areas/medications/repeat-request";
import type { MedicationRow, PharmacyOption } from "~/areas/medications/view";
import { messagingPage } from "~/areas/messaging/page.server";
import { answerMessagingSteps, type MessagingDeps } from "~/areas/messaging/steps.server";
import { messagingTexts } from "~/areas/messaging/texts";
import type { MessageRow, MessageView } from "~/areas/messaging/view";
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { recordTexts } from "~/lib/texts/record";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { answeredWith, oursAsSent, roomReply } from "../helpers/room-replies";
import { stepPoster } from "../helpers/steps";

/**
 * Every screen loader and step of Medications and Messaging, driven with replies from the room the spec
 * leaves them (issue 68, decisions/396): each record of our reply in any combination of its row's shapes,
 * the whole in any of its reply shapes. None throws or fails; every record is kept, and each field the
 * screen shows is the practice's value or "Not recorded" (a neutral "The practice" for a message's
 * other side), an unknown code as sent, a date DD-MM-YYYY.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const NR = recordTexts.notRecorded;
const RUNS = 20;
const DAY = /^\d{2}-\d{2}-\d{4}$/;

// The generated replies are loose JSON: read them as such.
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a generated reply, read by its shape
/** The records of a bundle reply as the practice sent them (none when the reply is not a bundle). */
const recordsOf = (reply: unknown): Json[] => (reply instanceof RawReply || !Array.isArray(reply) ? [] : ((reply[0]?.entry as Json[] | null | undefined) ?? []).map((e) => e.resource as Json));
/** A practice's text as the screen shows it: trimmed, or "Not recorded". */
const shown = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : NR);
/** A practice's date as the screen shows it: a day when one was sent, "Not recorded" when not. */
const expectDate = (value: string, sent: unknown) => (typeof sent === "string" && sent.trim() !== "" ? expect(value).toMatch(DAY) : expect(value).toBe(NR));

let world: TestWorld;
let portal: Awaited<ReturnType<typeof signedInToPortal>>;
let oursMedications: unknown;
let oursPharmacies: unknown;
let oursInbox: unknown;
let oursSent: unknown;
let oursRecipients: unknown;
/** MessageByID of an inbox message with attachments, as our mock sends it. */
let oursMessage: unknown;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 68 });
  portal = await signedInToPortal(sessions, world, "solo");
  const { practice: s } = portal;
  const PatientID = s.id;
  oursMedications = await oursAsSent(world, s.token, endpoints.medications, { PatientID, PageSize: "50", PageNumber: "1", TypeID: "1" });
  oursPharmacies = await oursAsSent(world, s.token, endpoints.pharmacies, { PatientID, PageSize: "1965", PageNumber: "1" });
  oursInbox = await oursAsSent(world, s.token, endpoints.messages, { PatientID, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: "25", PageNumber: "1", ReadFilter: "0" });
  oursSent = await oursAsSent(world, s.token, endpoints.messages, { PatientID, Type: "1", MessagingType: MESSAGE_BOXES.sent, PageSize: "25", PageNumber: "1" });
  oursRecipients = await oursAsSent(world, s.token, endpoints.messagingRecipients, { PatientID, RoleID: "2", CallType: "0" });
  for (const m of recordsOf(oursInbox)) {
    const one = await oursAsSent(world, s.token, endpoints.messageById, { PatientID, MessageID: m.id });
    if ((recordsOf(one)[0]?.payload ?? []).length > 0) {
      oursMessage = one;
      break;
    }
  }
  // What the generated replies are made from: a record in each list, and a message with its attachments.
  for (const ours of [oursMedications, oursPharmacies, oursInbox, oursSent, oursRecipients, oursMessage]) expect(recordsOf(ours).length).toBeGreaterThan(0);
});

const context = () => ({ api: portal.practice.api, user: { ...portal.user } });
const at = (path: string) => new URL(`http://portal.test${path}`);

/* ---------- Medications ---------- */

/** A row read from `raw`: each shown field the practice's value, or Not recorded. */
function expectMedicationRow(row: MedicationRow, raw: Json) {
  const coding = raw.medicationCodeableConcept?.coding?.[0];
  // The practice's extensions read by the contract's own layout (positions 0 to 6 of 2§3), a short list's missing ones undefined.
  const e = MedicationSlots.read(raw.extension);
  expect(row.name).toBe(shown(coding?.display));
  expect(row.code).toBe(typeof coding?.code === "string" && coding.code.trim() !== "" ? coding.code.trim() : null);
  expect(row.dose).toBe(shown([e.dose, e.unit].map((s) => s?.trim() ?? "").filter(Boolean).join(" ")));
  expect(row.instructions).toBe(shown(((raw.dosageInstruction ?? []) as Json[]).map((d) => (typeof d.text === "string" ? d.text.trim() : "")).filter(Boolean).join("; ")));
  const quantity = raw.dispenseRequest?.quantity?.value;
  expect(row.quantity).toBe(quantity === undefined || quantity === null ? NR : String(quantity));
  expect(row.prescriber).toBe(shown(e.prescribedBy));
  expectDate(row.prescribed, raw.authoredOn);
  expectDate(row.ends, e.endDate);
  expect(row.longTerm).toBe(e.longTerm ?? null);
}

describe("the medications page with every shape of Patient/Medication", () => {
  it("History (each list) and Long Term keep every medicine, each shown field a value or Not recorded", async () => {
    const tabs = fc.constantFrom("?tab=history", "?tab=history&list=recent", "?tab=history&list=repeated", "");
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.medications, oursMedications), tabs, async ({ reply }, search) => {
        await world.fault(answeredWith(endpoints.medications, reply));
        const view = await medicationsPage(context(), at(`/medications${search}`));
        const records = recordsOf(reply);
        const byId = new Map(records.map((r) => [r.id as string, r]));
        const history = search !== "";
        const flag = (r: Json) => MedicationSlots.read(r.extension).longTerm;
        const kept = history ? records : records.filter((r) => flag(r) === true);
        expect(view.rows.map((r) => r.id)).toEqual(kept.map((r) => r.id));
        for (const row of view.rows) expectMedicationRow(row, byId.get(row.id)!);
        // Long Term says how many it leaves to History for want of the flag: none vanishes unsaid.
        const unflagged = records.filter((r) => flag(r) === undefined).length;
        expect(view.unflagged).toBe(history ? 0 : unflagged);
        expect(view.total).toBeGreaterThanOrEqual(history ? view.rows.length : 0);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("the repeat request's steps with every shape of their calls", () => {
  let post: ReturnType<typeof stepPoster>["reply"];
  let keys = 0;
  beforeAll(() => {
    const deps: RepeatDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 5_000 };
    post = stepPoster("http://portal.test/medications/repeat", (r) => answerRepeatSteps(r, deps), { Cookie: portal.cookie }).reply;
  });

  it("lists every pharmacy, its name or Not recorded, favourite only where the practice says so", async () => {
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.pharmacies, oursPharmacies), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.pharmacies, reply));
        const list = await post<PharmacyOption[]>("pharmacies");
        const records = recordsOf(reply);
        expect(list).toEqual(records.map((r) => ({ id: r.id, name: shown(r.name), favourite: PharmacySlots.read(r.extension).favourite === true })));
      }),
      { numRuns: RUNS },
    );
  });

  it("sends a request to a pharmacy whatever shapes the medicines and pharmacies come in, and shows the practice's message as it wrote it", async () => {
    const medicine = recordsOf(oursMedications)[0].id as string;
    const pharmacy = recordsOf(oursPharmacies)[0].id as string;
    // Our practice's answer to a request, as the room's reply shapes start from.
    const first = await post<RepeatReply>("send", { key: `room-repeat-${++keys}-${Date.now()}`, medicationIds: medicine, delivery: "pickup" });
    expect(first.outcome).toBe("sent");
    const ours = { StatusCode: "1", ResponseMessage: (first as { message: string }).message };
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.medications, oursMedications), roomReply(ROOM.pharmacies, oursPharmacies), roomReply(ROOM.repeatRequest, ours), async (medicines, pharmacies, answer) => {
        await world.fault(answeredWith(endpoints.medications, medicines.reply));
        await world.fault(answeredWith(endpoints.pharmacies, pharmacies.reply));
        await world.fault(answeredWith(endpoints.repeatRequest, answer.reply));
        const reply = await post<RepeatReply>("send", { key: `room-repeat-${++keys}-${Date.now()}`, medicationIds: medicine, delivery: "pharmacy", pharmacyId: pharmacy });
        // Markup and macrons reach the dialog as the practice wrote them: React shows them as text.
        expect(reply).toEqual({ outcome: "sent", message: (answer.reply as Json).ResponseMessage });
        const sent = (await world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" })).at(-1)!;
        const named = recordsOf(pharmacies.reply).find((p) => p.id === pharmacy)!.name;
        // The pharmacy's name is the practice's own, or none when it sent none.
        expect(sent.body).toMatchObject({ PharmacyID: pharmacy, PharmacyName: typeof named === "string" ? named.trim() : "" });
        await world.clearFaults();
      }),
      { numRuns: 12 },
    );
  });
});

/* ---------- Messaging ---------- */

/** A row read from `raw`: subject, date and the other side's name, or Not recorded (The practice for a name), read only at '2'. */
function expectMessageRow(row: MessageRow, raw: Json, box: "inbox" | "sent") {
  const e = MessageSlots.read(raw.extension);
  expect(row.subject).toBe(shown(raw.note?.[0]?.text));
  expectDate(row.date, raw.sent);
  const other = box === "inbox" ? raw.sender : raw.recipient?.[0];
  const name = [box === "inbox" ? e.inboxSender : undefined, other?.display].map((s) => (typeof s === "string" ? s.trim() : "")).find(Boolean);
  expect(row.name).toBe(name ?? "The practice");
  expect(row.read).toBe(box === "sent" || e.readStatus?.trim() === "2");
}

describe("the messaging page and its steps with every shape of their calls", () => {
  let step: ReturnType<typeof stepPoster>;
  beforeAll(() => {
    const deps: MessagingDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 5_000 };
    step = stepPoster("http://portal.test/emails/step", (r) => answerMessagingSteps(r, deps), { Cookie: portal.cookie });
  });

  it("the page's Inbox and Sent, and a further page, keep every message, each row's fields a value or Not recorded", async () => {
    const boxes = fc.constantFrom(["inbox", oursInbox] as const, ["sent", oursSent] as const);
    await fc.assert(
      fc.asyncProperty(
        boxes.chain(([box, ours]) => roomReply(ROOM.messages, ours).map((generated) => ({ box, ...generated }))),
        fc.boolean(),
        async ({ box, reply }, further) => {
          await world.fault(answeredWith(endpoints.messages, reply));
          const rows = further ? (await step.reply<{ rows: MessageRow[] }>("page", { box, filter: "all", page: 2 })).rows : (await messagingPage(context(), at(`/emails?box=${box}`))).rows;
          const records = recordsOf(reply);
          expect(rows.map((r) => r.id)).toEqual(records.map((r) => r.id));
          rows.forEach((row, i) => expectMessageRow(row, records[i], box));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("opens a message in any shape: subject and body as sent, a date, every attachment listed, a type not previewed as such", async () => {
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.messageById, oursMessage), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.messageById, reply));
        const raw = recordsOf(reply)[0];
        const view = await step.reply<MessageView>("open", { id: raw.id });
        expect(view.id).toBe(raw.id);
        expect(view.subject).toBe(typeof raw.note?.[0]?.text === "string" ? raw.note[0].text.trim() : "");
        const body = MessageSlots.read(raw.extension).body;
        // A body that looks like HTML is shown sanitised (as before); any other as the practice wrote it.
        if (typeof body === "string" && !/<[a-z]/i.test(body)) expect(view.body).toBe(body);
        if (typeof body !== "string") expect([view.body, view.bodyHtml]).toEqual(["", null]);
        if (typeof raw.sent === "string" && raw.sent.trim() !== "") expect(view.longDate).toMatch(/^\w+day \d{1,2} \w+ \d{4}/);
        else expect(view.longDate).toBe(NR);
        const payload: Json[] = raw.payload ?? [];
        expect(view.attachments.map((a) => [a.n, a.kind])).toEqual(
          payload.map((p, n) => {
            const type = typeof p.contentAttachment.contentType === "string" ? p.contentAttachment.contentType.toLowerCase() : "";
            return [n, !(ATTACHMENT_TYPES as readonly string[]).includes(type) ? "other" : type === "application/pdf" ? "pdf" : "image"];
          }),
        );
        for (const a of view.attachments) expect(a.title).not.toBe("");
      }),
      { numRuns: RUNS },
    );
  });

  it("lists every practitioner of a role, its name or Not recorded", async () => {
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.messagingRecipients, oursRecipients), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.messagingRecipients, reply));
        const list = await step.reply<Array<{ id: string; name: string }>>("recipients", { roleId: "2" });
        expect(list).toEqual(recordsOf(reply).map((r) => ({ id: RecipientSlots.read(r.extension).id, name: shown(r.name?.[0]?.text) })));
      }),
      { numRuns: RUNS },
    );
  });

  it("answers a message in any shape, or says it cannot when the practice leaves out whom it is from", async () => {
    let key = 0;
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.messageById, oursMessage), async ({ reply }) => {
        await world.fault(answeredWith(endpoints.messageById, reply));
        const raw = recordsOf(reply)[0];
        const outcome = await step.reply<{ outcome: string; message: string }>("send", { key: `room-reply-${++key}-${Date.now()}`, mode: "reply", intent: "draft", replyTo: raw.id, body: "Kia ora" });
        const box = MessageSlots.read(raw.extension).box?.trim() || "Inbox";
        const from = raw.sender?.reference;
        const answerable = box === "Inbox" && typeof from === "string" && COUNTERPART_REFERENCE.test(from.trim());
        expect(outcome).toEqual(answerable ? { outcome: "saved", message: messagingTexts.savedToDraft } : { outcome: "refused", message: messagingTexts.notInInbox });
      }),
      { numRuns: 12 },
    );
  });
});
