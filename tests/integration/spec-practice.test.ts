import { describe, expect, it } from "vitest";
import * as accounts from "~/.server/practice/accounts.server";
import { actOnProfile } from "~/areas/profile/page.server";
import { profileTexts } from "~/areas/profile/texts";
import { readProfile } from "~/areas/profile/view";
import { answerMessagingSteps, type MessagingDeps } from "~/areas/messaging/steps.server";
import { loadConfig } from "~/.server/config.server";
import { logout, validateToken } from "~/.server/practice/auth.server";
import { getPatient } from "~/.server/practice/patient.server";
import { createSessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { toCents } from "~/lib/money";
import { messagingTexts } from "~/areas/messaging/texts";
import { endpoints } from "@contract/endpoints";
import { NotificationSlots } from "@contract/profile";
import { parseMockArgs } from "../../mock-server/cli-args";
import { useMockServer, type HttpSession, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { stepPoster } from "../helpers/steps";

/**
 * A practice as 1§7 and 2§7 describe it, and no more (issue 52, decisions/372): a world created with
 * `practice: "spec"` lacks the portal's own calls, reads no parameter the spec lacks, and words its
 * replies in the spec's other shapes (one per world, by its seed). Then the portal's own client and
 * actions against it, proving the portal reads each shape.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const attempt = { address: "192.0.2.72", throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 5, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1_000 }) };

const post = (s: HttpSession, path: string, init: { query?: Record<string, string>; body?: unknown; token?: "header" | "query" | "both" } = {}) => {
  const url = new URL(path, s.base);
  for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
  const where = init.token ?? "header";
  if (where !== "header") url.searchParams.set("Token", s.token);
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(where !== "query" ? { Token: s.token } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
};
const raw = async (res: Response) => ({ status: res.status, body: (await res.text()) || null });
const json = (res: Response) => res.json() as Promise<unknown>;

/** The first pending invoice, restated as SaveTempPayment wants it (1§3's client row), paying `cents` of it. */
async function invoiceLine(s: HttpSession, cents: number) {
  const res = await fetch(`${s.base}${endpoints.paymentNotice.path}?PatientID=${s.id}&TransactionTypeID=1&PageSize=100&PageNumber=1`, { headers: { Token: s.token } });
  const [invoice] = endpoints.paymentNotice.reply.parse(await res.json()).resources;
  const { amount, balance, notes } = invoice.extension;
  return { id: invoice.id, balanceCents: toCents(balance)!, line: [{ InvoiceID: invoice.id, isChecked: true, Amount: amount, Balance: balance, Notes: notes, PayNow: cents / 100 }] };
}
const tempQuery = (s: HttpSession, cents: number, key?: string) => ({ PatientID: s.id, CardType: "", cardCharges: "0", amount: (cents / 100).toFixed(2), notes: "", ...(key ? { IdempotencyKey: key } : {}) });

describe("the admin API's practice option", () => {
  it("creates a spec world, lists and shows it as such, and keeps it across a reset; the default is ours", async () => {
    const spec = await mock.createWorld({ practice: "spec" });
    const ours = await mock.createWorld({});
    expect([spec.practice, ours.practice]).toEqual(["spec", "mock"]);
    const listed = (await (await mock.admin("/worlds")).json()) as { worlds: Array<{ id: string; practice: string }> };
    expect(listed.worlds.find((w) => w.id === spec.id)?.practice).toBe("spec");
    expect((await spec.reset()).practice).toBe("spec");
  });

  it("the spec-practice scenario makes spec worlds unless told otherwise", async () => {
    expect((await mock.createWorld({ scenario: "spec-practice" })).practice).toBe("spec");
    expect((await mock.createWorld({ scenario: "spec-practice", practice: "mock" })).practice).toBe("mock");
  });

  it("refuses a practice it does not know, saying which it knows", async () => {
    const res = await mock.admin("/worlds", { body: { practice: "real" } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: Array<{ path: string; message: string }> };
    expect(body.issues).toEqual([expect.objectContaining({ path: "practice", message: expect.stringContaining('"spec"') })]);
  });
});

describe("a spec world over HTTP", () => {
  it("reads no IdempotencyKey: the same key twice is two temporary payments and two intents; none at all is no refusal", async () => {
    const s = await (await mock.createWorld({ practice: "spec", seed: 3 })).signInHttp("solo");
    const { line } = await invoiceLine(s, 100);
    const temp = () => post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100, "same-key-0001"), body: line });
    const [one, two] = [await json(await temp()), await json(await temp())];
    expect(one).toMatch(/^\d+$/); // "a number" as 1§7 quotes it: text
    expect(two).toMatch(/^\d+$/);
    expect(two).not.toBe(one);
    const intent = () => post(s, endpoints.createPaymentIntent.path, { body: { amount: 100, currency: "nzd", paymentMethodType: "card", IdempotencyKey: "same-key-0001" } });
    const [first, second] = [await json(await intent()), await json(await intent())];
    expect(second).not.toEqual(first);
    expect((await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100), body: line })).status).toBe(200);
  });

  it("ours still answers the same key with the same payment, and refuses a SaveTempPayment without one", async () => {
    const s = await (await mock.createWorld({})).signInHttp("solo");
    const { line } = await invoiceLine(s, 100);
    const temp = () => post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100, "same-key-0002"), body: line });
    const one = await json(await temp());
    expect(typeof one).toBe("number");
    expect(await json(await temp())).toBe(one);
    expect((await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100), body: line })).status).toBe(400);
  });

  it("a line's money is a number: null, text or true is refused, in either practice, not read as 0 or 1 (found by the property test)", async () => {
    for (const practice of ["mock", "spec"] as const) {
      const s = await (await mock.createWorld({ practice })).signInHttp("solo");
      const { line } = await invoiceLine(s, 100);
      for (const PayNow of [null, "1", true]) {
        const res = await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100, `money-key-${practice}`), body: [{ ...line[0], PayNow }] });
        expect(res.status, `${practice} PayNow ${JSON.stringify(PayNow)}`).toBe(400);
      }
      expect((await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100, `money-key-${practice}`), body: line })).status).toBe(200);
    }
  });

  it("SavePayment records the temporary payment it is named once, with no intent charged (the spec links them by nothing)", async () => {
    // Seed 1 words SavePayment as a status object (contract/room/accounts.ts).
    const world = await mock.createWorld({ practice: "spec", seed: 1 });
    const s = await world.signInHttp("solo");
    const { id, balanceCents, line } = await invoiceLine(s, 150);
    const temp = String(await json(await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 150), body: line })));
    const save = () => post(s, endpoints.savePayment.path, { query: { PatientID: s.id, electronicPaymentID: temp } });
    expect(await raw(await save())).toEqual({ status: 200, body: '{"StatusCode":"1"}' });
    expect(await raw(await save())).toEqual({ status: 200, body: '{"StatusCode":"1"}' });
    const after = await invoiceLine(s, 1);
    expect([after.id, after.balanceCents]).toEqual([id, balanceCents - 150]);
    expect(await raw(await post(s, endpoints.savePayment.path, { query: { PatientID: s.id, electronicPaymentID: "999999" } }))).toEqual({ status: 200, body: '{"StatusCode":"0"}' });
    expect(await world.charges()).toEqual([]);
  });

  it("draws its replies' shapes by roomSeed apart from its data's seed: the room of seed 3 with seed 1's data", async () => {
    type Summary = { seed: number; roomSeed: number; room: Record<string, unknown> };
    const summary = async (world: TestWorld) => (await (await mock.admin(`/worlds/${world.id}`)).json()) as Summary;
    const appointments = async (world: TestWorld) => {
      const s = await world.signInHttp("solo");
      const res = await fetch(`${s.base}${endpoints.appointments.path}?PatientID=${s.id}&AppointmentType=0&PageSize=50&PageNumber=1`, { headers: { Token: s.token } });
      return (await res.text()).replaceAll(world.id, "<world>").replaceAll(s.id, "<patient>");
    };
    const [apart, again, room3, data1] = await Promise.all([
      mock.createWorld({ practice: "spec", seed: 1, roomSeed: 3 }),
      mock.createWorld({ practice: "spec", seed: 1, roomSeed: 3 }),
      mock.createWorld({ practice: "spec", seed: 3 }),
      mock.createWorld({ practice: "spec", seed: 1 }),
    ]);
    const [a, r3, d1] = await Promise.all([summary(apart), summary(room3), summary(data1)]);
    expect([a.seed, a.roomSeed, r3.roomSeed, d1.roomSeed]).toEqual([1, 3, 3, 1]);
    expect(a.room).toEqual(r3.room);
    expect(a.room).not.toEqual(d1.room);
    const [aReply, againReply, r3Reply] = await Promise.all([appointments(apart), appointments(again), appointments(room3)]);
    expect(aReply).toBe(againReply);
    expect(aReply).not.toBe(r3Reply);
  });

  it("words each reply the spec reads as truthy, not used, a number or a notice in the shape its seed draws from the room", async () => {
    // What each shape of the room's rows (contract/room) puts on the wire, by its name: the world's
    // summary names the shape its seed drew, and the reply is that shape's words.
    const bodies = {
      validate: { "as sent": "true", "1": "1", "the text true": '"true"' },
      flags: { "as sent": expect.stringMatching(/^\{"StatusCode":"1"/), true: "true", "the Patient written": expect.stringMatching(/^\{"resourceType":"Patient","id":"[\w-]+"\}$/) },
      temp: { "as sent": expect.stringMatching(/^\d+$/), "the id as text": expect.stringMatching(/^"\d+"$/) },
      saved: { "as sent": "true", "a status object": '{"StatusCode":"1"}', "1 or 0": "1", "the text true or false": '"true"' },
      sent: {
        "as sent": expect.stringMatching(/^\{"id":"[\w-]+","status":"Sent"\}$/),
        true: "true",
        "an empty object": "{}",
        "the message without its id": '{"resourceType":"Communication","status":"Sent"}',
        "204 with no body": "",
        "the text OK": "OK",
        "an empty 200": "",
        "an HTML page": expect.stringContaining("<!doctype html>"),
      },
      logout: { "as sent": '{"StatusCode":"1","ResponseMessage":"Logged out"}', "StatusCode alone, as a number": '{"StatusCode":1}' },
    } as const;
    const calls = { validate: "GET ValidateToken", flags: "POST Patient", temp: "POST patient/SaveTempPayment", saved: "POST patient/SavePayment", sent: "POST Patient/Message", logout: "POST Patient/Logout" } as const;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const world = await mock.createWorld({ practice: "spec", seed });
      const drawn = ((await (await mock.admin(`/worlds/${world.id}`)).json()) as { room: Record<string, { reply: string }> }).room;
      const s = await world.signInHttp("solo");
      const text = async (res: Response) => ({ status: res.status, body: await res.text() });
      const validate = await text(await fetch(`${s.base}${endpoints.validateToken.path}`, { headers: { Token: s.token } }));
      const flags = await text(await post(s, "Patient", { token: "query", body: { resourceType: "Patient", id: s.id, extension: NotificationSlots.write({ enableEmail: true, enableNotification: false }) } }));
      const { line } = await invoiceLine(s, 100);
      const temp = await text(await post(s, endpoints.saveTempPayment.path, { query: tempQuery(s, 100), body: line }));
      const saved = await text(await post(s, endpoints.savePayment.path, { query: { PatientID: s.id, electronicPaymentID: String(JSON.parse(temp.body)) } }));
      const recipients = await fetch(`${s.base}${endpoints.messagingRecipients.path}?PatientID=${s.id}&RoleID=0&CallType=0`, { headers: { Token: s.token } });
      const to = endpoints.messagingRecipients.reply.parse(await recipients.json()).resources[0].extension.id;
      const message = {
        resourceType: "Communication",
        status: "completed",
        sender: { reference: `Patient/${s.id}` },
        recipient: [{ reference: `Practitioner/${to}` }],
        note: [{ text: `Seed ${seed}` }],
        extension: [
          { url: "MessageBody", valueString: "Hello" },
          { url: "MessageType", valueString: "Send Mail" },
        ],
        payload: [],
      };
      const sent = await text(await post(s, endpoints.sendMessage.path, { query: { RoleID: "0", CallType: "3" }, body: message }));
      const logout = await text(await post(s, endpoints.logout.path, { token: "query" }));
      const got = { validate, flags, temp, saved, sent, logout };
      for (const [key, call] of Object.entries(calls) as Array<[keyof typeof calls, string]>) {
        const name = drawn[call].reply as keyof (typeof bodies)[typeof key];
        expect({ seed, call, name, body: got[key].body }).toEqual({ seed, call, name, body: bodies[key][name] });
        expect(got[key].status, `${call} at seed ${seed}`).toBe((name as string) === "204 with no body" ? 204 : 200);
      }
    }
  });

  it("the profile saves answer a numeric StatusCode, and the message delete a notice that names no count", async () => {
    // Seed 7 draws the numeric StatusCode for the profile saves and the count-less notice for the delete (contract/room).
    const world = await mock.createWorld({ practice: "spec", seed: 7 });
    const s = await world.signInHttp("solo");
    const patient = endpoints.patient.reply.parse(await (await fetch(`${s.base}Patient?PatientID=${s.id}`, { headers: { Token: s.token } })).json()).resources[0];
    const contact = patient.contact[0];
    const removed = await fetch(`${s.base}${endpoints.deleteEmergencyContact.path}?PatientID=${s.id}&EmergencyContactID=${contact.id}`, { method: "DELETE", headers: { Token: s.token } });
    expect(await raw(removed)).toEqual({ status: 200, body: '{"StatusCode":1,"StatusMessage":"Emergency contact removed."}' });
    const again = await fetch(`${s.base}${endpoints.deleteEmergencyContact.path}?PatientID=${s.id}&EmergencyContactID=${contact.id}`, { method: "DELETE", headers: { Token: s.token } });
    expect(await raw(again)).toEqual({ status: 200, body: '{"StatusCode":3,"StatusMessage":"That emergency contact was not found."}' });
    const inbox = await fetch(`${s.base}${endpoints.messages.path}?PatientID=${s.id}&Type=1&MessagingType=1&PageSize=1&PageNumber=1`, { headers: { Token: s.token } });
    const [first] = endpoints.messages.reply.parse(await inbox.json()).resources;
    const deleted = await fetch(`${s.base}${endpoints.deleteMessage.path}?PatientID=${s.id}&MessageID=${first.id}`, { method: "DELETE", headers: { Token: s.token } });
    expect(await raw(deleted)).toEqual({ status: 200, body: '"Deleted successfully"' });
  });

  it("reads the token only where 1§7 puts it: the notification flags and Logout by the query (the header alone is 401), the rest by the header", async () => {
    const s = await (await mock.createWorld({ practice: "spec" })).signInHttp("solo");
    const body = { resourceType: "Patient", id: s.id, extension: NotificationSlots.write({ enableEmail: true, enableNotification: true }) };
    expect((await post(s, "Patient", { token: "header", body })).status).toBe(401);
    expect((await post(s, "Patient", { token: "query", body })).status).toBe(200);
    expect((await fetch(`${s.base}Patient?PatientID=${s.id}&Token=${s.token}`)).status).toBe(401);
    expect((await post(s, endpoints.logout.path, { token: "header" })).status).toBe(401);
    expect((await post(s, endpoints.logout.path, { token: "query" })).status).toBe(200);
  });
});

