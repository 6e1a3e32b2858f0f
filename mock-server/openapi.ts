import { z } from "zod";
import { ENDPOINT_AREAS, type DocumentedEndpoint } from "@contract/endpoint";
import { endpoints, type EndpointName } from "@contract/endpoints";
import { CreateWorldSchema } from "./admin";
import { ChaosConfigSchema } from "./chaos";
import { ClockRequestSchema } from "./clock";
import { FaultRequestSchema } from "./faults";
import { StartRecordingSchema } from "./recording/admin-recordings";
import { RecordingSchema } from "./recording/file";

/**
 * The OpenAPI 3.1 description of the practice API (generated from contract/, never by hand) and the mock's admin API, so
 * the document, parsing and checks cannot disagree; schemas are the wire shape (zod's input side), other rules the contract's.
 */

type JsonSchema = { type?: string; properties?: Record<string, unknown>; required?: string[]; [key: string]: unknown };

function schemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const json = (schema: JsonSchema, description: string) => ({ description, content: { "application/json": { schema } } });
const worldIdParameter = { name: "worldId", in: "path", required: true, schema: { type: "string" }, description: "The mock world (the real API has no such segment)." };

/** The practice's token: a header on most calls, a query parameter where 1§7 and 2§7 put it (the contract's `tokenIn`). */
const securitySchemes = {
  Token: { type: "apiKey", in: "header", name: "Token", description: "The session token from Patient/Authentication." },
  TokenQuery: { type: "apiKey", in: "query", name: "Token", description: "The session token, where the call takes it in the query (Logout, the notification flags' POST Patient, the letters)." },
};

/** How the mock words a refusal (400, 401, 403, 404): what went wrong, and for a 400 the issues by field. */
const refusal: JsonSchema = {
  type: "object",
  properties: {
    error: { type: "string" },
    message: { type: "string" },
    issues: { type: "array", items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } }, required: ["path", "message"] } },
  },
  required: ["error"],
};

const SPEC_PRACTICE = 'A world created with `"practice": "spec"` (a practice as 1§7 and 2§7 describe it, decisions/372)';
const PARAMETER_NOT_IN_SPEC = `The portal's own, not in 1§7 or 2§7. ${SPEC_PRACTICE} neither requires nor reads it.`;

/** A body's parameters the spec lacks, marked where they are described. */
function markNotInSpec(schema: JsonSchema, names: readonly string[] | undefined): JsonSchema {
  for (const name of names ?? []) {
    const property = schema.properties?.[name];
    if (property && typeof property === "object") Object.assign(property, { description: PARAMETER_NOT_IN_SPEC, "x-not-in-spec": true });
  }
  return schema;
}

function practiceOperation(name: EndpointName, e: DocumentedEndpoint, inWorld: boolean) {
  const query = e.query ? schemaOf(e.query) : { properties: {} };
  const parameters: unknown[] = inWorld ? [worldIdParameter] : [];
  const notInSpecQuery = e.notInSpecParameters?.query ?? [];
  for (const [param, schema] of Object.entries(query.properties ?? {})) {
    const notInSpec = notInSpecQuery.includes(param) ? { description: PARAMETER_NOT_IN_SPEC, "x-not-in-spec": true } : {};
    parameters.push({ name: param, in: "query", required: (query.required ?? []).includes(param), schema, ...notInSpec });
  }
  return {
    operationId: name,
    summary: e.summary,
    tags: [e.area],
    security: !e.needsToken ? [] : e.tokenIn === "query" ? [{ TokenQuery: [] }] : [{ Token: [] }],
    parameters,
    ...(e.body ? { requestBody: { required: true, content: { "application/json": { schema: markNotInSpec(schemaOf(e.body), e.notInSpecParameters?.body) } } } } : {}),
    responses: {
      // A reply read "but not used" is any body or none (decisions/394): the portal never parses it.
      ...(e.replyUnused
        ? { "200": { description: "Any body, read but not used (2§7); the mock answers the stored item.", content: { "*/*": { schema: {} } } }, "204": { description: "No body: as good as any other success." } }
        : { "200": json(schemaOf(e.reply), "The reply, as the contract parses it.") }),
      "400": json(refusal, "The request does not match the contract; the issues say where."),
      ...(e.needsToken ? { "401": json(refusal, "Missing, unknown or ended token."), "403": json(refusal, "A patient id the token may not see.") } : {}),
      ...(inWorld ? { "404": json(refusal, "No world with this id, or no such record (message, result, letter, resource, invoice, appointment) for this patient.") } : {}),
    },
  };
}

