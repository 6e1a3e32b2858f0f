/**
 * `npm run bench:open-loop` (issue 53): how many signed-in page views a second the portal serves with a
 * p95 of 250 ms or less and no error. Page views (the documents of every signed-in screen, the list of
 * `bench:screens` and `bench:calls`: "/", "/profile" and every area's screen) of SESSIONS signed-in
 * patients (a fresh world's `solo` each) arrive at a fixed rate, each sent at its planned time whether
 * or not the earlier ones have answered (an open loop: a closed loop of clients waiting for their
 * answers slows its arrivals down with the server and hides the queue). A request's latency runs from
 * its planned send time to the last byte of its answer, so a send the client itself made late still
 * counts its lateness (coordinated omission). Session i % SESSIONS loads screen i % screens, so with 30
 * sessions and 17 screens every session loads every screen before any pair repeats.
 *
 * The rate steps up (BENCH_RATES, a second each, for BENCH_STEP_S seconds, BENCH_COOL_S of quiet after
 * each; BENCH_REPEATS steps at each rate, 1 unless set) until a rate is not held: most of its steps had
 * a p95 over BENCH_P95_MS (250) or a failed request (any answer but a 200, a redirect to sign-in
 * included, or no answer within BENCH_TIMEOUT_MS). Printed per step: p50, p95, p99
 * and the slowest, the errors by kind, and how late the client itself sent (p99 of the send's lag behind
 * its plan: when that grows, the machine and not the portal is the limit), and the CPU each page view
 * cost the portal's process, the practice's and this bench's own, every thread (read from Linux's
 * /proc: on 2 cores the three share the machine, so a build whose practice works less leaves the
 * portal more). Then the highest rate held before the first step that was not.
 *
 * BENCH_BASE=<another checkout, built> runs that checkout's portal too (issue 53: head against today's
 * `main`, goal 1.5x or more), on the screens both builds have (a screen the base answers 404 is left
 * out of both, and said): both are started, signed in and warmed first, then measured in turn, one
 * step each at each rate, the order swapped at every turn, never at the same time. Steps in turn, not a
 * whole run each: on a 2-core machine shared with other runs, the load of the others drifts over
 * minutes, and two steps a few seconds apart see the same machine where two runs minutes apart do not;
 * the cool-down between steps lets the work a step leaves behind (garbage collection, batched
 * access-record writes) finish before the other build's step. A build stops stepping once it has failed
 * a step; the other goes on. The practice (the mock) is one process of its own, shared in turn: its
 * work is never the portal's, and both builds ask the same practice.
 *
 * The rates start low and close together (10 a second apart to 100): on 2 shared cores today's portal
 * spends 7-22 ms of its main thread's CPU on a signed-in screen, so it saturates somewhere between 30 and
 * 80 a second, and steps of 20 would make the ratio of two builds a coarse one. Stepping both builds to
 * their limit takes 20 s a step each, about 5-8 minutes in all, after 1-2 minutes of signing in and
 * warming; BENCH_RATES=20,40,60 BENCH_STEP_S=8 is a quick check.
 * BENCH_PROCESSES=2 runs each build as that many portal processes sharing a Redis and a PostgreSQL
 * database of the build's own (Debian's servers, started as the tests start them), as the README's "Run
 * it in production" runs several: page view i goes to process i % their number, CPU is summed over a
 * build's processes, and `machine` (every process's CPU a page view, read from /proc/stat) says how much
 * of the two cores a page view costs. One process (the default) is bound by its one main thread; several
 * are bound by the machine, where the practice's CPU counts as much as the portal's.
 * BENCH_SESSIONS (30) and BENCH_PORT (the mock on 5420, the portals on the next ports) can be changed;
 * PORTAL_PAGES_AT_WORK is handed to the portals (decisions/390; a build older than it ignores it);
 * BENCH_PORTAL_NODE_OPTIONS is given to the portals (Node refuses --cpu-prof and --trace-gc there: use
 * `--import` of a module that starts them, as bench/profile-on-signal.mjs does). BENCH_PROFILE_DIR=<folder>
 * profiles each portal's every step on its own (<build>-<rate>-<n>.cpuprofile): a step that fell over
 * beside one that held, at the same rate, shows where the extra CPU went.
 * Not a test: it asserts nothing, but it stops with an error when the portal fails a request while
 * warming (before any load), so a broken build is not reported as a slow one. Run `npm run build` first.
 */
