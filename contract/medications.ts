import { z } from "zod";
import { bundleOf, given, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

/** Medications, pharmacies and repeat-prescription requests (2§3, 2§7). */

const PatientID = z.string().min(1).max(64);

/**
 * 2§3 Medication extensions: long-term flag, period, prescriber, practice, dose, end date, unit. Each
 * may be missing: a practice may send a shorter list than the slots read by position (decisions/396).
 */
export const MedicationSlots = defineSlots({
  longTerm: optional(slot.boolean(0, "IsLongTerm")),
  period: optional(slot.string(1, "Period")),
  prescribedBy: optional(slot.string(2, "PrescribedBy")),
  practiceName: optional(slot.string(3, "PracticeName")),
  dose: optional(slot.string(4, "Dose")),
  endDate: optional(slot.dateTime(5, "EndDate")),
  unit: optional(slot.string(6, "Unit")),
});

/**
 * 2§3 Medication. Only the id is required, as the portal must address the medicine in a repeat request;
 * every other field may be absent, null or empty, and dates come as a day, a local or an offset
 * date-time (contract/room/medications.ts). 2§3 does not name a resourceType: any is read.
 */
export const MedicationSchema = z.object({
  resourceType: z.string().optional(),
  id: z.string().min(1),
  authoredOn: given(z.string()),
  medicationCodeableConcept: given(z.object({ coding: given(z.array(z.object({ display: given(z.string()), code: given(z.string()) }))) })),
  dosageInstruction: given(z.array(z.object({ text: given(z.string()) }))),
  /** 2§3 "dispenseRequest quantity value": a number, or a number as text as some practice systems write it. */
  dispenseRequest: given(z.object({ quantity: given(z.object({ value: given(z.union([z.number(), z.string()])) })) })),
  extension: MedicationSlots.schema,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Medication = z.output<typeof MedicationSchema>;

/** TypeID: 1 all, 2 recent, 3 repeated (2§7). */
export const MEDICATION_LISTS = { all: "1", recent: "2", repeated: "3" } as const;

export const MedicationsQuerySchema = z.object({
  PatientID,
  PageSize: z.coerce.number().int().min(1).max(500),
  PageNumber: z.coerce.number().int().min(1).max(100_000),
  TypeID: z.enum(["1", "2", "3"]),
});
export const MedicationsReplySchema = bundleOf(MedicationSchema);

export const PharmacySlots = defineSlots({ favourite: optional(slot.boolean(0, "IsFavorite")) });
/** 2§3 Pharmacy: the id addresses it; its name and favourite flag may be missing (decisions/396). */
export const PharmacySchema = z.object({ resourceType: z.string().optional(), id: z.string().min(1), name: given(z.string()), extension: PharmacySlots.schema });
export const PharmaciesQuerySchema = z.object({ PatientID, PageSize: z.coerce.number().int().min(1).max(5000), PageNumber: z.coerce.number().int().min(1) });
export const PharmaciesReplySchema = bundleOf(PharmacySchema);

/** PickUpTypeID: 1 pick up at the practice, 2 a pharmacy (2§7). */
export const RepeatRequestSchema = z
  .object({
    PatientID,
    /** Comma-separated medication ids. */
    MedicationID: z.string().regex(/^[\w-]+(,[\w-]+)*,?$/, "Select at least one Medicine"),
    PickUpTypeID: z.union([z.literal(1), z.literal(2), z.literal("1"), z.literal("2")]).transform(Number),
    PharmacyID: z.union([z.string(), z.number()]).transform(String).optional(),
    PharmacyName: z.string().max(200).optional(),
    IsUrgent: z.boolean().optional(),
    IsPreferredPharmacy: z.boolean().optional(),
    Notes: z.string().max(1000).optional(),
    PharmacyLocationId: z.union([z.string(), z.number()]).transform(String).optional(),
    IgnoreLeave: z.boolean().optional(),
  })
  .refine((r) => r.PickUpTypeID !== 2 || (r.PharmacyID !== undefined && r.PharmacyID !== "" && r.PharmacyID !== "0"), { message: "Please select pharmacy", path: ["PharmacyID"] });

/**
 * StatusCode "1": sent, with the message to show; "3": refused, with why; "302": the prescriber is on
 * leave and ResponseMessage is a JSON list of {ProviderID, ProviderName} (2§4: resend with IgnoreLeave).
 */
export const RepeatReplySchema = z.object({ StatusCode: z.enum(["1", "3", "302"]), ResponseMessage: z.string() });
export const OnLeaveProvidersSchema = z.array(z.object({ ProviderID: z.string(), ProviderName: z.string() }));

/**
 * The page sizes the portal asks for this area's lists (2§9), declared with the calls that page
 * (decisions/342). Page numbers start at 1.
 */
export const medicationsPageSizes = {
  medications: 50,
  repeatedMedications: 10,
  pharmacies: 1965,
} as const;

const call = callsOf("Medications");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const medicationsEndpoints = {
  medications: call({ method: "GET", path: "Patient/Medication", needsToken: true, query: MedicationsQuerySchema, reply: MedicationsReplySchema, summary: "Current or past medications" }),
  pharmacies: call({ method: "GET", path: "Patient/Pharmacies", needsToken: true, query: PharmaciesQuerySchema, reply: PharmaciesReplySchema, summary: "The pharmacies a repeat prescription can be sent to" }),
  repeatRequest: call({ method: "POST", path: "Patient/SendRepeatMedicationRequest", needsToken: true, body: RepeatRequestSchema, reply: RepeatReplySchema, summary: "Request repeat medications" }),
} as const;
