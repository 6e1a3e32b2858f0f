import { z } from "zod";
import { CountSchema, HumanNameSchema, bundleOf } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { typeByContent } from "./attachment-content";
import { callsOf } from "./endpoint";

/** The patient, menu, proxy, practice, counter and setting calls of 1§7. */

/*
 * The room the spec leaves (issue 68, decisions/396, contract/room/patient.ts): a practice may leave any
 * field of 1§3's Patient profile and Practice out, send it null or empty, and add fields; only a record's
 * id, which the portal addresses it by, is always there. These read such a field as undefined and such a
 * list as [], so that a screen says "Not recorded" rather than the page failing.
 */

/** A field a practice may leave out or send as null: read as undefined. */
function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value) => value ?? undefined);
}

/** A list a practice may leave out, send as null or empty: read as []. */
function listOf<T extends z.ZodType>(item: T) {
  return z.array(item).nullish().transform((items) => items ?? []);
}

const Text = maybe(z.string());

/** 1§3's name parts, each of which a practice may leave out or send null. */
const RecordNameSchema = z.object({
  use: Text,
  text: Text,
  prefix: listOf(z.string()),
  given: listOf(z.string()),
  family: Text,
  preferred: Text,
});

/** A telecom entry: "system phone/email, use home/mobile/work" (1§3), any of which may be missing or another code. */
const RecordContactPointSchema = z.object({ system: Text, use: Text, value: Text });
export type RecordContactPoint = z.output<typeof RecordContactPointSchema>;

/** An address: its text, or its lines and parts (1§3), each of which may be missing. */
const RecordAddressSchema = z.object({ use: Text, text: Text, line: listOf(z.string()), city: Text, district: Text, country: Text, postalCode: Text });

export const PatientIdQuerySchema = z.object({ PatientID: z.string().min(1).max(64) });

/* ---------- POST Patient/PatientMenu ---------- */

export const PatientMenuRequestSchema = z.object({
  UserLoggedID: z.string().min(1).max(64),
  ProxyID: z.string().max(64),
});

/** 1§7 names a menu item's name, an unused value and its type code; a practice may send fewer (the item is then not linked). */
export const MenuItemSlots = defineSlots({
  name: optional(slot.string(0, "MenuName")),
  unused: optional(slot.string(1, "MenuIcon")),
  typeCode: optional(slot.string(2, "MenuTypeCode")),
});

export const MenuItemSchema = z.object({
  /** 1§7 names no resource type for a menu item. */
  resourceType: Text,
  id: Text,
  extension: MenuItemSlots.schema,
});
export const PatientMenuReplySchema = bundleOf(MenuItemSchema);
export type MenuItem = z.output<typeof MenuItemSchema>;

/* ---------- GET Patient/ProxyUsers?PatientID ---------- */

export const ProxyUserSlots = defineSlots({
  relationship: slot.string(0, "Relationship"),
});

export const ProxyUserSchema = z.object({
  resourceType: z.literal("Patient"),
  id: z.string().min(1),
  name: z.array(HumanNameSchema).min(1),
  extension: ProxyUserSlots.schema,
});
export const ProxyUsersReplySchema = bundleOf(ProxyUserSchema);

/* ---------- GET Patient?PatientID (profile) ---------- */

/** Every one of them may be missing: a practice may send fewer extensions than the slots (issue 68). */
export const PatientSlots = defineSlots({
  ethnicity: optional(slot.string(0, "Ethnicity")),
  bloodGroup: optional(slot.string(1, "BloodGroup")),
  contactMethods: optional(slot.string(2, "ContactMethods")),
  nhi: optional(slot.string(3, "NHINumber")),
  enableEmail: optional(slot.boolean(4, "EnableEmail")),
  enableNotification: optional(slot.boolean(5, "EnableNotification")),
  deviceToken: optional(slot.string(6, "PatientDeviceToken")),
  /** Not shown in the spec: where the practice keeps the preferred contact method id (1§3 ids 1-6). */
  preferredContactMethod: optional(slot.string(7, "PreferredContactMethodID")),
});

/** "Each with id, name given/family, relationship coding display" (1§3): the id stays (a contact is removed by it), the rest may be missing. */
export const EmergencyContactSchema = z.object({
  id: z.string(),
  name: maybe(z.object({ prefix: listOf(z.string()), given: listOf(z.string()), family: Text })),
  relationship: listOf(z.object({ coding: listOf(z.object({ display: Text })) })),
  telecom: listOf(RecordContactPointSchema),
});

