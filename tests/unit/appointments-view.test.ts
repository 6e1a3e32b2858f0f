import { describe, expect, it } from "vitest";
import { APPOINTMENT_STATUSES, AppointmentSchema, AppointmentSlots, type Appointment } from "@contract/appointments";
import { endpoints } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import type { RoomRow } from "@contract/room/shapes";
import { RolesReplySchema } from "@contract/roles";
import { rowOf } from "~/.server/appointment-rows.server";
import type { PracticeApi } from "~/.server/practice/api.server";
import { getNextAvailableDays } from "~/.server/practice/appointments.server";
import { appointmentShown } from "~/lib/appointment-row";
import { recordTexts } from "~/lib/texts/record";
import { CancelFormSchema, historyRangeSchema } from "~/areas/appointments/forms";
import { appointmentsSearch, appointmentsViewOf, applyHistoryBadge, historyCounts, joinUrl, mapSearchUrl } from "~/areas/appointments/view";
import { parseForm } from "~/lib/form-data";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { timelineTexts } from "~/lib/texts/timeline";

const t = appointmentsTexts;

function appointment(over: { start: string; status?: string; statusId?: string; type?: string; videoConfig?: string }): Appointment {
  return {
    resourceType: "Appointment",
    id: "a1",
    period: { start: over.start },
    extension: AppointmentSlots.read(
      AppointmentSlots.write({
        type: over.type ?? "Face to Face",
        patientName: "Aroha Ngata",
        providerName: "Dr Mere Smith",
        practiceAddress: "1 Main St, Ponsonby, Auckland 1011",
        location: "1 Main St, Ponsonby, Auckland",
        locationName: "Ponsonby Medical",
        status: over.status ?? "Future",
        duration: 15,
        cancelReason: "",
        videoConfig: over.videoConfig ?? "",
        statusId: over.statusId ?? "1",
      }),
    ),
  };
}

const NOW = Date.parse("2026-03-03T09:00:00+13:00");

describe("appointment rows", () => {
  it("write the date and time in Pacific/Auckland, whatever the server's zone", () => {
    // 20:30 UTC on the 3rd is 09:30 on the 4th in Auckland (daylight time).
    const row = rowOf(appointment({ start: "2026-03-03T20:30:00Z" }), NOW);
    expect(row).toMatchObject({ date: "04-03-2026", time: "9:30 am", weekday: "Wednesday", cancellable: true, missed: false });
  });

  it("cancellable only for status ids 1, 2, 3 and 11 and not yet started", () => {
    for (const id of ["1", "2", "3", "11"]) expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", statusId: id }), NOW).cancellable).toBe(true);
    for (const id of ["5", "6", "7", "4"]) expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", statusId: id }), NOW).cancellable).toBe(false);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW).cancellable).toBe(false);
  });

  it("a Future appointment whose start has passed counts as missed (2§4)", () => {
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW).missed).toBe(true);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00", status: "Missed", statusId: "6" }), NOW).missed).toBe(true);
    expect(rowOf(appointment({ start: "2026-03-02T10:00:00+13:00", status: "Completed", statusId: "5" }), NOW).missed).toBe(false);
  });

  it("a video consult's Join link carries its meeting number and pass code; a broken config has none", () => {
    const video = rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=abc123", MeetingNumber: "81234567890", PassCode: "abc123" }) }), NOW);
    expect(joinUrl(video)).toBe("/zoom?meetingNumber=81234567890&passCode=abc123&appointment=a1");
    const fromUrl = rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=xyz" }) }), NOW);
    expect(fromUrl.video).toEqual({ meetingNumber: "81234567890", passCode: "xyz" });
    expect(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00", type: "Video Consult", videoConfig: "{not json" }), NOW).video).toBeNull();
    expect(joinUrl(rowOf(appointment({ start: "2026-03-05T10:00:00+13:00" }), NOW))).toBeNull();
  });

  it("maps are a link out to a search of the address", () => {
    expect(mapSearchUrl("1 Main St, Ponsonby")).toBe("https://www.google.com/maps/search/?api=1&query=1%20Main%20St%2C%20Ponsonby");
  });
});

