import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES, READ_FILTERS } from "@contract/messaging";
import { NotificationSlots } from "@contract/profile";
import { runContractCheck } from "../../scripts/contract-check";
import { getCall, useMockServer, type TestWorld } from "../helpers/mock-world";

/**
 * Determinism, isolation and every fault kind, against the real mock over HTTP. Replies are
 * gathered with contract:check, which makes every read-only call of the contract.
 */
const mock = useMockServer();
const NOW = "2026-03-01T09:00:00+13:00";

/** Every reply contract:check sees for this user, by call; the world's id and the token masked. */
async function everyReply(world: TestWorld, label: string): Promise<Map<string, string>> {
  const replies = new Map<string, string>();
  const { username, password } = world.user(label);
  const results = await runContractCheck({
    identityUrl: mock.url,
    username,
    password,
    onReply(call, status, text) {
      const masked = text.replaceAll(world.id, "<world>").replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<token>");
      replies.set(call, `${status} ${masked}`);
    },
  });
  expect(results.filter((r) => !r.ok)).toEqual([]);
  return replies;
}

describe("determinism", () => {
  // One test a user: each makes every GET of the contract twice (about a hundred calls), which for all
  // three in one test came to 11 s on a quiet machine and past the 15 s limit on a loaded one.
  it.each(["solo", "family", "empty"])("the same scenario, seed and now give byte-identical replies to every GET of the contract (%s)", async (label) => {
    const [a, b] = [await mock.createWorld({ seed: 11, now: NOW }), await mock.createWorld({ seed: 11, now: NOW })];
    const ra = await everyReply(a, label);
    const rb = await everyReply(b, label);
    expect([...rb.keys()]).toEqual([...ra.keys()]);
    for (const [call, text] of ra) expect(rb.get(call), `${label}: ${call}`).toBe(text);
    if (label === "solo") {
      // Every GET of the contract table was made.
      const made = new Set([...ra.keys()].map((call) => call.split(" ")[1]));
      const gets = Object.values(endpoints).filter((e) => e.method === "GET").map((e) => e.path);
      expect(gets.filter((path) => !made.has(path))).toEqual([]);
    }
  });

  it("scenarios other than the default are deterministic too", async () => {
    const [a, b] = [await mock.createWorld({ scenario: "family", seed: 7, now: NOW }), await mock.createWorld({ scenario: "family", seed: 7, now: NOW })];
    expect(await everyReply(b, "family")).toEqual(await everyReply(a, "family"));
  });

  it("another seed gives other data; another now, other dates but the same people", async () => {
    const base = await everyReply(await mock.createWorld({ seed: 11, now: NOW }), "solo");
    const otherSeed = await everyReply(await mock.createWorld({ seed: 12, now: NOW }), "solo");
    const otherNow = await everyReply(await mock.createWorld({ seed: 11, now: "2026-09-01T09:00:00+12:00" }), "solo");
    for (const call of ["GET Patient", "GET Patient/Organization", "GET Patient/Messaging (inbox)", "GET Patient/Appointments (AppointmentType 0)"]) {
      expect(otherSeed.get(call), call).not.toBe(base.get(call));
    }
    expect(otherNow.get("GET Patient/Organization")).toBe(base.get("GET Patient/Organization"));
    expect(otherNow.get("GET Patient/Messaging (inbox)")).not.toBe(base.get("GET Patient/Messaging (inbox)"));
    expect(otherNow.get("GET Patient/Appointments (AppointmentType 0)")).not.toBe(base.get("GET Patient/Appointments (AppointmentType 0)"));
  });
});

describe("isolation", () => {
  it("a change in one world is invisible in another with the same scenario, seed and now", async () => {
    const [a, b] = [await mock.createWorld({ seed: 13, now: NOW }), await mock.createWorld({ seed: 13, now: NOW })];
    const [sa, sb] = [await a.signInHttp("solo"), await b.signInHttp("solo")];
    const unread = { PatientID: sa.id, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: "100", PageNumber: "1", ReadFilter: READ_FILTERS.unread };
    const before = await getCall(sb, endpoints.refreshCounter, { PatientID: sb.id });
    // In A: read a message, advance the clock, inject a fault.
    const first = (await getCall(sa, endpoints.messages, unread)) as { resources: { id: string }[] };
    await getCall(sa, endpoints.messageById, { PatientID: sa.id, MessageID: first.resources[0].id });
    await a.advance("P1Y");
    await a.fault({ path: "Patient/RefreshCounter", status: 500 });
    expect((await fetch(`${sa.base}${endpoints.refreshCounter.path}?PatientID=${sa.id}`, { headers: { Token: sa.token } })).status).toBe(500);
    // B saw none of it.
    expect(await getCall(sb, endpoints.refreshCounter, { PatientID: sb.id })).toEqual(before);
    expect((await b.clock()).now).toBe(NOW);
    expect((await b.requests()).map((r) => r.path)).toEqual(["Patient/Authentication", "Patient/RefreshCounter", "Patient/RefreshCounter"]);
  });
});

