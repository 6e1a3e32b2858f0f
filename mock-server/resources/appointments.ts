import type { z } from "zod";
import { AppointmentSlots, PractitionerSlots, type AppointmentSchema, type PractitionerSchema } from "../../contract/appointments";
import type { AppointmentRecord } from "../../fixtures/builders/appointments";
import { practiceAddressText } from "../../fixtures/builders/practice";
import type { StaffRecord } from "../../fixtures/builders/staff";
import type { PracticeRow } from "./rows";
import { zoned } from "./zoned";

export function appointmentResource(a: AppointmentRecord, ctx: { practice: PracticeRow; patientName: string }): z.input<typeof AppointmentSchema> {
  const video = a.kind === "Video Consult" && a.status === "Future";
  return {
    resourceType: "Appointment",
    id: a.id,
    period: { start: zoned(a.startMs) },
    extension: AppointmentSlots.write({
      type: a.kind,
      patientName: ctx.patientName,
      providerName: a.provider.name,
      practiceAddress: practiceAddressText(ctx.practice),
      location: `${ctx.practice.line}, ${ctx.practice.suburb}, ${ctx.practice.city}`,
      locationName: ctx.practice.name,
      status: a.status,
      duration: a.durationMinutes,
      cancelReason: a.cancelReason,
      // A meeting link that only the mock knows; the portal opens it in its video-consult page.
      videoConfig: video ? JSON.stringify({ JoinUrl: `https://zoom.example.nz/j/${a.id.replace(/\D/g, "").slice(0, 11).padEnd(11, "0")}` }) : "",
      statusId: a.statusId,
    }),
  };
}

export function practitionerResource(s: StaffRecord): z.input<typeof PractitionerSchema> {
  return { resourceType: "Practitioner", id: s.id, name: [{ text: s.name }], extension: PractitionerSlots.write({ lockedDown: s.lockedDown }) };
}
