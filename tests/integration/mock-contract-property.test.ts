import fc from "fast-check";
import type { ValidateFunction } from "ajv/dist/2020";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer } from "../../mock-server/server";
import { arbitraryOf, type Hint, type JsonSchema, type SchemaObject } from "../helpers/json-schema-arbitrary";
import { documentAjv } from "../helpers/json-schema-validator";
import { getCall, mockAt, type HttpSession, type TestWorld } from "../helpers/mock-world";
import { endpoints } from "@contract/endpoints";

/**
 * Issue 56, "The mock keeps to its contract": the mock's own API driven from the OpenAPI document it
 * serves (GET /__admin/openapi.json), not from contract/. For every operation of the document (the
 * practice API in a world of ours and in a world of the spec's practice, the identity server, the
 * admin API) fast-check generates requests from the operation's parameter and body schemas, valid ones
 * (with the world's own patient ids, user names and the ids its earlier answers named, so that calls
 * reach the handlers rather than stopping at 403 or 404) and invalid ones (a required field left out,
 * a value of the wrong type, an unknown enum value, a repeated query parameter, a body that is not
 * JSON). Every answer must be one the operation lists, with a JSON body matching that status's schema
 * (ajv, JSON Schema 2020-12) and no body where the document describes none; a request the document
 * calls invalid must be refused (4xx). No status is allowed that the document does not list: not 500,
 * not a 404 the document does not mention.
 *
 * A deeper run: MOCK_PROPERTY_RUNS=200 MOCK_PROPERTY_SEED=7 npx vitest run tests/integration/mock-contract-property.test.ts
 * One operation: MOCK_PROPERTY_ONLY=sendMessage (a comma list of operation ids).
 */

const RUNS = Number(process.env.MOCK_PROPERTY_RUNS ?? 8);
const SEED = Number(process.env.MOCK_PROPERTY_SEED ?? 56);
const TRACE = process.env.MOCK_PROPERTY_TRACE === "1";
const ONLY = process.env.MOCK_PROPERTY_ONLY?.split(",").map((s) => s.trim()).filter(Boolean);

/** The world's clock stands still, so that a run answers the same for the same seed. */
const NOW = "2026-03-02T10:00:00+13:00";

/**
 * Operations that cannot be run as the others are, each with how it is run instead. The test checks
 * that every name here is an operation of the document, and that every operation of the document is run.
 */
const RUN_APART: Record<string, string> = {
  adminJournalStream: "an endless Server-Sent Events stream: its status and content type are checked, then the request is aborted (its body is never complete)",
  adminDeleteWorld: "removes the world it names: run against a world made for each request (or the default world, 409, or an unknown one, 404), never the test's",
  adminCreateWorld: "each world it makes is deleted after the run, so the runs do not fill the mock",
  adminWaitForHeldCalls: "waits up to timeoutMs for calls that never come: generated with timeoutMs at most 200 (the document allows 60 s)",
  logout: "ends the token it is sent: the next request signs in again",
};

// ---------------------------------------------------------------------------------------------------
// The mock and its document, read before the tests are declared: the tests are the document's operations.

const mock = await createMockServer({ port: 0 });
afterAll(() => mock.close());
const client = mockAt(mock.url);

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: SchemaObject;
  "x-not-in-spec"?: boolean;
}
interface MediaType {
  schema: JsonSchema;
}
interface DocOperation {
  operationId: string;
  parameters?: Parameter[];
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, DocOperation | Parameter[]>>;
  components: { securitySchemes: Record<string, { type: string; in: "header" | "query"; name: string }> };
}

const documentResponse = await fetch(`${mock.url}/__admin/openapi.json`);
const document = (await documentResponse.json()) as OpenApi;

interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: SchemaObject;
  /** Whether a request without a body is one the document allows. */
  bodyRequired: boolean;
  responses: DocOperation["responses"];
  /** Where the token goes, if the operation takes one. */
  token?: { in: "header" | "query"; name: string };
}

