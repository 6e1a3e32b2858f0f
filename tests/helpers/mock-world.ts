import { afterAll, beforeAll, expect } from "vitest";
import type { z } from "zod";
import { endpoints, type Endpoint } from "@contract/endpoints";
import { loadConfig, type Config } from "~/.server/config.server";
import { authenticate, lookupIdentity } from "~/.server/practice/auth.server";
import { practiceApi } from "~/.server/practice/api.server";
import { createMockServer, type MockServer, type MockServerOptions } from "../../mock-server/server";

/**
 * The Vitest side of the `world` fixture (e2e/fixtures.ts): one mock server on port 0 per test file,
 * worlds created over the admin API, users signed in over HTTP (raw, or through the portal's own
 * practice client), faults, clock, reset and journal. Everything goes over HTTP, as QA's tools do.
 *
 *   const mock = useMockServer();
 *   let world: TestWorld;
 *   beforeAll(async () => { world = await mock.createWorld({ seed: 5 }); });
 *   const s = await world.signIn("solo");        // the portal's practice client
 *   const raw = await world.signInHttp("solo");  // { base, id, token } for plain fetch
 */

export interface WorldUser {
  label: string;
  username: string;
  password: string;
  description?: string;
}

export interface WorldOptions {
  scenario?: string;
  seed?: number;
  /** Fixes the world's clock, e.g. "2026-03-01T09:00:00+13:00". */
  now?: string;
  /** Ours, or a practice as 1§7 and 2§7 describe it (decisions/372). */
  practice?: "mock" | "spec";
  /** At a spec practice, the seed its replies' shapes are drawn by; by default `seed` (decisions/396). */
  roomSeed?: number;
  /** Seeded chaos from the first call (decisions/383). */
  chaos?: ChaosConfig;
}

export interface ChaosConfig {
  seed: number;
  rate: number;
  kinds: ("503" | "timeout" | "garbled" | "lost-reply" | "slow")[];
  latency?: { min: number; max: number };
}

/** What seeded chaos did to one call, as the journal records it. */
export interface ChaosMark {
  call: number;
  kind: ChaosConfig["kinds"][number];
  latencyMs: number;
}

export interface ClockState {
  now: string;
  mode: "fixed" | "running";
  startedAt: string;
  advanced: string;
}

export interface JournalEntry {
  at: string;
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  fault: string | null;
  chaos: ChaosMark | null;
  /** The portal's X-Correlation-Id for the call: the id of the portal request it was made for. */
  correlationId: string | null;
  status: number;
}

export interface Charge {
  intentId: string;
  amountCents: number;
  at: string;
}

export interface FaultRequest {
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  status?: number;
  body?: "malformed" | "empty" | "drop" | "lost-reply";
  /** Any JSON value: the call is carried out and this is sent in place of its reply (with `status`, default 200). */
  answer?: unknown;
  /** A raw body in place of the reply of a call carried out (`contentType`, default text/plain); with status 204 and "", nothing. */
  answerBody?: string;
  contentType?: string;
  delayMs?: number;
  times?: number;
}

/** Calls held by a fault with `hold`: wait for them to reach the practice, then let them go on. */
export interface HeldCalls {
  id: number;
  /** Resolves once at least `count` calls (default 1) have reached the held fault. */
  arrived(count?: number): Promise<void>;
  /** Lets the held calls go on, and the fault's later calls pass. */
  release(): Promise<void>;
}

export interface WorldSummary {
  id: string;
  scenario: string;
  seed: number;
  practice: "mock" | "spec";
  apiUrl: string;
  clock: ClockState;
  users: WorldUser[];
}

type PracticeApi = ReturnType<typeof practiceApi>;

/** Signed in through the portal's practice client (app/.server/practice). */
export interface PortalSession {
  /** The signed-in patient's id. */
  id: string;
  api: PracticeApi;
  apiBase: string;
  token: string;
}

/** Signed in with a plain POST to Patient/Authentication. */
export interface HttpSession {
  /** The world's practice API base, ending in "/api/". */
  base: string;
  id: string;
  token: string;
}

