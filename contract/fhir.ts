import { z } from "zod";

/**
 * The shared building blocks of the practice API's FHIR-style replies (1§1).
 * Replies are parsed leniently about extra fields (a real API adds fields over time) and strictly
 * about the fields we use.
 */

/**
 * A field 2§3 names that a practice may leave out or send null (issue 68, decisions/396): read as
 * undefined, so the screen says "Not recorded" instead of the whole list failing.
 */
// An empty text where a list or an object belongs (a field emptied after it was nulled) is nothing sent, too.
export const given = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal(""), z.null()])
    .optional()
    .transform((value): z.output<T> | undefined => (value === "" || value === null ? undefined : (value as z.output<T> | undefined)));

export const ExtensionSchema = z.object({
  url: z.string().optional(),
  valueString: z.string().nullable().optional(),
  valueBoolean: z.boolean().nullable().optional(),
  valueDateTime: z.string().nullable().optional(),
  valueDecimal: z.number().nullable().optional(),
  valueInteger: z.number().int().nullable().optional(),
});
export type Extension = z.input<typeof ExtensionSchema>;

/** A FHIR Coding: a code in a code system. */
const CodingSchema = z.object({ system: z.string().optional(), code: z.string(), display: z.string().optional() });

/**
 * FHIR Resource.meta's labels as a practice may send them on a clinical item: `security`, such as HL7
 * v3 Confidentiality R or V for an item kept from proxies, and `tag`, the practice's categories
 * (sexual-health, contraception…). Optional: a practice may send neither (decisions/378).
 */
export const LabelsMetaSchema = z.object({ security: z.array(CodingSchema).optional(), tag: z.array(CodingSchema).optional() });

export const HumanNameSchema = z.object({
  use: z.string().optional(),
  text: z.string().optional(),
  prefix: z.array(z.string()).optional(),
  given: z.array(z.string()).optional(),
  family: z.string().optional(),
  preferred: z.string().optional(),
});
export type HumanName = z.output<typeof HumanNameSchema>;

export const ContactPointSchema = z.object({
  system: z.enum(["phone", "email", "fax", "url", "sms", "other"]).optional(),
  use: z.string().optional(),
  value: z.string(),
});
export type ContactPoint = z.output<typeof ContactPointSchema>;

export const AddressSchema = z.object({
  use: z.string().optional(),
  text: z.string().optional(),
  line: z.array(z.string()).optional(),
  city: z.string().optional(),
  district: z.string().optional(),
  country: z.string().optional(),
  postalCode: z.string().optional(),
});

/** The reply many calls use for outcomes: StatusCode is a string ("1" success, others not). */
export const StatusReplySchema = z.object({
  StatusCode: z.union([z.string(), z.number()]).transform(String),
  ResponseMessage: z.string().optional(),
  StatusMessage: z.string().optional(),
});
export type StatusReply = z.output<typeof StatusReplySchema>;

/**
 * A list whose first item is a bundle holding the entry list (1§1). "Any list fetch that returns an
 * empty or missing entry list is treated as an empty list" (1§7), so both are accepted and read as [].
 * The output is flattened to `{ total, resources }` (total undefined when the practice sent none); the input is the wire shape.
 */
export function bundleOf<R extends z.ZodType>(resource: R) {
  const Bundle = z.object({
    resourceType: z.literal("Bundle").optional(),
    /** A hint only (the entries are what there is): a number, numeric text or null, as practice systems count (decisions/396). */
    total: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number), z.null().transform(() => undefined)]).optional(),
    entry: z.array(z.object({ resource })).nullable().optional(),
  });
  return z.array(Bundle).transform((items) => {
    const entries = items[0]?.entry ?? [];
    const resources = entries.map((e) => (e as { resource: unknown }).resource as z.output<R>);
    return { total: items[0]?.total, resources };
  });
}

/** The wire shape of a bundle, for the side that writes one (the mock). */
export function toBundle<T>(resources: T[], total = resources.length) {
  return [{ resourceType: "Bundle" as const, total, entry: resources.map((resource) => ({ resource })) }];
}

/** Counters and flags arrive as numbers or numeric strings depending on the practice system. */
export const CountSchema = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(Number);
