import type { z } from "zod";
import { AppointmentSlots, PractitionerSlots, type AppointmentSchema, type PractitionerSchema } from "@contract/appointments";
import type { AppointmentRecord } from "../../fixtures/builders/appointments";
import { practiceAddressText } from "../../fixtures/builders/practice";
import { hashSeed } from "../../fixtures/builders/random";
import { rosterLocations } from "../../fixtures/builders/roster";
import type { StaffRecord } from "../../fixtures/builders/staff";
import type { PracticeRow } from "./rows";
import { zoned } from "./zoned";

export function appointmentResource(a: AppointmentRecord, ctx: { practice: PracticeRow; patientName: string; seed: number }): z.input<typeof AppointmentSchema> {
  const video = a.kind === "Video Consult" && a.status === "Future";
  const site = rosterLocations(ctx.practice).find((l) => l.id === (a.locationId ?? "1"))!;
  return {
    resourceType: "Appointment",
    id: a.id,
    period: { start: zoned(a.startMs) },
    extension: AppointmentSlots.write({
      type: a.kind,
      patientName: ctx.patientName,
      providerName: a.provider.name,
      practiceAddress: practiceAddressText(ctx.practice),
      location: site.address,
      locationName: site.name,
      status: a.status,
      duration: a.durationMinutes,
      cancelReason: a.cancelReason,
      // A meeting that only the mock knows; the portal joins it in its own video-consult page (/zoom).
      videoConfig: video ? JSON.stringify(meetingOf(a, ctx.seed)) : "",
      statusId: a.statusId,
    }),
  };
}

export function practitionerResource(s: StaffRecord): z.input<typeof PractitionerSchema> {
  return { resourceType: "Practitioner", id: s.id, name: [{ text: s.name }], extension: PractitionerSlots.write({ lockedDown: s.lockedDown }) };
}

/** The video consult's Zoom meeting: an 11-digit meeting number and a 6-character pass code, fixed per appointment. */
function meetingOf(a: AppointmentRecord, seed: number) {
  const meetingNumber = String(80_000_000_000 + (hashSeed(seed, "meeting", a.id) % 9_000_000_000));
  const passCode = hashSeed(seed, "pass-code", a.id).toString(36).slice(0, 6).padEnd(6, "7");
  return { JoinUrl: `https://zoom.example.nz/j/${meetingNumber}?pwd=${passCode}`, MeetingNumber: meetingNumber, PassCode: passCode };
}
