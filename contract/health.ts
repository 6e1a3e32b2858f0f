import { z } from "zod";
import { bundleOf, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

/**
 * The health summary calls of 2§7: diagnoses (Condition), allergies, immunisations, the timeline,
 * reminders (PatientAlerts) and vitals (Observation). 2§3 names the fields the screens read; where it
 * leaves a shape open (a position's meaning, where a date sits) this contract's reading is kept close
 * to FHIR and recorded in docs/decisions/080.
 */

const PatientID = z.string().min(1).max(64);
const PageSize = z.coerce.number().int().min(1).max(500);
const PageNumber = z.coerce.number().int().min(1).max(100_000);
const QueryDate = z.iso.date("a date like 2026-03-01");

/**
 * A field 2§3 names but leaves a practice free to leave out or send null (the room, decisions/396):
 * read as undefined either way, so a screen says "Not recorded" rather than the page failing.
 */
function maybe<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((value): z.output<T> | undefined => value ?? undefined);
}

/**
 * A list 2§3 names: left out, null, or empty text as some systems write an empty list, all read as
 * none (decisions/396), as 1§7 reads an empty or missing entry list.
 */
function list<T extends z.ZodType>(item: T) {
  return z.union([z.array(item), z.literal("")]).nullish().transform((value): Array<z.output<T>> | undefined => (value === "" || value === null ? undefined : value));
}

/** Text as the practice wrote it: empty, null or absent all read as nothing written. */
const Text = maybe(z.string());
/** A date or date-time in any ISO form (a date, a local date-time, one with an offset or in UTC): read by app/lib/dates.ts. */
const PracticeDate = maybe(z.string());
const Note = list(z.object({ text: Text }));

/* ---------- Condition (Diagnosis) ---------- */

/** TypeID: 0 all, 1 recent, 2 long term (2§7). */
export const CONDITION_LISTS = { all: "0", recent: "1", longTerm: "2" } as const;

/** 2§3 Condition: the long-term flag. */
export const ConditionSlots = defineSlots({ longTerm: optional(slot.boolean(0, "IsLongTerm")) });

/** Every field 2§3 names may be missing (decisions/396); it names no id, so a practice may send none. */
export const ConditionSchema = z.object({
  resourceType: z.literal("Condition").optional(),
  id: maybe(z.string().min(1)),
  onsetDateTime: PracticeDate,
  /** The diagnosis as the practice wrote it: the card's text. */
  note: Note,
  extension: ConditionSlots.schema,
  /** Confidentiality and category labels, when the practice sends them. */
  meta: LabelsMetaSchema.optional(),
});
export type Condition = z.output<typeof ConditionSchema>;

export const ConditionsQuerySchema = z.object({ PatientID, PageSize, PageNumber, TypeID: z.enum(["0", "1", "2"]) });
export const ConditionsReplySchema = bundleOf(ConditionSchema);

/* ---------- AllergyIntolerance ---------- */

/** 2§3 Allergy: its type (Drug, Food…) and severity; a missing severity is Mild (2§4). */
export const AllergySlots = defineSlots({
  type: optional(slot.string(0, "AllergyType")),
  severity: optional(slot.string(1, "Severity")),
});

