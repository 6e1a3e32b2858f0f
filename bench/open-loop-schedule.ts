/**
 * The pure parts of the open-loop bench (bench/open-loop.ts, issue 53): when each request is due, which
 * session and screen it is, the percentiles of a step, and the highest rate a build sustained. Kept apart
 * so that tests/unit/bench-measures.test.ts can check them without a server.
 */

/**
 * When each request of a step is due, in ms from the step's start: evenly spaced at `rate` a second, the
 * last one before `durationMs`. Evenly, not Poisson: both builds then get exactly the same arrivals, and
 * a bursty arrival process would only add noise to a comparison of the two.
 */
export function plannedOffsets(rate: number, durationMs: number): number[] {
  if (!(rate > 0) || !(durationMs > 0)) throw new Error(`A step needs a rate and a duration above 0 (rate ${rate}, ${durationMs} ms)`);
  const count = Math.ceil((rate * durationMs) / 1000);
  const gap = 1000 / rate;
  return Array.from({ length: count }, (_, i) => i * gap).filter((at) => at < durationMs);
}

/**
 * Which session loads which screen for the i-th request: both cycle, so with a number of sessions and
 * of screens that share no factor (30 and 17) every session loads every screen before any pair repeats.
 */
export function requestOf(i: number, sessions: number, screens: readonly string[]): { session: number; screen: string } {
  return { session: i % sessions, screen: screens[i % screens.length] };
}

/**
 * The q-quantile by nearest rank (the smallest sample with at least q of all samples at or below it): a
 * value that was really measured, never an interpolation, so p99 of 300 samples is the 297th.
 */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return NaN;
  if (!(q > 0 && q <= 1)) throw new Error(`A quantile is in (0, 1]: ${q}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
}

/** One request's outcome: its latency from its planned send time, and its status (or the error's name when no answer came). */
export interface Outcome {
  latencyMs: number;
  outcome: number | string;
}

export interface StepFigures {
  rate: number;
  sent: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Every answer but a 200, and every request with no answer, by what happened. */
  errors: number;
  errorKinds: Record<string, number>;
}

export function figuresOf(rate: number, outcomes: readonly Outcome[]): StepFigures {
  const latencies = outcomes.map((o) => o.latencyMs);
  const errorKinds: Record<string, number> = {};
  for (const { outcome } of outcomes) if (outcome !== 200) errorKinds[String(outcome)] = (errorKinds[String(outcome)] ?? 0) + 1;
  return {
    rate,
    sent: outcomes.length,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.length ? Math.max(...latencies) : NaN,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    errorKinds,
  };
}

/** A step the build held: p95 within the limit and not one error. */
export const held = (step: StepFigures, p95LimitMs: number): boolean => step.errors === 0 && step.p95 <= p95LimitMs;

/**
 * The highest rate held, stepping up from the lowest: a rate is held when more than half of its steps
 * held (each rate may be run several times, BENCH_REPEATS, so that one unlucky step on a shared machine
 * neither makes nor breaks a figure), and the first rate not held ends the climb.
 */
export function highestHeld(steps: readonly StepFigures[], p95LimitMs: number): number | null {
  const byRate = new Map<number, boolean[]>();
  for (const step of steps) byRate.set(step.rate, [...(byRate.get(step.rate) ?? []), held(step, p95LimitMs)]);
  let best: number | null = null;
  for (const rate of [...byRate.keys()].sort((a, b) => a - b)) {
    const verdicts = byRate.get(rate)!;
    if (verdicts.filter(Boolean).length * 2 <= verdicts.length) break;
    best = rate;
  }
  return best;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Fires request i at `start + offsets[i]` whether or not earlier ones have answered (an open loop: the
 * arrivals do not slow down when the server does). `fire` is handed the planned time, from which the
 * latency is measured, so that a send made late by a busy client still counts its lateness (coordinated
 * omission). Resolves with every request's promise once the last one has been sent.
 */
export async function fireAtPlannedTimes<T>(offsets: readonly number[], fire: (i: number, plannedAt: number) => Promise<T>, clock: Clock = realClock): Promise<Promise<T>[]> {
  const start = clock.now();
  const sent: Promise<T>[] = [];
  let i = 0;
  while (i < offsets.length) {
    const wait = start + offsets[i] - clock.now();
    if (wait > 0) await clock.sleep(wait);
    // Everything already due goes now, in order: a late wake-up sends a small burst, as queued arrivals would.
    while (i < offsets.length && start + offsets[i] <= clock.now()) {
      sent.push(fire(i, start + offsets[i]));
      i++;
    }
  }
  return sent;
}