describe("the portal against a spec world", () => {
  /** The profile action's signed-in context for a patient viewing their own record. */
  function profileContext(world: TestWorld, s: PortalSession): Parameters<typeof actOnProfile>[0] {
    const { username } = world.user("solo");
    return {
      api: s.api,
      user: { token: s.token, apiBase: s.apiBase, userId: s.id, parentId: s.id, proxy: "No", username, userName: username, parentName: "solo" },
      endOtherSessions: async () => undefined,
    };
  }
  const formOf = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  };

  // Each seed gives the world another of the room's shapes: seeds 1 to 8 send every one of these calls' (contract/room).
  it.each([1, 2, 3, 4, 5, 6, 7, 8])("signs in, validates the token, sends a message, saves a notification flag and logs out (seed %i)", async (seed) => {
    const world = await mock.createWorld({ practice: "spec", seed });
    const { practice: s, cookie } = await signedInToPortal(sessions, world, "solo");
    expect(await validateToken(s.apiBase, s.token)).toBe(true);

    const deps: MessagingDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 8_000 };
    const step = stepPoster("http://portal.test/emails/step", (r) => answerMessagingSteps(r, deps), { Cookie: cookie }).reply;
    const [nurse] = await step<Array<{ id: string }>>("recipients", { roleId: "2" });
    const fields = { key: `spec-${seed}-${world.id}`, mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: `To a spec practice ${seed}`, body: "Kia ora" };
    expect(await step("send", fields)).toEqual({ outcome: "sent", message: messagingTexts.sent });
    expect(await world.requests({ method: "POST", path: "Patient/Message" })).toHaveLength(1);

    const before = readProfile((await getPatient(s.api, s.id))!).notifications;
    const toggle = formOf({ intent: "notifications", setting: "email", value: String(!before.email), email: String(before.email), notification: String(before.notification) });
    expect(await actOnProfile(profileContext(world, s), toggle, attempt)).toMatchObject({ intent: "notifications", ok: true });
    expect(readProfile((await getPatient(s.api, s.id))!).notifications).toEqual({ ...before, email: !before.email });

    await logout(s.apiBase, s.token);
    await expect(validateToken(s.apiBase, s.token)).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("a notification save answered `true` whose profile read back still shows the old flags is told as not saved", async () => {
    const world = await mock.createWorld({ practice: "spec", seed: 1 });
    const s = await world.signIn("solo");
    const unsaved: unknown = await (await fetch(`${s.apiBase}Patient?PatientID=${s.id}`, { headers: { Token: s.token } })).json();
    const before = readProfile((await getPatient(s.api, s.id))!).notifications;
    // The practice answers the save `true` (seed 1) and then shows the profile as it was before it.
    await world.fault({ path: "Patient", method: "GET", answer: unsaved, times: 1 });
    const toggle = formOf({ intent: "notifications", setting: "email", value: String(!before.email), email: String(before.email), notification: String(before.notification) });
    expect(await actOnProfile(profileContext(world, s), toggle, attempt)).toEqual({ intent: "notifications", ok: false, message: profileTexts.notificationSaveFailed("Email notifications", before.email) });
    expect(await world.requests({ method: "POST", path: "Patient" })).toEqual([expect.objectContaining({ status: 200, fault: null })]);
  });

  it("the portal's payment client reads the spec's SaveTempPayment text and SavePayment shapes", async () => {
    for (const seed of [1, 2, 3, 4]) {
      const world = await mock.createWorld({ practice: "spec", seed });
      const s = await world.signIn("solo");
      const pending = await accounts.getInvoices(s.api, s.id, "pending");
      const [first] = pending.resources.map((r) => ({ id: r.id, balanceCents: toCents(r.extension.balance)!, amountCents: toCents(r.extension.amount)!, notes: r.extension.notes }));
      const paymentId = await accounts.saveTempPayment(s.api, s.id, { key: `spec-pay-${seed}-0001`, cardType: "", amountCents: 100, feeCents: 0, allocations: [{ id: first.id, payNowCents: 100 }], invoices: [first] });
      expect(paymentId).toBeGreaterThan(0);
      expect(await accounts.savePayment(s.api, s.id, paymentId)).toBe("recorded");
    }
  });
});

describe("npm run mock -- --practice", () => {
  it("makes the default world a spec practice, and refuses a practice it does not know", () => {
    expect(parseMockArgs(["--practice", "spec"]).practice).toBe("spec");
    expect(parseMockArgs([]).practice).toBeUndefined();
    expect(() => parseMockArgs(["--practice", "real"])).toThrow('Invalid --practice "real": use mock or spec');
  });
});