export const PatientSchema = z.object({
  resourceType: z.literal("Patient"),
  id: z.string().min(1),
  name: listOf(RecordNameSchema),
  gender: Text,
  birthDate: Text,
  telecom: listOf(RecordContactPointSchema),
  address: listOf(RecordAddressSchema),
  contact: listOf(EmergencyContactSchema),
  extension: PatientSlots.schema,
});
export const PatientReplySchema = bundleOf(PatientSchema);
export type Patient = z.output<typeof PatientSchema>;

/* ---------- GET Patient/Organization?PatientID (practice) ---------- */

/** "Name, opening start and end times, telecom phone, address text, GP name (third extension)" (1§3): each may be missing. */
export const PracticeSlots = defineSlots({
  openingStart: optional(slot.string(0, "OpeningStartTime")),
  openingEnd: optional(slot.string(1, "OpeningEndTime")),
  gpName: optional(slot.string(2, "GPName")),
});

export const OrganizationSchema = z.object({
  resourceType: z.literal("Organization"),
  id: z.string(),
  name: Text,
  telecom: listOf(RecordContactPointSchema),
  address: listOf(RecordAddressSchema),
  extension: PracticeSlots.schema,
});
export const OrganizationReplySchema = bundleOf(OrganizationSchema);
export type Organization = z.output<typeof OrganizationSchema>;

/* ---------- GET Patient/RefreshCounter?PatientID ---------- */

/**
 * A count as a number or numeric text; a count the practice leaves out, sends null or empty is not
 * recorded (null), which a screen says as such rather than as 0 (issue 68).
 */
const Count = z.union([CountSchema, z.literal("").transform(() => null)]).nullish().transform((count) => count ?? null);

export const CountersSchema = z.object({
  InboxCounter: Count,
  MedicationsCounter: Count,
  TestResultsCounter: Count,
  AppointmentsCounter: Count,
  completedcount: Count,
  futurecount: Count,
  missedcount: Count,
  facetofacecount: Count,
  videoconsultappointmentcount: Count,
  phonetriagecount: Count,
  totalpatientappointments: Count,
});
export type Counters = z.output<typeof CountersSchema>;
/** "First item holds the counters." */
export const RefreshCounterReplySchema = z.array(CountersSchema).min(1).transform((items) => items[0]);

/* ---------- GET Lookup/LoadPracticeSetting?PatientID&PortalSettingTypeID=1 ---------- */

export const PRACTICE_SETTING_NAMES = [
  "PortalEnableReply",
  "PortalEnableCompose",
  "Reasonforcontactprovidermapping",
  "AppointmentShowReasonforContact",
  /** 2§3 spells two settings differently from 1§3; both spellings are kept (decisions/090). */
  "ReasonForContact",
  "IsShowPickupTypeinRepeatRx",
  "ShowPickupTypeInRepeatRx",
  "Face2FaceConfirmationMessage",
  "DisableAppointmentCOVID",
  "DisableAppointment",
  "IsAllowSameDayBooking",
  "IsShowBookAppointmentOptions",
  "PaymentMethodType",
  "IsOutstandingBalance",
  "OutstandingBalance",
  "PaymentCardTypes",
  "PortalRepeatMedSetting",
  "EnableFamilyMemberBooking",
  "RepeatRxUrgentNotes",
  "IsPickupPharmacyMandatory",
  "IsRxUrgent",
  "IsRxFax",
  "PortalMessageTermsandConditions",
  "PortalAppointmentTermsAndConditions",
  "PrefPharmacy",
  "PharmacyId",
  "ByPassLockDownPatientPortalAppointmentBookings",
] as const;
export type PracticeSettingName = (typeof PRACTICE_SETTING_NAMES)[number];

export const PracticeSettingsQuerySchema = PatientIdQuerySchema.extend({
  PortalSettingTypeID: z.literal("1"),
});

export const PracticeSettingSchema = z.object({
  id: z.string().min(1),
  /** "An id with a string value" (1§3); a practice may send it null, empty or not at all: read as empty, so 1§3's default applies. */
  value: z.string().nullish(),
});
/** A list of settings by id, read into a map; unknown ids are kept (a newer API may add some). */
export const PracticeSettingsReplySchema = z
  .array(PracticeSettingSchema)
  .transform((items) => Object.fromEntries(items.map((s) => [s.id, s.value ?? ""])) as Partial<Record<PracticeSettingName, string>> & Record<string, string>);