describe("history", () => {
  const rows = [
    rowOf(appointment({ start: "2026-02-01T10:00:00+13:00", status: "Completed", statusId: "5" }), NOW),
    rowOf(appointment({ start: "2026-02-02T10:00:00+13:00", status: "Missed", statusId: "6" }), NOW),
    rowOf(appointment({ start: "2026-02-03T10:00:00+13:00", status: "Cancelled", statusId: "7" }), NOW),
    rowOf(appointment({ start: "2026-03-02T10:00:00+13:00" }), NOW),
  ];
  it("badges filter Completed, Missed (with past-start items), Cancelled and All, and count them", () => {
    expect(historyCounts(rows)).toEqual({ completed: 1, missed: 2, cancelled: 1, all: 4 });
    expect(applyHistoryBadge(rows, "missed").map((r) => r.date)).toEqual(["02-02-2026", "02-03-2026"]);
  });

  it("the range may not start more than a year ago, nor end before it starts", () => {
    const schema = historyRangeSchema("2026-03-03");
    expect(parseForm(new URLSearchParams({ from: "02-03-2025", to: "01-03-2026" }), schema)).toMatchObject({ ok: false, errors: { from: timelineTexts.fromTooEarly } });
    expect(parseForm(new URLSearchParams({ from: "03-03-2025", to: "01-03-2026" }), schema).ok).toBe(true);
    expect(parseForm(new URLSearchParams({ from: "01-03-2026", to: "01-02-2026" }), schema)).toMatchObject({ ok: false, errors: { to: dateRangeTexts.toBeforeFrom } });
    expect(parseForm(new URLSearchParams({ from: "01-03-2026" }), schema).ok).toBe(false);
  });

  it("the address holds tab, badge and range; Upcoming without one", () => {
    expect(appointmentsViewOf(new URLSearchParams(""))).toMatchObject({ tab: "upcoming", show: "all" });
    expect(appointmentsViewOf(new URLSearchParams("id=3&show=missed&from=01-01-2026&to=02-01-2026"))).toEqual({ tab: "history", show: "missed", from: "01-01-2026", to: "02-01-2026" });
    expect(appointmentsSearch({ tab: "history", show: "all", from: "01-01-2026", to: "02-01-2026" })).toBe("?id=3&from=01-01-2026&to=02-01-2026");
    expect(appointmentsSearch({ tab: "book", show: "missed" })).toBe("?id=1");
  });
});

describe("cancel form", () => {
  it("needs a reason: Reason is required", () => {
    expect(parseForm(new URLSearchParams({ appointmentId: "a1", reason: "   " }), CancelFormSchema)).toMatchObject({ ok: false, errors: { reason: t.reasonRequired } });
    expect(parseForm(new URLSearchParams({ appointmentId: "a1" }), CancelFormSchema)).toMatchObject({ ok: false, errors: { reason: t.reasonRequired } });
    expect(parseForm(new URLSearchParams({ appointmentId: "a1", reason: " Better " }), CancelFormSchema)).toEqual({ ok: true, value: { appointmentId: "a1", reason: "Better" } });
  });
});

/* ---------- the room the spec leaves (issue 68, decisions/396) ---------- */

const NR = recordTexts.notRecorded;
const request = { body: undefined };

/** An appointment as a practice words it on the wire, before the contract reads it. */
function wire(over: { start?: string; type?: string; status?: string; statusId?: string; videoConfig?: string; cancelReason?: string; providerName?: string } = {}) {
  return {
    resourceType: "Appointment",
    id: "a1",
    period: { start: over.start ?? "2026-03-05T10:00:00+13:00" },
    extension: AppointmentSlots.write({
      type: over.type ?? "Video Consult",
      patientName: "Aroha Ngata",
      providerName: over.providerName ?? "Dr Mere Smith",
      practiceAddress: "1 Main St, Ponsonby, Auckland 1011",
      location: "1 Main St, Ponsonby, Auckland",
      locationName: "Ponsonby Medical",
      status: over.status ?? "Future",
      duration: 15,
      cancelReason: over.cancelReason ?? "",
      videoConfig: over.videoConfig ?? JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=abc123", MeetingNumber: "81234567890", PassCode: "abc123" }),
      statusId: over.statusId ?? "1",
    }),
  };
}
const read = (value: unknown) => AppointmentSchema.parse(value);
const bundle = (resources: unknown[]) => [{ resourceType: "Bundle", total: resources.length, entry: resources.map((resource) => ({ resource })) }];