const METHODS = ["get", "post", "put", "delete", "patch"];
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, item]) => {
  const shared = (item.parameters ?? []) as Parameter[];
  return Object.entries(item)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, raw]) => {
      const op = raw as DocOperation;
      const scheme = op.security?.[0] && Object.keys(op.security[0])[0];
      const json = op.requestBody?.content["application/json"];
      return {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...(op.parameters ?? [])],
        body: json ? (json.schema as SchemaObject) : undefined,
        bodyRequired: op.requestBody?.required === true,
        responses: op.responses,
        token: scheme ? document.components.securitySchemes[scheme] : undefined,
      };
    });
});
const selected = (op: Operation) => !ONLY || ONLY.includes(op.id);
/** The practice API in a world; writes after reads, each write on a world reset for it. */
const worldOperations = operations
  .filter((op) => op.path.startsWith("/worlds/{worldId}/"))
  .sort((a, b) => Number(a.method !== "GET") - Number(b.method !== "GET"));
const rootOperations = operations.filter((op) => !op.path.startsWith("/worlds/") && !op.path.startsWith("/__admin/"));
const adminOperations = operations.filter((op) => op.path.startsWith("/__admin/"));

// ---------------------------------------------------------------------------------------------------
// JSON Schema validation (ajv, 2020-12): answers as they are; query parameters as the strings they are on
// the wire, coerced to the type the document gives them ("5" is an integer 5, "x" is not).

const ajv = documentAjv(false);
const coercingAjv = documentAjv(true);
const compiled = new WeakMap<object, ValidateFunction>();
const compiledCoercing = new WeakMap<object, ValidateFunction>();
function validator(schema: JsonSchema, coerce = false): ValidateFunction {
  if (typeof schema === "boolean") return (coerce ? coercingAjv : ajv).compile(schema);
  const cache = coerce ? compiledCoercing : compiled;
  let found = cache.get(schema);
  if (!found) cache.set(schema, (found = (coerce ? coercingAjv : ajv).compile(schema)));
  return found;
}
function matches(schema: JsonSchema, value: unknown, coerce = false): boolean {
  // Coercion rewrites the value it validates: validate a copy.
  return validator(schema, coerce)(coerce ? structuredClone(value) : value);
}

// ---------------------------------------------------------------------------------------------------
// What the test knows of the worlds, to put real values into generated requests.

interface Known {
  /** The signed-in holder's id and their linked accounts'. */
  patientIds: string[];
  /** A patient of another world: this world's token may not see them (403). */
  otherPatientId: string;
  usernames: string[];
  passwords: string[];
  labels: string[];
  scenarios: string[];
  /** Every id a 2xx answer named (keys ending in "id", any case), as text. */
  ids: Set<string>;
  /** The same, by the operation that answered. */
  idsBy: Map<string, Set<string>>;
  /** The practice API's paths, as a fault names them. */
  paths: string[];
}

function knownIn(world: { users: { username: string; password: string; label: string }[] } | undefined, patientIds: string[], otherPatientId: string, scenarios: string[]): Known {
  return {
    patientIds,
    otherPatientId,
    usernames: world?.users.map((u) => u.username) ?? [],
    passwords: world?.users.map((u) => u.password) ?? [],
    labels: world?.users.map((u) => u.label) ?? [],
    scenarios,
    ids: new Set(),
    idsBy: new Map(),
    paths: worldOperations.map((op) => op.path.replace("/worlds/{worldId}/api/", "")),
  };
}

const PATIENT_FIELDS = new Set(["PatientID", "UserLoggedID", "ProxyID", "BookWithID"]);

/**
 * Where a parameter's real values are found: the operations whose answers name them (a message id in the
 * box's listing). Without these a by-id call is almost always a 404; the test checks each is an operation
 * of the document. Any other id-like parameter draws from every id any answer named.
 */
const ID_SOURCES: Record<string, string[]> = {
  MessageID: ["messages"],
  ResultID: ["labResults", "letters"],
  ResourceID: ["media"],
  AppointmentID: ["appointments"],
  InvoiceTransactionID: ["paymentNotice"],
  InvoiceID: ["paymentNotice"],
  SlotID: ["appointmentSlots"],
  EmergencyContactID: ["patient"],
  MedicationID: ["medications"],
  PharmacyID: ["pharmacies"],
  PractitionerID: ["availablePractitioners"],
  ProviderID: ["availablePractitioners"],
};
const UNKNOWN = "no-such-world";