export type PracticeSettings = z.output<typeof PracticeSettingsReplySchema>;

/* ---------- GET Patient/LoadImage?PatientID&DocumentKey ---------- */

/**
 * The key the portal asks for: the patient's profile photo. 1§7 names DocumentKey but not its values
 * (decisions/171); a practice that files the photo under another key changes this one constant.
 */
export const PROFILE_PHOTO_DOCUMENT_KEY = "ProfileImage";
/** A profile photo larger than this is not shown (the avatar is): it would be a scan, not a photo. */
export const PATIENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const LoadImageQuerySchema = PatientIdQuerySchema.extend({
  DocumentKey: z.string().min(1).max(128),
});

export type PatientImageType = "image/png" | "image/jpeg";
export interface PatientImage {
  contentType: PatientImageType;
  /** The image's bytes, base64. */
  base64: string;
}

const DATA_ADDRESS = /^data:(image\/(?:png|jpe?g));base64,/i;

/**
 * "Returns text" (1§7): the image as base64, bare or as a data: address; empty or null when the
 * practice holds no image. Read like MediaByID's base64 string, as a JSON string. Only a PNG or JPEG,
 * judged by its first bytes, is an image here: anything else breaks the contract.
 */
export const LoadImageReplySchema = z
  .string()
  .nullable()
  .transform((text, ctx): PatientImage | null => {
    const trimmed = text?.trim() ?? "";
    if (trimmed === "") return null;
    const base64 = trimmed.replace(DATA_ADDRESS, "").replace(/\s+/g, "");
    if (!z.base64().safeParse(base64).success) {
      ctx.addIssue({ code: "custom", message: "the image is not base64" });
      return z.NEVER;
    }
    if ((base64.length * 3) / 4 > PATIENT_IMAGE_MAX_BYTES) {
      ctx.addIssue({ code: "custom", message: `the image is larger than ${PATIENT_IMAGE_MAX_BYTES} bytes` });
      return z.NEVER;
    }
    // The first 12 characters are 9 bytes: enough for the PNG and JPEG signatures.
    const head = Uint8Array.from(atob(base64.slice(0, 12)), (c) => c.charCodeAt(0));
    const contentType = typeByContent(head);
    if (contentType !== "image/png" && contentType !== "image/jpeg") {
      ctx.addIssue({ code: "custom", message: "the image is neither PNG nor JPEG" });
      return z.NEVER;
    }
    return { contentType, base64 };
  });

const call = callsOf("Patient");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const patientEndpoints = {
  patientMenu: call({ method: "POST", path: "Patient/PatientMenu", needsToken: true, readOnly: true, body: PatientMenuRequestSchema, reply: PatientMenuReplySchema, summary: "The areas the user's menu offers" }),
  proxyUsers: call({ method: "GET", path: "Patient/ProxyUsers", needsToken: true, query: PatientIdQuerySchema, reply: ProxyUsersReplySchema, summary: "The family members an account holder may act for" }),
  patient: call({ method: "GET", path: "Patient", needsToken: true, query: PatientIdQuerySchema, reply: PatientReplySchema, summary: "A patient's profile" }),
  organization: call({ method: "GET", path: "Patient/Organization", needsToken: true, query: PatientIdQuerySchema, reply: OrganizationReplySchema, summary: "The patient's practice: name, hours, phone, GP and address" }),
  refreshCounter: call({ method: "GET", path: "Patient/RefreshCounter", needsToken: true, query: PatientIdQuerySchema, reply: RefreshCounterReplySchema, summary: "The dashboard's counters" }),
  practiceSettings: call({ method: "GET", path: "Lookup/LoadPracticeSetting", needsToken: true, query: PracticeSettingsQuerySchema, reply: PracticeSettingsReplySchema, summary: "The practice's portal settings" }),
  /** 1§7 puts it "on a second base address", which it does not name: asked at the practice API (decisions/171). */
  loadImage: call({ method: "GET", path: "Patient/LoadImage", needsToken: true, query: LoadImageQuerySchema, reply: LoadImageReplySchema, summary: "A patient's image by document key (the profile photo), base64; empty when there is none" }),
} as const;
