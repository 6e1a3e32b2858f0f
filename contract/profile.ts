import { z } from "zod";
import { StatusReplySchema, bundleOf } from "./fhir";
import { PatientIdQuerySchema } from "./patient";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

/** The profile calls of 1§7: lookups, emergency contacts, contact methods, demographics, flags, balance, terms. */

const Id = z.string().max(64);
const Text = (max: number) => z.string().max(max);

/* ---------- GET IndiciLookup?TypeID&PatientID ---------- */

/** 1§3 Lookup types. 11-14 belong to the second document and are accepted here for it. */
export const LOOKUP_TYPES = { titles: "1", towns: "2", cities: "6", suburbs: "7", relationships: "9", locations: "11", appointmentTypes: "12", reasonsForContact: "13", timelineProviders: "14" } as const;

export const LookupQuerySchema = PatientIdQuerySchema.extend({
  TypeID: z.enum(["1", "2", "6", "7", "9", "11", "12", "13", "14"]),
});

/** "Entry: an extension pair of id and name" (1§3). */
export const LookupSlots = defineSlots({
  id: slot.string(0, "LookupID"),
  name: slot.string(1, "LookupName"),
});

export const LookupItemSchema = z.object({
  resourceType: z.literal("Basic").optional(),
  extension: LookupSlots.schema,
});
export const LookupReplySchema = bundleOf(LookupItemSchema).transform((b) => b.resources.map((r) => ({ id: r.extension.id, name: r.extension.name })));
export type LookupOption = z.output<typeof LookupReplySchema>[number];

/* ---------- POST patient/AddEmergencyContact?PatientID (body: 1§3 Emergency contact payload) ---------- */

export const ContactMethodRecordSchema = z.object({
  ContactMethod: z.string(),
  ContactMethodID: z.number().int(),
  IsActive: z.boolean(),
  IsDeleted: z.boolean(),
  ProfileContactMethodID: z.number().int(),
  ProfileID: z.number().int(),
  InsertedAt: z.string(),
  UpdatedAt: z.string(),
  InsertedBY: z.number().int(),
  UpdatedBY: z.number().int(),
});
export type ContactMethodRecord = z.output<typeof ContactMethodRecordSchema>;

/** What the contact-method updates send: the id and name of each method chosen. */
export const SelectedContactMethodSchema = z.object({ ContactMethodID: z.number().int().min(1).max(6), ContactMethod: Text(40) });

export const PatientAddressSchema = z.object({
  AddressID: Id,
  /** Spelled as the practice API spells it. */
  PaientID: Id,
  AddressTypeID: Id,
  HouseNumber: Text(100),
  BuildingNumber: Text(100),
  StreetNumber: Text(100),
  SuburbTownName: Text(100),
  SuburbTownID: Id,
  CityAreaName: Text(100),
  CityAreaID: Id,
  PostCodeID: Text(10),
});

export const PatientContactSchema = z.object({
  CellPhoneNumber: Text(30),
  HomePhoneNumber: Text(30),
  WorkPhoneNumber: Text(30),
  EmailAddress: Text(254),
  PrefferedContactMethodID: z.number().int().min(0).max(6),
  PrefferedContactMethodName: Text(40),
});

export const EmergencyContactPayloadSchema = z.object({
  PatientID: z.string().min(1).max(64),
  ChartNumber: Text(64),
  TitleID: Id,
  Title: Text(20),
  FirstName: z.string().min(1).max(50),
  FamilyName: z.string().min(1).max(50),
  PreferredName: Text(50),
  GenderID: Id,
  GenderName: Text(20),
  Ethnicity: Text(100),
  DOB: z.union([z.iso.date(), z.literal("")]),
  BloodGroupID: Id,
  BloodGroupName: Text(5),
  NHINumber: Text(7),
  UserEmail: Text(254),
  PracticeID: Id,
  Balance: z.number(),
  RelationshipID: z.string().min(1).max(64),
  RelationshipName: z.string().min(1).max(50),
  InCaseOfEmergency: z.boolean(),
  PatientAddress: z.array(PatientAddressSchema).max(3),
  PatientContact: PatientContactSchema,
  lstContactMethods: z.array(SelectedContactMethodSchema).max(6),
  PreferredContactMethodID: z.number().int().min(0).max(6),
});
export type EmergencyContactPayload = z.output<typeof EmergencyContactPayloadSchema>;

/** The spec gives no reply shape; ours is the usual StatusCode ("1" added) with the new contact's id. */
export const AddEmergencyContactReplySchema = StatusReplySchema.extend({ EmergencyContactID: z.string().optional() });

/* ---------- DELETE Patient/EmergencyContact?PatientID&EmergencyContactID ---------- */

export const DeleteEmergencyContactQuerySchema = PatientIdQuerySchema.extend({ EmergencyContactID: z.string().min(1).max(64) });
export const DeleteEmergencyContactReplySchema = StatusReplySchema;

/* ---------- POST Patient/UpdatePatientContactMethods ---------- */