/** Values the test knows, as an arbitrary of those that fit `schema` (read when a value is drawn, so ids learnt later count). */
function knownFitting(values: () => unknown[], schema: SchemaObject, coerce: boolean, fallback: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.constant(null).chain(() => {
    const fitting = values().flatMap(candidates).filter((v) => matches(schema, v, coerce));
    return fitting.length > 0 ? fc.constantFrom(...fitting) : fallback;
  });
}
/** A known value as text, and as a number where it is one. */
function candidates(value: unknown): unknown[] {
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) && Number.isSafeInteger(Math.trunc(Number(text))) ? [text, Number(text)] : [text];
}

function hintFor(known: Known, coerce: boolean): Hint {
  return (name, schema) => {
    const generated = arbitraryOf(schema);
    if (PATIENT_FIELDS.has(name) || name === "id") return fc.oneof({ arbitrary: knownFitting(() => known.patientIds, schema, coerce, generated), weight: 8 }, knownFitting(() => [known.otherPatientId], schema, coerce, generated));
    if (name === "reference") return knownFitting(() => [...known.patientIds.map((id) => `Patient/${id}`), ...[...known.ids].map((id) => `Practitioner/${id}`), "Location/1"], schema, coerce, generated);
    if (/^user ?name$/i.test(name)) return knownFitting(() => known.usernames, schema, coerce, generated);
    if (name === "Password") return knownFitting(() => known.passwords, schema, coerce, generated);
    if (name === "label") return knownFitting(() => known.labels, schema, coerce, generated);
    if (name === "scenario") return knownFitting(() => known.scenarios, schema, coerce, generated);
    if (name === "path") return knownFitting(() => known.paths, schema, coerce, generated);
    // The first pages, where the records are: a page far past the end is a valid request that teaches no id.
    if (name === "PageNumber") return knownFitting(() => [1, 1, 2], schema, coerce, generated);
    if (name === "advance") return fc.constantFrom("P1D", "PT2H", "P1W", "P1M", "PT0S");
    // The clock's later instant, or the mail's address.
    if (name === "to") return fc.oneof({ arbitrary: fc.constantFrom("2026-03-03", "2026-04-01T09:00:00+13:00", "2025-01-01"), weight: 2 }, knownFitting(() => known.usernames, schema, coerce, generated));
    const sources = ID_SOURCES[name];
    if (sources) return knownFitting(() => sources.flatMap((source) => [...(known.idsBy.get(source) ?? [])]), schema, coerce, generated);
    if (/ids?$/i.test(name)) return knownFitting(() => [...known.ids], schema, coerce, generated);
    return undefined;
  };
}

function learnIds(value: unknown, into: Set<string>, key = ""): void {
  if (Array.isArray(value)) for (const item of value) learnIds(item, into, key);
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) learnIds(v, into, k);
  else if (/id$/i.test(key) && (typeof value === "string" || typeof value === "number") && String(value).length <= 64 && into.size < 2000) into.add(String(value));
}

// ---------------------------------------------------------------------------------------------------
// Requests: generated valid, then perhaps broken.

type QueryValue = string | string[];
interface Request {
  kind: "valid" | "invalid";
  /** What was broken, for the report. */
  broken?: string;
  method: string;
  path: Record<string, string>;
  query: Record<string, QueryValue>;
  token: "valid" | "none" | "unknown" | null;
  /** A JSON value, or { raw } for a body that is not JSON, or undefined for none. */
  body?: unknown;
  raw?: string;
}

function queryText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

interface Target {
  known: Known;
  /** The values of the path parameters this target uses. */
  pathValues: Record<string, fc.Arbitrary<string>>;
  /** For a spec world: the parameters the document marks x-not-in-spec are neither required nor read. */
  spec: boolean;
}

