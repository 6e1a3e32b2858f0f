import { describe, expect, it } from "vitest";
import { useMockServer, type ChaosConfig, type ChaosMark, type HttpSession, type TestWorld } from "../helpers/mock-world";

/**
 * Seeded chaos over HTTP (decisions/383): worlds with the same chaos seed that take the same calls
 * record the same chaos marks in their journals; another seed other marks; clearing stops it. The
 * latency is read from the journal, never timed.
 */

const mock = useMockServer();

// "timeout" is left out here: its call answers only when the caller gives up, tested on its own below.
const CHAOS: ChaosConfig = { seed: 11, rate: 0.5, kinds: ["503", "garbled", "lost-reply", "slow"], latency: { min: 0, max: 20 } };
const PATHS = ["Patient", "Patient/RefreshCounter", "Patient/Organization", "Patient/ProxyUsers", "ValidateToken"];
const CALLS = 30;

/** One practice call with a raw session; a lost reply (a dropped connection) is an outcome, not an error. */
async function call(s: HttpSession, path: string): Promise<number> {
  try {
    const res = await fetch(`${s.base}${path}?PatientID=${s.id}`, { headers: { Token: s.token } });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The same sequence of calls, one after another, so that arrival order is the sequence's order. */
async function playCalls(s: HttpSession): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < CALLS; i++) statuses.push(await call(s, PATHS[i % PATHS.length]));
  return statuses;
}

/** The world's chaos marks with the path each hit, once the journal holds every call made since it was cleared. */
async function chaosMarks(world: TestWorld, calls: number): Promise<(ChaosMark & { path: string; status: number })[]> {
  let entries = await world.requests();
  // A lost reply's entry is written once its work is done, just after the caller heard the connection drop.
  while (entries.length < calls) entries = await world.requests();
  return entries.flatMap((e) => (e.chaos ? [{ ...e.chaos, path: e.path, status: e.status }] : [])).sort((a, b) => a.call - b.call);
}

async function worldWithChaos(chaos: ChaosConfig): Promise<{ world: TestWorld; s: HttpSession }> {
  const world = await mock.createWorld({ seed: 3 });
  const s = await world.signInHttp("solo");
  await world.setChaos(chaos);
  await world.clearRequests();
  return { world, s };
}

