import { DateTime } from "luxon";
import { z } from "zod";
import { bundleOf, LabelsMetaSchema } from "./fhir";
import { defineSlots, optional, slot } from "./slots";
import { callsOf } from "./endpoint";

export { contentTypeOf, isReadFlag } from "./record-words";

/**
 * Test results, letters and the practice's resources (2§3, 2§7). Where 2§7 gives only "stored
 * locally for modal" or "letter content", the shapes below are this contract's reading, kept close
 * to FHIR (DiagnosticReport, DocumentReference, Media) and recorded in docs/decisions/011.
 */

const PatientID = z.string().min(1).max(64);
const PageSize = z.coerce.number().int().min(1).max(500);
const PageNumber = z.coerce.number().int().min(1).max(100_000);
/** Query dates are YYYY-MM-DD (2§5); the letters search adds a time of day (00:00:00, 23:59:59). */
const QueryDate = z.iso.date("a date like 2026-03-01");
const DATE_TIME_FORMATS = ["yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss"];
/**
 * Valid and written back the same: luxon reads 24:00:00 as the next midnight, which this refuses.
 * Read in UTC so that a local clock change (02:30 on the night NZ moves to daylight time) is not refused.
 */
function isExactly(value: string, format: string): boolean {
  const parsed = DateTime.fromFormat(value, format, { zone: "utc" });
  return parsed.isValid && parsed.toFormat(format) === value;
}
const DATE_TIME_MESSAGE = "a date like 2026-03-01 or 2026-03-01 23:59:59";
/** The pattern gives the shape (and the OpenAPI pattern); the refine refuses impossible days and times (2026-02-31, 25:00:00). */
const QueryDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}:\d{2})?$/, DATE_TIME_MESSAGE)
  .refine((v) => DATE_TIME_FORMATS.some((format) => isExactly(v, format)), DATE_TIME_MESSAGE);

/* ---------- What a practice may leave out (issue 68, decisions/396) ---------- */

/**
 * 2§3 names each record's fields without saying one is always there: a field the screens show may come
 * absent, null or empty (contract/room/documents.ts), and the screens say "Not recorded". Only a
 * record's id is required: the portal addresses the record by it.
 */
const Text = z.string().nullish();
/** A value 2§3 names without a type: text, or a number a practice system writes as one. */
const TextOrNumber = z.union([z.string(), z.number().transform(String)]).nullish();

/* ---------- Lab results ---------- */

/** 2§3 Lab result: laboratory, date-time, comments, folder and the read flag as text True/False. */
export const LabResultSlots = defineSlots({
  laboratory: optional(slot.string(0, "LaboratoryName")),
  date: optional(slot.dateTime(1, "ResultDate")),
  comments: optional(slot.string(2, "Comments")),
  folder: optional(slot.string(3, "FolderName")),
  /** Read with `isReadFlag`. */
  read: optional(slot.string(4, "IsRead")),
});

export const ObservationRowSchema = z.object({
  ObservationText: Text,
  ObservationValue: TextOrNumber,
  /** "Abnormal", "Low" and "High" are shown in red (2§3); any other flag as the practice sent it. */
  AbnormalFlagDesc: Text,
  ObservationSummary: Text,
});
export type ObservationRow = z.output<typeof ObservationRowSchema>;

export const LabResultSchema = z.object({
  resourceType: z.literal("DiagnosticReport"),
  id: z.string().min(1),
  /** The test's name, also its chart code. */
  description: Text,
  author: z.object({ display: Text }).nullish(),
  extension: LabResultSlots.schema,
  /** LabResultByID only: the report itself as a PDF or HTML (base64), by its content type (`contentTypeOf`)... */
  presentedForm: z.array(z.object({ contentType: Text, data: z.base64().nullish() })).nullish(),
  /** ...or as a table of observations. */
  observation: z.array(ObservationRowSchema).nullish(),
  /** Confidentiality and category labels, when the practice sends them. */
  meta: LabelsMetaSchema.optional(),
});
export type LabResult = z.output<typeof LabResultSchema>;

export const LabResultsQuerySchema = z.object({
  PatientID,
  PageSize,
  PageNumber,
  searchText: z.string().max(100).optional(),
  fromdate: QueryDate.optional(),
  todate: QueryDate.optional(),
});
export const LabResultsReplySchema = bundleOf(LabResultSchema);

export const LabResultByIdQuerySchema = z.object({ PatientID, ResultID: z.string().min(1).max(64) });
export const LabResultByIdReplySchema = bundleOf(LabResultSchema);

export const LabChartQuerySchema = z.object({ PatientID, labcode: z.string().min(1).max(100) });
export const LabChartReplySchema = z.array(z.object({ observationtext: Text, observationvalue: TextOrNumber, resultdate: Text }));

/* ---------- Letters ---------- */

export const LetterSlots = defineSlots({ date: optional(slot.dateTime(0, "LetterDate")) });

