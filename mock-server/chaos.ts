import { z } from "zod";
import { seededRandom } from "../fixtures/builders/random";

/** Seeded chaos: a world fails a share of its practice calls, call n's fate drawn from (seed, n) alone (decisions/383). */

export const CHAOS_KINDS = ["503", "timeout", "garbled", "lost-reply", "slow"] as const;
export type ChaosKind = (typeof CHAOS_KINDS)[number];

/** The longest a chaos latency or timeout may last: a test's world must still end. */
export const CHAOS_MAX_MS = 120_000;

export const ChaosConfigSchema = z
  .strictObject({
    seed: z.int().min(0).max(Number.MAX_SAFE_INTEGER).describe("The chaos seed: the same seed and the same calls give the same faults and latencies."),
    rate: z.number().min(0).max(1).describe("The probability that one practice call is hit (0: none, 1: every call)."),
    kinds: z
      .array(z.enum(CHAOS_KINDS))
      .min(1)
      .refine((kinds) => new Set(kinds).size === kinds.length, { message: "kinds must not repeat" })
      .describe(
        'What a hit call suffers, one kind drawn per hit: "503" answers 503; "timeout" answers nothing and does nothing until the caller gives up (or the timeout cap); "garbled" answers 200 with a body that breaks the contract; "lost-reply" carries the call out and drops the connection; "slow" answers normally. Each after the latency drawn.',
      ),
    latency: z
      .strictObject({
        min: z.int().min(0).max(CHAOS_MAX_MS),
        max: z.int().min(0).max(CHAOS_MAX_MS),
      })
      .refine((l) => l.min <= l.max, { message: "latency.min must not exceed latency.max", path: ["max"] })
      .optional()
      .describe("Milliseconds a hit call waits before its kind applies, drawn uniformly from min to max inclusive; without it, none."),
  })
  .describe("Seeded chaos: a share of this world's practice calls fail or slow down, reproducibly (decisions/383).");
export type ChaosConfig = z.output<typeof ChaosConfigSchema>;

/** What chaos does to one call: null when the call is spared. */
export interface ChaosDecision {
  /** The call's number in the world's chaos sequence, from 1. */
  call: number;
  kind: ChaosKind;
  latencyMs: number;
}

/**
 * Call n's fate under a config: a pure function of (seed, n, rate, kinds, latency). Three draws in a
 * fixed order (hit, kind, latency), always all three, so no setting changes what another one draws.
 */
export function chaosDecision(config: ChaosConfig, call: number): ChaosDecision | null {
  const random = seededRandom(config.seed, "chaos", call);
  const roll = random.next();
  const kind = config.kinds[Math.floor(random.next() * config.kinds.length)];
  const latencyRoll = random.next();
  if (!(roll < config.rate)) return null;
  const { min, max } = config.latency ?? { min: 0, max: 0 };
  return { call, kind, latencyMs: min + Math.floor(latencyRoll * (max - min + 1)) };
}

/**
 * One world's chaos: its config and how many calls it has numbered. Setting, clearing or a world
 * reset starts the sequence again from call 1, so a test that sets chaos and replays its calls
 * sees the same faults.
 */
export class WorldChaos {
  #config: ChaosConfig | null;
  #calls = 0;

  constructor(config: ChaosConfig | null = null) {
    this.#config = config;
  }

  get config(): ChaosConfig | null {
    return this.#config;
  }

  set(config: ChaosConfig | null): void {
    this.#config = config;
    this.#calls = 0;
  }

  restart(): void {
    this.#calls = 0;
  }

  /** Numbers one practice call, as it arrives, and says what chaos does to it (null: nothing, or no chaos set). */
  next(): ChaosDecision | null {
    if (!this.#config) return null;
    this.#calls += 1;
    return chaosDecision(this.#config, this.#calls);
  }

  state(): { chaos: ChaosConfig | null; calls: number } {
    return { chaos: this.#config, calls: this.#calls };
  }
}