describe("seeded chaos", () => {
  it("gives two worlds with the same seed and the same calls identical chaos marks, and another seed others", async () => {
    const a = await worldWithChaos(CHAOS);
    const b = await worldWithChaos(CHAOS);
    const c = await worldWithChaos({ ...CHAOS, seed: 12 });
    const statusesA = await playCalls(a.s);
    const statusesB = await playCalls(b.s);
    await playCalls(c.s);

    const marksA = await chaosMarks(a.world, CALLS);
    expect(marksA.length).toBeGreaterThan(0);
    expect(marksA.length).toBeLessThan(CALLS);
    expect(await chaosMarks(b.world, CALLS)).toEqual(marksA);
    expect(statusesB).toEqual(statusesA);
    expect((await chaosMarks(c.world, CALLS)).map((m) => `${m.call} ${m.kind} ${m.latencyMs}`)).not.toEqual(marksA.map((m) => `${m.call} ${m.kind} ${m.latencyMs}`));

    // Each kind as the caller meets it, and every latency within the bounds set.
    for (const mark of marksA) {
      expect(mark.latencyMs).toBeGreaterThanOrEqual(0);
      expect(mark.latencyMs).toBeLessThanOrEqual(20);
      expect(statusesA[mark.call - 1]).toBe({ "503": 503, garbled: 200, "lost-reply": 0, slow: 200, timeout: 0 }[mark.kind]);
      expect(mark.status).toBe(statusesA[mark.call - 1]);
    }
    // The calls chaos spared answered as usual.
    const hit = new Set(marksA.map((m) => m.call));
    expect(statusesA.filter((_, i) => !hit.has(i + 1)).every((status) => status === 200)).toBe(true);
  });

  it("answers a garbled call with a body that breaks the contract", async () => {
    const { world, s } = await worldWithChaos({ seed: 1, rate: 1, kinds: ["garbled"] });
    const res = await fetch(`${s.base}Patient/Organization?PatientID=${s.id}`, { headers: { Token: s.token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unexpected: true });
    expect((await chaosMarks(world, 1))[0]).toMatchObject({ call: 1, kind: "garbled", latencyMs: 0 });
  });

  it("is set when the world is created, shown in its summary, and restarts its sequence on a reset", async () => {
    const chaos: ChaosConfig = { seed: 5, rate: 1, kinds: ["503"], latency: { min: 7, max: 7 } };
    const created = await mock.admin("/worlds", { body: { seed: 3, chaos } });
    expect(created.status).toBe(201);
    const summary = (await created.json()) as { id: string; chaos: ChaosConfig };
    expect(summary.chaos).toEqual(chaos);
    const world = await mock.world(summary.id);

    // Even the sign-in is a practice call: at rate 1 it is refused with 503.
    const base = `${mock.url}/worlds/${world.id}/api/`;
    const signIn = () => fetch(`${base}Patient/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: world.user("solo").username, Password: world.user("solo").password, q: "" }) });
    expect((await signIn()).status).toBe(503);
    expect((await signIn()).status).toBe(503);
    expect((await (await mock.admin(`/worlds/${world.id}/chaos`)).json()) as unknown).toEqual({ chaos, calls: 2 });

    await world.reset();
    expect((await signIn()).status).toBe(503);
    expect(await chaosMarks(world, 1)).toEqual([{ call: 1, kind: "503", latencyMs: 7, path: "Patient/Authentication", status: 503 }]);
  });

  it("stops once cleared, and never numbers admin calls or the identity call", async () => {
    const { world, s } = await worldWithChaos({ seed: 2, rate: 1, kinds: ["503"] });
    expect(await call(s, "Patient")).toBe(503);
    await mock.admin(`/worlds/${world.id}/requests`);
    await mock.admin(`/worlds/${world.id}/faults`);
    await fetch(`${mock.url}/api/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: world.user("solo").username, Password: "x" }) });
    expect(((await (await mock.admin(`/worlds/${world.id}/chaos`)).json()) as { calls: number }).calls).toBe(1);

    await world.clearChaos();
    expect((await (await mock.admin(`/worlds/${world.id}/chaos`)).json()) as unknown).toEqual({ chaos: null, calls: 0 });
    expect(await call(s, "Patient")).toBe(200);
    const entries = await world.requests();
    expect(entries.map((e) => e.chaos?.kind ?? null)).toEqual(["503", null]);
  });

  it("lets the test's own fault win, still numbering the call, so later calls meet the same chaos", async () => {
    const plain = await worldWithChaos({ seed: 4, rate: 0.5, kinds: ["503"] });
    const faulted = await worldWithChaos({ seed: 4, rate: 0.5, kinds: ["503"] });
    await faulted.world.fault({ path: "ValidateToken", status: 418, times: 1 });
    for (const w of [plain, faulted]) for (let i = 0; i < 12; i++) await call(w.s, "ValidateToken");

    const journal = await faulted.world.requests();
    expect(journal[0]).toMatchObject({ fault: "status 418", chaos: null, status: 418 });
    const after = (marks: ChaosMark[]) => marks.filter((m) => m.call > 1);
    expect(after(await chaosMarks(faulted.world, 12))).toEqual(after(await chaosMarks(plain.world, 12)));
  });

  it("refuses a chaos that is not valid, saying why", async () => {
    const world = await mock.createWorld();
    const res = await mock.admin(`/worlds/${world.id}/chaos`, { method: "PUT", body: { seed: 1, rate: 2, kinds: ["boom"] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string }[] };
    expect(body.issues.map((i) => i.path).sort()).toEqual(["kinds.0", "rate"]);
    expect((await mock.admin("/worlds", { body: { chaos: { seed: 1, rate: 0.5, kinds: ["503"], latency: { min: 9, max: 1 } } } })).status).toBe(400);
  });

  it("answers a timeout call with nothing until the caller gives up, and journals it as no reply", async () => {
    const { world, s } = await worldWithChaos({ seed: 3, rate: 1, kinds: ["timeout"] });
    const gaveUp = new AbortController();
    const pending = fetch(`${s.base}Patient?PatientID=${s.id}`, { headers: { Token: s.token }, signal: gaveUp.signal }).then(
      () => "answered",
      () => "gave up",
    );
    // Wait for the call to reach the practice (chaos has numbered it), then give up as a client's timeout would.
    while (((await (await mock.admin(`/worlds/${world.id}/chaos`)).json()) as { calls: number }).calls < 1) await new Promise((resolve) => setImmediate(resolve));
    gaveUp.abort();
    expect(await pending).toBe("gave up");
    expect(await chaosMarks(world, 1)).toEqual([{ call: 1, kind: "timeout", latencyMs: 0, path: "Patient", status: 0 }]);
  });

  it("is described in the OpenAPI document: set, read and cleared, and given at a world's creation", async () => {
    const doc = (await (await mock.admin("/openapi.json")).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } }>> };
    const chaos = doc.paths["/__admin/worlds/{id}/chaos"];
    expect(Object.keys(chaos).filter((k) => k !== "parameters").sort()).toEqual(["delete", "get", "put"]);
    expect(Object.keys(chaos.put.requestBody!.content["application/json"].schema.properties).sort()).toEqual(["kinds", "latency", "rate", "seed"]);
    expect(doc.paths["/__admin/worlds"].post.requestBody!.content["application/json"].schema.properties).toHaveProperty("chaos");
  });
});