describe("the contract reads every shape of the room", () => {
  const cases: Array<[string, RoomRow, unknown, (reply: unknown) => unknown]> = [
    ["appointments", ROOM.appointments, bundle([wire(), wire({ type: "Face to Face", videoConfig: "", status: "Cancelled", statusId: "7", cancelReason: "Better" })]), (r) => endpoints.appointments.reply.parse(r)],
    ["availablePractitioners", ROOM.availablePractitioners, bundle([{ resourceType: "Practitioner", id: "p1", name: [{ text: "Dr Mere Smith" }], extension: [{ url: "IsLockDown", valueBoolean: true }] }]), (r) => endpoints.availablePractitioners.reply.parse(r)],
    ["appointmentSlots", ROOM.appointmentSlots, bundle([{ resourceType: "Slot", start: "2026-03-05T10:00:00+13:00", extension: [{ url: "SlotID", valueString: "s1" }, { url: "LocationID", valueString: "1" }] }]), (r) => endpoints.appointmentSlots.reply.parse(r)],
    ["roles", ROOM.roles, [{ RoleID: "1", RoleName: "Doctor", PracticeLocationID: "1" }, { id: 2, title: "Nurse" }], (r) => RolesReplySchema.parse(r)],
  ];
  it.each(cases)("%s: each record shape, and each reply shape", (_name, row, ours, parse) => {
    for (const record of row.records?.shapes ?? []) {
      const reply = row.records!.at === "list" ? (ours as unknown[]).map((r) => record.apply(r, request)) : bundle((ours as Array<{ entry: Array<{ resource: unknown }> }>)[0].entry.map((e) => record.apply(e.resource, request)));
      expect(() => parse(reply), record.name).not.toThrow();
    }
    for (const whole of row.replies) expect(() => parse(whole.apply(ours, request)), whole.name).not.toThrow();
  });

  it("keeps a record's id, and a messaging role apart from a booking role", () => {
    expect(() => read({ ...wire(), id: "" })).toThrow();
    expect(RolesReplySchema.parse([{ RoleID: 3, RoleName: null }, { id: 2, title: "Nurse" }])).toEqual([{ RoleID: "3", RoleName: null }, { id: "2", title: "Nurse" }]);
  });
});

