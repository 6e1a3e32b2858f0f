import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { APPOINTMENT_LISTS } from "@contract/appointments";
import { endpoints } from "@contract/endpoints";
import { MEDICATION_LISTS } from "@contract/medications";
import { MESSAGE_BOXES, READ_FILTERS } from "@contract/messaging";
import { parseMockArgs } from "../../mock-server/cli-args";
import { createMockServer } from "../../mock-server/server";
import { getCall, useMockServer, type HttpSession } from "../helpers/mock-world";

/** A world's clock, reset and journal clearing, through the admin API over HTTP (decisions/012). */
const mock = useMockServer();
const NOW = "2026-03-01T09:00:00+13:00";
const NOW_MS = Date.parse(NOW);

const upcoming = async (s: HttpSession) =>
  (await getCall(s, endpoints.appointments, { PatientID: s.id, PageSize: "100", PageNumber: "1", AppointmentType: APPOINTMENT_LISTS.upcoming })) as { total: number; resources: { period: { start: string } }[] };
const counters = async (s: HttpSession) => getCall(s, endpoints.refreshCounter, { PatientID: s.id });
const inbox = async (s: HttpSession, read: string = READ_FILTERS.all) =>
  (await getCall(s, endpoints.messages, { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.inbox, PageSize: "100", PageNumber: "1", ReadFilter: read })) as { total: number; resources: { id: string; sent: string }[] };

