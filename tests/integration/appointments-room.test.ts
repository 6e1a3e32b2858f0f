import fc from "fast-check";
import { DomUtils, parseDocument } from "htmlparser2";
import { DateTime } from "luxon";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import { MOCK_SDK_KEY } from "@contract/video";
import { AppointmentCard } from "~/areas/appointments/components/appointment-card";
import { appointmentsPage } from "~/areas/appointments/page.server";
import { answerBookingSteps, type AppointmentDeps } from "~/areas/appointments/steps.server";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { applyHistoryBadge, historyCounts, joinUrl } from "~/areas/appointments/view";
import type { SlotView } from "~/areas/appointments/booking";
import { loadZoomPage } from "~/areas/video/page.server";
import { answerVideoSteps } from "~/areas/video/steps.server";
import { videoTexts } from "~/areas/video/texts";
import { loadConfig } from "~/.server/config.server";
import { createSessions, type SignedInData } from "~/.server/session.server";
import { appointmentShown, type AppointmentRow } from "~/lib/appointment-row";
import { recordTexts } from "~/lib/texts/record";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { answeredWith, oursAsSent, roomReply } from "../helpers/room-replies";
import { stepPoster } from "../helpers/steps";

/**
 * The appointments and video screens against every shape the room leaves their calls (issue 68,
 * decisions/396): each loader and step of the area reads a reply made from ours with each record in any
 * combination of its row's shapes (tests/helpers/room-replies.ts), and never throws; every card shows each
 * field as the practice sent it or "Not recorded", a status the spec does not list as sent and in no badge
 * of its own, and no record is dropped. The expectations are worked out here from the wire, not by the
 * portal's own readers.
 */

const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const NR = recordTexts.notRecorded;
const ZONE = "Pacific/Auckland";
const RUNS = 20;
const t = appointmentsTexts;

type Wire = Record<string, unknown> & { id?: string; extension?: Array<Record<string, unknown>> | null; period?: { start?: unknown } | null };

interface Patient {
  world: TestWorld;
  s: PortalSession;
  user: SignedInData;
  cookie: string;
  step: ReturnType<typeof stepPoster>;
}

async function patientIn(world: TestWorld): Promise<Patient> {
  const { practice: s, user, cookie } = await signedInToPortal(sessions, world, "solo", { name: "Sam Solo" });
  const deps: AppointmentDeps = { requireSession: sessions.openSession };
  return { world, s, user, cookie, step: stepPoster("http://portal.test/appointments/book", (r) => answerBookingSteps(r, deps), { Cookie: cookie }) };
}

/* ---------- what the wire says, read here without the portal's readers ---------- */