export const LetterSchema = z.object({
  resourceType: z.literal("DocumentReference"),
  id: z.string().min(1),
  type: z.object({ coding: z.array(z.object({ display: Text })).nullish() }).nullish(),
  extension: LetterSlots.schema,
  /** The listing names the content type; LetterAndDocumentByID adds the base64 data. */
  content: z.array(z.object({ attachment: z.object({ contentType: Text, data: z.base64().nullish(), title: Text }).nullish() })).nullish(),
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Letter = z.output<typeof LetterSchema>;

/** Paged, or a date range. The Token travels as a query parameter on the letter calls (2§7): the table's `tokenIn`. */
export const LettersQuerySchema = z
  .object({ PatientID, PageSize: PageSize.optional(), PageNumber: PageNumber.optional(), StartDate: QueryDateTime.optional(), EndDate: QueryDateTime.optional() })
  .refine((q) => (q.StartDate === undefined) === (q.EndDate === undefined), { message: "StartDate and EndDate go together", path: ["EndDate"] })
  .refine((q) => q.StartDate !== undefined || (q.PageSize !== undefined && q.PageNumber !== undefined), { message: "Either PageSize and PageNumber, or StartDate and EndDate", path: ["PageSize"] });
export const LettersReplySchema = bundleOf(LetterSchema);

export const LetterByIdQuerySchema = z.object({ PatientID, ResultID: z.string().min(1).max(64) });
export const LetterByIdReplySchema = bundleOf(LetterSchema);

/* ---------- Resources (media) ---------- */

export const MediaSchema = z.object({
  resourceType: z.literal("Media"),
  id: z.string().min(1),
  /** "application/pdf" opens in the portal; "link" opens `url` in a new tab (2§2 Resources); any other type is shown as sent. */
  content: z.object({ title: Text, contentType: Text, url: Text }).nullish(),
  /** The practice's labels (FHIR meta): an item it marks confidential never reaches a proxy (decisions/378, 382). */
  meta: LabelsMetaSchema.optional(),
});
export type Media = z.output<typeof MediaSchema>;

export const MediaQuerySchema = z.object({ PatientID, PageSize, PageNumber });
export const MediaReplySchema = bundleOf(MediaSchema);

export const MediaByIdQuerySchema = z.object({ PatientID, ResourceID: z.string().min(1).max(64) });
/**
 * "base64 content" (2§7): the PDF as one base64 string, read as a JSON string or bare text (the call's
 * `replyMayBeText`), wrapped in lines or as a data: address (contract/room/documents.ts); the output is
 * the base64 alone.
 */
export const MediaByIdReplySchema = z
  .string()
  .transform((text) => text.trim().replace(/^data:[\w.+-]+\/[\w.+-]+;base64,/i, "").replace(/\s+/g, ""))
  .pipe(z.base64().min(1));

/**
 * The page sizes the portal asks for this area's lists (2§9), declared with the calls that page
 * (decisions/342). Page numbers start at 1.
 */
export const documentsPageSizes = {
  labResults: 100,
  letters: 100,
  /** Resources (2§9). */
  media: 100,
} as const;

const call = callsOf("Records");

/** The practice API's calls of this file's area, gathered by `contract/endpoints.ts`. */
export const documentsEndpoints = {
  labResults: call({ method: "GET", path: "Patient/LabResults", needsToken: true, query: LabResultsQuerySchema, reply: LabResultsReplySchema, summary: "Test results, paged" }),
  labResultById: call({ method: "GET", path: "Patient/LabResultByID", needsToken: true, query: LabResultByIdQuerySchema, reply: LabResultByIdReplySchema, summary: "One test result" }),
  labChart: call({ method: "GET", path: "Patient/LabResultChartById", needsToken: true, query: LabChartQuerySchema, reply: LabChartReplySchema, summary: "A test's values over time, for its chart" }),
  /** The letter calls carry the Token as a query parameter (2§7), added by the client from `tokenIn`. */
  letters: call({ method: "GET", path: "Patient/LetterAndDocument", needsToken: true, tokenIn: "query", query: LettersQuerySchema, reply: LettersReplySchema, summary: "Letters and documents, paged or in a date range (Token as a query parameter)" }),
  letterById: call({ method: "GET", path: "Patient/LetterAndDocumentByID", needsToken: true, tokenIn: "query", query: LetterByIdQuerySchema, reply: LetterByIdReplySchema, summary: "One letter or document (Token as a query parameter)" }),
  media: call({ method: "GET", path: "Patient/Media", needsToken: true, query: MediaQuerySchema, reply: MediaReplySchema, summary: "Health resources shared with the patient, paged" }),
  mediaById: call({ method: "GET", path: "Patient/MediaByID", needsToken: true, query: MediaByIdQuerySchema, reply: MediaByIdReplySchema, replyMayBeText: true, summary: "One health resource" }),
} as const;