import { renameSync } from "node:fs";
import path from "node:path";
import { Agent, request } from "undici";
import { AREAS } from "~/lib/areas";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { startPostgresServer, type PostgresServer } from "../tests/helpers/postgres-server";
import { startRedisServer, type RedisServer } from "../tests/helpers/redis-server";
import { figuresOf, fireAtPlannedTimes, held, highestHeld, percentile, plannedOffsets, requestOf, type Outcome, type StepFigures } from "./open-loop-schedule";
import { machineCpuMs, mainThreadCpuMs, processCpuMs, signInSolo, startMock } from "./practice-and-portal";

/** This checkout's screens; with BENCH_BASE, only those the base has too (see `screensBothHave`). */
let SCREENS = ["/", "/profile", ...AREAS.filter((area) => area.module).map((area) => area.path)];
const RATES = (process.env.BENCH_RATES ?? "10,20,30,40,50,60,70,80,90,100,120,140,160").split(",").map(Number);
const STEP_MS = 1000 * Number(process.env.BENCH_STEP_S ?? 15);
const COOL_MS = 1000 * Number(process.env.BENCH_COOL_S ?? 5);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 30);
/** Steps at each rate for each build: a rate is held when most of them held (open-loop-schedule.ts). */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 1);
const P95_LIMIT_MS = Number(process.env.BENCH_P95_MS ?? 250);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 10_000);
const MOCK_PORT = Number(process.env.BENCH_PORT ?? 5420);
const BASE = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : null;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : null;
/** Portal processes a build runs (BENCH_PROCESSES): more than one share a Redis and a PostgreSQL of their build's, as in production. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** Issue 53's goal: head over base. */
const GOAL_RATIO = 1.5;

interface Subject {
  name: string;
  /** The build's processes: page view i goes to process i % their number (the bench is the balancer). */
  portals: PortalProcess[];
  cookies: string[];
  steps: StepFigures[];
  lagP99: number[];
  /** CPU per page view of each step (ms): the portal's process, and the practice's for this build's requests. */
  cpu: Array<{ portal: number; main: number; practice: number; client: number; machine: number }>;
  stopped: boolean;
}

/**
 * Connections enough that the client is never the queue: at the highest rate and the timeout, every
 * request could be in flight at once. Further requests wait inside the agent, and that wait counts,
 * since latency runs from the plan.
 */
const agent = new Agent({ connections: 1024, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });

