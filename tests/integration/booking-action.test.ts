import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { appointmentsPage } from "~/areas/appointments/page.server";
import { answerBookingSteps, type AppointmentDeps } from "~/areas/appointments/steps.server";
import { loadConfig } from "~/.server/config.server";
import { createSessions } from "~/.server/session.server";
import { viewingKeyOf } from "~/.server/viewing-claims.server";
import { errorsTexts } from "~/lib/texts/errors";
import { BOOKING_DAYS, type BookReply, type SlotView } from "~/areas/appointments/booking";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { VIDEO_TYPE_NAME } from "@contract/appointments";
import { endpoints } from "@contract/endpoints";
import { useMockServer, type HeldCalls, type TestWorld } from "../helpers/mock-world";
import { stepPoster } from "../helpers/steps";
import { signedInToPortal } from "../helpers/portal-cookie";
import { oursAsSent } from "../helpers/room-replies";

/**
 * The booking steps (/appointments/book), the cancel action and the page's loader against the mock
 * over HTTP: every rule checked again on the server, the family member's id, and one booking of a
 * slot however many posts of it arrive at once.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const t = appointmentsTexts;

async function patient(world: TestWorld, label = "solo") {
  const { practice: s, user, cookie } = await signedInToPortal(sessions, world, label);
  const deps: AppointmentDeps = { requireSession: sessions.openSession };
  const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, deps), { Cookie: cookie });
  const step = steps.reply;
  // The page's Cancel, from a tab showing `viewing`'s record when given (decisions/160).
  const cancel = (input: { appointmentId: string; reason: string }, viewing?: string) =>
    stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, deps), { Cookie: cookie, ...(viewing ? { "X-Portal-Viewing": viewing } : {}) }).envelope("cancel", input);
  const page = (search = "") => appointmentsPage({ api: s.api, user: { ...user } }, new URL(`http://portal.test/appointments${search}`));
  return { s, user, step, envelope: steps.envelope, cancel, page };
}

type Patient = Awaited<ReturnType<typeof patient>>;

/** The first provider's next day with free slots, through the steps the machine posts. */
async function firstDay(p: Patient, typeId = "1", forId = "") {
  const providers = await p.step<Array<{ id: string; lockedDown: boolean }>>("providers", { for: forId, typeId, locationIds: "1,2", roleId: "" });
  const providerId = providers[0].id;
  // From tomorrow in New Zealand: a whole day of times whatever the hour of the run. Today's last times
  // pass one by one in the afternoon, and a test that needs three of them, or two providers free at once, failed then.
  const tomorrow = DateTime.now().setZone("Pacific/Auckland").plus({ days: 1 }).toISODate()!;
  const next = await p.step<{ date: string; slots: SlotView[] }>("nextDay", { for: forId, typeId, locationIds: "1,2", providerId, start: tomorrow });
  expect(next.slots.length).toBeGreaterThan(0);
  return { providerId, date: next.date, slots: next.slots, providers };
}

/** The patient's upcoming appointments starting at a slot's time, as the practice lists them. */
async function bookedAt(p: Patient, slot: SlotView) {
  const upcoming = await p.s.api.call(endpoints.appointments, { query: { PatientID: p.user.userId, PageSize: 100, PageNumber: 1, AppointmentType: "1" } });
  return upcoming.resources.filter((a) => Date.parse(a.period.start ?? "") === Date.parse(slot.start));
}

/** Waits for a held call to reach the practice; a step that answers without making it fails the test at once, not at its timeout. */
async function reached(held: HeldCalls, answer: Promise<unknown>) {
  let waiting = true;
  const early = answer.then(
    (reply) => {
      if (waiting) throw new Error(`Answered without reaching the practice: ${JSON.stringify(reply)}`);
    },
    (error: unknown) => {
      if (waiting) throw error;
    },
  );
  try {
    await Promise.race([held.arrived(), early]);
  } finally {
    waiting = false;
  }
}

const bookFields = (d: { providerId: string; date: string }, slot: SlotView, more: Record<string, string> = {}) => ({ for: "", typeId: "1", locationIds: "1,2", providerId: d.providerId, date: d.date, slotId: slot.id, slotStart: slot.start, reason: "", reasonForContactId: "", screening: "none", ...more });

