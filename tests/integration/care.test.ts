import { describe, expect, it } from "vitest";
import { APPOINTMENT_LISTS } from "@contract/appointments";
import { endpoints } from "@contract/endpoints";
import type { z } from "zod";
import { MEDICATION_LISTS, OnLeaveProvidersSchema, type RepeatRequestSchema } from "@contract/medications";
import { useMockServer, type TestWorld, type WorldOptions } from "../helpers/mock-world";

/** Appointments, practitioners, medications and repeat requests, against the mock over HTTP. */
const mock = useMockServer();
const newWorld = (options: WorldOptions) => mock.createWorld(options);
const signIn = (world: TestWorld, label: string) => world.signIn(label);

type Session = Awaited<ReturnType<typeof signIn>>;
const appointments = (s: Session, list: string, size = 200) => s.api.call(endpoints.appointments, { query: { PatientID: s.id, PageSize: size, PageNumber: 1, AppointmentType: list as "0" } });
type RepeatBody = Partial<z.input<typeof RepeatRequestSchema>> & { MedicationID: string };
const repeat = (s: Session, body: RepeatBody) =>
  s.api.call(endpoints.repeatRequest, { body: { PatientID: s.id, PickUpTypeID: 1, ...body } });

describe("appointments", () => {
  it("agree with the dashboard counters: completed, future and missed, and the three kinds", async () => {
    const s = await signIn(await newWorld({ seed: 3 }), "solo");
    const counters = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    const [completed, upcoming, missed, all] = await Promise.all([APPOINTMENT_LISTS.completed, APPOINTMENT_LISTS.upcoming, APPOINTMENT_LISTS.missed, APPOINTMENT_LISTS.all].map((l) => appointments(s, l)));
    expect(completed.total).toBe(counters.completedcount);
    expect(upcoming.total).toBe(counters.futurecount);
    expect(missed.total).toBe(counters.missedcount);
    const counted = all.resources.filter((a) => a.extension.status !== "Cancelled");
    expect(counted.filter((a) => a.extension.type === "Video Consult")).toHaveLength(counters.videoconsultappointmentcount!);
    expect(counted.filter((a) => a.extension.type === "Phone Triage")).toHaveLength(counters.phonetriagecount!);
    // Upcoming soonest first and in the future; history newest first.
    const soon = upcoming.resources.map((a) => Date.parse(a.period.start!));
    expect([...soon].sort((a, b) => a - b)).toEqual(soon);
    const past = completed.resources.map((a) => Date.parse(a.period.start!));
    expect([...past].sort((a, b) => b - a)).toEqual(past);
    expect(Math.min(...soon)).toBeGreaterThan(Math.max(...past));
    for (const a of upcoming.resources.filter((x) => x.extension.type === "Video Consult")) expect(JSON.parse(a.extension.videoConfig!).JoinUrl).toMatch(/^https:\/\//);
  });

  it("cancels an upcoming appointment with a reason; it moves to Cancelled", async () => {
    const s = await signIn(await newWorld({ seed: 3 }), "solo");
    const upcoming = await appointments(s, APPOINTMENT_LISTS.upcoming);
    const target = upcoming.resources[0];
    const reply = await s.api.call(endpoints.cancelAppointment, { query: { PatientID: s.id, AppointmentID: target.id, Reason: "Feeling better" } });
    expect(reply).toBe("Appointment cancelled successfully");
    expect((await appointments(s, APPOINTMENT_LISTS.upcoming)).total).toBe(upcoming.total! - 1);
    const cancelled = await appointments(s, APPOINTMENT_LISTS.cancelled);
    expect(cancelled.resources.find((a) => a.id === target.id)?.extension.cancelReason).toBe("Feeling better");
    const again = await s.api.call(endpoints.cancelAppointment, { query: { PatientID: s.id, AppointmentID: target.id, Reason: "again" } });
    expect(again).toMatch(/can no longer be cancelled/);
  });

  it("searches history by date range and pages through 2,000 in many-records", async () => {
    const s = await signIn(await newWorld({ scenario: "many-records", seed: 3 }), "many");
    const all = await appointments(s, APPOINTMENT_LISTS.all, 100);
    expect(all.total).toBeGreaterThan(2_000);
    const day = all.resources[40].period.start!.slice(0, 10);
    const ranged = await s.api.call(endpoints.appointments, { query: { PatientID: s.id, PageSize: 200, PageNumber: 1, FromDate: day, ToDate: day } });
    expect(ranged.resources.map((a) => a.id)).toContain(all.resources[40].id);
    expect(ranged.resources.every((a) => a.period.start!.startsWith(day))).toBe(true);
  });

  it("flags the first provider locked down in the lockdown scenario, and the bypass setting is off", async () => {
    const s = await signIn(await newWorld({ scenario: "lockdown", seed: 3 }), "solo");
    const practitioners = await s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id, RoleID: "0" } });
    expect(practitioners.resources[0].extension.lockedDown).toBe(true);
    expect(practitioners.resources.slice(1).every((p) => !p.extension.lockedDown)).toBe(true);
    const settings = await s.api.call(endpoints.practiceSettings, { query: { PatientID: s.id, PortalSettingTypeID: "1" } });
    expect(settings.ByPassLockDownPatientPortalAppointmentBookings).toBe("0");
    const normal = await signIn(await newWorld({ seed: 3 }), "solo");
    const open = await normal.api.call(endpoints.availablePractitioners, { query: { PatientID: normal.id, RoleID: "1" } });
    expect(open.resources.every((p) => !p.extension.lockedDown)).toBe(true);
  });
});

