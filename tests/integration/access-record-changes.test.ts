import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { openEmbeddedTestStore } from "../helpers/test-stores";
import { sessions, type SignedInData } from "~/.server/session.server";
import { answerPaySteps, type PayDeps } from "~/areas/accounts/steps.server";
import { PaymentAttempts } from "~/areas/accounts/payment-attempts.server";
import { getInvoices } from "~/.server/practice/accounts.server";
import { appointmentsPage } from "~/areas/appointments/page.server";
import { answerBookingSteps } from "~/areas/appointments/steps.server";
import { medicationsPage } from "~/areas/medications/page.server";
import { answerRepeatSteps } from "~/areas/medications/steps.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { getLookups } from "~/areas/profile/practice.server";
import { feeCents, feeRateBasisPoints, toCents } from "~/lib/money";
import type { SlotView } from "~/areas/appointments/booking";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { stepPoster } from "../helpers/steps";

/**
 * Every change made through the portal is one entry of the access record (issue 31, decisions/274):
 * a payment recorded, an appointment booked, an appointment cancelled, a repeat prescription requested
 * and a profile change, each through the portal's own action or step against the mock over HTTP. After
 * the change the record holds exactly one new entry, of the right area, action and item; a change the
 * portal or the practice refused adds none; and no row holds anything of the health data itself (the
 * reasons and notes the patient typed, the medicines' names, the contact's name). Each wait is for the
 * request's session and the store's writes, never a delay. It makes its store the process's, as the
 * server does, and hands it back when it ends (vitest.config.ts).
 */

const mock = useMockServer();
let store: PortalStore;
let world: TestWorld;

beforeAll(async () => {
  store = await openEmbeddedTestStore();
  sharePortalStore(store);
  world = await mock.createWorld({ scenario: "default", seed: 31 });
}, 120_000);
afterAll(async () => {
  unsharePortalStore(store);
  await store?.close();
});

const UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** Every column of every entry on this patient's record, as the store holds them. */
async function rowsOf(user: SignedInData): Promise<Record<string, unknown>[]> {
  const result = (await store.run("ping", (db) => db.execute(sql`select * from access_entries where patient_id = ${user.userId} order by id`))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/**
 * What one request added to the record: waits for its session (recordAccessOf waits on it) and the
 * store's writes, then answers the entries added since `before`.
 */
async function added(user: SignedInData, before: number, request: Request) {
  await sessions.openSession(request).catch(() => undefined);
  await store.settled();
  return (await rowsOf(user)).slice(before);
}

async function patient(label = "solo") {
  const signedIn = await signedInToPortal(sessions, world, label);
  const headers = { Cookie: signedIn.cookie, "User-Agent": UA };
  const count = async () => (await rowsOf(signedIn.user)).length;
  return { ...signedIn, headers, count };
}

const only = (rows: Record<string, unknown>[]) => rows.map((r) => ({ area: r.area, action: r.action, item_id: r.item_id, device: r.device }));

/**
 * No column of the rows holds any of these words (what the patient typed, what the record says). The
 * keys are hashes (base64url, where a short run of digits can turn up by chance): they are checked to
 * be hashes, and the words are looked for in every other column.
 */
function expectNothingOf(rows: Record<string, unknown>[], words: string[]) {
  for (const row of rows) for (const key of ["practice_key", "holder_key", "session_id"]) expect(row[key]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
  const text = JSON.stringify(rows.map(({ practice_key, holder_key, session_id, ...rest }) => (void [practice_key, holder_key, session_id], rest))).toLowerCase();
  for (const word of words) expect(text, `the record holds "${word}"`).not.toContain(word.toLowerCase());
}

describe("changes made through the portal, in the access record", () => {
  it("a payment the practice recorded is one change in Accounts; a payment refused before it started is none", async () => {
    const p = await patient();
    const deps: PayDeps = { requireSession: sessions.openSession, attempts: new PaymentAttempts(), provider: () => ({ kind: "test" }), paymentIntentUrl: undefined, now: Date.now };
    const steps = stepPoster("http://portal.test/accounts/pay", (r) => answerPaySteps(r, deps), p.headers);
    const send = async (name: string, input: unknown) => {
      const request = steps.request(name, input);
      const envelope = (await (await answerPaySteps(request, deps)).json()) as { ok: boolean; reply?: unknown };
      return { request, envelope };
    };
    const invoice = (await getInvoices(p.practice.api, p.practice.id, "pending")).resources[0]!;
    const amount = toCents(invoice.extension.balance)!;
    const saveTemp = (key: string, fee: number) => send("save-temp", { key, cardType: "Visa - 2.5%", amountCents: amount, feeCents: fee, allocations: [{ id: invoice.id, payNowCents: amount }] });

    const before = await p.count();
    const refused = await saveTemp(`key-access-refused-${Date.now()}`, 0);
    expect(refused.envelope).toMatchObject({ ok: false });
    expect(await added(p.user, before, refused.request)).toEqual([]);

    const key = `key-access-paid-${Date.now()}`;
    expect((await saveTemp(key, feeCents(amount, feeRateBasisPoints("Visa - 2.5%")!))).envelope).toMatchObject({ ok: true, reply: { outcome: "saved" } });
    const intent = await send("intent", { key });
    expect((await send("confirm", { clientSecret: String(intent.envelope.reply), cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" })).envelope).toMatchObject({ ok: true });
    const recorded = await send("record", { key });
    expect(recorded.envelope).toEqual({ ok: true, reply: true });
    const rows = await added(p.user, before, recorded.request);
    expect(only(rows)).toEqual([{ area: "accounts", action: "change", item_id: null, device: "Safari on iPhone" }]);
    expect(rows[0]).toMatchObject({ patient_id: p.user.userId, proxy_name: null });
    // Nothing of the card (the invoice and the amount are not in any column: only closed sets, ids and the time).
    expectNothingOf(rows, ["4242 4242", "Visa"]);
  });

  it("an appointment booked is one change in Appointments, holding nothing of the reason typed; a slot refused is none", async () => {
    const p = await patient();
    const deps = { requireSession: sessions.openSession };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, deps), p.headers);
    const providers = await steps.reply<Array<{ id: string }>>("providers", { for: "", typeId: "1", locationIds: "1,2", roleId: "" });
    const today = new Date().toISOString().slice(0, 10);
    const day = await steps.reply<{ date: string; slots: SlotView[] }>("nextDay", { for: "", typeId: "1", locationIds: "1,2", providerId: providers[0].id, start: today });
    const reason = "Sore left knee since the netball game on Tuesday";
    const fields = (slotId: string) => ({ for: "", typeId: "1", locationIds: "1,2", providerId: providers[0].id, date: day.date, slotId, slotStart: day.slots[0].start, reason, reasonForContactId: "", screening: "none" });

    const before = await p.count();
    const refused = steps.request("book", fields("no-such-slot"));
    expect(await (await answerBookingSteps(refused, deps)).json()).toMatchObject({ ok: true, reply: { outcome: expect.not.stringMatching(/^booked$/) } });
    expect(await added(p.user, before, refused)).toEqual([]);

    const booked = steps.request("book", fields(day.slots[0].id));
    expect(await (await answerBookingSteps(booked, deps)).json()).toMatchObject({ ok: true, reply: { outcome: "booked" } });
    const rows = await added(p.user, before, booked);
    expect(only(rows)).toEqual([{ area: "appointments", action: "change", item_id: null, device: "Safari on iPhone" }]);
    expectNothingOf(rows, [reason, "knee", "netball"]);
  });

  it("an appointment cancelled is one change in Appointments, holding nothing of the reason typed; a cancel refused is none", async () => {
    const p = await patient();
    const deps = { requireSession: sessions.openSession };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, deps), p.headers);
    const upcoming = (await appointmentsPage({ api: p.practice.api, user: { ...p.user } }, new URL("http://portal.test/appointments?id=2"))).upcoming!;
    const target = upcoming.find((r) => r.cancellable)!;
    expect(target, "the solo patient has a cancellable appointment").toBeTruthy();
    const post = (input: { appointmentId: string; reason: string }) => steps.request("cancel", input);
    const reason = "Feeling much better after the antibiotics";
    const act = async (request: Request) => (await answerBookingSteps(request, deps)).json();

    const before = await p.count();
    for (const refused of [post({ appointmentId: target.id, reason: " " }), post({ appointmentId: "a-someone-else", reason })]) {
      expect(await act(refused)).toMatchObject({ ok: false });
      expect(await added(p.user, before, refused)).toEqual([]);
    }
    const cancelled = post({ appointmentId: target.id, reason });
    expect(await act(cancelled)).toMatchObject({ ok: true });
    const rows = await added(p.user, before, cancelled);
    expect(only(rows)).toEqual([{ area: "appointments", action: "change", item_id: null, device: "Safari on iPhone" }]);
    expectNothingOf(rows, [reason, "antibiotics"]);
  });

  it("a repeat prescription requested is one change in Medications, holding no medicine's name and nothing of the notes; a request refused is none", async () => {
    const p = await patient();
    const deps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 5_000 };
    const steps = stepPoster("http://portal.test/medications/repeat", (r) => answerRepeatSteps(r, deps), p.headers);
    const medicines = (await medicationsPage({ api: p.practice.api, user: { ...p.user } as never }, new URL("http://portal.test/medications"))).rows;
    const first = medicines[0];
    const notes = "Running low before the school holidays, thank you";

    const before = await p.count();
    const refused = steps.request("send", { key: `repeat-refused-${Date.now()}`, delivery: "pickup", notes });
    expect(await (await answerRepeatSteps(refused, deps)).json()).toMatchObject({ ok: true, reply: { outcome: "refused" } });
    expect(await added(p.user, before, refused)).toEqual([]);

    const sent = steps.request("send", { key: `repeat-sent-${Date.now()}`, medicationIds: first.id, delivery: "pickup", notes });
    expect(await (await answerRepeatSteps(sent, deps)).json()).toMatchObject({ ok: true, reply: { outcome: "sent" } });
    const rows = await added(p.user, before, sent);
    expect(only(rows)).toEqual([{ area: "medications", action: "change", item_id: null, device: "Safari on iPhone" }]);
    // No medicine of the record by name, and nothing the patient wrote.
    expectNothingOf(rows, [...medicines.map((m) => m.name), notes, "holidays"]);
  });

  it("a profile change (an emergency contact added) is one change in Profile, holding nothing of the contact; a change refused is none", async () => {
    const { answerProfileSteps } = await import("~/areas/profile/steps.server");
    const p = await patient();
    const lookups = await getLookups(p.practice.api, p.practice.id);
    const contact = (overrides: Record<string, string>) =>
      stepPoster("http://portal.test/profile/step", answerProfileSteps, p.headers).request("add-contact", {
      title: lookups.titles[0]!.id,
      firstName: "Hinewai",
      familyName: "Tuhoe-Parata",
      preferredName: "",
      relationship: lookups.relationships[0]!.id,
      homePhone: "09 555 1234",
      workPhone: "04 555 9876",
      email: "",
      street: "",
      suburb: "",
      city: "",
      ...overrides,
      });
    const act = async (request: Request) => (await answerProfileSteps(request)).json();

    const before = await p.count();
    const refused = contact({ firstName: "", homePhone: "not a phone" });
    expect(await act(refused)).toMatchObject({ ok: false });
    expect(await added(p.user, before, refused)).toEqual([]);

    const saved = contact({});
    expect(await act(saved)).toMatchObject({ ok: true, reply: { message: expect.any(String) } });
    const rows = await added(p.user, before, saved);
    expect(only(rows)).toEqual([{ area: "profile", action: "change", item_id: null, device: "Safari on iPhone" }]);
    expectNothingOf(rows, ["Hinewai", "Tuhoe", "555"]);
  });
});
