import { z } from "zod";
import { AddressSchema, ContactPointSchema, CountSchema, HumanNameSchema, bundleOf } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { typeByContent } from "./attachment-content";
import { callsOf } from "./endpoint";

/** The patient, menu, proxy, practice, counter and setting calls of 1§7. */

export const PatientIdQuerySchema = z.object({ PatientID: z.string().min(1).max(64) });

/* ---------- POST Patient/PatientMenu ---------- */

export const PatientMenuRequestSchema = z.object({
  UserLoggedID: z.string().min(1).max(64),
  ProxyID: z.string().max(64),
});

export const MenuItemSlots = defineSlots({
  name: slot.string(0, "MenuName"),
  unused: optional(slot.string(1, "MenuIcon")),
  typeCode: slot.string(2, "MenuTypeCode"),
});

export const MenuItemSchema = z.object({
  resourceType: z.literal("Basic"),
  id: z.string(),
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

export const PatientSlots = defineSlots({
  ethnicity: slot.string(0, "Ethnicity"),
  bloodGroup: optional(slot.string(1, "BloodGroup")),
  contactMethods: optional(slot.string(2, "ContactMethods")),
  nhi: slot.string(3, "NHINumber"),
  enableEmail: optional(slot.boolean(4, "EnableEmail")),
  enableNotification: optional(slot.boolean(5, "EnableNotification")),
  deviceToken: optional(slot.string(6, "PatientDeviceToken")),
  /** Not shown in the spec: where the practice keeps the preferred contact method id (1§3 ids 1-6). */
  preferredContactMethod: optional(slot.string(7, "PreferredContactMethodID")),
});

export const EmergencyContactSchema = z.object({
  id: z.string(),
  name: z.object({ prefix: z.array(z.string()).optional(), given: z.array(z.string()).optional(), family: z.string().optional() }),
  relationship: z.array(z.object({ coding: z.array(z.object({ display: z.string().optional() })).optional() })).optional(),
  telecom: z.array(ContactPointSchema).optional(),
});

export const PatientSchema = z.object({
  resourceType: z.literal("Patient"),
  id: z.string().min(1),
  name: z.array(HumanNameSchema).min(1),
  gender: z.string().optional(),
  birthDate: z.string().optional(),
  telecom: z.array(ContactPointSchema).optional().default([]),
  address: z.array(AddressSchema).optional().default([]),
  contact: z.array(EmergencyContactSchema).optional().default([]),
  extension: PatientSlots.schema,
});
export const PatientReplySchema = bundleOf(PatientSchema);
export type Patient = z.output<typeof PatientSchema>;

/* ---------- GET Patient/Organization?PatientID (practice) ---------- */

export const PracticeSlots = defineSlots({
  openingStart: slot.string(0, "OpeningStartTime"),
  openingEnd: slot.string(1, "OpeningEndTime"),
  gpName: slot.string(2, "GPName"),
});

export const OrganizationSchema = z.object({
  resourceType: z.literal("Organization"),
  id: z.string(),
  name: z.string(),
  telecom: z.array(ContactPointSchema).optional().default([]),
  address: z.array(AddressSchema).optional().default([]),
  extension: PracticeSlots.schema,
});
export const OrganizationReplySchema = bundleOf(OrganizationSchema);
export type Organization = z.output<typeof OrganizationSchema>;

/* ---------- GET Patient/RefreshCounter?PatientID ---------- */

export const CountersSchema = z.object({
  InboxCounter: CountSchema,
  MedicationsCounter: CountSchema,
  TestResultsCounter: CountSchema,
  AppointmentsCounter: CountSchema,
  completedcount: CountSchema,
  futurecount: CountSchema,
  missedcount: CountSchema,
  facetofacecount: CountSchema,
  videoconsultappointmentcount: CountSchema,
  phonetriagecount: CountSchema,
  totalpatientappointments: CountSchema,
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
  value: z.string().nullable(),
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