describe("a world's clock", () => {
  it("is fixed at the `now` given at creation and stays there", async () => {
    const world = await mock.createWorld({ seed: 3, now: NOW });
    expect(world.createdClock).toEqual({ now: NOW, mode: "fixed", startedAt: NOW, advanced: "PT0S" });
    expect(await world.clock()).toEqual(world.createdClock);
  });

  it("reads a plain date as the start of that day in Pacific/Auckland, and any offset as the same instant there", async () => {
    expect((await mock.createWorld({ now: "2026-07-15" })).createdClock.now).toBe("2026-07-15T00:00:00+12:00");
    expect((await mock.createWorld({ now: "2026-02-28T20:00:00Z" })).createdClock.now).toBe("2026-03-01T09:00:00+13:00");
  });

  it("advances by ISO 8601 durations, calendar days across a daylight-saving change", async () => {
    const world = await mock.createWorld({ now: "2026-04-04T09:00:00+13:00" });
    // NZ daylight saving ends on 5 April 2026: one calendar day is 25 hours.
    expect(await world.advance("P1D")).toMatchObject({ now: "2026-04-05T09:00:00+12:00", advanced: "P1DT1H" });
    expect(await world.advance("PT2H30M")).toMatchObject({ now: "2026-04-05T11:30:00+12:00", mode: "fixed", startedAt: "2026-04-04T09:00:00+13:00" });
    expect((await world.clock()).now).toBe("2026-04-05T11:30:00+12:00");
  });

  it("runs from real time when no `now` is given, and advances from there", async () => {
    const before = Date.now();
    const world = await mock.createWorld({ seed: 3 });
    const after = Date.now();
    expect(world.createdClock.mode).toBe("running");
    const started = Date.parse(world.createdClock.startedAt);
    // ISO without milliseconds: the start lies within the creation request, to the second.
    expect(started).toBeGreaterThanOrEqual(before - 1000);
    expect(started).toBeLessThanOrEqual(after);
    const advanced = await world.advance("P2D");
    expect(Date.parse(advanced.now) - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(advanced.advanced).toBe("P2D");
  });

  it("anchors generated dates: upcoming appointments after now, messages and medicines before it", async () => {
    const world = await mock.createWorld({ seed: 3, now: NOW });
    const s = await world.signInHttp("solo");
    const future = await upcoming(s);
    expect(future.total).toBeGreaterThan(0);
    for (const a of future.resources) expect(Date.parse(a.period.start)).toBeGreaterThan(NOW_MS);
    const past = (await getCall(s, endpoints.appointments, { PatientID: s.id, PageSize: "100", PageNumber: "1", AppointmentType: APPOINTMENT_LISTS.completed })) as { resources: { period: { start: string } }[] };
    for (const a of past.resources) expect(Date.parse(a.period.start)).toBeLessThan(NOW_MS);
    const messages = await inbox(s);
    expect(Date.parse(messages.resources[0].sent)).toBeLessThan(NOW_MS);
    expect(NOW_MS - Date.parse(messages.resources[0].sent)).toBeLessThan(31 * 86_400_000);
    const medicines = (await getCall(s, endpoints.medications, { PatientID: s.id, PageSize: "50", PageNumber: "1", TypeID: MEDICATION_LISTS.all })) as { resources: { authoredOn: string }[] };
    for (const m of medicines.resources) expect(Date.parse(m.authoredOn)).toBeLessThan(NOW_MS);

    // The same seed a year later: the same people, every date a year on.
    const later = await mock.createWorld({ seed: 3, now: "2027-03-01T09:00:00+13:00" });
    const t = await later.signInHttp("solo");
    expect(JSON.stringify(await getCall(t, endpoints.patient, { PatientID: t.id }))).toContain(JSON.stringify((await getCall(s, endpoints.patient, { PatientID: s.id })).resources[0].name));
    const laterMessages = await inbox(t);
    const shift = DateTime.fromISO(laterMessages.resources[0].sent).diff(DateTime.fromISO(messages.resources[0].sent), "days").days;
    expect(shift).toBe(365);
  });

  it("moves the world on when advanced: future appointments pass into completed, the counters follow, recent medicines age", async () => {
    const world = await mock.createWorld({ seed: 3, now: NOW });
    const s = await world.signInHttp("solo");
    const before = await counters(s);
    const first = (await upcoming(s)).resources;
    expect(first.length).toBe(before.AppointmentsCounter);
    const recent = async () => ((await getCall(s, endpoints.medications, { PatientID: s.id, PageSize: "50", PageNumber: "1", TypeID: MEDICATION_LISTS.recent })) as { total: number }).total;
    expect(await recent()).toBeGreaterThan(0);

    // Just past the first upcoming appointment: it alone is completed.
    const hoursToFirst = Math.ceil((Date.parse(first[0].period.start) - NOW_MS) / 3_600_000);
    await world.advance(`PT${hoursToFirst}H`);
    expect((await upcoming(s)).total).toBe(first.length - 1);
    expect(await counters(s)).toMatchObject({
      AppointmentsCounter: before.AppointmentsCounter! - 1,
      futurecount: before.futurecount! - 1,
      completedcount: before.completedcount! + 1,
      totalpatientappointments: before.totalpatientappointments,
    });

    await world.advance("P1Y");
    expect((await upcoming(s)).total).toBe(0);
    expect(await counters(s)).toMatchObject({ AppointmentsCounter: 0, futurecount: 0, completedcount: before.completedcount! + before.futurecount! });
    expect(await recent()).toBe(0);
    // Another world with the same seed and now is untouched.
    const other = await (await mock.createWorld({ seed: 3, now: NOW })).signInHttp("solo");
    expect((await counters(other)).AppointmentsCounter).toBe(before.AppointmentsCounter);
  });

  it("refuses a bad `now` or duration with a 400 that says why, and an unknown world with a 404", async () => {
    for (const now of ["yesterday", "2026-02-30", "2026-03-01T09:00:00", "2026-13-01T09:00:00+13:00", 1772308800000, "0000-01-01", "+275760-09-13T00:00:00Z", "2026-03-01T09:00:00+99:00"]) {
      const res = await mock.admin("/worlds", { body: { now } });
      expect(res.status, String(now)).toBe(400);
      const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
      expect(body.issues[0].path, String(now)).toBe("now");
      expect(body.issues[0].message.length).toBeGreaterThan(10);
    }
    const world = await mock.createWorld({ now: NOW });
    for (const body of [{ advance: "1 day" }, { advance: "-P1D" }, { advance: "P0D" }, { advance: 86400 }, {}, { advance: "P1D", extra: true }]) {
      const res = await mock.admin(`/worlds/${world.id}/clock`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/ISO 8601 duration/);
    }
    // Past the last year a world may reach: refused, the clock unmoved, and the world list still answers.
    for (const [advance, why] of [["P300000Y", /no valid date/], ["P200Y", /1900 to 2200/]] as const) {
      const far = await mock.admin(`/worlds/${world.id}/clock`, { body: { advance } });
      expect(far.status).toBe(400);
      expect(((await far.json()) as { error: string }).error).toMatch(why);
    }
    expect((await world.clock()).now).toBe(NOW);
    expect((await mock.admin("/worlds")).status).toBe(200);
    expect((await mock.admin("/worlds/nope/clock")).status).toBe(404);
    expect((await mock.admin("/worlds/nope/clock", { body: { advance: "P1D" } })).status).toBe(404);
    expect((await mock.admin("/worlds/nope/reset", { method: "POST" })).status).toBe(404);
    expect((await mock.admin("/worlds/nope/requests", { method: "DELETE" })).status).toBe(404);
  });
});

describe("reset", () => {
  it("returns a world to its scenario's starting state: data, clock, sign-ins, faults and journal, same users", async () => {
    const world = await mock.createWorld({ seed: 9, now: NOW });
    const s = await world.signInHttp("solo");
    const start = { counters: await counters(s), unread: (await inbox(s, READ_FILTERS.unread)).total };
    // Change things: read a message, pass an appointment, inject a fault.
    const message = (await inbox(s, READ_FILTERS.unread)).resources[0];
    await getCall(s, endpoints.messageById, { PatientID: s.id, MessageID: message.id });
    await world.advance("P1Y");
    await world.fault({ path: "Patient/Organization", status: 503 });
    expect((await counters(s)).InboxCounter).toBe(start.counters.InboxCounter! - 1);
    expect((await world.requests()).length).toBeGreaterThan(0);

    const summary = await world.reset();
    expect(summary.id).toBe(world.id);
    expect(summary.users).toEqual(world.users);
    expect(summary.clock).toEqual({ now: NOW, mode: "fixed", startedAt: NOW, advanced: "PT0S" });
    expect(await world.requests()).toEqual([]);
    expect(((await (await mock.admin(`/worlds/${world.id}/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    // The old sign-in is gone; the same user signs in again and sees the starting data.
    expect((await fetch(`${s.base}${endpoints.validateToken.path}`, { headers: { Token: s.token } })).status).toBe(401);
    const again = await world.signInHttp("solo");
    expect(again.id).toBe(s.id);
    expect(await counters(again)).toEqual(start.counters);
    expect((await inbox(again, READ_FILTERS.unread)).total).toBe(start.unread);
  });

  it("gives the same bytes as a fresh world with the same scenario, seed and now", async () => {
    const used = await mock.createWorld({ scenario: "family", seed: 4, now: NOW });
    const fresh = await mock.createWorld({ scenario: "family", seed: 4, now: NOW });
    const s = await used.signInHttp("family");
    await readAllUnread(s);
    await used.reset();
    const [a, b] = await Promise.all([used, fresh].map(async (w) => {
      const t = await w.signInHttp("family");
      const replies = await Promise.all([endpoints.patient, endpoints.refreshCounter, endpoints.proxyUsers].map((e) => fetch(`${t.base}${e.path}?PatientID=${t.id}`, { headers: { Token: t.token } }).then((r) => r.text())));
      return replies.join("\n");
    }));
    expect(a).toBe(b);
  });
});

/** Reads every unread message of the holder: the counters change. */
async function readAllUnread(s: HttpSession) {
  for (const m of (await inbox(s, READ_FILTERS.unread)).resources) await getCall(s, endpoints.messageById, { PatientID: s.id, MessageID: m.id });
  expect((await counters(s)).InboxCounter).toBe(0);
}

describe("journal clearing", () => {
  it("DELETE /__admin/worlds/:id/requests empties the journal of that world only", async () => {
    const a = await mock.createWorld({ now: NOW });
    const b = await mock.createWorld({ now: NOW });
    await a.signInHttp("solo");
    await b.signInHttp("solo");
    await a.clearRequests();
    expect(await a.requests()).toEqual([]);
    expect((await b.requests()).map((r) => r.path)).toEqual(["Patient/Authentication"]);
    const s = await a.signInHttp("solo");
    await getCall(s, endpoints.organization, { PatientID: s.id });
    expect((await a.requests()).map((r) => r.path)).toEqual(["Patient/Authentication", "Patient/Organization"]);
  });
});

describe("npm run mock -- --now", () => {
  it("parses --now into the default world's fixed clock, and refuses a bad one with a clear message", () => {
    expect(parseMockArgs(["--now", NOW]).now).toBe(NOW_MS);
    expect(parseMockArgs(["--now", "2026-03-01"]).now).toBe(DateTime.fromISO("2026-03-01", { zone: "Pacific/Auckland" }).toMillis());
    expect(parseMockArgs([]).now).toBeUndefined();
    expect(parseMockArgs(["--scenario", "family", "--seed", "7", "--port", "0"])).toMatchObject({ scenario: "family", seed: 7, port: 0, list: false });
    expect(() => parseMockArgs(["--now", "tomorrow"])).toThrow(/Invalid --now: "tomorrow" needs a time with an offset/);
    expect(() => parseMockArgs(["--now", "2026-03-01T09:00:00"])).toThrow(/Invalid --now/);
    expect(() => parseMockArgs(["--seed", "x"])).toThrow(/Invalid seed/);
  });

  it("the default world made with that clock stands still at it", async () => {
    const server = await createMockServer({ port: 0, defaultWorld: { now: parseMockArgs(["--now", NOW]).now } });
    try {
      const clock = await (await fetch(`${server.url}/__admin/worlds/default/clock`)).json();
      expect(clock).toEqual({ now: NOW, mode: "fixed", startedAt: NOW, advanced: "PT0S" });
    } finally {
      await server.close();
    }
  });
});
