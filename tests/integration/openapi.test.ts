import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { adminRouter } from "../../mock-server/admin";
import { accountAdminRouter } from "../../mock-server/admin-accounts";
import { liveAdminRouter } from "../../mock-server/admin-live";
import { recordingsAdminRouter } from "../../mock-server/recording/admin-recordings";
import { RecorderRegistry } from "../../mock-server/recording/recorder";
import { createMockServer, WorldRegistry } from "../../mock-server/server";
import { documentAjv } from "../helpers/json-schema-validator";
import { mockAt } from "../helpers/mock-world";
import { testTempDir } from "../helpers/test-temp";

let mock: Awaited<ReturnType<typeof createMockServer>>;
beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});
afterAll(async () => {
  await mock?.close();
});

interface Operation {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters: { name: string; in: string; required: boolean; schema: object }[];
  requestBody?: { content: { "application/json": { schema: object } } };
  responses: Record<string, { content?: Record<string, { schema: { type?: string; anyOf?: unknown[] } }> }>;
}

describe("GET /__admin/openapi.json", () => {
  it("says which parameters a practice as the spec describes it lacks (x-not-in-spec, decisions/372), and marks no call", async () => {
    type Marked = { "x-not-in-spec"?: unknown; name?: string };
    const doc = (await (await fetch(`${mock.url}/__admin/openapi.json`)).json()) as { paths: Record<string, Record<string, Marked & { parameters?: Marked[]; requestBody?: { content: { "application/json": { schema: { properties?: Record<string, Marked> } } } } }>> };
    const marked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (typeof op !== "object" || !("operationId" in op)) continue;
        if (op["x-not-in-spec"]) marked.push(`${method} ${path}`);
        for (const p of op.parameters ?? []) if (p["x-not-in-spec"]) marked.push(`${method} ${path} query ${p.name}`);
        for (const [name, p] of Object.entries(op.requestBody?.content["application/json"].schema.properties ?? {})) if (p["x-not-in-spec"]) marked.push(`${method} ${path} body ${name}`);
      }
    }
    expect(marked.sort()).toEqual([
      "post /worlds/{worldId}/api/patient/SaveTempPayment query IdempotencyKey",
      "post /worlds/{worldId}/api/payments/create-payment-intent body IdempotencyKey",
    ]);
  });

  it("describes every call of the contract as OpenAPI 3.1", async () => {
    const res = await fetch(`${mock.url}/__admin/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(doc.openapi).toBe("3.1.0");
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const practiceOperations = operations.filter((o) => "operationId" in o && !o.operationId.startsWith("admin"));
    expect(practiceOperations.map((o) => o.operationId).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, e] of Object.entries(endpoints)) {
      const path = name === "identityAuthentication" ? `/${e.path}` : `/worlds/{worldId}/api/${e.path}`;
      const op = doc.paths[path]?.[e.method.toLowerCase()];
      expect(op, name).toBeDefined();
      // A reply read "but not used" is described as any body or none (decisions/394); every other as its schema.
      if ("replyUnused" in e) {
        expect(Object.keys(op.responses["200"].content ?? {}), `${name} reply`).toEqual(["*/*"]);
        expect(op.responses["204"], `${name} no body`).toBeDefined();
      } else {
        const reply = op.responses["200"].content?.["application/json"]?.schema;
        expect(reply && (reply.type || reply.anyOf), `${name} reply schema`).toBeTruthy();
      }
      expect(op.summary, name).toBe(e.summary);
      expect(op.tags, name).toEqual([e.area]);
      // The token is a security scheme, never an ordinary parameter.
      expect(op.parameters.some((p) => p.name === "Token"), `${name} Token parameter`).toBe(false);
      if (e.needsToken) expect(op.security, name).toEqual([{ [e.tokenIn === "query" ? "TokenQuery" : "Token"]: [] }]);
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

type Document = { servers: { url: string }[]; components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, Operation>> };

/** Redocly's recommended rules over a document; the problems it reports, by rule and severity. */
function redoclyLint(doc: unknown): { status: number | null; problems: { ruleId: string; severity: string; message: string }[] } {
  const file = path.join(testTempDir("openapi-"), "openapi.json");
  writeFileSync(file, JSON.stringify(doc));
  const run = spawnSync(path.resolve("node_modules/.bin/redocly"), ["lint", file, "--extends=recommended", "--format=json"], {
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  return { status: run.status, problems: JSON.parse(run.stdout).problems };
}

describe("the document, as standard tools read it", () => {
  let doc: Document;
  beforeAll(async () => {
    doc = (await (await fetch(`${mock.url}/__admin/openapi.json`)).json()) as Document;
  });

  it("names this mock as its server, and the Token header and query parameter as security schemes", () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: mock.url })]);
    expect(doc.components.securitySchemes).toMatchObject({ Token: { type: "apiKey", in: "header", name: "Token" }, TokenQuery: { type: "apiKey", in: "query", name: "Token" } });
    // In the query where 1§7 and 2§7 put it: the letters, Logout and the notification flags (decisions/369).
    expect(doc.paths["/worlds/{worldId}/api/Patient/LetterAndDocument"].get.security).toEqual([{ TokenQuery: [] }]);
    expect(doc.paths["/worlds/{worldId}/api/Patient/Logout"].post.security).toEqual([{ TokenQuery: [] }]);
    expect(doc.paths["/worlds/{worldId}/api/Patient"].post.security).toEqual([{ TokenQuery: [] }]);
    expect(doc.paths["/worlds/{worldId}/api/Patient"].get.security).toEqual([{ Token: [] }]);
    expect(doc.paths["/worlds/{worldId}/api/Patient/Authentication"].post.security).toEqual([]);
  });

  it("describes every route of the admin API, and no route it lacks (GET …/messages was missing)", () => {
    const worlds = new WorldRegistry();
    const routers = [adminRouter(worlds), accountAdminRouter(worlds), liveAdminRouter(worlds, { host: "127.0.0.1", portalUrl: null }), recordingsAdminRouter(new RecorderRegistry())];
    const served = routers.flatMap((router) =>
      (router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]).flatMap((layer) =>
        layer.route ? Object.keys(layer.route.methods).map((method) => `${method} /__admin${layer.route!.path.replace(/:(\w+)/g, "{$1}")}`) : [],
      ),
    );
    served.push("get /__admin/openapi.json"); // served by the app itself, before the routers
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith("/__admin/"))
      .flatMap(([path, methods]) => Object.keys(methods).filter((m) => m !== "parameters").map((method) => `${method} ${path}`));
    expect(served.sort()).toEqual(documented.sort());
  });

  it("describes the admin API too", () => {
    expect(doc.paths["/__admin/worlds"].post).toMatchObject({ operationId: "adminCreateWorld", tags: ["Mock admin"] });
    expect(doc.paths["/__admin/worlds/{id}/faults"].post.requestBody?.content["application/json"].schema).toMatchObject({ properties: { path: {}, status: {}, body: {}, answer: { description: expect.stringContaining("carried out") }, delayMs: {}, hold: {}, times: {} } });
  });

  it("passes Redocly's recommended rules with no error", () => {
    const { status, problems } = redoclyLint(doc);
    expect(problems.filter((p) => p.severity === "error")).toEqual([]);
    expect(status).toBe(0);
  }, 30_000);

  it("the lint would catch an operation without a summary or security", () => {
    const broken = structuredClone(doc) as unknown as { paths: Record<string, Record<string, Partial<Operation>>> };
    delete broken.paths["/worlds/{worldId}/api/Patient"].get.summary;
    delete broken.paths["/worlds/{worldId}/api/Patient"].get.security;
    const { status, problems } = redoclyLint(broken);
    expect(problems.filter((p) => p.severity === "error").map((p) => p.ruleId).sort()).toEqual(["operation-summary", "security-defined"]);
    expect(status).not.toBe(0);
  }, 30_000);
});

/** What the property test (mock-contract-property.test.ts) found the document getting wrong, each pinned. */
describe("the answers the document describes", () => {
  let doc: Document;
  beforeAll(async () => {
    doc = (await (await fetch(`${mock.url}/__admin/openapi.json`)).json()) as Document;
  });
  const schemaOf = (path: string, method: string, status: string) => doc.paths[path][method].responses[status].content?.["application/json"].schema as object;

  it("SaveTempPayment's id as a number or as text: a spec world quotes it (1§7), and the document said integer only", () => {
    const validate = documentAjv().compile(schemaOf("/worlds/{worldId}/api/patient/SaveTempPayment", "post", "200"));
    expect([1001, -1, "1001", "-1"].map((v) => validate(v))).toEqual([true, true, true, true]);
    expect(["abc", "", null, 1.5].map((v) => validate(v))).toEqual([false, false, false, false]);
  });

  it("a practice call's refusals carry a body the document describes, and an unknown world is a 404 it lists", async () => {
    const ajv = documentAjv();
    const path = "/worlds/{worldId}/api/Patient/ProxyUsers";
    const world = await mockAt(mock.url).createWorld({ seed: 2 });
    const http = await world.signInHttp("solo");
    const answers = {
      "400": await fetch(`${http.base}Patient/ProxyUsers`, { headers: { Token: http.token } }),
      "401": await fetch(`${http.base}Patient/ProxyUsers?PatientID=${http.id}`),
      "403": await fetch(`${http.base}Patient/ProxyUsers?PatientID=someone-else`, { headers: { Token: http.token } }),
      "404": await fetch(`${mock.url}/worlds/no-such-world/api/Patient/ProxyUsers?PatientID=${http.id}`, { headers: { Token: http.token } }),
    };
    for (const [status, res] of Object.entries(answers)) {
      expect(res.status).toBe(Number(status));
      const validate = ajv.compile(schemaOf(path, "get", status));
      expect(validate(await res.json()), `${status} ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("a world may be made with no body at all (the default scenario, seed 1), as the document now says", async () => {
    expect((doc.paths["/__admin/worlds"].post as unknown as { requestBody: { required: boolean } }).requestBody.required).toBe(false);
    const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ scenario: "default", seed: 1 });
  });
});
