import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { APPOINTMENT_LISTS, BOOKED_REPLY, NextAvailableDaysSchema } from "@contract/appointments";
import { isRoleEntry } from "@contract/roles";
import { endpoints } from "@contract/endpoints";
import { appointmentsPageSizes } from "@contract/appointments";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

/** The booking calls of 2§7 against the mock over HTTP: roster, slots, booking races, counters, lookups. */
const mock = useMockServer();
// A Tuesday morning in the practice's zone, so the roster has weekdays ahead.
const NOW = "2026-03-03T09:00:00+13:00";

type Session = Awaited<ReturnType<TestWorld["signIn"]>>;

async function firstFreeSlot(s: Session, typeId = "1", patientId = s.id) {
  const providers = (await s.api.call(endpoints.availablePractitioners, { query: { PatientID: patientId, AppointmentTypeID: typeId } })).resources;
  const provider = providers[0];
  const next = NextAvailableDaysSchema.parse(JSON.parse(await s.api.call(endpoints.nextAvailableDay, { query: { PatientID: patientId, ProviderID: provider.id, AppointmentTypeID: typeId, StartDate: "2026-03-04" } })));
  const day = next[0].RosterDate.slice(0, 10);
  const slots = await s.api.call(endpoints.appointmentSlots, { query: { PatientID: patientId, ScheduleDate: day, PageSize: appointmentsPageSizes.slots, PractitionerID: provider.id, AppointmentTypeID: typeId, LocationIDs: "1,2" } });
  return { provider, day, slots: slots.resources };
}