describe("booking steps", () => {
  it("one slot posted three times at once is booked once, and every post says booked; another patient is told it was taken, with the times still free", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const slot = day.slots[0];
    const replies = (await Promise.all([1, 2, 3].map(() => p.step("book", bookFields(day, slot))))) as BookReply[];
    // One post booked it; the others found it already the patient's (decisions/385), not someone else's.
    expect(replies.map((r) => r.message).sort()).toEqual([t.alreadyBooked, t.alreadyBooked, t.booked].sort());
    expect(replies.every((r) => r.outcome === "booked")).toBe(true);
    expect(await bookedAt(p, slot)).toHaveLength(1);
    const posts = await world.requests({ method: "POST", path: "Patient/Appointment" });
    expect(posts.filter((r) => r.status === 200).map((r) => r.query)).toEqual(expect.arrayContaining([expect.objectContaining({ SlotID: slot.id, Reason: "Not Provided", ReasonforVisitID: "25" })]));

    const other = await patient(world, "family");
    const taken = (await other.step("book", bookFields(day, slot))) as BookReply;
    expect(taken).toMatchObject({ outcome: "taken", message: t.slotTaken });
    expect(taken.outcome === "taken" && taken.slots.map((s) => s.id)).not.toContain(slot.id);
  });

  it.each(["mock", "spec"] as const)("a booking whose answer was lost is found in the patient's appointments and called booked, once, at the %s practice (decisions/385)", async (practice) => {
    const world = await mock.createWorld({ seed: 42, practice });
    const p = await patient(world);
    const day = await firstDay(p);
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "lost-reply", times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
    expect(await bookedAt(p, day.slots[0])).toHaveLength(1);
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toHaveLength(1);
  });

  it("a booking the practice lists on its day without its time is unclear, after a lost answer and when posted again: never booked twice, never called taken (decisions/396)", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const slot = day.slots[0];
    // Booked, its answer lost and the appointments unreadable, so the booking exists and nobody knows.
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "lost-reply", times: 1 });
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    expect(await p.step("book", bookFields(day, slot))).toMatchObject({ outcome: "unknown" });
    // The practice lists it with its day alone, as 2§3's room allows.
    const wire = await oursAsSent(world, p.s.token, endpoints.appointments, { PatientID: p.user.userId, PageSize: "100", PageNumber: "1", AppointmentType: "1" });
    const entries = (wire as Array<{ entry: Array<{ resource: { period: { start: string } } }> }>)[0].entry;
    const ours = entries.filter((e) => Date.parse(e.resource.period.start) === Date.parse(slot.start));
    expect(ours).toHaveLength(1);
    ours[0].resource.period.start = slot.start.slice(0, 10);
    await world.fault({ path: "Patient/Appointments", answer: wire, times: 2 });
    // Posted again: the slot is no longer free, and the day-only listing may be this booking.
    expect(await p.step("book", bookFields(day, slot))).toEqual({ outcome: "unknown", message: t.bookUnclear });
    // A second booking's answer lost, read against the same listing: not called failed, so not tried again blindly.
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "malformed", times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[1]))).toEqual({ outcome: "unknown", message: t.bookUnclear });
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toHaveLength(2);
  });

  it("a booking nobody can confirm is unknown; posted again it looks first: found, it is not booked twice; one the practice answered garbled and never made is not booked, and is booked when tried again", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    // Carried out, its answer lost, and the appointments unreadable: nobody knows.
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "lost-reply", times: 1 });
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "unknown", message: t.bookUnconfirmed });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.alreadyBooked });
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toHaveLength(1);

    // A garbled answer proves nothing; the appointments, read, show it was not booked: Try again books it, once.
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "malformed", times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[1]))).toEqual({ outcome: "failed", message: t.bookFailed });
    expect(await bookedAt(p, day.slots[1])).toHaveLength(0);
    expect(await p.step("book", bookFields(day, day.slots[1]))).toEqual({ outcome: "booked", message: t.booked });
    expect(await bookedAt(p, day.slots[1])).toHaveLength(1);

    // A 503 says the practice did not take it on: nothing was booked, and that is said.
    await world.fault({ path: "Patient/Appointment", method: "POST", status: 503, times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[2]))).toEqual({ outcome: "failed", message: t.bookFailed });
    expect(await bookedAt(p, day.slots[2])).toHaveLength(0);
  });

  it("offers only the practice's times yet to come, on the day asked, at the places chosen, soonest first, whatever else its reply holds and in whatever order", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const { cookie } = await signedInToPortal(sessions, world);
    const now = DateTime.now().setZone("Pacific/Auckland");
    let template: { start: string; extension: { slotId: string; locationId: string } } | undefined;
    // A practice whose reply also holds a time just gone, one of the next day, one at a place not chosen, all in reverse order.
    const loose: AppointmentDeps = {
      requireSession: async (request) => {
        const { api, user } = await sessions.openSession(request);
        const call: typeof api.call = async (endpoint, options) => {
          const reply = await api.call(endpoint, options);
          if (endpoint.path !== endpoints.appointmentSlots.path) return reply;
          const bundle = reply as { resources: Array<{ start: string; extension: { slotId: string; locationId: string } }> };
          const date = DateTime.fromISO(String((options?.query as { ScheduleDate: string }).ScheduleDate), { zone: "Pacific/Auckland" });
          // Slots made from the first the practice gave: today may have none left by the hour of the run.
          template ??= bundle.resources[0];
          const slot = (slotId: string, start: DateTime, locationId = "1") => ({ ...template!, resourceType: "Slot" as const, start: start.toISO()!, extension: { slotId, locationId } });
          // The place not chosen shares the day's last time, which is yet to come whatever the hour of the run.
          const last = bundle.resources.at(-1);
          const extras = [slot("gone", now.minus({ seconds: 60 })), slot("next-day", date.plus({ days: 1 }).set({ hour: 10 })), ...(last ? [slot("elsewhere", DateTime.fromISO(last.start, { setZone: true }), "99")] : [])];
          return { ...bundle, resources: [...bundle.resources, ...extras].reverse() } as typeof reply;
        };
        return { user, api: { call } };
      },
    };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, loose), { Cookie: cookie });
    const offered = await steps.reply<SlotView[]>("slots", { for: "", typeId: "1", locationIds: "1,2", providerId: day.providerId, date: day.date });
    expect(offered.map((s) => s.id)).toEqual(day.slots.map((s) => s.id));
    expect(offered.map((s) => Date.parse(s.start))).toEqual(offered.map((s) => Date.parse(s.start)).sort((a, b) => a - b));
    const today = await steps.reply<SlotView[]>("slots", { for: "", typeId: "1", locationIds: "1,2", providerId: day.providerId, date: now.toISODate()! });
    expect(today.map((s) => s.id)).not.toContain("gone");
  });

  it("asks the practice for the times of the first and the last day open to booking, and of no day outside them", async () => {
    const world = await mock.createWorld({ scenario: "booking-strict", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const today = DateTime.fromISO((await p.page("?id=1")).today);
    // Same-day booking off: the first day is tomorrow; the last is BOOKING_DAYS - 1 days after today.
    const days = [today, today.plus({ days: 1 }), today.plus({ days: BOOKING_DAYS - 1 }), today.plus({ days: BOOKING_DAYS })].map((d) => d.toISODate()!);
    await world.clearRequests();
    for (const date of days) await p.step("slots", { for: "", typeId: "1", locationIds: "1,2", providerId: day.providerId, date });
    const asked = (await world.requests({ path: "Patient/AppointmentSlots" })).map((r) => r.query.ScheduleDate);
    expect(asked).toEqual([days[1], days[2]]);
  });

  it("times are the practice's, grouped Morning before noon", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const day = await firstDay(await patient(world));
    for (const slot of day.slots) {
      const [h, , ap] = /^(\d{1,2}):(\d{2}) (am|pm)$/.exec(slot.time)!.slice(1);
      const hour = (Number(h) % 12) + (ap === "pm" ? 12 : 0);
      expect(slot.period).toBe(hour < 12 ? "Morning" : "Afternoon");
    }
  });

  it("books for a linked family member only when signed in as the main account, never for a stranger", async () => {
    const world = await mock.createWorld({ scenario: "family", seed: 42 });
    const p = await patient(world, "family");
    const loaded = await p.page("?id=1");
    expect(loaded.booking?.family.canChoose).toBe(true);
    expect(loaded.booking?.family.members.map((m) => m.id)).not.toContain(p.s.id);
    const member = loaded.booking!.family.members[0].id;
    const day = await firstDay(p, "1", member);
    expect(await p.step("book", bookFields(day, day.slots[0], { for: member }))).toMatchObject({ outcome: "booked" });
    const posts = await world.requests({ method: "POST", path: "Patient/Appointment" });
    expect(posts[0].query).toMatchObject({ PatientID: member });
    // Refused before any slot is looked at (late in the practice's day the first free day can have one time only).
    expect(await p.envelope("book", bookFields(day, day.slots[0], { for: "99999" }))).toEqual({ ok: true, reply: { outcome: "failed", message: t.notYourFamily } });
    expect(await p.envelope("slots", { for: "99999", typeId: "1", locationIds: "1", providerId: day.providerId, date: day.date })).toEqual({ ok: false, failure: { kind: "refused", message: t.notYourFamily } });
    for (const [step, input] of [
      ["roles", { for: "99999", locationIds: "1" }],
      ["providers", { for: "99999", typeId: "1", locationIds: "1", roleId: "" }],
      ["nextDay", { for: "99999", typeId: "1", locationIds: "1", providerId: day.providerId, start: day.date }],
    ] as const)
      expect(await p.envelope(step, input), step).toEqual({ ok: false, failure: { kind: "refused", message: t.notYourFamily } });
  });

  it("the next day offered skips a day the practice lists without a free time and a day not open to booking, in the practice's order; with none left it says none; a failed lookup is told in the lookups' words", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const { cookie } = await signedInToPortal(sessions, world);
    const first = DateTime.fromISO(day.date, { zone: "Pacific/Auckland" });
    const beyond = first.plus({ days: BOOKING_DAYS + 1 }).toISODate()!;
    const empty = first.plus({ days: 1 }).toISODate()!;
    let listed: string[] = [];
    // The practice lists `listed` as its next days; the day after the first has no time left, and the day past the booking window has the first day's times.
    const shaped: AppointmentDeps = {
      requireSession: async (request) => {
        const { api, user } = await sessions.openSession(request);
        const call: typeof api.call = async (endpoint, options) => {
          const query = (options?.query ?? {}) as { ScheduleDate?: string };
          const date = String(query.ScheduleDate ?? "").slice(0, 10);
          const shifted = endpoint.path === endpoints.appointmentSlots.path && (date === empty || date === beyond);
          const reply = await api.call(endpoint, shifted ? ({ ...options, query: { ...query, ScheduleDate: day.date } } as typeof options) : options);
          if (endpoint.path === endpoints.nextAvailableDay.path) return JSON.stringify(listed.map((d) => ({ RosterDate: `${d}T00:00:00` }))) as typeof reply;
          if (!shifted) return reply;
          const real = reply as { resources: Array<{ start: string }> };
          const shift = (start: string) => DateTime.fromISO(start, { setZone: true }).plus({ days: BOOKING_DAYS + 1 }).toISO()!;
          return { ...real, resources: date === empty ? [] : real.resources.map((r) => ({ ...r, start: shift(r.start) })) } as typeof reply;
        };
        return { user, api: { call } };
      },
    };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, shaped), { Cookie: cookie });
    const next = (start: string) => steps.reply<{ date: string | null; slots: SlotView[] }>("nextDay", { for: "", typeId: "1", locationIds: "1,2", providerId: day.providerId, start });
    listed = [beyond, empty, day.date];
    const found = await next(day.date);
    expect(found.date).toBe(day.date);
    expect(found.slots.map((s) => s.id)).toEqual(day.slots.map((s) => s.id));
    listed = [beyond, empty];
    expect(await next(day.date)).toEqual({ date: null, slots: [] });

    await world.fault({ path: "Patient/AppointmentSlots", method: "GET", status: 503, times: 1 });
    expect(await p.envelope("slots", { for: "", typeId: "1", locationIds: "1,2", providerId: day.providerId, date: day.date })).toEqual({ ok: false, failure: { kind: "failed", message: t.loadFailed } });
  });

  it("AvailablePractitioner is asked once for each location chosen, with BookWithID (the account booking) and ReasonForVisitID (2§7; issue 33 item 4)", async () => {
    const world = await mock.createWorld({ scenario: "family", seed: 42 });
    const p = await patient(world, "family");
    const member = (await p.page("?id=1")).booking!.family.members[0].id;
    await world.clearRequests();
    const providers = await p.step<Array<{ id: string }>>("providers", { for: member, typeId: "1", locationIds: "1,2", roleId: "" });
    expect(providers.length).toBeGreaterThan(0);
    expect(new Set(providers.map((x) => x.id)).size).toBe(providers.length);
    const asked = (await world.requests({ path: "Patient/AvailablePractitioner" })).map((r) => r.query);
    expect(asked).toEqual([
      expect.objectContaining({ PatientID: member, PracticeLocationID: "1", BookWithID: p.s.id, ReasonForVisitID: "25", AppointmentTypeID: "1" }),
      expect.objectContaining({ PatientID: member, PracticeLocationID: "2", BookWithID: p.s.id, ReasonForVisitID: "25", AppointmentTypeID: "1" }),
    ]);
    await world.clearRequests();
    await p.step("providers", { for: "", typeId: "1", locationIds: "2", roleId: "", reasonForContactId: "30" });
    expect((await world.requests({ path: "Patient/AvailablePractitioner" })).map((r) => r.query)).toEqual([expect.objectContaining({ PatientID: p.s.id, PracticeLocationID: "2", BookWithID: p.s.id, ReasonForVisitID: "30" })]);
  });

  it("where the practice maps reasons to providers, the reason chosen narrows the providers offered and a provider it does not map to cannot be booked (1§3)", async () => {
    const p = await patient(await mock.createWorld({ scenario: "reason-mapping", seed: 42 }));
    const all = await p.step<Array<{ id: string; name: string }>>("providers", { for: "", typeId: "1", locationIds: "1,2", roleId: "" });
    const vaccination = await p.step<Array<{ id: string; name: string }>>("providers", { for: "", typeId: "1", locationIds: "1,2", roleId: "", reasonForContactId: "30" });
    expect(vaccination.length).toBeGreaterThan(0);
    expect(vaccination.length).toBeLessThan(all.length);
    expect(vaccination.every((x) => x.name.startsWith("Nurse"))).toBe(true);
    const day = await firstDay(p);
    expect(vaccination.map((x) => x.id)).not.toContain(day.providerId);
    expect(await p.step("book", bookFields(day, day.slots[0], { reasonForContactId: "30" }))).toEqual({ outcome: "failed", message: t.chooseProvider });
  });

  it("a patient without linked accounts is not offered the family choice", async () => {
    const p = await patient(await mock.createWorld({ seed: 42 }));
    expect((await p.page("?id=1")).booking?.family).toEqual({ canChoose: false, members: [] });
  });

  it("refuses a booking that skipped the practice's COVID screening, and a virtual consult of another type", async () => {
    const world = await mock.createWorld({ scenario: "covid-screening", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "failed", message: t.fillMandatory });
    expect(await p.step("book", bookFields(day, day.slots[0], { screening: "virtual" }))).toEqual({ outcome: "failed", message: t.virtualNeedsVideo });
    expect(await p.step("book", bookFields(day, day.slots[0], { screening: "clear" }))).toMatchObject({ outcome: "booked" });
  });

  it("refuses same-day bookings when the practice does not allow them, and offers no slots today", async () => {
    const p = await patient(await mock.createWorld({ scenario: "booking-strict", seed: 42 }));
    const day = await firstDay(p);
    const today = (await p.page("?id=1")).today;
    expect(await p.step("slots", { for: "", typeId: "1", locationIds: "1", providerId: day.providerId, date: today })).toEqual([]);
    expect(await p.step("book", bookFields({ ...day, date: today }, day.slots[0]))).toEqual({ outcome: "sameDay", message: t.sameDayRefused });
  });

  it("lock-down: only the first provider can be booked", async () => {
    const p = await patient(await mock.createWorld({ scenario: "lockdown", seed: 42 }));
    const day = await firstDay(p);
    expect(day.providers[0].lockedDown).toBe(true);
    const other = day.providers.find((x) => !x.lockedDown)!;
    expect(await p.step("book", bookFields({ ...day, providerId: other.id }, day.slots[0]))).toEqual({ outcome: "failed", message: t.lockedDown });
  });

  it("maps Zoom's failure codes to 2§8's words", async () => {
    for (const [scenario, message] of [["zoom-failure", t.zoomEnd], ["zoom-email-missing", t.emailMissing]] as const) {
      const p = await patient(await mock.createWorld({ scenario, seed: 42 }));
      const day = await firstDay(p, "2");
      expect(await p.step("book", bookFields(day, day.slots[0], { typeId: "2" })), scenario).toEqual({ outcome: "failed", message });
    }
  });

  it("DisableAppointment: the Book tab's loader reads no booking lookups, and every step refuses", async () => {
    const world = await mock.createWorld({ scenario: "appointments-disabled", seed: 42 });
    const p = await patient(world);
    await world.clearRequests();
    // The page draws the practice's words (ring the practice) in place of the booking controls.
    expect((await p.page("?id=1")).booking).toEqual({ settings: expect.objectContaining({ disabled: true }), types: [], locations: [], reasonsForContact: [], family: { canChoose: false, members: [] } });
    expect((await world.requests()).map((r) => r.path).filter((path) => /Lookup\/(?!LoadPracticeSetting)|ProxyUsers/.test(path))).toEqual([]);
    expect(await p.envelope("roles", { for: "", locationIds: "1" })).toEqual({ ok: false, failure: { kind: "refused", message: t.disabled } });
    expect(await p.envelope("book", { for: "", typeId: "1", locationIds: "1", providerId: "1", date: "2030-01-01", slotId: "1", slotStart: "2030-01-01T09:00:00+13:00" })).toEqual({ ok: true, reply: { outcome: "failed", message: t.disabled } });
  });
});

