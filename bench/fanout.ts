/**
 * `npm run bench:fanout`: a burst of signed-in dashboard loads against one practice (issue 20,
 * finding 6). The mock practice server and the built portal run as two separate processes, as a
 * practice and a portal do; SESSIONS patients (one world each, signed in as `solo`) load the
 * dashboard LOADS times each, all sessions at once, each load after the previous one's page has
 * arrived. Every load makes seven practice calls. Printed per connection cap: the error rate (any
 * answer but 200), the median and p95 of a load, and the most connections the practice held open.
 * Not a test: it asserts nothing. Run `npm run build` first.
 *
 *   BENCH_SESSIONS=200 BENCH_LOADS=5 BENCH_CAPS=10000,64 BENCH_PORT=5250 npm run bench:fanout
 *
 * A cap of 10000 is no cap in practice: every call opens its own connection when none is free, as
 * the portal did before decisions/052.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { Agent, fetch as fetchVia } from "undici";
import { Browser, startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { signInSteps } from "../app/areas/sign-in/steps";

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 200);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CAPS = (process.env.BENCH_CAPS ?? "10000,64").split(",").map(Number);
const MOCK_PORT = Number(process.env.BENCH_PORT ?? 5250);
const PORTAL_PORT = MOCK_PORT + 1;
/** Sign-ins are set-up, not the figure: a few at a time keeps them out of each other's way. */
const SIGN_IN_AT_ONCE = 10;

interface Load {
  ms: number;
  /** The HTTP status, or the error's name when no answer came. */
  outcome: number | string;
}

async function startMock(port: number, admin: Agent): Promise<{ url: string; stop(): Promise<void> }> {
  // Its request log goes nowhere: a pipe left unread would stall it.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "mock-server/main.ts", "--port", String(port), "--host", "127.0.0.1"], { stdio: "ignore" });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The mock exited with ${child.exitCode} (port ${port} taken?)`);
    const up = await fetchVia(`${url}/__admin/scenarios`, { dispatcher: admin }).then(
      (res) => res.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error("The mock did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
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

async function signIn(mockUrl: string, portal: PortalProcess, admin: Agent): Promise<Browser> {
  const created = await fetchVia(`${mockUrl}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}", dispatcher: admin });
  if (created.status !== 201) throw new Error(`World creation answered ${created.status}`);
  const world = (await created.json()) as { users: Array<{ label: string; username: string; password: string }> };
  const solo = world.users.find((u) => u.label === "solo")!;
  const browser = new Browser();
  let captcha = "";
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await browser.step(portal, signInSteps, "sign-in", { username: solo.username, password: solo.password, captcha, redirectTo: "/" });
    if (outcome.kind === "signedIn") return browser;
    if (outcome.kind !== "rejected" || !outcome.captchaRequired) throw new Error(`Sign-in: ${JSON.stringify(outcome)}`);
    captcha = await browser.solveCaptcha(portal);
  }
  throw new Error("Sign-in kept asking for the captcha");
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

async function runWithCap(cap: number): Promise<string> {
  // The bench's own connections to the mock are closed before the burst, so that those counted there are the portal's.
  const admin = new Agent();
  const mock = await startMock(MOCK_PORT, admin);
  let portal: PortalProcess | null = null;
  try {
    portal = await startPortalProcess(PORTAL_PORT, {
      PRACTICE_IDENTITY_URL: mock.url,
      PRACTICE_MAX_CONNECTIONS: String(cap),
      SESSION_SECRET: "fanout-bench-secret-of-at-least-32-characters",
      CAPTCHA_MAX_NUMBER: "1000",
      // Every session signs in from 127.0.0.1: the per-address pause would stop the set-up.
      SIGNIN_MAX_FAILURES_PER_ADDRESS: "100000",
    });
    const p = portal;
    const browsers = await inBatches(Array.from({ length: SESSIONS }, (_, i) => i), SIGN_IN_AT_ONCE, () => signIn(mock.url, p, admin));
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
      `cap ${cap === 10_000 ? "none (10000)" : cap}: ${SESSIONS} sessions x ${LOADS} loads = ${loads.length} dashboard loads in ${wallS.toFixed(1)} s`,
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
  for (const cap of CAPS) console.log(await runWithCap(cap));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