function validRequest(op: Operation, target: Target): fc.Arbitrary<Request> {
  const queryHint = hintFor(target.known, true);
  const bodyHint = hintFor(target.known, false);
  const path: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.parameters.filter((p) => p.in === "path")) path[p.name] = target.pathValues[p.name] ?? arbitraryOf(p.schema, queryHint, p.name).map(queryText);
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, arbitraryOf(op.id === "adminWaitForHeldCalls" && p.name === "timeoutMs" ? { ...p.schema, maximum: 200 } : p.schema, queryHint, p.name).map(queryText)])),
    { requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name) },
  ) as fc.Arbitrary<Record<string, string>>;
  const token: fc.Arbitrary<Request["token"]> = op.token
    ? fc.oneof({ arbitrary: fc.constant("valid" as const), weight: 18 }, fc.constant("none" as const), fc.constant("unknown" as const))
    : fc.constant(null);
  const body = op.body ? arbitraryOf(op.body, bodyHint) : fc.constant(undefined);
  return fc.record({ path: fc.record(path), query, token, body }).map((r) => ({ kind: "valid", method: op.method, ...r }));
}

const WRONG_VALUES: unknown[] = [null, 0, -1, 1.5, 1e21, "", "x", "not-an-enum-value", true, [], {}, ["x"], { x: 1 }];
const WRONG_TEXT = ["", "x", "-1", "1.5", "1e3", "abc def", "2026-13-45", "99999999999999999999", "null", "true", "[]", "%", "ā"];

/** Every place in a JSON value: the path to it. */
function placesIn(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  const places = [at];
  if (Array.isArray(value)) value.forEach((item, i) => places.push(...placesIn(item, [...at, i])));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) places.push(...placesIn(v, [...at, k]));
  return places;
}
function withChange(value: unknown, at: (string | number)[], change: { remove: true } | { set: unknown }): unknown {
  if (at.length === 0) return "set" in change ? change.set : undefined;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of at.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = at[at.length - 1];
  if ("set" in change) parent[last] = change.set;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

function invalidRequest(op: Operation, target: Target): fc.Arbitrary<Request> {
  return validRequest(op, target).chain((request) => {
    const names = Object.keys(request.query);
    const requiredQuery = op.parameters.filter((p) => p.in === "query" && p.required && !(target.spec && p["x-not-in-spec"])).map((p) => p.name);
    const breaks: fc.Arbitrary<Request>[] = [];
    if (requiredQuery.length) breaks.push(fc.constantFrom(...requiredQuery).map((name) => ({ ...request, broken: `query ${name} left out`, query: Object.fromEntries(Object.entries(request.query).filter(([k]) => k !== name)) })));
    if (names.length) {
      breaks.push(fc.tuple(fc.constantFrom(...names), fc.constantFrom(...WRONG_TEXT)).map(([name, bad]) => ({ ...request, broken: `query ${name}=${JSON.stringify(bad)}`, query: { ...request.query, [name]: bad } })));
      breaks.push(fc.constantFrom(...names).map((name) => ({ ...request, broken: `query ${name} given twice`, query: { ...request.query, [name]: [queryText(request.query[name]), queryText(request.query[name])] } })));
    }
    if (op.body) {
      const places = placesIn(request.body).filter((p) => p.length > 0);
      if (places.length) {
        breaks.push(fc.constantFrom(...places).map((at) => ({ ...request, broken: `body ${at.join(".")} left out`, body: withChange(request.body, at, { remove: true }) })));
        breaks.push(fc.tuple(fc.constantFrom(...places), fc.constantFrom(...WRONG_VALUES)).map(([at, bad]) => ({ ...request, broken: `body ${at.join(".")} = ${JSON.stringify(bad)}`, body: withChange(request.body, at, { set: bad }) })));
      }
      breaks.push(fc.constantFrom(...WRONG_VALUES).map((bad) => ({ ...request, broken: `body ${JSON.stringify(bad)}`, body: bad })));
      breaks.push(fc.constant({ ...request, broken: "body is not JSON", body: undefined, raw: '{"unfinished": ' }));
      breaks.push(fc.constant({ ...request, broken: "no body", body: undefined }));
      breaks.push(fc.constant({ ...request, broken: "an unknown field", body: request.body && typeof request.body === "object" && !Array.isArray(request.body) ? { ...request.body, unknownField: 1 } : request.body }));
    }
    if (breaks.length === 0) return fc.constant({ ...request, kind: "invalid" as const, broken: "nothing to break: sent as generated" });
    return fc.oneof(...breaks).map((r) => ({ ...r, kind: "invalid" as const }));
  });
}

/** Whether the request is one the document allows (the token aside: that is the 401's business). */
function allowedByDocument(op: Operation, request: Request, spec: boolean): boolean {
  const relaxed = (p: { "x-not-in-spec"?: boolean }) => spec && p["x-not-in-spec"] === true;
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const querySchema: SchemaObject = {
    type: "object",
    properties: Object.fromEntries(queryParams.map((p) => [p.name, relaxed(p) ? true : p.schema])),
    required: queryParams.filter((p) => p.required && !relaxed(p)).map((p) => p.name),
  };
  if (!matches(querySchema, request.query, true)) return false;
  if (!op.body) return true;
  if (request.raw !== undefined) return false;
  if (request.body === undefined) return !op.bodyRequired;
  let bodySchema: JsonSchema = op.body;
  if (spec && op.body.properties) {
    const notInSpec = Object.entries(op.body.properties).filter(([, s]) => typeof s === "object" && s["x-not-in-spec"] === true).map(([name]) => name);
    if (notInSpec.length) bodySchema = { ...op.body, properties: { ...op.body.properties, ...Object.fromEntries(notInSpec.map((n) => [n, true])) }, required: op.body.required?.filter((n) => !notInSpec.includes(n)) };
  }
  return matches(bodySchema, request.body);
}

// ---------------------------------------------------------------------------------------------------
// Sending, and judging the answer by the document.

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

interface Session {
  token: string;
  /** Set when the token was refused: the next request signs in again. */
  ended: boolean;
}

async function send(op: Operation, request: Request, session: Session | undefined, fill: Record<string, string> = {}): Promise<Answer> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(fill[request.path[name]] ?? request.path[name]));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  const headers: Record<string, string> = {};
  const token = request.token === "valid" ? session?.token : request.token === "unknown" ? "not-a-token" : undefined;
  if (token && op.token?.in === "header") headers[op.token.name] = token;
  if (token && op.token?.in === "query") query.append(op.token.name, token);
  const body = request.raw ?? (request.body === undefined ? undefined : JSON.stringify(request.body));
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const stream = op.id === "adminJournalStream";
  const aborter = new AbortController();
  // A deadline for a mock that never answers (a failure), not a wait.
  const deadline = setTimeout(() => aborter.abort(new Error(`No answer in 20 s`)), 20_000);
  try {
    const res = await fetch(`${mock.url}${path}${query.size ? `?${query}` : ""}`, { method: request.method, headers, body, signal: aborter.signal });
    const contentType = res.headers.get("content-type") ?? "";
    if (stream && res.status === 200) {
      aborter.abort();
      return { status: res.status, contentType, text: "" };
    }
    return { status: res.status, contentType, text: await res.text() };
  } finally {
    clearTimeout(deadline);
  }
}

