import { z } from "zod";
import { bundleOf } from "./fhir";
import { defineSlots, slot } from "./slots";

/** Appointments and practitioners (2§3, 2§7): the lists, cancelling, and who can be booked. */

const PatientID = z.string().min(1).max(64);

/** 2§3 Appointment: the ordered extension list. */
export const AppointmentSlots = defineSlots({
  type: slot.string(0, "AppointmentType"),
  patientName: slot.string(1, "PatientName"),
  providerName: slot.string(2, "ProviderName"),
  practiceAddress: slot.string(3, "PracticeAddress"),
  location: slot.string(4, "Location"),
  locationName: slot.string(5, "PracticeLocationName"),
  status: slot.string(6, "Status"),
  duration: slot.decimal(7, "Duration"),
  cancelReason: slot.string(8, "CancelReason"),
  /** JSON with JoinUrl for a video consult; empty otherwise. */
  videoConfig: slot.string(9, "VideoConsultConfig"),
  statusId: slot.string(10, "StatusID"),
});

export const APPOINTMENT_STATUS_TEXTS = ["Future", "Completed", "Missed", "Cancelled", "Other"] as const;
/** Status ids a patient may cancel (2§2 Upcoming). */
export const CANCELLABLE_STATUS_IDS = ["1", "2", "3", "11"] as const;

export const AppointmentSchema = z.object({
  resourceType: z.literal("Appointment"),
  id: z.string().min(1),
  period: z.object({ start: z.string().min(1) }),
  extension: AppointmentSlots.schema,
});
export type Appointment = z.output<typeof AppointmentSchema>;

/** AppointmentType: 0 all, 1 upcoming, 2 missed, 3 completed, 4 cancelled (2§4, 2§7); or a date range. */
export const APPOINTMENT_LISTS = { all: "0", upcoming: "1", missed: "2", completed: "3", cancelled: "4" } as const;

/** A real calendar date, YYYY-MM-DD: 2026-02-31 and 2026-99-99 are refused, 2024-02-29 is not. */
const QueryDate = z.iso.date("a date like 2026-03-01");

export const AppointmentsQuerySchema = z
  .object({
    PatientID,
    PageSize: z.coerce.number().int().min(1).max(500),
    PageNumber: z.coerce.number().int().min(1).max(100_000),
    AppointmentType: z.enum(["0", "1", "2", "3", "4"]).optional(),
    FromDate: QueryDate.optional(),
    ToDate: QueryDate.optional(),
  })
  .refine((q) => (q.FromDate === undefined) === (q.ToDate === undefined), { message: "FromDate and ToDate go together", path: ["ToDate"] })
  .refine((q) => q.AppointmentType !== undefined || q.FromDate !== undefined, { message: "Either AppointmentType or FromDate and ToDate", path: ["AppointmentType"] });
export const AppointmentsReplySchema = bundleOf(AppointmentSchema);

export const CancelAppointmentQuerySchema = z.object({
  PatientID,
  AppointmentID: z.string().min(1).max(64),
  /** "Reason is required" (2§5): the server refuses an empty one too. */
  Reason: z.string().trim().min(1, "Reason is required").max(500),
});
/** A string: "Appointment cancelled successfully" or why not. */
export const CancelAppointmentReplySchema = z.string();

/** 2§3 Practitioner: id, name text, and the lock-down flag. */
export const PractitionerSlots = defineSlots({ lockedDown: slot.boolean(0, "IsLockDown") });

export const PractitionerSchema = z.object({
  resourceType: z.literal("Practitioner"),
  id: z.string().min(1),
  name: z.array(z.object({ text: z.string().min(1) })).min(1),
  extension: PractitionerSlots.schema,
});
export type Practitioner = z.output<typeof PractitionerSchema>;

export const AvailablePractitionerQuerySchema = z.object({
  PatientID,
  AppointmentTypeID: z.string().max(16).optional(),
  PracticeLocationID: z.string().max(16).optional(),
  RoleID: z.string().max(16).optional(),
  BookWithID: z.string().max(16).optional(),
  ReasonForVisitID: z.string().max(16).optional(),
});
export const AvailablePractitionerReplySchema = bundleOf(PractitionerSchema);
