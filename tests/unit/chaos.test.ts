import { describe, expect, it } from "vitest";
import { CHAOS_KINDS, ChaosConfigSchema, WorldChaos, chaosDecision, type ChaosConfig } from "../../mock-server/chaos";

/** Seeded chaos's decision (mock-server/chaos.ts, decisions/383): reproducible, and each setting does what it says. */

const config = (over: Partial<ChaosConfig> = {}): ChaosConfig => ({ seed: 7, rate: 0.3, kinds: ["503", "timeout", "garbled", "lost-reply", "slow"], latency: { min: 100, max: 900 }, ...over });

const run = (chaos: WorldChaos, calls: number) => Array.from({ length: calls }, () => chaos.next());

describe("chaosDecision", () => {
  it("gives the same decisions for the same seed and the same sequence of calls", () => {
    expect(run(new WorldChaos(config()), 200)).toEqual(run(new WorldChaos(config()), 200));
  });

  it("gives other decisions for another seed", () => {
    const hits = (seed: number) => run(new WorldChaos(config({ seed })), 200).map((d) => d && `${d.call} ${d.kind} ${d.latencyMs}`);
    expect(hits(8)).not.toEqual(hits(7));
  });

  it("hits no call at rate 0 and every call at rate 1", () => {
    expect(run(new WorldChaos(config({ rate: 0 })), 500).every((d) => d === null)).toBe(true);
    const all = run(new WorldChaos(config({ rate: 1 })), 500);
    expect(all.every((d) => d !== null)).toBe(true);
    expect(all.map((d) => d!.call)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
  });

  it("hits about the share of calls its rate says", () => {
    const hit = run(new WorldChaos(config({ rate: 0.25 })), 4000).filter(Boolean).length;
    expect(hit).toBeGreaterThan(850);
    expect(hit).toBeLessThan(1150);
  });

  it("uses only the kinds given, and each of them", () => {
    const kinds = run(new WorldChaos(config({ rate: 1, kinds: ["garbled", "lost-reply"] })), 300).map((d) => d!.kind);
    expect(new Set(kinds)).toEqual(new Set(["garbled", "lost-reply"]));
    expect(new Set(run(new WorldChaos(config({ rate: 1 })), 300).map((d) => d!.kind))).toEqual(new Set(CHAOS_KINDS));
  });

  it("draws latencies within min and max, both ends included, and none without a latency", () => {
    const latencies = run(new WorldChaos(config({ rate: 1, latency: { min: 3, max: 6 } })), 400).map((d) => d!.latencyMs);
    expect(Math.min(...latencies)).toBe(3);
    expect(Math.max(...latencies)).toBe(6);
    expect(latencies.every(Number.isInteger)).toBe(true);
    expect(run(new WorldChaos(config({ rate: 1, latency: undefined })), 50).every((d) => d!.latencyMs === 0)).toBe(true);
    expect(run(new WorldChaos(config({ rate: 1, latency: { min: 250, max: 250 } })), 50).every((d) => d!.latencyMs === 250)).toBe(true);
  });

  it("keeps every call a lower rate hits when the rate rises, and which calls are hit when the kinds or latency change", () => {
    const hitCalls = (c: ChaosConfig) => Array.from({ length: 300 }, (_, i) => chaosDecision(c, i + 1)).flatMap((d) => (d ? [d.call] : []));
    const low = hitCalls(config({ rate: 0.1 }));
    const high = new Set(hitCalls(config({ rate: 0.4 })));
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((call) => high.has(call))).toBe(true);
    expect(hitCalls(config({ kinds: ["503"], latency: undefined }))).toEqual(hitCalls(config()));
  });

  it("starts again from call 1 when set again or restarted, and does nothing once cleared", () => {
    const chaos = new WorldChaos(config());
    const first = run(chaos, 40);
    chaos.restart();
    expect(run(chaos, 40)).toEqual(first);
    chaos.set(config());
    expect(run(chaos, 40)).toEqual(first);
    chaos.set(null);
    expect(run(chaos, 40).every((d) => d === null)).toBe(true);
    expect(chaos.state()).toEqual({ chaos: null, calls: 0 });
  });
});

describe("ChaosConfigSchema", () => {
  it.each([
    ["a rate above 1", { rate: 1.5 }],
    ["a negative rate", { rate: -0.1 }],
    ["no kinds", { kinds: [] }],
    ["an unknown kind", { kinds: ["500"] }],
    ["a kind twice", { kinds: ["503", "503"] }],
    ["min above max", { latency: { min: 10, max: 5 } }],
    ["a fractional seed", { seed: 1.5 }],
    ["an unknown field", { burst: 3 }],
  ])("refuses %s", (_what, over) => {
    expect(ChaosConfigSchema.safeParse({ ...config(), ...over }).success).toBe(false);
  });

  it("takes a config without latency", () => {
    expect(ChaosConfigSchema.safeParse({ seed: 0, rate: 0, kinds: ["slow"] }).success).toBe(true);
  });
});