async function load(portal: PortalProcess, cookie: string, screen: string): Promise<number | string> {
  try {
    // The encoding a browser asks for: compressing is part of serving a page.
    const res = await request(`${portal.url}${screen}`, { dispatcher: agent, headers: { cookie, "accept-encoding": "br, gzip" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    await res.body.arrayBuffer();
    return res.statusCode;
  } catch (error) {
    return error instanceof Error ? (error.name === "Error" ? error.message.slice(0, 60) : error.name) : "error";
  }
}

/** Resolves once the portal has said `words` one time more than `before` (bench/profile-on-signal.mjs's replies). */
function portalSays(portal: PortalProcess, words: string, before: number): Promise<void> {
  const times = () => portal.output().split(words).length - 1;
  return new Promise((resolve, reject) => {
    const until = Date.now() + 60_000;
    const look = () => (times() > before ? resolve() : Date.now() > until ? reject(new Error(`The portal never said "${words}"`)) : setTimeout(look, 50));
    look();
  });
}

/** With BENCH_PROFILE_DIR, the step runs inside a CPU profile of each of its portals, kept as <process>-<rate>-<n>.cpuprofile. */
async function profiled<T>(subject: Subject, rate: number, step: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return step();
  const flip = (words: string) =>
    Promise.all(
      subject.portals.map((portal) => {
        const before = portal.output().split(words).length - 1;
        portal.signal("SIGUSR2");
        return portalSays(portal, words, before);
      }),
    );
  await flip("profile started");
  const result = await step();
  await flip("profile written");
  const n = subject.steps.filter((s) => s.rate === rate).length + 1;
  subject.portals.forEach((_, at) => {
    const label = subject.portals.length > 1 ? `${subject.name}-${at + 1}` : subject.name;
    renameSync(path.join(PROFILE_DIR, `${label}.cpuprofile`), path.join(PROFILE_DIR, `${label}-${rate}-${n}.cpuprofile`));
  });
  return result;
}

async function runStep(subject: Subject, rate: number, practicePid: number | undefined): Promise<StepFigures> {
  const lags: number[] = [];
  const pids = subject.portals.map((portal) => portal.pid());
  const sum = (cpuOf: (pid: number | undefined) => number) => pids.reduce<number>((total, pid) => total + cpuOf(pid), 0);
  const cpuAtStart = { portal: sum(processCpuMs), main: sum(mainThreadCpuMs), practice: processCpuMs(practicePid), client: processCpuMs(process.pid), machine: machineCpuMs() };
  const sends = await fireAtPlannedTimes(plannedOffsets(rate, STEP_MS), async (i, plannedAt): Promise<Outcome> => {
    lags.push(performance.now() - plannedAt);
    const { session, screen } = requestOf(i, SESSIONS, SCREENS);
    const outcome = await load(subject.portals[i % subject.portals.length], subject.cookies[session], screen);
    return { latencyMs: performance.now() - plannedAt, outcome };
  });
  const figures = figuresOf(rate, await Promise.all(sends));
  subject.lagP99.push(percentile(lags, 0.99));
  const perView = (now: number, before: number) => (now - before) / figures.sent;
  subject.cpu.push({
    portal: perView(sum(processCpuMs), cpuAtStart.portal),
    main: perView(sum(mainThreadCpuMs), cpuAtStart.main),
    practice: perView(processCpuMs(practicePid), cpuAtStart.practice),
    client: perView(processCpuMs(process.pid), cpuAtStart.client),
    machine: perView(machineCpuMs(), cpuAtStart.machine),
  });
  return figures;
}

/**
 * A screen this checkout has and the base does not (an area added since, such as /sharing) is not a
 * page view both can serve: it is left out of both, and said, so the ratio compares the same mix.
 */
async function screensBothHave(base: Subject): Promise<string[]> {
  const kept: string[] = [];
  for (const screen of SCREENS) {
    const outcome = await load(base.portals[0], base.cookies[0], screen);
    if (outcome === 404) console.log(`${screen}: not in the base build, left out of both`);
    else kept.push(screen);
  }
  return kept;
}

/** Every session loads every screen once (the shell's per-session reads, the world's lazy parts, V8's compiling), a few at a time. */
async function warm(subject: Subject): Promise<void> {
  const loads = subject.portals.flatMap((portal) => subject.cookies.flatMap((cookie) => SCREENS.map((screen) => ({ portal, cookie, screen }))));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < loads.length) {
        const { portal, cookie, screen } = loads[next++];
        const outcome = await load(portal, cookie, screen);
        if (outcome !== 200) throw new Error(`${subject.name}: warming ${screen} answered ${outcome}: the build is broken or the session ended, so no rate would mean anything`);
      }
    }),
  );
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : "-").padStart(6);
const cpuMs = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "-").padStart(7);

