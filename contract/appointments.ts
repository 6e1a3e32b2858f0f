import { z } from "zod";
import { bundleOf, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

/** Appointments and practitioners (2§3, 2§7): the lists, cancelling, and who can be booked. */

const PatientID = z.string().min(1).max(64);

/**
 * 2§3 Appointment: the ordered extension list. 2§3 names the slots but not which a record must carry: a
 * practice may send any of them absent, null or empty, or a list cut short (decisions/396), so each is
 * optional and the portal says "Not recorded" for what is missing.
 */
export const AppointmentSlots = defineSlots({
  type: optional(slot.string(0, "AppointmentType")),
  patientName: optional(slot.string(1, "PatientName")),
  providerName: optional(slot.string(2, "ProviderName")),
  practiceAddress: optional(slot.string(3, "PracticeAddress")),
  location: optional(slot.string(4, "Location")),
  locationName: optional(slot.string(5, "PracticeLocationName")),
  /** Future, Completed, Missed, Cancelled, Other (2§3), or a text the spec does not list, shown as sent. */
  status: optional(slot.string(6, "Status")),
  duration: optional(slot.decimal(7, "Duration")),
  cancelReason: optional(slot.string(8, "CancelReason")),
  /** JSON with JoinUrl for a video consult; empty otherwise. */
  videoConfig: optional(slot.string(9, "VideoConsultConfig")),
  statusId: optional(slot.string(10, "StatusID")),
});

/** The status texts 2§3 lists; any other is the practice's own, shown as sent and counted in no badge of its own. */
export const APPOINTMENT_STATUSES = ["Future", "Completed", "Missed", "Cancelled", "Other"] as const;

/** Status ids a patient may cancel (2§2 Upcoming). */
export const CANCELLABLE_STATUS_IDS = ["1", "2", "3", "11"] as const;

/**
 * A date or date-time as a practice may write one (decisions/396): a day, a local time without an offset,
 * with one, or in UTC; the portal reads each in the practice's zone (app/lib/dates.ts).
 */
export const PracticeDateTextSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]);

export const AppointmentSchema = z.object({
  resourceType: z.literal("Appointment"),
  /** The record's identity: cancelling and the Join link address it, so it is always there. */
  id: z.string().min(1),
  /** period.start as the practice wrote it, or undefined when it sent none (absent, null or empty). */
  period: z
    .object({ start: z.union([PracticeDateTextSchema, z.literal("")]).nullable().optional() })
    .nullable()
    .optional()
    .transform((period) => ({ start: period?.start || undefined })),
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

/** 2§3 Practitioner: id, name text, and the lock-down flag; a flag not sent is no lock-down (decisions/396). */
export const PractitionerSlots = defineSlots({ lockedDown: optional(slot.boolean(0, "IsLockDown")) });

export const PractitionerSchema = z.object({
  resourceType: z.literal("Practitioner"),
  /** The identity the booking sends back (PractitionerID): always there. */
  id: z.string().min(1),
  /** name[0].text, which a practice may leave out, null or empty: the portal then says "Not recorded". */
  name: z
    .array(z.object({ text: z.string().nullable().optional() }))
    .nullable()
    .optional(),
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

/**
 * 2§3 Slot: its start (with the practice's offset) and, in order, the slot id and the location id. The list
 * may come cut short (decisions/396): a slot without its id cannot be booked (2§7 books by SlotID), one
 * without its location is taken as one of the locations asked for.
 */
export const BookingSlotSlots = defineSlots({
  slotId: optional(slot.string(0, "SlotID")),
  locationId: optional(slot.string(1, "LocationID")),
});

export const BookingSlotSchema = z.object({
  resourceType: z.literal("Slot"),
  /** 2§3 fixes it "with offset": kept. */
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
/** RosterDate as a day, a local date-time, with an offset or in UTC (decisions/396): its day is read in the practice's zone. */
export const NextAvailableDaysSchema = z.array(z.object({ RosterDate: PracticeDateTextSchema }).loose());

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
