/**
 * `npm run bench:fanout`: a burst of signed-in dashboard loads against one practice (issue 20,
 * finding 6). The mock practice server and the built portal run as two separate processes, as a
 * practice and a portal do; SESSIONS patients (one world each, signed in as `solo`) load the
 * dashboard LOADS times each, all sessions at once, each load after the previous one's page has
 * arrived. Every load makes five practice calls (the token check and the shell's four reads, which the
 * dashboard shares). Printed per connection cap: the error rate (any
 * answer but 200), the median and p95 of a load, and the most connections the practice held open.
 * Not a test: it asserts nothing. Run `npm run build` first.
 *
 *   BENCH_SESSIONS=200 BENCH_LOADS=5 BENCH_CAPS=10000,64 BENCH_PORT=5250 npm run bench:fanout
 *
 * A cap of 10000 is no cap in practice: every call opens its own connection when none is free, as
 * the portal did before decisions/052.
 *
 * BENCH_BASE=<another checkout, built> also runs that checkout's portal through the same bursts, against
 * this checkout's mock, after this one's at each cap: the comparison with an earlier `main` under load
 * (issue 35). Both stores are then in memory, as in `bench:screens`.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { Agent } from "undici";
import { startPortalProcess, type Browser, type PortalProcess } from "../tests/helpers/portal-process";
import { signInSolo, startMock } from "./practice-and-portal";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CAPS = (process.env.BENCH_CAPS ?? "10000,64").split(",").map(Number);
const MOCK_PORT = Number(process.env.BENCH_PORT ?? 5250);
const PORTAL_PORT = MOCK_PORT + 1;
/** Sign-ins are set-up, not the figure: a few at a time keeps them out of each other's way. */
const SIGN_IN_AT_ONCE = 10;
const BASE = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : null;

interface Load {
  ms: number;
  /** The HTTP status, or the error's name when no answer came. */
  outcome: number | string;
}

/** Runs `task` over `items`, at most `width` at a time. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]);
      }
    }),
  );
  return results;
}

async function loadDashboard(browser: Browser, portal: PortalProcess): Promise<Load> {
  const start = performance.now();
  try {
    const res = await browser.fetch(portal, "/");
    await res.arrayBuffer();
    return { ms: performance.now() - start, outcome: res.status };
  } catch (error) {
    return { ms: performance.now() - start, outcome: error instanceof Error ? error.name : "error" };
  }
}

/** The most established connections to the practice's port, sampled while `work` runs (null without `ss`). */
async function peakConnections<T>(port: number, work: Promise<T>): Promise<{ result: T; peak: number | null }> {
  const run = promisify(execFile);
  let peak: number | null = 0;
  let done = false;
  const sampler = (async () => {
    while (!done && peak !== null) {
      try {
        const { stdout } = await run("ss", ["-Htn", "state", "established", `( sport = :${port} )`]);
        peak = Math.max(peak, stdout.split("\n").filter(Boolean).length);
      } catch {
        peak = null;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const result = await work;
  done = true;
  await sampler;
  return { result, peak };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** One burst at one cap: this checkout's portal, or the one built in `cwd`, against a fresh mock of this checkout. */
async function runWithCap(cap: number, cwd?: string): Promise<string> {
  // The bench's own connections to the mock are closed before the burst, so that those counted there are the portal's.
  const admin = new Agent();
  const mock = await startMock(MOCK_PORT, admin);
  let portal: PortalProcess | null = null;
  try {
    portal = await startPortalProcess(
      PORTAL_PORT,
      {
        PRACTICE_IDENTITY_URL: mock.url,
        PRACTICE_MAX_CONNECTIONS: String(cap),
        SESSION_SECRET: "fanout-bench-secret-of-at-least-32-characters",
        CAPTCHA_MAX_NUMBER: "1000",
        // Every session signs in from 127.0.0.1: the per-address pause would stop the set-up.
        SIGNIN_MAX_FAILURES_PER_ADDRESS: "100000",
        ...(BASE ? { PORTAL_DATA_DIR: "memory://" } : {}),
      },
      cwd,
    );
    const p = portal;
    const browsers = await inBatches(Array.from({ length: SESSIONS }, (_, i) => i), SIGN_IN_AT_ONCE, () => signInSolo(mock.url, p, admin));
    await admin.close();
    // One load each, one session at a time: the portal's modules and each world's lazy parts are built before the burst.
    for (const browser of browsers) await loadDashboard(browser, p);

    const started = performance.now();
    const { result: perSession, peak } = await peakConnections(
      MOCK_PORT,
      Promise.all(
        browsers.map(async (browser) => {
          const loads: Load[] = [];
          for (let i = 0; i < LOADS; i++) loads.push(await loadDashboard(browser, p));
          return loads;
        }),
      ),
    );
    const wallS = (performance.now() - started) / 1000;
    const loads = perSession.flat();
    const failed = loads.filter((l) => l.outcome !== 200);
    const byOutcome = new Map<string, number>();
    for (const l of failed) byOutcome.set(String(l.outcome), (byOutcome.get(String(l.outcome)) ?? 0) + 1);
    const sorted = loads.map((l) => l.ms).sort((a, b) => a - b);
    const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    return [
      `${BASE ? (cwd ? "base, " : "this, ") : ""}cap ${cap === 10_000 ? "none (10000)" : cap}: ${SESSIONS} sessions x ${LOADS} loads = ${loads.length} dashboard loads in ${wallS.toFixed(1)} s`,
      `  failed ${failed.length} (${((100 * failed.length) / loads.length).toFixed(1)}%)${failed.length ? ` [${[...byOutcome].map(([o, n]) => `${o}: ${n}`).join(", ")}]` : ""}`,
      `  load: median ${s(percentile(sorted, 0.5))}, p95 ${s(percentile(sorted, 0.95))}, max ${s(sorted[sorted.length - 1])}`,
      `  most connections open at the practice: ${peak ?? "unknown (no ss)"}`,
    ].join("\n");
  } finally {
    await portal?.stop();
    await mock.stop();
  }
}

async function main() {
  for (const cap of CAPS) {
    console.log(await runWithCap(cap));
    if (BASE) console.log(await runWithCap(cap, BASE));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