/** The id is the record's own (2§3); every other field may be missing (decisions/396), and an allergy missing one is still listed. */
export const AllergySchema = z.object({
  resourceType: z.literal("AllergyIntolerance").optional(),
  id: z.string().min(1),
  code: maybe(z.object({ text: Text })),
  extension: AllergySlots.schema,
  reaction: list(z.object({ manifestation: list(z.object({ text: Text })) })),
  note: Note,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Allergy = z.output<typeof AllergySchema>;

export const AllergiesQuerySchema = z.object({ PatientID, PageSize, PageNumber });
export const AllergiesReplySchema = bundleOf(AllergySchema);

/* ---------- Immunization ---------- */

/** TypeID: 0 all, 1 administered, 2 overdue, 3 due (2§7). */
export const IMMUNISATION_LISTS = { all: "0", administered: "1", overdue: "2", due: "3" } as const;

/** ImmType: overdue, due or other (given) (2§3). */

/**
 * 2§3 Immunisation: name, indication, vaccinator, due date-time, ImmType, two booleans at positions
 * 10 and 11, a month date-time and a message at position 13. 2§3 gives the positions of the last four
 * only and names neither boolean: the others are laid out in the order 2§3 lists them, and the two
 * booleans are read as the practice's IsGiven (10) and IsDeclined (11) flags (decisions/080).
 */
export const ImmunisationSlots = defineSlots({
  name: optional(slot.string(0, "VaccineName")),
  indication: optional(slot.string(1, "Indication")),
  vaccinator: optional(slot.string(2, "Vaccinator")),
  due: optional(slot.dateTime(3, "DueDate")),
  immType: optional(slot.string(4, "ImmType")),
  given: optional(slot.boolean(10, "IsGiven")),
  declined: optional(slot.boolean(11, "IsDeclined")),
  month: optional(slot.dateTime(12, "ScheduleMonth")),
  message: optional(slot.string(13, "Message")),
});

/** The id is the record's own (2§3); every other field may be missing, and the extension list stop early (decisions/396). */
export const ImmunisationSchema = z.object({
  resourceType: z.literal("Immunization").optional(),
  id: z.string().min(1),
  /** When it was given; absent for one not given yet. */
  date: PracticeDate,
  status: Text,
  extension: ImmunisationSlots.schema,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Immunisation = z.output<typeof ImmunisationSchema>;

export const ImmunisationsQuerySchema = z.object({ PatientID, PageSize, PageNumber, TypeID: z.enum(["0", "1", "2", "3"]) });
export const ImmunisationsReplySchema = bundleOf(ImmunisationSchema);

/* ---------- Timeline ---------- */

/** 2§3 Timeline event: the provider's name. */
export const TimelineSlots = defineSlots({ provider: optional(slot.string(0, "ProviderName")) });

/** The id is the record's own (2§3); every other field may be missing (decisions/396). */
export const TimelineEventSchema = z.object({
  resourceType: z.literal("Basic").optional(),
  id: z.string().min(1),
  created: PracticeDate,
  /** display: the kind of event ("Appointment", "Lab Result", "Medication"…); text: what happened. */
  code: maybe(z.object({ coding: list(z.object({ display: Text })), text: Text })),
  extension: TimelineSlots.schema,
  /** The labels of the item the event tells of, where the practice marks it confidential (decisions/378): kept from proxies with it. */
  meta: LabelsMetaSchema.optional(),
});
export type TimelineEvent = z.output<typeof TimelineEventSchema>;

/** FromDate and toDate (2§7, spelt so) bound the range; the portal always sends both, All from 1900-01-01 to today (decisions/247). Optional here so a caller without dates is still answered (the whole record). */
export const TimelineQuerySchema = z
  .object({
    PatientID,
    PageSize,
    PageNumber,
    FromDate: QueryDate.optional(),
    toDate: QueryDate.optional(),
    SearchText: z.string().max(100).optional(),
    ProviderID: z.string().min(1).max(64).optional(),
  })
  .refine((q) => !q.FromDate || !q.toDate || q.FromDate <= q.toDate, { message: "FromDate is after toDate", path: ["toDate"] });
export const TimelineReplySchema = bundleOf(TimelineEventSchema);

/* ---------- PatientAlerts (Reminders) ---------- */


/** 2§3 Reminder: description, title, priority. */
export const ReminderSlots = defineSlots({
  description: optional(slot.string(0, "Description")),
  title: optional(slot.string(1, "Title")),
  priority: optional(slot.string(2, "Priority")),
});

/** Every field 2§3 names may be missing (decisions/396); it names no id, so a practice may send none. */
export const ReminderSchema = z.object({
  resourceType: z.literal("Communication").optional(),
  id: maybe(z.string().min(1)),
  sent: PracticeDate,
  sender: maybe(z.object({ display: Text })),
  extension: ReminderSlots.schema,
  note: Note,
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Reminder = z.output<typeof ReminderSchema>;

export const RemindersQuerySchema = z.object({ PatientID, PageSize, PageNumber });
export const RemindersReplySchema = bundleOf(ReminderSchema);

/* ---------- Observation (Vitals) ---------- */

/** The code displays of 2§3, several names for one vital included. */

/** A quantity's value: a number, or numeric text as some practice systems write decimals (decisions/396). */
const QuantityValue = maybe(z.union([z.number(), z.string().trim().regex(/^-?\d+(\.\d+)?$/).transform(Number)]));

/** 2§3 names no id; every field it names may be missing (decisions/396). */
export const VitalObservationSchema = z.object({
  resourceType: z.literal("Observation").optional(),
  id: maybe(z.string().min(1)),
  code: maybe(z.object({ coding: list(z.object({ display: Text })) })),
  effectiveDateTime: PracticeDate,
  /** Blood pressure: systolic then diastolic; every other vital: its one value first. */
  component: list(z.object({ valueQuantity: maybe(z.object({ value: QuantityValue, unit: Text })) })),
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type VitalObservation = z.output<typeof VitalObservationSchema>;

/** ChartType 0: every vital (2§7). */
export const VitalsQuerySchema = z.object({ PatientID, PageSize, PageNumber, ChartType: z.enum(["0"]) });
export const VitalsReplySchema = bundleOf(VitalObservationSchema);

/**
 * The page sizes the portal asks for this area's lists (2§9), declared with the calls that page
 * (decisions/342). Page numbers start at 1.
 */
export const healthPageSizes = {
  /** 2§9 gives none for diagnoses: the records' 100 (decisions/080). */
  conditions: 100,
  allergies: 30,
  immunisations: 100,
  timeline: 100,
  reminders: 100,
  vitals: 30,
} as const;

const call = callsOf("Health");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const healthEndpoints = {
  conditions: call({ method: "GET", path: "Patient/Condition", needsToken: true, query: ConditionsQuerySchema, reply: ConditionsReplySchema, summary: "Diagnoses: all, recent or long term, paged" }),
  allergies: call({ method: "GET", path: "Patient/AllergyIntolerance", needsToken: true, query: AllergiesQuerySchema, reply: AllergiesReplySchema, summary: "Allergies with type, severity, reaction and note, paged" }),
  immunisations: call({ method: "GET", path: "Patient/Immunization", needsToken: true, query: ImmunisationsQuerySchema, reply: ImmunisationsReplySchema, summary: "Immunisations: all, administered, overdue or due, paged" }),
  timeline: call({ method: "GET", path: "Patient/Timeline", needsToken: true, query: TimelineQuerySchema, reply: TimelineReplySchema, summary: "Timeline events in a date range, by text or provider, paged" }),
  reminders: call({ method: "GET", path: "Patient/PatientAlerts", needsToken: true, query: RemindersQuerySchema, reply: RemindersReplySchema, summary: "Reminders (patient alerts) from the practice, paged" }),
  vitals: call({ method: "GET", path: "Patient/Observation", needsToken: true, query: VitalsQuerySchema, reply: VitalsReplySchema, summary: "Vital observations: blood pressure, weight, height, BMI, heart rate" }),
} as const;