describe("medications and repeat requests", () => {
  it("lists all, recent and repeated medicines; long-term ones number the MedicationsCounter", async () => {
    const s = await signIn(await newWorld({ seed: 4 }), "solo");
    const counters = await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } });
    const [all, recent, repeated] = await Promise.all(Object.values(MEDICATION_LISTS).map((t) => s.api.call(endpoints.medications, { query: { PatientID: s.id, PageSize: 50, PageNumber: 1, TypeID: t } })));
    expect(all.resources.filter((m) => m.extension.longTerm)).toHaveLength(counters.MedicationsCounter!);
    expect(recent.total).toBeLessThanOrEqual(all.total!);
    expect(repeated.resources.every((r) => all.resources.some((m) => m.id === r.id))).toBe(true);
  });

  it("sends a repeat request; refuses pick-up with an outstanding balance and a pharmacy request without a pharmacy", async () => {
    const s = await signIn(await newWorld({ scenario: "outstanding-balance", seed: 4 }), "solo");
    const [first] = (await s.api.call(endpoints.medications, { query: { PatientID: s.id, PageSize: 50, PageNumber: 1, TypeID: "1" } })).resources;
    const pickUp = await repeat(s, { MedicationID: first.id });
    expect(pickUp).toEqual({ StatusCode: "3", ResponseMessage: "Cannot send pickup request patient has outstanding balance" });
    const [pharmacy] = (await s.api.call(endpoints.pharmacies, { query: { PatientID: s.id, PageSize: 1965, PageNumber: 1 } })).resources;
    expect(pharmacy.extension.favourite).toBe(true);
    const sent = await repeat(s, { MedicationID: `${first.id},`, PickUpTypeID: 2, PharmacyID: pharmacy.id, PharmacyName: pharmacy.name });
    expect(sent.StatusCode).toBe("1");
    expect(sent.ResponseMessage).toContain(pharmacy.name);
    await expect(repeat(s, { MedicationID: first.id, PickUpTypeID: 2 })).rejects.toThrow(/400/);
  });

  it("answers 302 with the provider on leave, and sends when resent with IgnoreLeave", async () => {
    const s = await signIn(await newWorld({ scenario: "provider-on-leave", seed: 4 }), "solo");
    const list = await s.api.call(endpoints.medications, { query: { PatientID: s.id, PageSize: 50, PageNumber: 1, TypeID: "1" } });
    const gp = (await s.api.call(endpoints.availablePractitioners, { query: { PatientID: s.id } })).resources[0].name![0].text;
    const theirs = list.resources.find((m) => m.extension.prescribedBy === gp)!;
    const reply = await repeat(s, { MedicationID: theirs.id });
    expect(reply.StatusCode).toBe("302");
    expect(OnLeaveProvidersSchema.parse(JSON.parse(reply.ResponseMessage))).toEqual([{ ProviderID: expect.any(String), ProviderName: gp }]);
    expect((await repeat(s, { MedicationID: theirs.id, IgnoreLeave: true })).StatusCode).toBe("1");
  });
});
