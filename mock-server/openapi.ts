import { z } from "zod";
import { endpoints, type Endpoint } from "../contract/endpoints";

/**
 * The OpenAPI 3.1 description of the practice API, generated from contract/ (never written by hand),
 * so the document, the portal's parsing and the mock's checks cannot disagree. Schemas describe the
 * wire shape (zod's input side); rules zod cannot express in JSON Schema are left to the contract.
 */

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

function schemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function operation(name: string, e: Endpoint, inWorld: boolean) {
  const parameters: unknown[] = [];
  if (inWorld) parameters.push({ name: "worldId", in: "path", required: true, schema: { type: "string" }, description: "The mock world (the real API has no such segment)." });
  if (e.needsToken) parameters.push({ name: "Token", in: "header", required: true, schema: { type: "string" } });
  if (e.query) {
    const query = schemaOf(e.query);
    for (const [param, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name: param, in: "query", required: (query.required ?? []).includes(param), schema });
    }
  }
  return {
    operationId: name,
    parameters,
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(e.body) } } } } : {}),
    responses: {
      "200": { description: "The reply, as the contract parses it.", content: { "application/json": { schema: schemaOf(e.reply) } } },
      "400": { description: "The request does not match the contract." },
      ...(e.needsToken ? { "401": { description: "Missing, unknown or ended token." }, "403": { description: "A patient id the token may not see." } } : {}),
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints) as [string, Endpoint][]) {
    const inWorld = name !== "identityAuthentication";
    const path = inWorld ? `/worlds/{worldId}/api/${e.path}` : `/${e.path}`;
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operation(name, e, inWorld) };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Practice API (as the patient portal uses it)", version: "1.0.0", description: "Generated from contract/endpoints.ts." },
    paths,
  };
}