export interface TestWorld extends Omit<WorldSummary, "clock"> {
  /** The clock as the admin API reported it when the world was created (or last reset). */
  createdClock: ClockState;
  /** Users by label. */
  byLabel: Record<string, WorldUser>;
  user(label: string): WorldUser;
  signIn(label: string): Promise<PortalSession>;
  signInHttp(label: string): Promise<HttpSession>;
  fault(fault: FaultRequest): Promise<void>;
  /** Holds the next calls of a path until released (then the rest of the fault, or the normal reply). */
  hold(fault: Omit<FaultRequest, "delayMs">): Promise<HeldCalls>;
  clearFaults(): Promise<void>;
  /** Sets the world's seeded chaos (PUT …/chaos), starting its sequence again. */
  setChaos(chaos: ChaosConfig): Promise<void>;
  clearChaos(): Promise<void>;
  /** The faults still waiting for a call (a fault with `times` leaves once its last call has taken it). */
  faults(): Promise<{ id: number; path: string; remaining?: number }[]>;
  clock(): Promise<ClockState>;
  advance(duration: string): Promise<ClockState>;
  reset(): Promise<WorldSummary>;
  requests(filter?: { method?: string; path?: string }): Promise<JournalEntry[]>;
  clearRequests(): Promise<void>;
  /** The card charges the world's payment provider made (GET /__admin/worlds/:id/charges). */
  charges(): Promise<Charge[]>;
  delete(): Promise<void>;
}

/** What a test asks of a mock server it reaches over HTTP, wherever that server runs. */
export interface MockClient {
  readonly url: string;
  /** The portal's configuration pointed at this mock, as a test builds it (no module reloads). */
  readonly portalConfig: Config;
  /** A request to the admin API: path after /__admin; a body object is sent as JSON. */
  admin(path: string, init?: { method?: string; body?: unknown }): Promise<Response>;
  createWorld(options?: WorldOptions): Promise<TestWorld>;
  /** A world already there (the default world, one made by another route). */
  world(id: string): Promise<TestWorld>;
}

export interface MockHandle extends MockClient {
  /** The running server (after beforeAll). */
  readonly server: MockServer;
}