/** A bundle's resources as sent: the first item's entry, an empty, null or missing one being none. */
function resourcesOf(reply: unknown): Wire[] {
  const entry = Array.isArray(reply) ? (reply[0] as { entry?: unknown } | undefined)?.entry : undefined;
  return Array.isArray(entry) ? entry.map((e: { resource: Wire }) => e.resource) : [];
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const slotOf = (record: Wire, index: number, kind = "valueString") => record.extension?.[index]?.[kind];

/** The start as written: its moment in New Zealand, and whether it has a time. */
function startOf(record: Wire): { at: DateTime; timed: boolean } | null {
  const start = text(record.period?.start);
  if (!start) return null;
  return { at: DateTime.fromISO(start, { zone: ZONE }), timed: start.includes("T") };
}

function passed(record: Wire, nowMs: number): boolean {
  const start = startOf(record);
  if (!start) return false;
  return start.timed ? start.at.toMillis() <= nowMs : start.at.endOf("day").toMillis() < nowMs;
}

/** The meeting a video config names (2§3 JSON with JoinUrl), read here by hand. */
function meetingIn(config: unknown): string | null {
  if (typeof config !== "string") return null;
  try {
    const value = JSON.parse(config) as { JoinUrl?: unknown; MeetingNumber?: unknown };
    const number = value?.MeetingNumber ?? (typeof value?.JoinUrl === "string" ? /\/j\/(\d{9,12})/.exec(value.JoinUrl)?.[1] : undefined);
    return typeof number === "string" && /^\d{9,12}$/.test(number) ? number : null;
  } catch {
    return null;
  }
}

/** Each field a card shows, as it must read for this record: the practice's value, or "Not recorded". */
function expectedCard(record: Wire, nowMs: number) {
  const status = text(slotOf(record, 6));
  const missed = status === "Missed" || (status === "Future" && passed(record, nowMs));
  const location = text(slotOf(record, 4)) ?? text(slotOf(record, 3));
  const where = [text(slotOf(record, 5)), location].filter((x) => x !== null).join(", ");
  const duration = slotOf(record, 7, "valueDecimal");
  const start = startOf(record);
  return {
    Type: text(slotOf(record, 0)) ?? NR,
    With: text(slotOf(record, 2)) ?? NR,
    For: text(slotOf(record, 1)) ?? NR,
    Where: where || NR,
    Length: typeof duration === "number" ? `${duration} minutes` : NR,
    status: missed && status !== "Missed" ? "Missed (start passed)" : (status ?? NR),
    date: start ? start.at.toFormat("dd-MM-yyyy") : null,
    timed: start?.timed ?? false,
    missed,
  };
}

/** The cards as the page draws them, each read as its heading, status and the field under each term. */
function drawn(rows: readonly AppointmentRow[]) {
  const cards = rows.map((row) => createElement(AppointmentCard, { key: row.id, row, onPrint: () => undefined, onCancel: () => undefined }));
  const markup = renderToStaticMarkup(createElement(MemoryRouter, null, createElement("ul", null, cards)));
  const document = parseDocument(markup);
  const textOf = (node: Parameters<typeof DomUtils.textContent>[0]) => DomUtils.textContent(node).replace(/\s+/g, " ").trim();
  return DomUtils.getElementsByTagName("li", document, true).map((card) => {
    const terms = DomUtils.getElementsByTagName("dt", card, true).map(textOf);
    const values = DomUtils.getElementsByTagName("dd", card, true).map(textOf);
    const heading = textOf(DomUtils.getElementsByTagName("h2", card, true)[0]);
    const status = textOf(DomUtils.getElementsByTagName("span", card, true)[0]);
    return { heading, status, fields: Object.fromEntries(terms.map((term, i) => [term, values[i]])), text: textOf(card) };
  });
}

/** A card says each field as the record holds it or "Not recorded"; its status as sent; its date in DD-MM-YYYY. */
function expectCardsTrue(rows: readonly AppointmentRow[], records: readonly Wire[], nowMs: number) {
  const cards = drawn(rows);
  expect(cards).toHaveLength(records.length);
  records.forEach((record, i) => {
    const want = expectedCard(record, nowMs);
    const card = cards[i];
    expect(rows[i].id).toBe(record.id);
    // "Show on a map" follows the place where there is one.
    const where = card.fields.Where.replace(/ Show on a map \(opens in a new tab\)$/, "");
    expect({ ...card.fields, Where: where, status: card.status }).toMatchObject({ Type: want.Type, With: want.With, For: want.For, Where: want.Where, Length: want.Length, status: want.status });
    if (want.date === null) expect(card.heading).toBe(`Date: ${NR}`);
    else if (want.timed) expect(card.heading).toMatch(new RegExp(`^\\w+day ${want.date} at \\d{1,2}:\\d{2} (am|pm)$`));
    else expect(card.heading).toBe(`${rows[i].weekday} ${want.date}, time: ${NR}`);
    expect(rows[i].missed).toBe(want.missed);
    // A cancelled appointment says its reason, or that none was recorded.
    if (text(slotOf(record, 6)) === "Cancelled") expect(card.fields["Cancel reason"]).toBe(text(slotOf(record, 8)) ?? NR);
  });
}

/** A video consult still to come: a Join link to its meeting, or words saying there is none to join. */
function expectJoinTrue(rows: readonly AppointmentRow[], records: readonly Wire[], nowMs: number) {
  records.forEach((record, i) => {
    const video = text(slotOf(record, 0)) === "Video Consult" && text(slotOf(record, 6)) !== "Cancelled" && !passed(record, nowMs);
    const meeting = video ? meetingIn(slotOf(record, 9)) : null;
    expect(rows[i].video?.meetingNumber ?? null).toBe(meeting);
    expect(rows[i].videoWithoutMeeting).toBe(video && meeting === null);
    if (meeting) expect(joinUrl(rows[i])).toContain(`meetingNumber=${meeting}`);
    if (video && meeting === null) expect(drawn([rows[i]])[0].text).toContain(t.noMeetingYet);
  });
}

/* ---------- the screens ---------- */

let p: Patient;
const page = (search: string) => appointmentsPage({ api: p.s.api, user: { ...p.user } }, new URL(`http://portal.test/appointments${search}`));
const query = (more: Record<string, string>) => ({ PatientID: p.s.id, ...more });

beforeAll(async () => {
  // Seed 15 gives Sam an upcoming video consult (tests/integration/zoom-signature.test.ts).
  p = await patientIn(await mock.createWorld({ seed: 15 }));
});

/** `reply` answers `endpoint`'s next call; the fault is cleared after, whatever the run did. */
async function answering<T>(endpoint: Parameters<typeof answeredWith>[0], reply: unknown, world: TestWorld, run: () => Promise<T>): Promise<T> {
  await world.fault(answeredWith(endpoint, reply));
  try {
    return await run();
  } finally {
    await world.clearFaults();
  }
}

describe("Upcoming and History read every shape of Patient/Appointments", () => {
  it("Upcoming shows every appointment sent, each field as sent or Not recorded, with a Join link or words for each video consult", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.appointments, query({ PageSize: "100", PageNumber: "1", AppointmentType: "1" }));
    expect(resourcesOf(ours).length).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointments, ours), async ({ reply }) => {
        const view = await answering(endpoints.appointments, reply, p.world, () => page("?id=2"));
        const nowMs = Date.now();
        const records = resourcesOf(reply);
        expect(view.upcoming).not.toBeNull();
        expectCardsTrue(view.upcoming!, records, nowMs);
        expectJoinTrue(view.upcoming!, records, nowMs);
      }),
      { numRuns: RUNS },
    );
  });

  it("History keeps every appointment that is not still to come; a status the spec does not list is shown as sent and counted only in All", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.appointments, query({ PageSize: "100", PageNumber: "1", AppointmentType: "0" }));
    const listed = new Set(["Completed", "Missed", "Cancelled"]);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointments, ours), async ({ reply }) => {
        const view = await answering(endpoints.appointments, reply, p.world, () => page("?id=3"));
        const nowMs = Date.now();
        // Still to come: marked Future with a start not known to have passed (the Upcoming tab's).
        const records = resourcesOf(reply).filter((r) => !(text(slotOf(r, 6)) === "Future" && !passed(r, nowMs)));
        const rows = view.history!.rows;
        expect(rows.map((r) => r.id)).toEqual(records.map((r) => r.id));
        expectCardsTrue(rows, records, nowMs);
        const counts = historyCounts(rows);
        const statuses = records.map((r) => text(slotOf(r, 6)));
        expect(counts.completed).toBe(statuses.filter((s) => s === "Completed").length);
        expect(counts.cancelled).toBe(statuses.filter((s) => s === "Cancelled").length);
        expect(counts.missed).toBe(rows.filter((r) => r.missed).length);
        expect(counts.all).toBe(records.length);
        // A status not among the badges' (Arrived, none) is under All alone, as sent.
        for (const row of rows.filter((r) => !listed.has(r.status ?? "") && !r.missed)) {
          for (const badge of ["completed", "missed", "cancelled"] as const) expect(applyHistoryBadge(rows, badge)).not.toContain(row);
          expect(appointmentShown(row).status).toBe(row.status ?? NR);
          expect(appointmentShown(row).tone).toBe(row.status === "Future" || row.status === "Other" ? "known" : "neutral");
        }
      }),
      { numRuns: RUNS },
    );
  });
});