function stepLine(subject: Subject, step: StepFigures): string {
  const errors = step.errors ? `${step.errors} (${Object.entries(step.errorKinds).map(([kind, n]) => `${kind}: ${n}`).join(", ")})` : "0";
  const verdict = held(step, P95_LIMIT_MS) ? "held" : step.errors ? "errors" : `p95 over ${P95_LIMIT_MS} ms`;
  return `  ${String(step.rate).padStart(5)}/s  ${subject.name.padEnd(6)} ${String(step.sent).padStart(6)} ${ms(step.p50)} ${ms(step.p95)} ${ms(step.p99)} ${ms(step.max)}  ${ms(subject.lagP99.at(-1)!)} ${cpuMs(subject.cpu.at(-1)!.portal)} ${cpuMs(subject.cpu.at(-1)!.main)} ${cpuMs(subject.cpu.at(-1)!.practice)} ${cpuMs(subject.cpu.at(-1)!.client)} ${cpuMs(subject.cpu.at(-1)!.machine)}   ${errors.padEnd(10)} ${verdict}`;
}

async function main() {
  const started = performance.now();
  const admin = new Agent();
  const mock = await startMock(MOCK_PORT, admin);
  const subjects: Subject[] = [];
  /** Redis and PostgreSQL servers started for BENCH_PROCESSES, stopped at the end. */
  const services: Array<() => Promise<void>> = [];
  /** A Redis of the build's own and a database of its own on the shared PostgreSQL server. */
  async function sharedStores(name: string, postgres: PostgresServer): Promise<Record<string, string>> {
    const redis: RedisServer = await startRedisServer();
    services.push(() => redis.stop());
    return { REDIS_URL: redis.url, DATABASE_URL: await postgres.createDatabase(`open_loop_${name}`) };
  }
  try {
    const env = {
      PRACTICE_IDENTITY_URL: mock.url,
      SESSION_SECRET: "open-loop-bench-secret-of-at-least-32-characters",
      CAPTCHA_MAX_NUMBER: "1000",
      // Every session signs in from 127.0.0.1: the per-address pause would stop the set-up.
      SIGNIN_MAX_FAILURES_PER_ADDRESS: "100000",
      ...(process.env.PORTAL_PAGES_AT_WORK ? { PORTAL_PAGES_AT_WORK: process.env.PORTAL_PAGES_AT_WORK } : {}),
      ...(process.env.BENCH_PORTAL_NODE_OPTIONS || PROFILE_DIR ? { NODE_OPTIONS: [process.env.BENCH_PORTAL_NODE_OPTIONS, PROFILE_DIR && `--import ${path.resolve("bench/profile-on-signal.mjs")}`].filter(Boolean).join(" ") } : {}),
    };
    const builds: Array<[string, string | undefined]> = [[BASE ? "this" : "portal", undefined], ...(BASE ? [["base", BASE] as [string, string]] : [])];
    const postgres = PROCESSES > 1 ? await startPostgresServer() : null;
    if (postgres) services.push(() => postgres.remove());
    for (const [at, [name, cwd]] of builds.entries()) {
      // One process: its store in memory, for both builds alike (neither writes its access records to disk).
      // Several: a Redis and a database of the build's own, shared by its processes (the README's production).
      const shared: Record<string, string> = postgres ? await sharedStores(name, postgres) : { PORTAL_DATA_DIR: "memory://" };
      const portals: PortalProcess[] = [];
      for (let n = 0; n < PROCESSES; n++) {
        const label = PROCESSES > 1 ? `${name}-${n + 1}` : name;
        const profileFile: Record<string, string> = PROFILE_DIR ? { BENCH_PROFILE_FILE: path.join(PROFILE_DIR, `${label}.cpuprofile`) } : {};
        portals.push(await startPortalProcess(MOCK_PORT + 1 + at * PROCESSES + n, { ...env, ...profileFile, ...shared }, cwd));
      }
      const cookies: string[] = [];
      // Signed in through the first process: the others find the session in the shared Redis.
      for (let i = 0; i < SESSIONS; i++) cookies.push((await signInSolo(mock.url, portals[0], admin)).cookie!);
      subjects.push({ name, portals, cookies, steps: [], lagP99: [], cpu: [], stopped: false });
    }
    await admin.close();
    const base = subjects.find((subject) => subject.name === "base");
    if (base) SCREENS = await screensBothHave(base);
    for (const subject of subjects) await warm(subject);
    // The warming's leftovers (garbage, batched access-record writes) would otherwise land on the first step.
    await new Promise((r) => setTimeout(r, COOL_MS));
    console.log(
      `Open loop: page views of ${SCREENS.length} signed-in screens by ${SESSIONS} sessions at a fixed rate${PROCESSES > 1 ? `, ${PROCESSES} processes a build sharing its Redis and PostgreSQL` : ", one process a build, its store in memory"}, ${STEP_MS / 1000} s a step${REPEATS > 1 ? `, ${REPEATS} steps a rate` : ""}, ${COOL_MS / 1000} s of quiet after each; latency from the planned send to the last byte (set-up ${((performance.now() - started) / 1000).toFixed(0)} s${BASE ? `; this checkout and ${BASE} in turn, a step each in turn, the order swapped at every turn` : ""}):`,
    );
    console.log(`  ${"rate".padStart(7)}  ${"build".padEnd(6)} ${"sent".padStart(6)} ${"p50".padStart(6)} ${"p95".padStart(6)} ${"p99".padStart(6)} ${"max".padStart(6)}  ${"lag99".padStart(6)} ${"cpu".padStart(7)} ${"main".padStart(7)} ${"mock".padStart(7)} ${"client".padStart(7)} ${"machine".padStart(7)}   errors     verdict (ms; lag99: the client's own lateness in sending; cpu, mock, client: the portal's, the practice's and this bench's CPU a page view, every thread; main: the portal's main thread alone${PROCESSES > 1 ? ", both summed over its processes" : ""}; machine: every process's, Redis and PostgreSQL included)`);
    let turn = 0;
    for (const rate of RATES) {
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        const order = turn++ % 2 === 0 ? subjects : [...subjects].reverse();
        for (const subject of order) {
          if (subject.stopped) continue;
          const step = await profiled(subject, rate, () => runStep(subject, rate, mock.pid));
          subject.steps.push(step);
          console.log(stepLine(subject, step));
          await new Promise((r) => setTimeout(r, COOL_MS));
        }
      }
      // A build stops climbing at the first rate it did not hold (most of its steps at that rate).
      for (const subject of subjects) if (!subject.stopped && highestHeld(subject.steps, P95_LIMIT_MS) !== rate) subject.stopped = true;
      if (subjects.every((s) => s.stopped)) break;
    }
    console.log("");
    const best = subjects.map((subject) => ({ subject, rate: highestHeld(subject.steps, P95_LIMIT_MS) }));
    for (const { subject, rate } of best) {
      const ceiling = subject.stopped ? "" : ` (never failed: the rates listed ran out, so this is a floor)`;
      console.log(`${subject.name}: the highest rate held (p95 ≤ ${P95_LIMIT_MS} ms, no error${REPEATS > 1 ? `, in most of its ${REPEATS} steps` : ""}): ${rate === null ? "none (the first step failed)" : `${rate} a second`}${ceiling}`);
    }
    if (best.length === 2) {
      const [head, base] = best;
      const ratio = head.rate !== null && base.rate ? head.rate / base.rate : NaN;
      console.log(`this / base: ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : "n/a"} (goal, issue 53: ${GOAL_RATIO}x or more; one step of the rates listed is the resolution)`);
    }
    console.log(`Run time ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await agent.close();
    for (const subject of subjects) for (const portal of subject.portals) await portal.stop();
    await mock.stop();
    for (const stop of services) await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