/** Starts the mock for this file (beforeAll) and closes it (afterAll); the portal's client is pointed at it. */
export function useMockServer(options: MockServerOptions = {}): MockHandle {
  let server: MockServer | undefined;
  let client: MockClient | undefined;
  beforeAll(async () => {
    server = await createMockServer({ port: 0, ...options });
    client = mockAt(server.url);
    // For tests that still read the default configuration after this point.
    process.env.PRACTICE_IDENTITY_URL = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  const running = () => {
    if (!server || !client) throw new Error("The mock server is not started: call mock helpers from tests or hooks, not at import time");
    return { server, client };
  };

  return {
    get server() {
      return running().server;
    },
    get url() {
      return running().client.url;
    },
    get portalConfig() {
      return running().client.portalConfig;
    },
    admin: (path, init) => running().client.admin(path, init),
    createWorld: (worldOptions) => running().client.createWorld(worldOptions),
    world: (id) => running().client.world(id),
  };
}

/** A mock already listening at `url`: one the test did not start, such as the portal process's embedded mock. */
export function mockAt(url: string): MockClient {
  const client: MockClient = {
    url,
    portalConfig: loadConfig({ NODE_ENV: "test", PRACTICE_IDENTITY_URL: url }),
    admin(path, init = {}) {
      const hasBody = init.body !== undefined;
      return fetch(`${url}/__admin${path}`, {
        method: init.method ?? (hasBody ? "POST" : "GET"),
        headers: hasBody ? { "Content-Type": "application/json" } : undefined,
        body: hasBody ? (typeof init.body === "string" ? init.body : JSON.stringify(init.body)) : undefined,
      });
    },
    async createWorld(worldOptions = {}) {
      const res = await client.admin("/worlds", { body: worldOptions });
      if (res.status !== 201) throw new Error(`Creating a world answered ${res.status}: ${await res.text()}`);
      return testWorld(client, (await res.json()) as WorldSummary);
    },
    async world(id) {
      const res = await client.admin(`/worlds/${id}`);
      if (res.status !== 200) throw new Error(`World ${id}: ${res.status}`);
      return testWorld(client, (await res.json()) as WorldSummary);
    },
  };
  return client;
}

function testWorld(mock: MockClient, summary: WorldSummary): TestWorld {
  const byLabel = Object.fromEntries(summary.users.map((u) => [u.label, u]));
  const path = (rest = "") => `/worlds/${summary.id}${rest}`;
  const user = (label: string) => {
    const found = byLabel[label];
    if (!found) throw new Error(`No user "${label}" in world ${summary.id}; it has ${Object.keys(byLabel).join(", ")}`);
    return found;
  };
  const json = async <T>(res: Response, status: number): Promise<T> => {
    expect(res.status, `${res.url} ${await res.clone().text()}`).toBe(status);
    return (await res.json()) as T;
  };

  const { clock: createdClock, ...rest } = summary;
  return {
    ...rest,
    createdClock,
    byLabel,
    user,
    async signIn(label) {
      const { username, password } = user(label);
      const { identity, outcome, api } = await signInAt(mock.portalConfig.PRACTICE_IDENTITY_URL, username, password);
      return { id: outcome.patientId, api, apiBase: identity.apiBase, token: outcome.token };
    },
    async signInHttp(label) {
      const { username, password } = user(label);
      const base = `${mock.url}/worlds/${summary.id}/api/`;
      const res = await fetch(`${base}${endpoints.patientAuthentication.path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ UserName: username, Password: password, q: "" }),
      });
      const parsed = endpoints.patientAuthentication.reply.parse(await res.json()) as { id: string; extension: { token: string } }[];
      return { base, id: parsed[0].id, token: parsed[0].extension.token };
    },
    async fault(fault) {
      expect((await mock.admin(path("/faults"), { body: fault })).status).toBe(201);
    },
    async hold(fault) {
      const { id } = await json<{ id: number }>(await mock.admin(path("/faults"), { body: { ...fault, hold: true } }), 201);
      return {
        id,
        async arrived(count = 1) {
          await json(await mock.admin(`${path(`/faults/${id}/held`)}?atLeast=${count}`), 200);
        },
        async release() {
          await json(await mock.admin(path(`/faults/${id}/release`), { method: "POST" }), 200);
        },
      };
    },
    async clearFaults() {
      expect((await mock.admin(path("/faults"), { method: "DELETE" })).status).toBe(204);
    },
    async setChaos(chaos) {
      await json(await mock.admin(path("/chaos"), { method: "PUT", body: chaos }), 200);
    },
    async clearChaos() {
      expect((await mock.admin(path("/chaos"), { method: "DELETE" })).status).toBe(204);
    },
    async faults() {
      return (await json<{ faults: { id: number; path: string; remaining?: number }[] }>(await mock.admin(path("/faults")), 200)).faults;
    },
    async clock() {
      return json<ClockState>(await mock.admin(path("/clock")), 200);
    },
    async advance(duration) {
      return json<ClockState>(await mock.admin(path("/clock"), { body: { advance: duration } }), 200);
    },
    async reset() {
      return json<WorldSummary>(await mock.admin(path("/reset"), { method: "POST" }), 200);
    },
    async requests(filter = {}) {
      const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]);
      return (await json<{ requests: JournalEntry[] }>(await mock.admin(`${path("/requests")}?${query}`), 200)).requests;
    },
    async clearRequests() {
      expect((await mock.admin(path("/requests"), { method: "DELETE" })).status).toBe(204);
    },
    async charges() {
      return (await json<{ charges: Charge[] }>(await mock.admin(path("/charges")), 200)).charges;
    },
    async delete() {
      expect((await mock.admin(path(), { method: "DELETE" })).status).toBe(204);
    },
  };
}

/** Signs in through the portal's own practice client at an identity server, as the sign-in step does; throws unless signed in. */
export async function signInAt(identityUrl: string, userName: string, password: string) {
  const identity = await lookupIdentity({ userName, password }, identityUrl);
  if (identity.kind !== "found") throw new Error(`${userName}: not found at ${identityUrl}`);
  const outcome = await authenticate(identity.apiBase, { userName, password });
  if (outcome.kind !== "signedIn") throw new Error(`${userName}: ${outcome.kind}`);
  return { identity, outcome, api: practiceApi(identity.apiBase, outcome.token) };
}

/** A GET of the practice API with a raw session, its reply parsed with the contract. */
export async function getCall<E extends Endpoint>(s: HttpSession, endpoint: E, query: Record<string, string>): Promise<z.output<E["reply"]>> {
  const res = await fetch(`${s.base}${endpoint.path}?${new URLSearchParams(query)}`, { headers: { Token: s.token } });
  return endpoint.reply.parse(await res.json()) as z.output<E["reply"]>;
}