/** Each choice named as sent (or Not recorded); a name two or more share numbered (1), (2)… in order, so no two read the same. */
function expectNamesApart(shown: string[], names: string[]) {
  expect(shown).toEqual(names.map((name, i) => (names.filter((n) => n === name).length > 1 ? `${name} (${names.slice(0, i + 1).filter((n) => n === name).length})` : name)));
  expect(new Set(shown).size).toBe(shown.length);
}

describe("booking reads every shape of its calls", () => {
  let providerId: string;
  let date: string;
  let slots: SlotView[];
  beforeAll(async () => {
    const providers = await p.step.reply<Array<{ id: string }>>("providers", { for: "", typeId: "1", locationIds: "1", roleId: "" });
    providerId = providers[0].id;
    const today = DateTime.now().setZone(ZONE).toISODate()!;
    ({ date, slots } = await p.step.reply<{ date: string; slots: SlotView[] }>("nextDay", { for: "", typeId: "1", locationIds: "1", providerId, start: today }));
    expect(slots.length).toBeGreaterThan(0);
  });

  it("roles: every role offered once by its id, named as sent or Not recorded", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.roles, query({ TypeID: "2", PracticeLocation: "1" }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.roles, ours), async ({ reply }) => {
        // A session keeps the roles it read (decisions/375): each run is a session of its own.
        const fresh = await patientIn(p.world);
        const roles = await answering(endpoints.roles, reply, p.world, () => fresh.step.reply<Array<{ id: string; name: string }>>("roles", { for: "", locationIds: "1" }));
        const sent = reply as Array<{ RoleID: string | number; RoleName?: unknown }>;
        const ids = [...new Set(sent.map((r) => String(r.RoleID)))];
        expect(roles.map((r) => r.id)).toEqual(ids);
        expectNamesApart(roles.map((r) => r.name), roles.map((role) => text(sent.find((r) => String(r.RoleID) === role.id)!.RoleName) ?? NR));
      }),
      { numRuns: RUNS },
    );
  });

  it("providers: every practitioner offered once, named as sent or Not recorded, locked down only when the flag says so", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.availablePractitioners, query({ AppointmentTypeID: "1", PracticeLocationID: "1", RoleID: "0", BookWithID: p.s.id, ReasonForVisitID: "25" }));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.availablePractitioners, ours), async ({ reply }) => {
        const providers = await answering(endpoints.availablePractitioners, reply, p.world, () =>
          p.step.reply<Array<{ id: string; name: string; lockedDown: boolean }>>("providers", { for: "", typeId: "1", locationIds: "1", roleId: "" }),
        );
        const sent = resourcesOf(reply) as Array<Wire & { name?: Array<{ text?: unknown }> | null }>;
        expect(providers.map((x) => x.id)).toEqual(sent.map((r) => r.id));
        expectNamesApart(providers.map((x) => x.name), sent.map((r) => text(r.name?.[0]?.text) ?? NR));
        sent.forEach((r, i) => expect(providers[i].lockedDown).toBe(slotOf(r, 0, "valueBoolean") === true));
      }),
      { numRuns: RUNS },
    );
  });

  it("slots: every slot with its id offered once, at its place or Not recorded; one without an id is not offered, as it cannot be booked", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.appointmentSlots, query({ ScheduleDate: date, PageSize: "50", PractitionerID: providerId, AppointmentTypeID: "1", LocationIDs: "1" }));
    expect(resourcesOf(ours).length).toBe(slots.length);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointmentSlots, ours), async ({ reply }) => {
        const offered = await answering(endpoints.appointmentSlots, reply, p.world, () => p.step.reply<SlotView[]>("slots", { for: "", typeId: "1", locationIds: "1", providerId, date }));
        const sent = resourcesOf(reply).filter((r) => text(slotOf(r, 0)) !== null);
        expect(offered.map((s) => s.id).sort()).toEqual(sent.map((r) => slotOf(r, 0) as string).sort());
        for (const slot of offered) expect(slot.locationId).toBe(text(slotOf(sent.find((r) => slotOf(r, 0) === slot.id)!, 1)) ?? "");
      }),
      { numRuns: RUNS },
    );
  });

  it("next available day: the same day however RosterDate is written, and none from an empty list", async () => {
    const today = DateTime.now().setZone(ZONE).toISODate()!;
    const listed = await oursAsSent(p.world, p.s.token, endpoints.nextAvailableDay, query({ ProviderID: providerId, AppointmentTypeID: "1", StartDate: today }));
    // Its first day alone: the day before it has no free slot (or is past), so a day misread by one shows.
    const ours = JSON.stringify((JSON.parse(listed as string) as unknown[]).slice(0, 1));
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.nextAvailableDay, ours), async ({ reply, shapes }) => {
        const next = await answering(endpoints.nextAvailableDay, reply, p.world, () => p.step.reply<{ date: string | null; slots: SlotView[] }>("nextDay", { for: "", typeId: "1", locationIds: "1", providerId, start: today }));
        expect(next.date).toBe(shapes[0] === "an empty list" ? null : date);
      }),
      // Five reply shapes, no records: each is drawn in a few runs.
      { numRuns: 10 },
    );
  });

  it("book: a slot already booked is found in the patient's appointments only where the start's time and the provider say it is this booking", async () => {
    const slot = slots[0];
    const fields = { for: "", typeId: "1", locationIds: "1", providerId, date, slotId: slot.id, slotStart: slot.start, reason: "", reasonForContactId: "", screening: "none" };
    expect(await p.step.reply("book", fields)).toEqual({ outcome: "booked", message: t.booked });
    const ours = await oursAsSent(p.world, p.s.token, endpoints.appointments, query({ PageSize: "100", PageNumber: "1", AppointmentType: "1" }));
    const providerName = ((await p.step.reply<Array<{ id: string; name: string }>>("providers", { for: "", typeId: "1", locationIds: "1", roleId: "" })).find((x) => x.id === providerId))!.name;
    const at = Date.parse(slot.start);
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointments, ours), async ({ reply }) => {
        const again = await answering(endpoints.appointments, reply, p.world, () => p.step.reply<{ outcome: string; message: string }>("book", fields));
        // Posted again, the slot is no longer free: the patient's own booking, one listed on its day
        // without a time that may be it (so not booked again), or taken by someone else.
        const mayBeIt = resourcesOf(reply).filter((r) => {
          const provider = text(slotOf(r, 2))?.trim();
          return !provider || provider === providerName;
        });
        const starts = mayBeIt.map(startOf);
        const found = starts.some((start) => start !== null && start.timed && start.at.toMillis() === at);
        const unclear = starts.some((start) => start !== null && !start.timed && start.at.toISODate() === slot.start.slice(0, 10));
        expect(again).toMatchObject(found ? { outcome: "booked", message: t.alreadyBooked } : unclear ? { outcome: "unknown", message: t.bookUnclear } : { outcome: "taken", message: t.slotTaken });
      }),
      { numRuns: RUNS },
    );
  });
});