describe("booking calls", () => {
  it("lists locations, types and reasons (lookups 11-13) and roles by location", async () => {
    const s = await (await mock.createWorld({ now: NOW, seed: 4 })).signIn("solo");
    const [locations, types, reasons] = await Promise.all(["11", "12", "13"].map((TypeID) => s.api.call(endpoints.lookup, { query: { PatientID: s.id, TypeID: TypeID as "11" } })));
    expect(locations.map((l) => l.id)).toEqual(["1", "2"]);
    expect(types.map((t) => t.name)).toEqual(["Face to Face", "Video Consult", "Phone Triage"]);
    expect(reasons.map((r) => r.id)).toContain("25");
    const reply = await s.api.call(endpoints.roles, { query: { PatientID: s.id, TypeID: "2", PracticeLocation: "1" } });
    // The same call with TypeID 1 lists messaging roles: each TypeID answers its own kind.
    expect(reply.every(isRoleEntry)).toBe(true);
    const roles = reply.filter(isRoleEntry);
    expect(roles.map((r) => r.RoleName).sort()).toEqual(["Doctor", "Nurse"]);
    expect(roles.every((r) => r.PracticeLocationID === "1")).toBe(true);
  });

  it("AvailablePractitioner honours role, type and location", async () => {
    const s = await (await mock.createWorld({ now: NOW, seed: 4 })).signIn("solo");
    const call = (q: Record<string, string>) => s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id, ...q } }).then((b) => b.resources.map((p) => p.name?.[0]?.text ?? ""));
    const all = await call({});
    const nurses = await call({ RoleID: "2" });
    const video = await call({ AppointmentTypeID: "2" });
    expect(nurses.length).toBeGreaterThan(0);
    expect(nurses.every((n) => n.startsWith("Nurse"))).toBe(true);
    // Nurses hold no video consults.
    expect(video.some((n) => n.startsWith("Nurse"))).toBe(false);
    expect(video.length).toBeLessThan(all.length);
    const satellite = await call({ PracticeLocationID: "2" });
    expect(satellite.length).toBeGreaterThan(0);
    expect(satellite.length).toBeLessThan(all.length);
  });

  it("AvailablePractitioner takes one PracticeLocationID, checks BookWithID as a patient of the sign-in, and narrows by ReasonForVisitID where the practice maps reasons (2§7, 1§3; issue 33 item 4)", async () => {
    const h = await (await mock.createWorld({ now: NOW, seed: 4 })).signInHttp("solo");
    const ask = (q: Record<string, string>) => fetch(`${h.base}${endpoints.availablePractitioners.path}?${new URLSearchParams({ PatientID: h.id, ...q })}`, { headers: { Token: h.token } });
    // 2§7 names one location here (AppointmentSlots takes the comma list): a list is not this call's.
    expect((await ask({ PracticeLocationID: "1,2" })).status).toBe(400);
    expect((await ask({ PracticeLocationID: "1", BookWithID: h.id })).status).toBe(200);
    expect((await ask({ PracticeLocationID: "1", BookWithID: "99999" })).status).toBe(403);

    const names = async (world: TestWorld, q: Record<string, string>) => {
      const s = await world.signIn("solo");
      return (await s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id, ...q } })).resources.map((p) => p.name?.[0]?.text ?? "");
    };
    const mapped = await mock.createWorld({ now: NOW, seed: 4, scenario: "reason-mapping" });
    const everyone = await names(mapped, { ReasonForVisitID: "25" });
    const vaccination = await names(mapped, { ReasonForVisitID: "30" });
    const review = await names(mapped, { ReasonForVisitID: "26" });
    expect(everyone.some((n) => n.startsWith("Nurse")) && everyone.some((n) => !n.startsWith("Nurse"))).toBe(true);
    expect(vaccination.length).toBeGreaterThan(0);
    expect(vaccination.every((n) => n.startsWith("Nurse"))).toBe(true);
    expect(review.length).toBeGreaterThan(0);
    expect(review.some((n) => n.startsWith("Nurse"))).toBe(false);
    // Without the mapping (the default practice) the reason narrows nothing.
    expect(await names(await mock.createWorld({ now: NOW, seed: 4 }), { ReasonForVisitID: "30" })).toEqual(everyone);
  });

  it("slots are quarter hours of a roster with gaps, in practice time, after now; NextAvailableDay is an escaped JSON string", async () => {
    const s = await (await mock.createWorld({ now: NOW, seed: 4 })).signIn("solo");
    const { day, slots } = await firstFreeSlot(s);
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.length).toBeLessThan(28);
    for (const slot of slots) {
      const start = DateTime.fromISO(slot.start, { setZone: true });
      expect(start.toISODate()).toBe(day);
      expect(start.offset).toBe(13 * 60);
      expect(start.minute % 15).toBe(0);
      expect(start.hour).toBeGreaterThanOrEqual(8);
      expect(start.hour).toBeLessThan(17);
    }
    // On the wire the answer is a JSON string holding JSON, not a JSON list.
    const h = await (await mock.createWorld({ now: NOW, seed: 4 })).signInHttp("solo");
    const provider = (await s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id } })).resources[0];
    const res = await fetch(`${h.base}${endpoints.nextAvailableDay.path}?${new URLSearchParams({ PatientID: h.id, ProviderID: provider.id, AppointmentTypeID: "1", StartDate: "2026-03-04" })}`, { headers: { Token: h.token } });
    const text = await res.text();
    expect(text.startsWith('"[')).toBe(true);
    expect(NextAvailableDaysSchema.parse(JSON.parse(JSON.parse(text) as string)).length).toBeGreaterThan(0);
  });

  it("a slot booked twice in parallel is booked exactly once; the counters and lists follow", async () => {
    const world = await mock.createWorld({ now: NOW, seed: 4 });
    const s = await world.signIn("solo");
    const before = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    const { slots } = await firstFreeSlot(s);
    const slotId = slots[0].extension.slotId!;
    const book = () => s.api.call(endpoints.bookAppointment, { query: { PatientID: s.id, SlotID: slotId, Reason: "Sore knee", AppointmentTypeID: "1", ReasonforVisitID: "25" } });
    const replies = await Promise.all([book(), book(), book()]);
    expect(replies.filter((r) => r === BOOKED_REPLY)).toHaveLength(1);
    expect(replies.filter((r) => r !== BOOKED_REPLY).every((r) => /just been taken/.test(r))).toBe(true);
    const after = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    expect(after.AppointmentsCounter).toBe(before.AppointmentsCounter! + 1);
    expect(after.futurecount).toBe(before.futurecount! + 1);
    expect(after.facetofacecount).toBe(before.facetofacecount! + 1);
    const upcoming = await s.api.call(endpoints.appointments, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1, AppointmentType: APPOINTMENT_LISTS.upcoming } });
    const booked = upcoming.resources.find((a) => a.period.start === slots[0].start);
    expect(booked?.extension.status).toBe("Future");
    // The slot is gone from the list; cancelling the booking lowers the counters again.
    const { slots: later } = await firstFreeSlot(s);
    expect(later.map((x) => x.extension.slotId)).not.toContain(slotId);
    expect(await s.api.call(endpoints.cancelAppointment, { query: { PatientID: s.id, AppointmentID: booked!.id, Reason: "Better" } })).toBe("Appointment cancelled successfully");
    const cancelled = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    expect(cancelled.AppointmentsCounter).toBe(before.AppointmentsCounter);
    expect(cancelled.futurecount).toBe(before.futurecount);
  });

  it("books for a linked family member with the member's id, never for a stranger", async () => {
    const world = await mock.createWorld({ scenario: "family", now: NOW, seed: 4 });
    const s = await world.signIn("family");
    const members = (await s.api.call(endpoints.proxyUsers, { query: { PatientID: s.id } })).resources.filter((m) => m.id !== s.id);
    const member = members[0];
    const { slots } = await firstFreeSlot(s, "1", member.id);
    expect(await s.api.call(endpoints.bookAppointment, { query: { PatientID: member.id, SlotID: slots[0].extension.slotId!, Reason: "Not Provided", AppointmentTypeID: "1" } })).toBe(BOOKED_REPLY);
    const theirs = await s.api.call(endpoints.appointments, { query: { PatientID: member.id, PageSize: 100, PageNumber: 1, AppointmentType: APPOINTMENT_LISTS.upcoming } });
    expect(theirs.resources.some((a) => a.period.start === slots[0].start)).toBe(true);
    const stranger = await fetch(`${s.apiBase}${endpoints.bookAppointment.path}?${new URLSearchParams({ PatientID: "999999", SlotID: slots[1].extension.slotId!, Reason: "x" })}`, { method: "POST", headers: { Token: s.token } });
    expect(stranger.status).toBe(403);
  });

  it("refuses same-day bookings when the practice does not allow them, and offers no slots today", async () => {
    const world = await mock.createWorld({ scenario: "booking-strict", now: NOW, seed: 4 });
    const s = await world.signIn("solo");
    const providers = (await s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id } })).resources;
    for (const p of providers) {
      const today = await s.api.call(endpoints.appointmentSlots, { query: { PatientID: s.id, ScheduleDate: "2026-03-03", PageSize: 50, PractitionerID: p.id, AppointmentTypeID: "1", LocationIDs: "1,2" } });
      expect(today.resources).toEqual([]);
    }
    const todaySlot = `s${providers[0].id}-202603031600-1`;
    expect(await s.api.call(endpoints.bookAppointment, { query: { PatientID: s.id, SlotID: todaySlot, Reason: "x", AppointmentTypeID: "1" } })).toMatch(/Same day/);
  });

  it("answers the Zoom failure codes for video bookings in their scenarios", async () => {
    for (const [scenario, code] of [["zoom-email-missing", "NotCreatedEmailMissing"], ["zoom-failure", "NotCreatedZoomEnd"]] as const) {
      const s = await (await mock.createWorld({ scenario, now: NOW, seed: 4 })).signIn("solo");
      const { slots } = await firstFreeSlot(s, "2");
      expect(await s.api.call(endpoints.bookAppointment, { query: { PatientID: s.id, SlotID: slots[0].extension.slotId!, Reason: "x", AppointmentTypeID: "2" } })).toBe(code);
    }
  });

  it("a booked video consult carries a meeting number and pass code", async () => {
    const s = await (await mock.createWorld({ now: NOW, seed: 4 })).signIn("solo");
    const { slots } = await firstFreeSlot(s, "2");
    expect(await s.api.call(endpoints.bookAppointment, { query: { PatientID: s.id, SlotID: slots[0].extension.slotId!, Reason: "Rash", AppointmentTypeID: "2" } })).toBe(BOOKED_REPLY);
    const upcoming = await s.api.call(endpoints.appointments, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1, AppointmentType: APPOINTMENT_LISTS.upcoming } });
    const video = upcoming.resources.find((a) => a.period.start === slots[0].start)!;
    expect(video.extension.type).toBe("Video Consult");
    expect(JSON.parse(video.extension.videoConfig!)).toMatchObject({ MeetingNumber: expect.stringMatching(/^\d{11}$/), PassCode: expect.stringMatching(/^\w{6}$/) });
  });
});
