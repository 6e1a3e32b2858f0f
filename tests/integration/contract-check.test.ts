import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { ROOM } from "@contract/room";
import { createMockServer } from "../../mock-server/server";
import { runContractCheck } from "../../scripts/contract-check";

let mock: Awaited<ReturnType<typeof createMockServer>>;
let world: { id: string; users: { label: string; username: string; password: string }[] };
const solo = () => world.users.find((u) => u.label === "solo")!;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" });
  world = await res.json();
});
async function createWorld(options: { practice?: "mock" | "spec"; seed?: number }): Promise<typeof world> {
  const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(options) });
  return (await res.json()) as typeof world;
}

afterAll(async () => {
  await mock?.close();
});

describe("npm run contract:check", () => {
  it("passes every read-only call against the mock", async () => {
    const results = await runContractCheck({ identityUrl: mock.url, username: solo().username, password: solo().password });
    expect(results.filter((r) => !r.ok)).toEqual([]);
    // Every GET of the contract table is among them, so a new read-only call cannot be forgotten.
    const checked = new Set(results.map((r) => r.call.replace(/ \(.*\)$/, "")));
    const reads = Object.values(endpoints).filter((e) => e.method === "GET").map((e) => `GET ${e.path}`);
    expect(reads.filter((call) => !checked.has(call))).toEqual([]);
  });

  it("names the call whose reply breaks the contract", async () => {
    await fetch(`${mock.url}/__admin/worlds/${world.id}/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "Patient/Organization", body: "malformed", times: 1 }) });
    const results = await runContractCheck({ identityUrl: mock.url, username: solo().username, password: solo().password });
    const failures = results.filter((r) => !r.ok);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ call: "GET Patient/Organization", ok: false });
    expect(failures[0].detail.length).toBeGreaterThan(0);
  });

  it("reports a refused sign-in instead of checking anything", async () => {
    const results = await runContractCheck({ identityUrl: mock.url, username: solo().username, password: "wrong" });
    expect(results.at(-1)).toMatchObject({ call: "sign-in", ok: false });
  });
});

describe("npm run contract:check against a practice as the spec describes it (decisions/372, 396)", () => {
  // Seeds 1..N, N the most reply shapes of any row, send every reply shape of every call (contract/room);
  // every record shape is read by the room's property tests (tests/integration/*-room.test.ts), which give each record any of them.
  const seeds = Array.from({ length: Math.max(...Object.values(ROOM).map((row) => row.replies.length)) }, (_, i) => i + 1);
  // Concurrently: each seed is a world of its own, and a run spends most of its time waiting on HTTP.
  it.concurrent.for(seeds)("passes at seed %i: every read-only reply, in the shapes the seed draws from the room, parses with the contract", async (seed, { expect }) => {
    const created = await createWorld({ practice: "spec", seed });
    const solo = created.users.find((u) => u.label === "solo")!;
    const results = await runContractCheck({ identityUrl: mock.url, username: solo.username, password: solo.password });
    expect(results.length).toBeGreaterThan(40);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });
});