describe("cancelling reads every shape of the upcoming list", () => {
  it("cancels only an appointment whose status id allows it and whose start is not known to have passed; any other is refused in words, the practice not asked", async () => {
    const q = await patientIn(await mock.createWorld({ seed: 15 }));
    const ours = await oursAsSent(q.world, q.s.token, endpoints.appointments, { PatientID: q.s.id, PageSize: "100", PageNumber: "1", AppointmentType: "1" });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointments, ours), async ({ reply }) => {
        const [target] = resourcesOf(reply);
        await q.world.clearRequests();
        const answer = await answering(endpoints.appointments, reply, q.world, () => q.step.envelope("cancel", { appointmentId: target.id, reason: "Feeling better" }));
        const statusId = text(slotOf(target, 10))?.trim();
        const cancellable = statusId !== undefined && ["1", "2", "3", "11"].includes(statusId) && !passed(target, Date.now());
        const asked = await q.world.requests({ method: "DELETE", path: "Patient/Appointment" });
        if (!cancellable) {
          expect(answer).toMatchObject({ ok: false, failure: { message: t.notCancellable } });
          expect(asked).toEqual([]);
        } else {
          // The practice is asked; it cancels, or (cancelled in an earlier run) says why not, in words.
          expect(asked).toHaveLength(1);
          if (answer.ok) expect(answer.reply).toEqual({ message: "Appointment cancelled successfully" });
          else expect(answer.failure.message).toMatch(/\w/);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("Join Meeting reads every shape of the upcoming list", () => {
  it("the loader and the signature step join a meeting only while a video consult still names it, and show its fields as sent or Not recorded", async () => {
    const ours = await oursAsSent(p.world, p.s.token, endpoints.appointments, query({ PageSize: "100", PageNumber: "1", AppointmentType: "1" }));
    const video = resourcesOf(ours).find((r) => text(slotOf(r, 0)) === "Video Consult" && meetingIn(slotOf(r, 9)) !== null)!;
    expect(video, "the seeded world gives Sam an upcoming video consult").toBeDefined();
    const meetingNumber = meetingIn(slotOf(video, 9))!;
    const load = () => loadZoomPage(new Request(`http://portal.test/zoom?${new URLSearchParams({ meetingNumber, passCode: "abc123", appointment: video.id! })}`, { headers: { Cookie: p.cookie } }), { requireSession: sessions.openSession });
    const sign = stepPoster("http://portal.test/zoom/signature", (r) => answerVideoSteps(r, { requireSession: sessions.openSession, signatureUrl: undefined, sdkKey: MOCK_SDK_KEY }), { Cookie: p.cookie });
    await fc.assert(
      fc.asyncProperty(roomReply(ROOM.appointments, ours), async ({ reply }) => {
        // The practice lists it as a video consult that is not cancelled, whose config names this meeting.
        const holding = resourcesOf(reply).filter((r) => text(slotOf(r, 0)) === "Video Consult" && text(slotOf(r, 6)) !== "Cancelled" && meetingIn(slotOf(r, 9)) === meetingNumber);
        const view = await answering(endpoints.appointments, reply, p.world, load);
        const signed = await answering(endpoints.appointments, reply, p.world, () => sign.envelope("sign", { meetingNumber }));
        if (holding.length === 0) {
          expect(view).toMatchObject({ meeting: { ok: false, problem: "not-yours" }, appointment: null });
          expect(signed).toMatchObject({ ok: false, failure: { message: videoTexts.notYours } });
          return;
        }
        const record = holding.find((r) => r.id === video.id) ?? holding[0];
        const want = expectedCard(record, Date.now());
        expect(view.appointment).toMatchObject({ id: record.id, type: want.Type, provider: want.With, patientName: want.For });
        expect(view.appointment!.when).toContain(want.date ?? `Date: ${NR}`);
        expect(signed.ok).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