function describeExchange(op: Operation, request: Request, answer: Answer): string {
  const text = answer.text.length > 1500 ? `${answer.text.slice(0, 1500)}… (${answer.text.length} characters)` : answer.text;
  return `${op.id} (${op.method} ${op.path})\nrequest: ${JSON.stringify(request)}\nanswer: ${answer.status} ${answer.contentType}\n${text}`;
}

/** Throws, saying why, when the answer is not one the document describes for this operation and request. */
function judge(op: Operation, request: Request, answer: Answer, spec: boolean): void {
  const fail = (why: string) => {
    throw new Error(`${why}\n${describeExchange(op, request, answer)}`);
  };
  const declared = op.responses[String(answer.status)];
  if (!declared) fail(`Status ${answer.status} is not among the operation's answers (${Object.keys(op.responses).join(", ")})`);
  if (!allowedByDocument(op, request, spec) && (answer.status < 400 || answer.status >= 500)) fail(`A request the document calls invalid was answered ${answer.status}`);
  const media = Object.entries(declared.content ?? {});
  if (media.length === 0) {
    if (answer.text !== "") fail(`The document describes no body for ${answer.status}, and one came`);
    return;
  }
  const found = media.find(([type]) => answer.contentType.split(";")[0].trim() === type);
  if (!found) fail(`Content type "${answer.contentType}" is not among ${media.map(([type]) => type).join(", ")}`);
  const [type, { schema }] = found!;
  if (type !== "application/json") return; // the event stream: its head only (RUN_APART)
  let value: unknown;
  try {
    value = JSON.parse(answer.text);
  } catch {
    fail("The body is not JSON");
  }
  const validate = validator(schema);
  if (!validate(value)) fail(`The body does not match the ${answer.status} schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}

/** The run's seed for one property: the run's seed and the operation, so that each operation draws its own requests. */
function seedFor(...parts: string[]): number {
  let hash = SEED | 0;
  for (const ch of parts.join("/")) hash = (Math.imul(hash, 31) + ch.charCodeAt(0)) | 0;
  return hash;
}

const requestsOf = (op: Operation, target: Target) => fc.oneof({ arbitrary: validRequest(op, target), weight: 3 }, { arbitrary: invalidRequest(op, target), weight: 2 });
const TIMEOUT = 20_000 + RUNS * 1_500;

/** The statuses each operation answered, for the coverage check and MOCK_PROPERTY_REPORT=1. */
const seen = new Map<string, Map<string, number>>();
function count(key: string, request: Request, answer: Answer) {
  const byStatus = seen.get(key) ?? new Map<string, number>();
  const label = `${request.kind} ${answer.status}`;
  byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
  seen.set(key, byStatus);
}
afterAll(() => {
  if (process.env.MOCK_PROPERTY_REPORT) for (const [key, byStatus] of seen) console.log(key.padEnd(40), [...byStatus].map(([k, n]) => `${k}: ${n}`).join(", "));
});

// ---------------------------------------------------------------------------------------------------
// The tests.

describe("the document's operations", () => {
  it("are all run, and the ones run apart are operations of the document", () => {
    const ids = operations.map((op) => op.id);
    expect(documentResponse.status).toBe(200);
    expect(Object.keys(RUN_APART).filter((id) => !ids.includes(id))).toEqual([]);
    expect(Object.values(ID_SOURCES).flat().filter((id) => !ids.includes(id))).toEqual([]);
    const run = [...worldOperations, ...rootOperations, ...adminOperations].map((op) => op.id);
    expect(run.sort()).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThan(80);
  });
});

interface PracticeWorld {
  world: TestWorld;
  session: Session;
  known: Known;
  signIn(): Promise<void>;
}

async function scenarioIds(): Promise<string[]> {
  return ((await (await client.admin("/scenarios")).json()) as { scenarios: string[] }).scenarios;
}

async function practiceWorld(practice: "mock" | "spec", seed: number, otherPatientId: string): Promise<PracticeWorld> {
  const world = await client.createWorld({ scenario: "family", seed, now: NOW, practice });
  const label = world.users[0].label;
  let http: HttpSession = await world.signInHttp(label);
  const linked = await getCall(http, endpoints.proxyUsers, { PatientID: http.id });
  const patientIds = new Set([http.id, ...linked.resources.map((member) => member.id)]);
  const known = knownIn(world, [...patientIds], otherPatientId, await scenarioIds());
  const session: Session = { token: http.token, ended: false };
  return {
    world,
    session,
    known,
    async signIn() {
      try {
        http = await world.signInHttp(label);
      } catch {
        // A generated password change or forgotten password replaced the password: back to the start.
        await world.reset();
        http = await world.signInHttp(label);
      }
      session.token = http.token;
      session.ended = false;
    },
  };
}

async function runProperty(key: string, op: Operation, target: Target, session: Session | undefined, beforeEach?: () => Promise<void>, fill?: (request: Request) => Promise<Record<string, string>>, after?: (request: Request, answer: Answer) => Promise<void>) {
  await fc.assert(
    fc.asyncProperty(requestsOf(op, target), async (request) => {
      await beforeEach?.();
      const answer = await send(op, request, session, await fill?.(request));
      count(key, request, answer);
      if (TRACE) console.log(`${key}: ${JSON.stringify(request)} → ${answer.status} ${answer.text.slice(0, 300)}`);
      if (session && request.token === "valid" && answer.status === 401) session.ended = true;
      if (answer.status < 300 && answer.contentType.startsWith("application/json")) {
        try {
          const value: unknown = JSON.parse(answer.text);
          learnIds(value, target.known.ids);
          const bySource = target.known.idsBy.get(op.id) ?? new Set<string>();
          learnIds(value, bySource);
          target.known.idsBy.set(op.id, bySource);
        } catch {
          // judged below
        }
      }
      await after?.(request, answer);
      judge(op, request, answer, target.spec);
    }),
    { seed: seedFor(key), numRuns: RUNS },
  );
}

describe.each([
  ["mock", 3],
  ["spec", 4],
] as const)("the practice API in a world of practice %s", (practice, seed) => {
  let p: PracticeWorld;
  let target: Target;
  beforeAll(async () => {
    const other = await client.createWorld({ seed: seed + 100, now: NOW });
    const otherId = (await other.signInHttp(other.users[0].label)).id;
    p = await practiceWorld(practice, seed, otherId);
    target = { known: p.known, spec: practice === "spec", pathValues: { worldId: fc.oneof({ arbitrary: fc.constant(p.world.id), weight: 19 }, fc.constant(UNKNOWN)) } };
  });

  it.each(worldOperations.filter(selected).map((op) => [op.id, op] as const))("%s answers as the document says", async (_id, op) => {
    // A write may change what the next one finds: each write starts from the world as it was made.
    if (op.method !== "GET") {
      await p.world.reset();
      await p.signIn();
    }
    await runProperty(`${practice} ${op.id}`, op, target, p.session, async () => {
      if (p.session.ended) await p.signIn();
    });
  }, TIMEOUT);
});

describe("the identity server", () => {
  let target: Target;
  beforeAll(async () => {
    const world = await client.createWorld({ scenario: "family", seed: 5, now: NOW });
    const known = knownIn(world, [], "1", []);
    target = { known, spec: false, pathValues: {} };
  });

  it.each(rootOperations.filter(selected).map((op) => [op.id, op] as const))("%s answers as the document says", async (_id, op) => {
    await runProperty(`root ${op.id}`, op, target, undefined);
  }, TIMEOUT);
});

describe("the admin API", () => {
  let target: Target;
  let adminWorld: TestWorld;
  beforeAll(async () => {
    adminWorld = await client.createWorld({ scenario: "family", seed: 6, now: NOW });
    const known = knownIn(adminWorld, [], "1", await scenarioIds());
    target = {
      known,
      spec: false,
      pathValues: { id: fc.oneof({ arbitrary: fc.constant(adminWorld.id), weight: 9 }, fc.constant(UNKNOWN)) },
    };
  });

  it.each(adminOperations.filter(selected).map((op) => [op.id, op] as const))("%s answers as the document says", async (_id, op) => {
    if (op.id === "adminDeleteWorld") {
      const FRESH = "(a world made for this request)";
      const deleting: Target = { ...target, pathValues: { id: fc.constantFrom(FRESH, FRESH, FRESH, "default", UNKNOWN) } };
      await runProperty(`admin ${op.id}`, op, deleting, undefined, undefined, async (request): Promise<Record<string, string>> => (request.path.id === FRESH ? { [FRESH]: (await client.createWorld({ scenario: "empty" })).id } : {}));
      return;
    }
    // A recording's id is not a world's: the ids the recordings started answered with, or an unknown one.
    const recording = op.path.startsWith("/__admin/recordings/{id}")
      ? { ...target, pathValues: { id: fc.oneof({ arbitrary: knownFitting(() => [...(target.known.idsBy.get("adminStartRecording") ?? [])], { type: "string" }, false, fc.constant(UNKNOWN)), weight: 4 }, fc.constant(UNKNOWN)).map(String) } }
      : target;
    await runProperty(`admin ${op.id}`, op, recording, undefined, undefined, undefined, async (_request, answer) => {
      if (op.id === "adminCreateWorld" && answer.status === 201) {
        const { id } = JSON.parse(answer.text) as { id: string };
        await client.admin(`/worlds/${id}`, { method: "DELETE" });
      }
    });
  }, TIMEOUT);
});
