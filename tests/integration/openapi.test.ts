import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { createMockServer } from "../../mock-server/server";

let mock: Awaited<ReturnType<typeof createMockServer>>;
beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

interface Operation {
  operationId: string;
  parameters: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: { "application/json": { schema: object } } };
  responses: Record<string, { content?: { "application/json": { schema: { type?: string; anyOf?: unknown[] } } } }>;
}

describe("GET /__admin/openapi.json", () => {
  it("describes every call of the contract as OpenAPI 3.1", async () => {
    const res = await fetch(`${mock.url}/__admin/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, e] of Object.entries(endpoints)) {
      const path = name === "identityAuthentication" ? `/${e.path}` : `/worlds/{worldId}/api/${e.path}`;
      const op = doc.paths[path]?.[e.method.toLowerCase()];
      expect(op, name).toBeDefined();
      const reply = op.responses["200"].content?.["application/json"].schema;
      expect(reply && (reply.type || reply.anyOf), `${name} reply schema`).toBeTruthy();
      expect(op.parameters.some((p) => p.name === "Token" && p.in === "header"), `${name} Token header`).toBe(e.needsToken);
      if (e.body) expect(op.requestBody, `${name} body`).toBeDefined();
    }
  });

  it("takes the query parameters and their rules from the contract", async () => {
    const doc = (await (await fetch(`${mock.url}/__admin/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const notice = doc.paths["/worlds/{worldId}/api/Patient/PaymentNotice"].get;
    const byName = Object.fromEntries(notice.parameters.map((p) => [p.name, p]));
    expect(byName.TransactionTypeID).toMatchObject({ in: "query", required: true, schema: { enum: ["0", "1"] } });
    expect(byName.PatientID).toMatchObject({ required: true, schema: { type: "string", minLength: 1 } });
  });
});