describe("booked, taken, unknown or failed: what the patient is told matches what the practice did (decisions/385)", () => {
  it("a booking cut off before any answer, and not among the patient's appointments, is not known (the practice may still be making it); posted again it is booked, once", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    // Dropped before the practice did anything: nothing booked, but the portal cannot know that.
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "drop", times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "unknown", message: t.bookUnconfirmed });
    expect(await bookedAt(p, day.slots[0])).toHaveLength(0);
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
    expect(await bookedAt(p, day.slots[0])).toHaveLength(1);
  });

  it("a booking the practice is too slow to answer is not known; once the practice has made it, posted again it is found and not booked twice", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    // The same patient's session, waiting a second for the booking's answer.
    const { cookie } = await signedInToPortal(sessions, world);
    const impatient: AppointmentDeps = {
      requireSession: async (request) => {
        const { api, user } = await sessions.openSession(request);
        return { user, api: { call: (endpoint, options) => api.call(endpoint, endpoint.method === "POST" && endpoint.path === endpoints.bookAppointment.path ? { ...options, timeoutMs: 1000 } : options) } };
      },
    };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, impatient), { Cookie: cookie });
    const held = await world.hold({ path: "Patient/Appointment", method: "POST", times: 1 });
    expect(await steps.reply("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "unknown", message: t.bookUnconfirmed });
    // The practice gets to it after the portal gave up waiting.
    await held.release();
    await expect.poll(() => bookedAt(p, day.slots[0]).then((found) => found.length)).toBe(1);
    expect(await steps.reply("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.alreadyBooked });
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toHaveLength(1);
  });

  it("a garbled answer, with the appointments unreadable afterwards, is not known: it may have been booked", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    await world.fault({ path: "Patient/Appointment", method: "POST", body: "malformed", times: 1 });
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "unknown", message: t.bookUnconfirmed });
  });

  it("one the practice did not take on (503) is not booked, and said so, even when the appointments cannot be read afterwards", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    await world.fault({ path: "Patient/Appointment", method: "POST", status: 503, times: 1 });
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "failed", message: t.bookFailed });
    await world.clearFaults();
    expect(await bookedAt(p, day.slots[0])).toHaveLength(0);
  });

  it("a time another patient took while this booking was on its way is offered as taken, with the times still free, though this patient holds another time with the same provider", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const other = await patient(world, "family");
    const day = await firstDay(p);
    const [wanted, mine] = day.slots;
    expect(await p.step("book", bookFields(day, mine))).toEqual({ outcome: "booked", message: t.booked });
    // The patient's booking reaches the practice after the other patient's, for the same time.
    const held = await world.hold({ path: "Patient/Appointment", method: "POST", times: 1 });
    const booking = p.step("book", bookFields(day, wanted)) as Promise<BookReply>;
    await reached(held, booking);
    expect(await other.step("book", bookFields(day, wanted))).toEqual({ outcome: "booked", message: t.booked });
    await held.release();
    const reply = await booking;
    expect(reply).toMatchObject({ outcome: "taken", message: t.slotTaken });
    expect(reply.outcome === "taken" && reply.slots.map((s) => s.id)).toEqual(expect.arrayContaining([day.slots[2].id]));
    expect(reply.outcome === "taken" && reply.slots.map((s) => s.id)).not.toContain(wanted.id);
    expect(await bookedAt(p, wanted)).toHaveLength(0);
  });

  it("a time taken by another patient is taken, though this patient holds an appointment at that moment with another provider", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const other = await patient(world, "family");
    const day = await firstDay(p);
    // Another provider free at one of the same moments that day.
    let same: { wanted: SlotView; elsewhere: SlotView; providerId: string } | undefined;
    for (const provider of day.providers.filter((x) => x.id !== day.providerId)) {
      const theirs = await p.step<SlotView[]>("slots", { for: "", typeId: "1", locationIds: "1,2", providerId: provider.id, date: day.date });
      const wanted = day.slots.find((s) => theirs.some((x) => Date.parse(x.start) === Date.parse(s.start)));
      if (wanted) {
        same = { wanted, elsewhere: theirs.find((x) => Date.parse(x.start) === Date.parse(wanted.start))!, providerId: provider.id };
        break;
      }
    }
    expect(same, "two providers free at the same moment").toBeDefined();
    const { wanted, elsewhere, providerId } = same!;
    expect(await p.step("book", bookFields({ providerId, date: day.date }, elsewhere))).toEqual({ outcome: "booked", message: t.booked });
    expect(await other.step("book", bookFields(day, wanted))).toEqual({ outcome: "booked", message: t.booked });
    expect(await p.step("book", bookFields(day, wanted))).toMatchObject({ outcome: "taken", message: t.slotTaken });
  });

  it("a practice that says booked in its own case and spacing has booked it", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    await world.fault({ path: "Patient/Appointment", method: "POST", answer: "  APPOINTMENT BOOKED SUCCESSFULLY.  ", times: 1 });
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
    expect(await bookedAt(p, day.slots[0])).toHaveLength(1);
  });

  it("a same-day booking the practice itself refuses (switched off while the patient was booking) is told in the same-day words", async () => {
    // The practice's day a few days after this one, at 8 am on a weekday the first provider works (the
    // mock's roster is drawn from the world's seed and the date, so which weekday depends on today's
    // date): its same-day rule applies to that day, which the portal books as any other.
    const nextWeekday = (from: DateTime) => {
      let d = from;
      while (d.weekday > 5) d = d.plus({ days: 1 });
      return d;
    };
    let practiceDay = nextWeekday(DateTime.now().setZone("Pacific/Auckland").plus({ days: 3 }).startOf("day"));
    let world = await mock.createWorld({ seed: 42, now: practiceDay.set({ hour: 8 }).toISO()! });
    let p = await patient(world);
    let day = await firstDay(p);
    for (let tries = 1; day.date !== practiceDay.toISODate(); tries++) {
      expect(tries, "a weekday within a fortnight that the first provider works").toBeLessThan(14);
      practiceDay = nextWeekday(practiceDay.plus({ days: 1 }));
      world = await mock.createWorld({ seed: 42, now: practiceDay.set({ hour: 8 }).toISO()! });
      p = await patient(world);
      day = await firstDay(p);
    }
    const held = await world.hold({ path: "Patient/Appointment", method: "POST", times: 1 });
    const booking = p.step("book", bookFields(day, day.slots[0]));
    await reached(held, booking);
    mock.server.worlds.get(world.id)!.store.setting.update({ where: { id: { equals: "IsAllowSameDayBooking" } }, data: { value: "0" } });
    await held.release();
    expect(await booking).toEqual({ outcome: "sameDay", message: t.sameDayRefused });
    expect(await bookedAt(p, day.slots[0])).toHaveLength(0);
  });

  it("a provider in lock-down can still be booked as the first one offered; with the practice's bypass on, any provider can", async () => {
    const world = await mock.createWorld({ scenario: "lockdown", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    expect(day.providers[0].lockedDown).toBe(true);
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
    // Switched on at the practice: a patient who signs in now may book any provider.
    mock.server.worlds.get(world.id)!.store.setting.update({ where: { id: { equals: "ByPassLockDownPatientPortalAppointmentBookings" } }, data: { value: "1" } });
    const later = await patient(world);
    const other = day.providers.find((x) => !x.lockedDown)!;
    const otherDay = await later.step<{ date: string; slots: SlotView[] }>("nextDay", { for: "", typeId: "1", locationIds: "1,2", providerId: other.id, start: new Date().toISOString().slice(0, 10) });
    expect(await later.step("book", bookFields({ providerId: other.id, date: otherDay.date }, otherDay.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
  });

  it("a practice without same-day booking books any later day", async () => {
    const p = await patient(await mock.createWorld({ scenario: "booking-strict", seed: 42 }));
    const day = await firstDay(p);
    expect(day.date).not.toBe((await p.page("?id=1")).today);
    expect(await p.step("book", bookFields(day, day.slots[0]))).toEqual({ outcome: "booked", message: t.booked });
  });

  it("a booking at a place where no provider works is refused as needing a provider", async () => {
    const world = await mock.createWorld({ scenario: "lockdown", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    expect(await p.step("book", bookFields(day, day.slots[0], { locationIds: "99" }))).toEqual({ outcome: "failed", message: t.chooseProvider });
  });

  it("a fault of the portal's own while booking goes up as an error, not told as a booking the practice could not make", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const { cookie } = await signedInToPortal(sessions, world);
    const broken: AppointmentDeps = {
      requireSession: async (request) => {
        const { api, user } = await sessions.openSession(request);
        return { user, api: { call: (endpoint, options) => (endpoint.path === endpoints.appointmentSlots.path ? Promise.reject(new TypeError("a bug of the portal's")) : api.call(endpoint, options)) } };
      },
    };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, broken), { Cookie: cookie });
    await expect(answerBookingSteps(steps.request("book", bookFields(day, day.slots[0])), broken)).rejects.toThrow("a bug of the portal's");
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toEqual([]);
  });

  it("a day outside the days open to booking is refused before the practice is asked", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    await world.clearRequests();
    for (const date of ["2020-01-06", "2099-01-05"]) expect(await p.step("book", bookFields({ ...day, date }, day.slots[0]))).toEqual({ outcome: "failed", message: t.dateOutOfRange });
    expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toEqual([]);
  });

  it("a virtual consult screened as virtual is booked as a video consult", async () => {
    const world = await mock.createWorld({ scenario: "covid-screening", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p, "2");
    expect(await p.step("book", bookFields(day, day.slots[0], { typeId: "2", screening: "virtual" }))).toEqual({ outcome: "booked", message: t.booked });
  });

  it("a practice with no video consult type books other appointments, and refuses a consult screened as virtual", async () => {
    const world = await mock.createWorld({ scenario: "covid-screening", seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    const { cookie } = await signedInToPortal(sessions, world);
    // The practice's appointment types without its Video Consult.
    const noVideo: AppointmentDeps = {
      requireSession: async (request) => {
        const { api, user } = await sessions.openSession(request);
        const call: typeof api.call = async (endpoint, options) => {
          const reply = await api.call(endpoint, options);
          return endpoint.path === endpoints.lookup.path && Array.isArray(reply) ? (reply as Array<{ name: string }>).filter((x) => x.name !== VIDEO_TYPE_NAME) as typeof reply : reply;
        };
        return { user, api: { call } };
      },
    };
    const steps = stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, noVideo), { Cookie: cookie });
    expect(await steps.reply("book", bookFields(day, day.slots[0], { screening: "virtual" }))).toEqual({ outcome: "failed", message: t.virtualNeedsVideo });
    expect(await steps.reply("book", bookFields(day, day.slots[0], { screening: "clear" }))).toEqual({ outcome: "booked", message: t.booked });
  });

  it("sends the practice the reason as typed, trimmed, and the reason for contact chosen as the reason for visit", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const day = await firstDay(p);
    expect(await p.step("book", bookFields(day, day.slots[0], { reason: "  Sore knee  ", reasonForContactId: "30" }))).toMatchObject({ outcome: "booked" });
    const [post] = await world.requests({ method: "POST", path: "Patient/Appointment" });
    expect(post.query).toMatchObject({ Reason: "Sore knee", ReasonforVisitID: "30" });
  });
});

describe("cancelling", () => {
  it("needs a reason, cancels only the patient's own cancellable upcoming appointment, and shows the practice's reply", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const upcoming = (await p.page("?id=2")).upcoming!;
    const target = upcoming.find((r) => r.cancellable)!;
    // Refused with the field's error for the dialog, not thrown to the error boundary.
    expect(await p.cancel({ appointmentId: target.id, reason: " " })).toMatchObject({ ok: false, failure: { message: t.reasonRequired, fields: { reason: t.reasonRequired } } });
    expect(await p.cancel({ appointmentId: "a-someone-else", reason: "x" })).toEqual({ ok: false, failure: { kind: "refused", message: t.notCancellable } });
    expect(await p.cancel({ appointmentId: target.id, reason: "Feeling better" })).toEqual({ ok: true, reply: { message: t.cancelled } });
    const history = (await p.page("?id=3&show=cancelled")).history!;
    expect(history.rows.find((r) => r.id === target.id)?.cancelReason).toBe("Feeling better");
    expect((await p.page("?id=2")).upcoming!.map((r) => r.id)).not.toContain(target.id);
  });

  it("refuses a cancel from a tab still showing someone else's record (decisions/160), and takes the viewed patient's own key", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const [first, second] = (await p.page("?id=2")).upcoming!.filter((r) => r.cancellable);
    await world.clearRequests();
    const elsewhere = viewingKeyOf({ apiBase: p.user.apiBase, userId: "someone-else" });
    expect(await p.cancel({ appointmentId: first.id, reason: "Feeling better" }, elsewhere)).toEqual({ ok: false, failure: { kind: "refused", message: errorsTexts.viewingChanged } });
    expect((await world.requests()).filter((e) => e.method !== "GET")).toEqual([]);
    expect(await p.cancel({ appointmentId: second.id, reason: "Feeling better" }, viewingKeyOf(p.user))).toEqual({ ok: true, reply: { message: t.cancelled } });
  });

  it("a cancel whose answer was lost is found in Cancelled; one nobody can confirm says so, and pressed again finds it cancelled (decisions/385)", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const [first, second] = (await p.page("?id=2")).upcoming!.filter((r) => r.cancellable);
    await world.fault({ path: "Patient/Appointment", method: "DELETE", body: "lost-reply", times: 1 });
    expect(await p.cancel({ appointmentId: first.id, reason: "Feeling better" })).toEqual({ ok: true, reply: { message: t.cancelled } });

    // Carried out, its answer lost, and the Cancelled list unreadable: not called a failure, nor a success.
    // (Held until the upcoming list has been read for the cancel, so only the look afterwards fails.)
    const held = await world.hold({ path: "Patient/Appointment", method: "DELETE", body: "lost-reply", times: 1 });
    const cancelling = p.cancel({ appointmentId: second.id, reason: "Feeling better" });
    await reached(held, cancelling);
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    await held.release();
    expect(await cancelling).toEqual({ ok: false, failure: { kind: "refused", message: t.cancelUnconfirmed } });
    expect(await p.cancel({ appointmentId: second.id, reason: "Feeling better" })).toEqual({ ok: true, reply: { message: t.cancelled } });
    expect(await world.requests({ method: "DELETE", path: "Patient/Appointment" })).toHaveLength(2);

    // A server error after which the Cancelled list, read, does not have it: not cancelled, and said so.
    const [third] = (await p.page("?id=2")).upcoming!.filter((r) => r.cancellable);
    await world.fault({ path: "Patient/Appointment", method: "DELETE", status: 500, times: 1 });
    expect(await p.cancel({ appointmentId: third.id, reason: "Feeling better" })).toEqual({ ok: false, failure: { kind: "refused", message: t.cancelFailed } });
  });

  it("shows the practice's own words: its success in any case, its refusal as it words it, and plain words for an empty answer", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const [first, second, third] = (await p.page("?id=2")).upcoming!.filter((r) => r.cancellable);
    await world.fault({ path: "Patient/Appointment", method: "DELETE", answer: " APPOINTMENT CANCELLED SUCCESSFULLY. ", times: 1 });
    expect(await p.cancel({ appointmentId: first.id, reason: "Feeling better" })).toEqual({ ok: true, reply: { message: "APPOINTMENT CANCELLED SUCCESSFULLY." } });
    await world.fault({ path: "Patient/Appointment", method: "DELETE", answer: "Appointments within 24 hours cannot be cancelled online.", times: 1 });
    expect(await p.cancel({ appointmentId: second.id, reason: "Feeling better" })).toEqual({ ok: false, failure: { kind: "refused", message: "Appointments within 24 hours cannot be cancelled online." } });
    await world.fault({ path: "Patient/Appointment", method: "DELETE", answer: "  ", times: 1 });
    expect(await p.cancel({ appointmentId: third.id, reason: "Feeling better" })).toEqual({ ok: false, failure: { kind: "refused", message: t.cancelFailed } });
  });

  it("a cancel the practice did not take on (503) is not cancelled, and said so without asking the patient to check, even when the Cancelled list cannot be read", async () => {
    const world = await mock.createWorld({ seed: 42 });
    const p = await patient(world);
    const [first] = (await p.page("?id=2")).upcoming!.filter((r) => r.cancellable);
    const held = await world.hold({ path: "Patient/Appointment", method: "DELETE", status: 503, times: 1 });
    const cancelling = p.cancel({ appointmentId: first.id, reason: "Feeling better" });
    await reached(held, cancelling);
    await world.fault({ path: "Patient/Appointments", status: 503, times: 1 });
    await held.release();
    expect(await cancelling).toEqual({ ok: false, failure: { kind: "failed", message: t.cancelFailed } });
    await world.clearFaults();
    expect((await p.page("?id=2")).upcoming!.map((r) => r.id)).toContain(first.id);
  });

  it("an appointment whose time has passed, though the practice still lists it as upcoming, is not cancelled online, and the practice is not asked", async () => {
    // The practice's clock behind the patient's: its upcoming list holds appointments already begun.
    const world = await mock.createWorld({ seed: 42, now: "2026-01-05T09:00:00+13:00" });
    const p = await patient(world);
    const [begun] = (await p.page("?id=2")).upcoming!;
    expect(begun.cancellable).toBe(false);
    expect(await p.cancel({ appointmentId: begun.id, reason: "Feeling better" })).toEqual({ ok: false, failure: { kind: "refused", message: t.notCancellable } });
    expect(await world.requests({ method: "DELETE", path: "Patient/Appointment" })).toEqual([]);
  });
});
