import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../../mock-server/openapi";
import { arbitraryOf, UnsupportedSchemaError, type JsonSchema } from "../helpers/json-schema-arbitrary";
import { documentAjv } from "../helpers/json-schema-validator";

/**
 * The generator behind the mock's property test (tests/integration/mock-contract-property.test.ts): what it
 * makes from a schema of the mock's OpenAPI document is valid by that schema (ajv), so the test's "valid"
 * requests are what the document allows, and an unknown keyword is refused rather than ignored.
 */

type Operation = { operationId: string; parameters?: { name: string; in: string; schema: JsonSchema }[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } };

function requestSchemas(): [string, JsonSchema][] {
  const doc = openApiDocument("http://127.0.0.1") as unknown as { paths: Record<string, Record<string, Operation | Operation["parameters"]>> };
  const found: [string, JsonSchema][] = [];
  for (const item of Object.values(doc.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method === "parameters") continue;
      const op = value as Operation;
      for (const p of op.parameters ?? []) found.push([`${op.operationId} ${p.in} ${p.name}`, p.schema]);
      const body = op.requestBody?.content["application/json"]?.schema;
      if (body) found.push([`${op.operationId} body`, body]);
    }
  }
  return found;
}

describe("arbitraryOf", () => {
  const ajv = documentAjv();
  const schemas = requestSchemas();

  it("finds the document's request schemas", () => {
    expect(schemas.length).toBeGreaterThan(150);
  });

  it.each(schemas)("%s: every value made is valid by its schema", (_name, schema) => {
    const validate = ajv.compile(schema);
    fc.assert(
      fc.property(arbitraryOf(schema), (value) => {
        if (!validate(value)) throw new Error(`${JSON.stringify(value)}: ${JSON.stringify(validate.errors)}`);
      }),
      { numRuns: 30, seed: 56 },
    );
  });

  it("refuses a keyword it does not know, and a type or format it cannot make", () => {
    expect(() => arbitraryOf({ type: "object", properties: { a: { type: "string", not: { const: "x" } } } })).toThrow(UnsupportedSchemaError);
    expect(() => arbitraryOf({ allOf: [{ type: "string" }] })).toThrow(/allOf/);
    expect(() => arbitraryOf({ type: "string", format: "ipv6" })).toThrow(/ipv6/);
    expect(() => arbitraryOf(false)).toThrow(UnsupportedSchemaError);
  });

  it("makes both sides of a choice and every value of an enum", () => {
    const made = fc.sample(arbitraryOf({ anyOf: [{ type: "integer", minimum: 0, maximum: 3 }, { type: "string", enum: ["a", "b"] }] }), { numRuns: 200, seed: 1 });
    expect(new Set(made.filter((v) => typeof v === "string"))).toEqual(new Set(["a", "b"]));
    expect(made.some((v) => typeof v === "number")).toBe(true);
  });
});