const ADMIN_TAG = "Mock admin";
const error = { type: "object", properties: { error: { type: "string" } }, required: ["error"] };
const notFound = { "404": json(error, "No world with this id.") };
const invalid = (what: string) => ({ "400": json(error, `${what} is not valid; the issues say why.`) });
const object = (description: string) => ({ type: "object", description });

function adminOperation(operationId: string, summary: string, extra: Record<string, unknown>, responses: Record<string, unknown>) {
  return { operationId, summary, tags: [ADMIN_TAG], security: [], ...extra, responses };
}

/** The mock's own admin API (mock-server/README.md): worlds, clock, faults, journal and what the practice "sent". */
function adminPaths() {
  const inWorld = { parameters: [{ ...worldIdParameter, name: "id", description: "The world's id." }] };
  const body = (schema: z.ZodType) => ({ requestBody: { required: true, content: { "application/json": { schema: schemaOf(schema) } } } });
  return {
    "/__admin/openapi.json": { get: adminOperation("adminOpenApi", "This document", {}, { "200": json(object("OpenAPI 3.1"), "The document.") }) },
    "/__admin/health": { get: adminOperation("adminHealth", "Whether the mock is up, and how many worlds it holds", {}, { "200": json(object("status and world count"), "Up.") }) },
    "/__admin/scenarios": { get: adminOperation("adminScenarios", "The scenarios a world can be made from", {}, { "200": json(object("scenario ids"), "The list.") }) },
    "/__admin/scenarios/details": {
      get: adminOperation("adminScenarioDetails", "The scenarios with their titles and descriptions", {}, { "200": json(object("scenarios: [{id, title, description}]"), "The list.") }),
    },
    "/__admin/about": {
      get: adminOperation("adminAbout", "What this mock is: the portal its sign-in links open, the address it listens on and whether that is loopback only, and the practice API calls a fault may name", {}, {
        "200": json(object("portalUrl, host, loopbackOnly, calls: [{method, path, summary, needsToken}]"), "About this mock."),
      }),
    },
    "/__admin/worlds": {
      get: adminOperation("adminListWorlds", "Every live world", {}, { "200": json(object("worlds"), "The worlds with their users and clocks.") }),
      post: adminOperation("adminCreateWorld", "Create a world from a scenario, a seed, optionally a fixed clock, the practice it plays (ours, or one as 1§7 and 2§7 describe it) and seeded chaos; or from a recording, which it answers as recorded; with no body, the default scenario and seed 1", { requestBody: { ...body(CreateWorldSchema).requestBody, required: false } }, {
        "201": json(object("the world's summary: id, apiUrl, clock, users"), "Created."),
        ...invalid("The request"),
      }),
    },
    "/__admin/recordings": {
      get: adminOperation("adminListRecordings", "The recordings under way", {}, { "200": json(object("recordings: id, upstream, startedAt, calls, identityUrl, file"), "The list.") }),
      post: adminOperation("adminStartRecording", "Record a practice through the mock (decisions/384): point the portal's PRACTICE_IDENTITY_URL at the answer's identityUrl", body(StartRecordingSchema), {
        "201": json(object("the recording: id, identityUrl, file"), "Recording."),
        ...invalid("The request"),
        "403": json(error, "Not an upstream this mock was started with (--record, MOCK_RECORD_UPSTREAMS) nor the mock itself (decisions/391)."),
      }),
    },
    "/__admin/recordings/{id}": {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, description: "The recording's id." }],
      get: adminOperation("adminGetRecording", "The recording so far, anonymised: a file a world can be made from", {}, { "200": json(schemaOf(RecordingSchema), "The recording."), "404": json(error, "No recording with this id.") }),
      delete: adminOperation("adminStopRecording", "Stop recording; the answer is the recording, anonymised", {}, { "200": json(schemaOf(RecordingSchema), "The recording."), "404": json(error, "No recording with this id.") }),
    },
    "/__admin/worlds/{id}": {
      ...inWorld,
      get: adminOperation("adminGetWorld", "One world's summary", {}, { "200": json(object("the world's summary: id, scenario, seed, practice, apiUrl, clock, chaos, users; at a spec practice, room: what its seed draws for each call, {\"METHOD path\": {reply, records}} (decisions/396)"), "The world."), ...notFound }),
      delete: adminOperation("adminDeleteWorld", "Remove a world", {}, { "204": { description: "Removed." }, ...notFound, "409": json(error, "The default world stays.") }),
    },
    "/__admin/worlds/{id}/reset": {
      ...inWorld,
      post: adminOperation("adminResetWorld", "Back to the scenario's starting state: data, sign-ins, faults and journal", {}, { "200": json(object("the world's summary"), "Reset."), ...notFound }),
    },
    "/__admin/worlds/{id}/clock": {
      ...inWorld,
      get: adminOperation("adminGetClock", "The world's clock", {}, { "200": json(object("now, mode, startedAt, advanced"), "The clock."), ...notFound }),
      post: adminOperation("adminAdvanceClock", "Move the world's clock forward by an ISO 8601 duration or to a later instant, and/or freeze it or let it run", body(ClockRequestSchema), {
        "200": json(object("the clock"), "Moved, frozen or running."),
        ...invalid("The request"),
        ...notFound,
      }),
    },
    "/__admin/worlds/{id}/chaos": {
      ...inWorld,
      get: adminOperation("adminGetChaos", "The world's seeded chaos and how many calls it has numbered since it was set or the world reset", {}, { "200": json(object("chaos (null when none), calls"), "The chaos."), ...notFound }),
      put: adminOperation("adminSetChaos", "Fail or slow a share of the world's practice calls, reproducibly: the same seed and the same calls give the same faults and latencies; starts the sequence again from call 1", body(ChaosConfigSchema), {
        "200": json(object("chaos, calls"), "Set."),
        ...invalid("The chaos"),
        ...notFound,
      }),
      delete: adminOperation("adminClearChaos", "Stop the world's chaos", {}, { "204": { description: "Cleared." }, ...notFound }),
    },
    "/__admin/worlds/{id}/faults": {
      ...inWorld,
      get: adminOperation("adminListFaults", "The faults still waiting for calls", {}, { "200": json(object("faults"), "The faults."), ...notFound }),
      post: adminOperation("adminAddFault", "Make calls of one path fail: a status, a broken or empty reply, a dropped connection, a lost reply, a delay, or a value of the test's own in place of the reply (answer), or a raw body of its own (answerBody)", body(FaultRequestSchema), {
        "201": json(object("the fault with its id"), "Added."),
        ...invalid("The fault"),
        ...notFound,
      }),
      delete: adminOperation("adminClearFaults", "Remove every fault", {}, { "204": { description: "Cleared." }, ...notFound }),
    },
    "/__admin/worlds/{id}/faults/{faultId}": {
      parameters: [...inWorld.parameters, { name: "faultId", in: "path", required: true, schema: { type: "integer" }, description: "The fault's id." }],
      delete: adminOperation("adminRemoveFault", "Remove one fault", {}, { "204": { description: "Removed." }, "404": json(error, "No such world or fault.") }),
    },
    "/__admin/worlds/{id}/faults/{faultId}/release": {
      parameters: [...inWorld.parameters, { name: "faultId", in: "path", required: true, schema: { type: "integer" }, description: "The held fault's id." }],
      post: adminOperation("adminReleaseFault", "Let the calls a held fault holds go on, and its later calls pass", {}, {
        "200": json(object("released: how many calls were waiting"), "Released."),
        "404": json(error, "No such world or held fault."),
      }),
    },
    "/__admin/worlds/{id}/faults/{faultId}/held": {
      parameters: [...inWorld.parameters, { name: "faultId", in: "path", required: true, schema: { type: "integer" }, description: "The held fault's id." }],
      get: adminOperation(
        "adminWaitForHeldCalls",
        "Wait until a held fault has taken at least this many calls",
        {
          parameters: [
            { name: "atLeast", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 }, description: "How many calls to wait for." },
            { name: "timeoutMs", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 60000, default: 10000 }, description: "How long to wait." },
          ],
        },
        {
          "200": json(object("arrived: calls taken so far; released"), "That many calls have arrived."),
          ...invalid("The query"),
          "404": json(error, "No such world or held fault."),
          "408": json(error, "Fewer calls arrived in time."),
        },
      ),
    },
    "/__admin/worlds/{id}/requests": {
      ...inWorld,
      get: adminOperation(
        "adminJournal",
        "The calls the world received, secrets redacted",
        {
          parameters: [
            { name: "method", in: "query", required: false, schema: { type: "string" }, description: "Only calls of this method." },
            { name: "path", in: "query", required: false, schema: { type: "string" }, description: "Only calls of this path." },
          ],
        },
        { "200": json(object("requests: [{at, method, path, query, body, fault, chaos: {call, kind, latencyMs} | null, status, correlationId}]"), "The journal, oldest first."), ...invalid("A filter"), ...notFound },
      ),
      delete: adminOperation("adminClearJournal", "Empty the journal", {}, { "204": { description: "Cleared." }, ...notFound }),
    },
    "/__admin/worlds/{id}/requests/stream": {
      ...inWorld,
      get: adminOperation("adminJournalStream", "The journal as it grows, as Server-Sent Events: `cleared` and every entry kept, then `request` (id: its number; data: the entry) as each call ends, `cleared` when emptied or reset, `gone` when the world is deleted", {}, {
        "200": { description: "An endless event stream.", content: { "text/event-stream": { schema: { type: "string" } } } },
        ...notFound,
      }),
    },
    "/__admin/worlds/{id}/switch-tokens": {
      ...inWorld,
      post: adminOperation(
        "adminSwitchToken",
        "A single-use sign-in link for an account, by label",
        { requestBody: { required: true, content: { "application/json": { schema: { type: "object", properties: { label: { type: "string" } }, required: ["label"] } } } } },
        { "201": json(object("q and the portal path /loginSwitch/{q}"), "Issued."), ...invalid("The label"), ...notFound },
      ),
    },
    "/__admin/worlds/{id}/mail": {
      ...inWorld,
      get: adminOperation(
        "adminMail",
        "The mails the practice sent (temporary passwords) and the mail caught by the mock's SMTP catcher for this world's addresses (the portal's second-step codes)",
        { parameters: [{ name: "to", in: "query", required: false, schema: { type: "string" }, description: "Only mails to this address." }] },
        { "200": json(object("mail"), "The mails."), ...invalid("The filter (given more than once)"), ...notFound },
      ),
    },
    "/__admin/worlds/{id}/messages": {
      ...inWorld,
      get: adminOperation("adminMessages", "The messages patients posted (sent and drafts), oldest first, as the practice received them", {}, { "200": json(object("messages"), "The messages."), ...notFound }),
    },
    "/__admin/worlds/{id}/help-messages": {
      ...inWorld,
      get: adminOperation("adminHelpMessages", "The Login Help requests the practice received", {}, { "200": json(object("messages"), "The requests."), ...notFound }),
    },
    "/__admin/worlds/{id}/repeat-requests": {
      ...inWorld,
      get: adminOperation("adminRepeatRequests", "The repeat prescription requests the practice received, with its answers", {}, { "200": json(object("requests"), "The requests."), ...notFound }),
    },
    "/__admin/worlds/{id}/charges": {
      ...inWorld,
      get: adminOperation("adminCharges", "The card charges the built-in test provider made", {}, { "200": json(object("charges"), "The charges."), ...notFound }),
    },
  };
}

/** The document, naming `origin` (the address it was asked for at) as its server. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, e] of Object.entries(endpoints) as [EndpointName, DocumentedEndpoint][]) {
    const inWorld = name !== "identityAuthentication";
    const path = inWorld ? `/worlds/{worldId}/api/${e.path}` : `/${e.path}`;
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: practiceOperation(name, e, inWorld) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Practice API (as the patient portal uses it)",
      version: "1.0.0",
      description: "Generated from contract/endpoints.ts, with the mock practice server's admin API. In the mock, each world serves the practice API under /worlds/{worldId}/api/. Every route answers 421 to a Host that is not localhost, an IP address or a name the mock was told (MOCK_ALLOWED_HOSTS), and the admin API 403 to another site's Origin (decisions/391).",
    },
    servers: [{ url: origin, description: "This mock practice server" }],
    tags: [
      ...Object.entries(ENDPOINT_AREAS).map(([name, description]) => ({ name, description })),
      { name: ADMIN_TAG, description: "The mock's own controls, for QA and tests: unauthenticated, on loopback, generated data only." },
    ],
    components: { securitySchemes },
    paths: { ...paths, ...adminPaths() },
  };
}