export const UpdateContactMethodsRequestSchema = z.object({
  PatientID: z.string().min(1).max(64),
  CellPhoneNumber: Text(30),
  HomePhoneNumber: Text(30),
  WorkPhoneNumber: Text(30),
  EmailAddress: Text(254),
  PrefferedContactMethodID: z.number().int().min(1).max(6),
  PrefferedContactMethodName: Text(40),
  /** Spelled as the practice API spells it. */
  SelectedContacttMethods: z.array(SelectedContactMethodSchema).min(1).max(6),
});
export type UpdateContactMethodsRequest = z.output<typeof UpdateContactMethodsRequestSchema>;
export const UpdateContactMethodsReplySchema = StatusReplySchema;

/* ---------- POST Patient/UpdatePatientDemographics ---------- */

export const UpdateDemographicsRequestSchema = z.object({
  PatientID: z.string().min(1).max(64),
  TitleID: Id,
  Title: Text(20),
  FirstName: z.string().min(1).max(50),
  FamilyName: z.string().min(1).max(50),
  PreferredName: Text(50),
  GenderID: Id,
  GenderName: Text(20),
  Ethnicity: Text(100),
  DOB: z.union([z.iso.date(), z.literal("")]),
  BloodGroupID: Id,
  BloodGroupName: Text(5),
  NHINumber: Text(7),
  UserEmail: Text(254),
});
export type UpdateDemographicsRequest = z.output<typeof UpdateDemographicsRequestSchema>;
export const UpdateDemographicsReplySchema = StatusReplySchema;

/* ---------- POST Patient (notification flags) ---------- */

/**
 * 1§7 sends this call's token as the `Token` query parameter ("Patient with Token query"): the table
 * below says so (`tokenIn`), the client adds it, and a practice that reads only the query accepts the
 * save (decisions/369). The body carries no token of the session.
 */
export const NotificationSlots = defineSlots({
  /** A phone app's push token. The portal is no device: it sends none, and the token on file stays. */
  deviceToken: optional(slot.string(0, "PatientDeviceToken")),
  enableEmail: slot.boolean(1, "EnableEmail"),
  enableNotification: slot.boolean(2, "EnableNotification"),
});
export const UpdateNotificationsRequestSchema = z.object({
  resourceType: z.literal("Patient"),
  id: z.string().min(1).max(64),
  extension: NotificationSlots.schema,
});
/**
 * 1§7 reloads the profile after this call and reads nothing of its reply (1§2): a practice may answer
 * a status object, `true`, the saved Patient or a word. A status object is read by its code, as the
 * other profile saves'; any other answer is null, and the portal reads the saved flags back from the
 * profile (decisions/372). A list, or a body that is not JSON, still breaks the contract.
 */
export const UpdateNotificationsReplySchema = z.union([
  StatusReplySchema,
  z.union([z.looseObject({}), z.boolean(), z.string(), z.number(), z.null()]).transform(() => null),
]);

/* ---------- GET Patient/AccountBalance?PatientID ---------- */

const Amount = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/).transform(Number)]);
/** "Response shape not shown": ours is `[{"Balance": 120.5}]`; an empty list means nothing owed. */
export const AccountBalanceReplySchema = z.array(z.object({ Balance: Amount })).transform((items) => items[0]?.Balance ?? 0);

/* ---------- GET Patient/TermsAndCondition?loadtype&PatientID ---------- */

export const TermsQuerySchema = PatientIdQuerySchema.extend({ loadtype: z.enum(["1", "2"]) });
/** The document's text, as a JSON string; null when the practice has none. */
export const TermsReplySchema = z.string().nullable();

const call = callsOf("Profile");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const profileEndpoints = {
  lookup: call({ method: "GET", path: "IndiciLookup", needsToken: true, query: LookupQuerySchema, reply: LookupReplySchema, summary: "A lookup list (titles, towns, relationships, ethnicities and others) by type" }),
  addEmergencyContact: call({ method: "POST", path: "patient/AddEmergencyContact", needsToken: true, query: PatientIdQuerySchema, body: EmergencyContactPayloadSchema, reply: AddEmergencyContactReplySchema, summary: "Add an emergency contact" }),
  deleteEmergencyContact: call({ method: "DELETE", path: "Patient/EmergencyContact", needsToken: true, query: DeleteEmergencyContactQuerySchema, reply: DeleteEmergencyContactReplySchema, summary: "Remove an emergency contact" }),
  updateContactMethods: call({ method: "POST", path: "Patient/UpdatePatientContactMethods", needsToken: true, body: UpdateContactMethodsRequestSchema, reply: UpdateContactMethodsReplySchema, summary: "Update phone numbers, e-mail and the preferred contact method" }),
  updateDemographics: call({ method: "POST", path: "Patient/UpdatePatientDemographics", needsToken: true, body: UpdateDemographicsRequestSchema, reply: UpdateDemographicsReplySchema, summary: "Update names, gender, ethnicity, date of birth and blood group" }),
  updateNotifications: call({ method: "POST", path: "Patient", needsToken: true, tokenIn: "query", body: UpdateNotificationsRequestSchema, reply: UpdateNotificationsReplySchema, summary: "Turn e-mail and push notifications on or off" }),
  accountBalance: call({ method: "GET", path: "Patient/AccountBalance", needsToken: true, query: PatientIdQuerySchema, reply: AccountBalanceReplySchema, summary: "The account holder's balance" }),
  terms: call({ method: "GET", path: "Patient/TermsAndCondition", needsToken: true, query: TermsQuerySchema, reply: TermsReplySchema, summary: "The terms and conditions or a messaging disclaimer, by load type" }),
} as const;
