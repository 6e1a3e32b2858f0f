import { z } from "zod";
import { bundleOf, LabelsMetaSchema } from "./fhir";
import { defineSlots, slot } from "./slots";
import { callsOf } from "./endpoint";

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

/** Status ids a patient may cancel (2§2 Upcoming). */
export const CANCELLABLE_STATUS_IDS = ["1", "2", "3", "11"] as const;

export const AppointmentSchema = z.object({
  resourceType: z.literal("Appointment"),
  id: z.string().min(1),
  period: z.object({ start: z.string().min(1) }),
  extension: AppointmentSlots.schema,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
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

/**
 * 2§7 names one `PracticeLocationID` here (against AppointmentSlots' comma list of `LocationIDs`): one
 * location a call, so the portal asks once for each location chosen (decisions/290). `BookWithID` is the
 * account that books (the signed-in patient, when PatientID is a family member); `ReasonForVisitID` the
 * reason for contact chosen (lookup 13, 25 by default, 2§9), which the practice narrows its providers by
 * when its setting Reasonforcontactprovidermapping is "1" (1§3).
 */
export const AvailablePractitionerQuerySchema = z.object({
  PatientID,
  AppointmentTypeID: z.string().max(16).optional(),
  PracticeLocationID: z.string().regex(/^[\w-]{1,16}$/, "one location id").optional(),
  RoleID: z.string().max(16).optional(),
  BookWithID: z.string().regex(/^[\w-]{1,64}$/).optional(),
  ReasonForVisitID: z.string().regex(/^[\w-]{1,16}$/).optional(),
});
export const AvailablePractitionerReplySchema = bundleOf(PractitionerSchema);

/* ---------- booking (2§4, 2§7): slots, the booking itself, the next available day, roles ---------- */

/** A query's patient may be the signed-in patient or a linked family member (2§2 Family booking). */
const IdText = z.string().regex(/^[\w-]{1,64}$/);

/** 2§3 Slot: its start (with the practice's offset) and, in order, the slot id and the location id. */
export const BookingSlotSlots = defineSlots({
  slotId: slot.string(0, "SlotID"),
  locationId: slot.string(1, "LocationID"),
});

export const BookingSlotSchema = z.object({
  resourceType: z.literal("Slot"),
  start: z.iso.datetime({ offset: true }),
  extension: BookingSlotSlots.schema,
});

export const AppointmentSlotsQuerySchema = z.object({
  PatientID,
  ScheduleDate: QueryDate,
  /** 2§9: 50 slots a page. */
  PageSize: z.coerce.number().int().min(1).max(500),
  PractitionerID: IdText,
  AppointmentTypeID: IdText,
  /** The chosen locations, comma separated. */
  LocationIDs: z.string().regex(/^[\w-]{1,16}(,[\w-]{1,16})*$/, "location ids separated by commas"),
});
export const AppointmentSlotsReplySchema = bundleOf(BookingSlotSchema);

export const BookAppointmentQuerySchema = z.object({
  /** The patient the appointment is for: the signed-in patient or the family member chosen. */
  PatientID,
  SlotID: z.string().regex(/^[\w-]{1,64}$/),
  /** Never empty: the portal sends "Not Provided" for an empty reason (2§5). */
  Reason: z.string().trim().min(1).max(500),
  AppointmentTypeID: IdText.optional(),
  ReasonforVisitID: IdText.optional(),
});
/** A string: "Appointment has been booked successfully", a failure code (NotCreatedEmailMissing, NotCreatedZoomEnd) or why not. */
export const BookAppointmentReplySchema = z.string();
export const BOOKED_REPLY = "Appointment has been booked successfully";
/** The practice's codes for a video booking that Zoom could not set up (2§8). */

export const NextAvailableDayQuerySchema = z.object({
  PatientID,
  ProviderID: IdText,
  AppointmentTypeID: IdText,
  StartDate: QueryDate,
});
/** An escaped JSON string of a list with RosterDate (2§7): read twice, once as a string, once as JSON. */
export const NextAvailableDayReplySchema = z.string();
export const NextAvailableDaysSchema = z.array(z.object({ RosterDate: z.string().min(10) }).loose());

/** The appointment types of lookup 12 that are held by video: the Virtual consult choice needs one (2§5). */
export const VIDEO_TYPE_NAME = "Video Consult";
/** 2§9: the reason-for-visit sent when the patient picks none. */
export const DEFAULT_REASON_FOR_VISIT_ID = "25";
export const NOT_PROVIDED_REASON = "Not Provided";

/**
 * The page sizes the portal asks for this area's lists (2§9), declared with the calls that page
 * (decisions/342). Page numbers start at 1.
 */
export const appointmentsPageSizes = {
  appointments: 100,
  /** A search of past appointments between two dates. */
  historySearch: 200,
  slots: 50,
} as const;

const call = callsOf("Appointments");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const appointmentsEndpoints = {
  appointments: call({ method: "GET", path: "Patient/Appointments", needsToken: true, query: AppointmentsQuerySchema, reply: AppointmentsReplySchema, summary: "Upcoming or past appointments in a date range" }),
  cancelAppointment: call({ method: "DELETE", path: "Patient/Appointment", needsToken: true, query: CancelAppointmentQuerySchema, reply: CancelAppointmentReplySchema, summary: "Cancel an appointment with a reason" }),
  availablePractitioners: call({ method: "GET", path: "Patient/AvailablePractitioner", needsToken: true, query: AvailablePractitionerQuerySchema, reply: AvailablePractitionerReplySchema, summary: "Practitioners with free slots for a date" }),
  appointmentSlots: call({ method: "GET", path: "Patient/AppointmentSlots", needsToken: true, query: AppointmentSlotsQuerySchema, reply: AppointmentSlotsReplySchema, summary: "A provider's free slots on one day at the chosen locations" }),
  bookAppointment: call({ method: "POST", path: "Patient/Appointment", needsToken: true, query: BookAppointmentQuerySchema, reply: BookAppointmentReplySchema, summary: "Book a slot for the patient or a linked family member" }),
  nextAvailableDay: call({ method: "GET", path: "Patient/NextAvailableDay", needsToken: true, query: NextAvailableDayQuerySchema, reply: NextAvailableDayReplySchema, summary: "The provider's next rostered day with a free slot (escaped JSON string)" }),
} as const;