describe("a record that leaves fields out", () => {
  const NOW = Date.parse("2026-03-03T09:00:00+13:00");

  it("says Not recorded for each field it lacks, claims neither missed nor cancellable, and offers no Join", () => {
    const row = rowOf(read({ resourceType: "Appointment", id: "a9", period: null, extension: [] }), NOW);
    expect(row).toMatchObject({ id: "a9", date: null, time: null, type: null, status: null, durationMinutes: null, missed: false, cancellable: false, video: null, videoWithoutMeeting: false });
    expect(appointmentShown(row)).toMatchObject({ when: `Date: ${NR}`, type: NR, provider: NR, patientName: NR, where: NR, length: NR, status: NR, tone: "neutral", cancelReason: null, label: "appointment on a date not recorded" });
  });

  it("reads empty and blank text as not recorded, the place from the practice's address when the location is missing, and a list cut short", () => {
    const record = wire();
    const cut = read({ ...record, extension: record.extension.slice(0, 4).map((e, i) => (i === 2 ? { ...e, valueString: "  " } : e)) });
    const shown = appointmentShown(rowOf(cut, NOW));
    expect(shown).toMatchObject({ type: "Video Consult", patientName: "Aroha Ngata", provider: NR, where: "1 Main St, Ponsonby, Auckland 1011", status: NR, length: NR });
    expect(rowOf(cut, NOW)).toMatchObject({ cancellable: false, video: null, videoWithoutMeeting: true });
  });

  it("a cancelled appointment says its reason, or that none was recorded", () => {
    expect(appointmentShown(rowOf(read(wire({ status: "Cancelled", statusId: "7", cancelReason: "Feeling better" })), NOW)).cancelReason).toBe("Feeling better");
    expect(appointmentShown(rowOf(read(wire({ status: "Cancelled", statusId: "7" })), NOW)).cancelReason).toBe(NR);
    expect(appointmentShown(rowOf(read(wire()), NOW)).cancelReason).toBeNull();
  });

  it("shows a status text the spec does not list as sent, neutral, and counts it only under All", () => {
    const arrived = rowOf(read(wire({ status: "Arrived", statusId: "99", start: "2026-03-02T10:00:00+13:00" })), NOW);
    const completed = rowOf(read(wire({ status: "Completed", statusId: "5", start: "2026-03-01T10:00:00+13:00" })), NOW);
    expect(appointmentShown(arrived)).toMatchObject({ status: "Arrived", tone: "neutral" });
    expect(arrived).toMatchObject({ missed: false, cancellable: false });
    expect(historyCounts([arrived, completed])).toEqual({ completed: 1, missed: 0, cancelled: 0, all: 2 });
    expect(applyHistoryBadge([arrived, completed], "missed")).toEqual([]);
    for (const status of APPOINTMENT_STATUSES) expect(appointmentShown(rowOf(read(wire({ status, start: "2026-03-05T10:00:00+13:00" })), NOW)).tone).not.toBe("neutral");
  });

  it("reads the start however it is written: with an offset, without one, in UTC, or as a day whose time is not recorded", () => {
    const at = (start: string) => rowOf(read(wire({ start })), NOW);
    for (const start of ["2026-03-05T10:00:00+13:00", "2026-03-05T10:00:00", "2026-03-04T21:00:00.000Z"]) expect(at(start)).toMatchObject({ date: "05-03-2026", time: "10:00 am", weekday: "Thursday" });
    const day = at("2026-03-05");
    expect(day).toMatchObject({ date: "05-03-2026", time: null, weekday: "Thursday", cancellable: true });
    expect(appointmentShown(day).when).toBe(`Thursday 05-03-2026, time: ${NR}`);
    // A day alone has passed only once the practice's day is over: today's is still to come.
    expect(at("2026-03-03")).toMatchObject({ missed: false, cancellable: true });
    expect(at("2026-03-02")).toMatchObject({ missed: true, cancellable: false });
  });

  it("a video consult whose config is absent, empty, not JSON or without JoinUrl has no Join link, and says so; JoinUrl alone is enough", () => {
    for (const videoConfig of ["", "{JoinUrl: not json", "{}", "null"]) expect(rowOf(read(wire({ videoConfig })), NOW)).toMatchObject({ video: null, videoWithoutMeeting: true });
    const absent = wire();
    expect(rowOf(read({ ...absent, extension: absent.extension.slice(0, 9) }), NOW)).toMatchObject({ video: null, videoWithoutMeeting: true });
    expect(rowOf(read(wire({ videoConfig: JSON.stringify({ JoinUrl: "https://zoom.example.nz/j/81234567890?pwd=xyz" }) })), NOW).video).toEqual({ meetingNumber: "81234567890", passCode: "xyz" });
    // Not a video consult still to come: neither a link nor words.
    for (const other of [wire({ videoConfig: "", status: "Cancelled", statusId: "7" }), wire({ videoConfig: "", start: "2026-03-01T10:00:00+13:00" }), wire({ videoConfig: "", type: "Face to Face" })]) {
      expect(rowOf(read(other), NOW)).toMatchObject({ video: null, videoWithoutMeeting: false });
    }
  });

  it("shows text with markup, entities and macrons as the practice sent it", () => {
    const record = wire({ providerName: "<b>Dr Mere Smith</b> &amp; whānau — Māori" });
    expect(appointmentShown(rowOf(read(record), NOW)).provider).toBe("<b>Dr Mere Smith</b> &amp; whānau — Māori");
  });
});

describe("the next available days", () => {
  const api = (reply: string): PracticeApi => ({ call: (async () => reply) as PracticeApi["call"] });
  const q = { typeId: "1", providerId: "p1", start: "2026-03-03" };

  it("are the practice's days however RosterDate is written, none from an empty list or text that is not JSON", async () => {
    for (const RosterDate of ["2026-03-05T00:00:00", "2026-03-05", "2026-03-05T00:00:00+13:00", "2026-03-04T11:00:00.000Z"]) {
      expect(await getNextAvailableDays(api(JSON.stringify([{ RosterDate }])), "1", q), RosterDate).toEqual(["2026-03-05"]);
    }
    expect(await getNextAvailableDays(api("[]"), "1", q)).toEqual([]);
    expect(await getNextAvailableDays(api("not json"), "1", q)).toEqual([]);
  });
});
