import fc from "fast-check";

/**
 * fast-check arbitraries from JSON Schema (2020-12), for the keywords the mock's OpenAPI document uses
 * (tests/integration/mock-contract-property.test.ts): type (one or a list), properties, required,
 * additionalProperties and propertyNames (a map), items, minItems, maxItems, enum, const, anyOf, oneOf, format (date, date-time,
 * email, uri, base64), pattern, minLength, maxLength, minimum, maximum. A keyword outside that list
 * is refused (`UnsupportedSchemaError`), so a document that grows one cannot be half-generated.
 *
 * `hint` lets a caller put its own values in (a patient id the world knows for `PatientID`): called
 * with the property or parameter name and its schema, it may return an arbitrary that is mixed with
 * the generated one. Values are generated small (arrays of a few items, strings of a few dozen
 * characters) so a run stays fast; the boundaries (empty, longest) come up through the schema's limits.
 */

export type JsonSchema = boolean | SchemaObject;

export interface SchemaObject {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  [keyword: string]: unknown;
}

/** Keywords that only describe (or that the generator reads): anything else is refused. */
const KNOWN = new Set([
  "type", "properties", "required", "additionalProperties", "propertyNames", "items", "minItems", "maxItems", "enum", "const", "anyOf", "oneOf",
  "format", "pattern", "minLength", "maxLength", "minimum", "maximum",
  "description", "title", "default", "examples", "contentEncoding", "contentMediaType", "readOnly", "writeOnly", "deprecated",
]);

export class UnsupportedSchemaError extends Error {}

export type Hint = (name: string, schema: SchemaObject) => fc.Arbitrary<unknown> | undefined;

/** The longest string or array generated where the schema sets no maximum. */
const FREE_STRING = 24;
const FREE_ARRAY = 3;

export function arbitraryOf(schema: JsonSchema, hint?: Hint, name = ""): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 1 });
  if (schema === false) throw new UnsupportedSchemaError(`${name || "(root)"}: the schema false has no value`);
  for (const keyword of Object.keys(schema)) {
    if (!KNOWN.has(keyword) && !keyword.startsWith("x-")) throw new UnsupportedSchemaError(`${name || "(root)"}: keyword "${keyword}" is not supported`);
  }
  const own = ownArbitrary(schema, hint, name);
  const hinted = name ? hint?.(name, schema) : undefined;
  return hinted ? fc.oneof({ arbitrary: hinted, weight: 4 }, { arbitrary: own, weight: 1 }) : own;
}

function ownArbitrary(schema: SchemaObject, hint: Hint | undefined, name: string): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    if (schema.type !== undefined) throw new UnsupportedSchemaError(`${name}: anyOf beside type`);
    return fc.oneof(...branches.map((branch) => arbitraryOf(branch, hint, name)));
  }
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 1 });
  return fc.oneof(...types.map((type) => ofType(type, schema, hint, name)));
}

function ofType(type: string, schema: SchemaObject, hint: Hint | undefined, name: string): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: Math.max(schema.minimum ?? -1_000_000, Number.MIN_SAFE_INTEGER), max: Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER) });
    case "number": {
      const min = schema.minimum ?? -1_000_000;
      const max = schema.maximum ?? 1_000_000;
      // Whole numbers and two-decimal amounts are what a practice API carries; any double now and then.
      return fc.oneof(
        fc.integer({ min: Math.ceil(Math.max(min, Number.MIN_SAFE_INTEGER)), max: Math.floor(Math.min(max, Number.MAX_SAFE_INTEGER)) }),
        fc.integer({ min: Math.ceil(Math.max(min, -1e9) * 100), max: Math.floor(Math.min(max, 1e9) * 100) }).map((cents) => cents / 100),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n)),
      );
    }
    case "string":
      return stringOf(schema, name);
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? Math.max(minLength, FREE_ARRAY), Math.max(minLength, FREE_ARRAY));
      return fc.array(arbitraryOf(schema.items ?? true, hint, name), { minLength, maxLength });
    }
    case "object": {
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([key, sub]) => [key, arbitraryOf(sub, hint, key)])), { requiredKeys: required.filter((key) => key in properties) });
      const missing = required.filter((key) => !(key in properties));
      if (missing.length > 0) throw new UnsupportedSchemaError(`${name}: required ${missing.join(", ")} without a schema`);
      // A map (zod's record): a few keys named by propertyNames, each with a value of additionalProperties.
      const extra = schema.additionalProperties;
      // (An open object, additionalProperties {}, gets only its own properties.)
      if (typeof extra !== "object" || (schema.propertyNames === undefined && Object.keys(extra).length === 0)) return record;
      const keys = (schema.propertyNames === undefined ? fc.string({ maxLength: 12 }) : arbitraryOf(schema.propertyNames, undefined, `${name} key`)).filter((key): key is string => typeof key === "string" && !(key in properties));
      return fc.tuple(record, fc.dictionary(keys, arbitraryOf(extra, hint, name), { maxKeys: FREE_ARRAY })).map(([fixed, more]) => ({ ...more, ...fixed }));
    }
    default:
      throw new UnsupportedSchemaError(`${name}: type "${type}"`);
  }
}

const DAY_MS = 86_400_000;
/** 1900 to 2100: the dates a practice holds. */
const instant = fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));

function stringOf(schema: SchemaObject, name: string): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, FREE_STRING);
  const freeMax = Math.max(minLength, Math.min(maxLength, FREE_STRING));
  // Lengths as JSON Schema counts them: in code points, not UTF-16 units.
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  let base: fc.Arbitrary<string>;
  switch (schema.format) {
    case "date":
      base = instant.map((d) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10));
      break;
    case "date-time":
      base = fc.oneof(
        instant.map((d) => d.toISOString()),
        fc.tuple(instant, fc.constantFrom("+13:00", "+12:00", "-05:00")).map(([d, offset]) => `${d.toISOString().slice(0, 19)}${offset}`),
      );
      break;
    case "email":
      base = fc.emailAddress({ size: "small" });
      break;
    case "uri":
      base = fc.webUrl({ size: "small" });
      break;
    case "base64":
      base = fc.uint8Array({ maxLength: 48 }).map((bytes) => Buffer.from(bytes).toString("base64"));
      break;
    case undefined:
      base = schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern), { size: "small" })
        : fc.oneof({ arbitrary: fc.string({ minLength, maxLength: freeMax }), weight: 3 }, fc.string({ unit: "grapheme", minLength, maxLength: freeMax }));
      break;
    default:
      throw new UnsupportedSchemaError(`${name}: format "${schema.format}"`);
  }
  // A format's or pattern's values with a length rule besides: keep those that fit.
  if (schema.pattern && schema.format) base = base.filter((s) => new RegExp(schema.pattern!).test(s));
  return schema.minLength === undefined && schema.maxLength === undefined ? base : base.filter(fits);
}