describe("faults, each kind", () => {
  const counters = (s: { base: string; id: string; token: string }) => fetch(`${s.base}${endpoints.refreshCounter.path}?PatientID=${s.id}`, { headers: { Token: s.token } });

  it.each([401, 403, 500, 503])("status %i, journalled, then the normal reply", async (status) => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/RefreshCounter", status, times: 1 });
    expect((await counters(s)).status).toBe(status);
    expect((await counters(s)).status).toBe(200);
    const journal = await world.requests({ path: "Patient/RefreshCounter" });
    expect(journal.map((r) => [r.status, r.fault])).toEqual([[status, `status ${status}`], [200, null]]);
  });

  it("malformed and empty bodies, journalled", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/RefreshCounter", body: "malformed", times: 1 });
    await world.fault({ path: "Patient/Organization", body: "empty", times: 1 });
    expect(endpoints.refreshCounter.reply.safeParse(await (await counters(s)).json()).success).toBe(false);
    expect(await (await fetch(`${s.base}${endpoints.organization.path}?PatientID=${s.id}`, { headers: { Token: s.token } })).text()).toBe("");
    const faults = (await world.requests()).map((r) => r.fault).filter(Boolean);
    expect(faults).toHaveLength(2);
  });

  it("a dropped connection: the client sees a network error, the journal the fault", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/RefreshCounter", body: "drop", times: 1 });
    await expect(counters(s)).rejects.toThrow();
    expect((await counters(s)).status).toBe(200);
    expect((await world.requests({ path: "Patient/RefreshCounter" })).map((r) => r.fault)).toEqual(["dropped connection", null]);
  });

  it("a delay, then the normal reply (the length of the wait is the bench's business, not a test's)", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/RefreshCounter", delayMs: 50, times: 1 });
    const res = await counters(s);
    expect(res.status).toBe(200);
    expect(endpoints.refreshCounter.reply.safeParse(await res.json()).success).toBe(true);
    expect((await world.requests({ path: "Patient/RefreshCounter" }))[0].fault).toMatch(/delay 50/);
  });

  it("a faulted call changes no data: a faulted password change leaves the old password", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/ChangePassword", status: 503 });
    const res = await fetch(`${s.base}${endpoints.changePassword.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Token: s.token },
      body: JSON.stringify({ PatientID: s.id, Password: "Brand-new-pass1", OldPassword: world.user("solo").password }),
    });
    expect(res.status).toBe(503);
    await world.clearFaults();
    await expect(world.signInHttp("solo")).resolves.toMatchObject({ id: s.id });
  });

  const changePassword = (s: { base: string; id: string; token: string }, oldPassword: string, init: RequestInit = {}) =>
    fetch(`${s.base}${endpoints.changePassword.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Token: s.token },
      body: JSON.stringify({ PatientID: s.id, Password: "Brand-new-pass12", OldPassword: oldPassword }),
      ...init,
    });

  it("a lost reply: the call is carried out, the client sees a network error, the journal says so", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/ChangePassword", body: "lost-reply", times: 1 });
    await expect(changePassword(s, world.user("solo").password)).rejects.toThrow();
    const [entry] = await world.requests({ path: "Patient/ChangePassword" });
    expect(entry).toMatchObject({ status: 0, fault: "carried out, reply lost" });
    // The old password is gone: the change was made although nobody heard of it.
    await expect(world.signInHttp("solo")).rejects.toThrow();
  });

  it("a fault may name the method of a path with several calls, and one fault can be removed alone", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    const post = { path: "Patient", method: "POST", status: 503 };
    const created = await mock.admin(`/worlds/${world.id}/faults`, { body: post });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await world.fault({ path: "Patient/Organization", status: 500 });
    // GET Patient (the profile) is untouched by a fault on POST Patient.
    expect((await fetch(`${s.base}Patient?PatientID=${s.id}`, { headers: { Token: s.token } })).status).toBe(200);
    // The notification save, its token in the query as 1§7 sends it (decisions/369).
    const save = () =>
      fetch(`${s.base}Patient?Token=${s.token}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ resourceType: "Patient", id: s.id, extension: NotificationSlots.write({ enableEmail: true, enableNotification: false }) }),
      });
    expect((await save()).status).toBe(503);
    expect((await mock.admin(`/worlds/${world.id}/faults/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await save()).status).toBe(200);
    expect((await fetch(`${s.base}Patient/Organization?PatientID=${s.id}`, { headers: { Token: s.token } })).status).toBe(500);
    expect((await mock.admin(`/worlds/${world.id}/faults/${id}`, { method: "DELETE" })).status).toBe(404);
    // A method the path has no call for is refused.
    expect((await mock.admin(`/worlds/${world.id}/faults`, { body: { path: "Patient/Organization", method: "POST", status: 500 } })).status).toBe(400);
  });

  it("a lost reply to a refused call: the refusal is lost too, and the journal says the call was answered by no one", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/RefreshCounter", body: "lost-reply", times: 1 });
    await expect(fetch(`${s.base}${endpoints.refreshCounter.path}?PatientID=${s.id}`, { headers: { Token: "not-a-token" } })).rejects.toThrow();
    expect((await world.requests({ path: "Patient/RefreshCounter" }))[0]).toMatchObject({ status: 0, fault: "carried out, reply lost" });
  });

  it("a delayed call still under way when its world is reset neither changes the reset world nor enters its journal", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/ChangePassword", delayMs: 300, times: 1 });
    const pending = changePassword(s, world.user("solo").password);
    // The call is under way once it has taken its fault; the reset then lands during its delay.
    await expect.poll(() => world.faults()).toEqual([]);
    await world.reset();
    await expect(pending).rejects.toThrow();
    expect(await world.requests()).toEqual([]);
    // The old password still works: the change from before the reset was not carried out.
    await expect(world.signInHttp("solo")).resolves.toMatchObject({ id: s.id });
  });

  it("a caller who stops waiting during a delay does not undo the call, and the journal lists it once it is done", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    await world.fault({ path: "Patient/ChangePassword", delayMs: 300, times: 1 });
    await expect(changePassword(s, world.user("solo").password, { signal: AbortSignal.timeout(50) })).rejects.toThrow();
    await expect.poll(() => world.requests({ path: "Patient/ChangePassword" })).toHaveLength(1);
    expect((await world.requests({ path: "Patient/ChangePassword" }))[0]).toMatchObject({ status: 0, fault: "delay 300ms" });
    await expect(world.signInHttp("solo")).rejects.toThrow();
  });
});
