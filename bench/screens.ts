/**
 * `npm run bench:screens` (issue 35): the portal server's own work for every signed-in screen. The
 * built portal (`build/node/serve.js`, as `npm start` runs it) and the mock practice each run as a
 * process of their own, so the practice's work is not the portal's; `solo` of a fresh world loads each
 * screen ROUNDS times with brotli and ROUNDS times uncompressed. For each screen it prints the median
 * time to the last byte and the portal process's CPU time per render, with brotli and without, and how
 * much of it was the main thread's (read from /proc: it counts the work a request causes after its
 * answer too, such as its access-record write, and it is much less sensitive to a busy machine than a
 * duration is).
 *
 * BENCH_BASE=<another checkout, built> runs that checkout's portal beside this one against the same mock
 * and takes the two in turn, ten loads at a time, so that both see the same machine: the comparison
 * with today's `main` that issue 35 asks for (`git worktree add ../base main`, `npm ci`, `npm run build`
 * there). Both stores are then in memory.
 *
 * BENCH_SCREENS=/,/profile takes only those screens (a quicker before-and-after of one change);
 * BENCH_WARM loads each screen that many times (30) before measuring it.
 * BENCH_NODE_OPTIONS runs this checkout's portal with those Node options (a runtime setting tried
 * against the same build taken in turn: BENCH_BASE=. BENCH_NODE_OPTIONS=--max-semi-space-size=32).
 *
 * BENCH_PROFILE=1 also profiles PROFILE_ROUNDS dashboard renders, BENCH_PROFILE=/profile that screen's (the
 * V8 sampling profiler, started and stopped by signal around them, bench/profile-on-signal.mjs), writes the .cpuprofile (open it in
 * Chrome's DevTools) and prints where the time went, by part. With BENCH_PROFILE_KIND=allocations it
 * takes V8's sampling heap profile instead (freed objects included), writes the .heapprofile and prints
 * the bytes a render allocates, by part and by the functions that allocate most (issue 53: the garbage
 * collector's share grows with them; a byte count does not depend on how busy the machine is).
 *
 * With the dashboard among the screens it also times the dashboard with 100 ms added to each of its
 * practice calls against one such call (issue 35's ratio, `roundTrips` below). Not a test: it asserts nothing.
 * Run `npm run build` first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Agent } from "undici";
import { AREAS } from "~/lib/areas";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { createWorld, signIn, startMock, type CreatedWorld } from "./practice-and-portal";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
/** Loads of one encoding in a row, per subject, between two readings of its CPU. */
const BLOCK = 10;
/** Loads of each screen before it is measured. */
const WARM_LOADS = Number(process.env.BENCH_WARM ?? 30);
const PROFILE_ROUNDS = Number(process.env.PROFILE_ROUNDS ?? 200);
const PROFILE_ALLOCATIONS = process.env.BENCH_PROFILE_KIND === "allocations";
const MOCK_PORT = Number(process.env.BENCH_PORT ?? 5270);
const ALL_SCREENS = ["/", "/profile", ...AREAS.map((area) => area.path)];
/** BENCH_SCREENS=/,/profile: only these (a quicker before-and-after of one change). */
/** BENCH_PROFILE=1 profiles the dashboard; a screen's path, that screen. */
const PROFILE_SCREEN = ALL_SCREENS.find((screen) => screen === process.env.BENCH_PROFILE) ?? "/";
const SCREENS = process.env.BENCH_SCREENS ? process.env.BENCH_SCREENS.split(",").filter((screen) => ALL_SCREENS.includes(screen)) : ALL_SCREENS;

/**
 * The process's CPU time so far, in ms: in all, and on its main thread (the JavaScript). Read from each
 * thread's /proc schedstat (nanoseconds, so one render's share is exact, where /proc/<pid>/stat counts
 * 10 ms ticks); the other threads are V8's (garbage collection, compiling) and libuv's pool (brotli).
 * Null where there is no /proc.
 */
function cpuMs(pid: number | undefined): { all: number; main: number } | null {
  if (!pid) return null;
  try {
    let all = 0;
    let main = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      let ns: number;
      try {
        ns = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        continue; // the thread ended between the listing and the read
      }
      all += ns / 1e6;
      if (task === String(pid)) main = ns / 1e6;
    }
    return { all, main };
  } catch {
    return null;
  }
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

async function load(portal: PortalProcess, cookie: string, screen: string, encoding: "br" | "identity"): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(`${portal.url}${screen}`, { headers: { Cookie: cookie, "Accept-Encoding": encoding }, redirect: "manual" });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200) throw new Error(`${screen}: HTTP ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

/** Which part of the server a profile's frame belongs to, by the file it runs in. */
const PARTS: Array<[RegExp, string]> = [
  [/node_modules\/(react-dom|react|scheduler)\//, "React: rendering to HTML"],
  [/node_modules\/(react-router|@react-router)\//, "React Router: matching, loaders' data, streaming"],
  [/node_modules\/zod\//, "zod: contract parsing of practice replies, forms"],
  [/node_modules\/(@visx|d3-[a-z-]+)\//, "charts (visx, d3)"],
  [/node_modules\/luxon\//, "dates (luxon)"],
  [/node_modules\/(compression)\/|node:zlib/, "compression"],
  [/node_modules\/undici\/|node:internal\/deps\/undici/, "practice calls: the HTTP client"],
  [/node_modules\/(pino|sonic-boom|pino-std-serializers)\//, "logs"],
  [/node_modules\/prom-client\//, "metrics"],
  [/node_modules\/(@electric-sql\/pglite|drizzle-orm|pg|pg-pool|pg-protocol)\/|^wasm:/, "portal store (access record writes)"],
  [/node_modules\/(express|router|body-parser|cookie|send|serve-static|finalhandler|on-finished)\//, "Express"],
  [/node_modules\/(ioredis|@redis)\//, "state store (Redis)"],
  [/build\/server\//, "the portal's own code: routes, loaders, components, session"],
  [/build\/node\//, "the portal's server: headers, CSP, request log"],
  [/node_modules\//, "other packages"],
  [/^node:/, "Node itself: the HTTP server, sockets, timers"],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}

/** Self time by part; a frame with no file (native code, the garbage collector) counts for its nearest caller that has one. */
function summarise(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // The profiler's own stop (serialising the profile) is on the stack of the signal handler: not the portal's work.
  const profilerOwn = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) if (byId.get(at)!.callFrame.url.endsWith("profile-on-signal.mjs")) return true;
    return false;
  };
  // Node's own modules count for the part that called them (a log line's write is the logs'), and only
  // what nothing of ours or of a package asked for (the HTTP server's parsing, timers) is Node's itself.
  const NODE = "Node itself: the HTTP server, sockets, timers";
  const partOf = (id: number): string => {
    let inNode = false;
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const url = byId.get(at)!.callFrame.url;
      if (!url) continue;
      const part = PARTS.find(([pattern]) => pattern.test(url))?.[1] ?? "other";
      if (part !== NODE) return part;
      inNode = true;
    }
    return inNode ? NODE : "other (no file on the stack)";
  };
  const totals = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const name = byId.get(id)!.callFrame.functionName;
    if (name === "(idle)" || name === "(program)" || profilerOwn(id)) return;
    const part = name === "(garbage collector)" ? "garbage collection" : partOf(id);
    const us = profile.timeDeltas[i] ?? 0;
    totals.set(part, (totals.get(part) ?? 0) + us);
    busy += us;
  });
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([part, us]) => `  ${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000 / PROFILE_ROUNDS).toFixed(2).padStart(6)} ms a render  ${part}`);
}

/** A node of V8's sampling heap profile: bytes allocated by the frame itself, estimated from the samples. */
interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}

/** Bytes a render allocates, by part (the nearest frame with a file, as `summarise`) and by the functions that allocate most. */
function summariseAllocations(profile: { head: AllocationNode }): string[] {
  const NODE = "Node itself: the HTTP server, sockets, timers";
  const byPart = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const visit = (node: AllocationNode, stack: readonly AllocationNode[]) => {
    const here = [...stack, node];
    if (node.selfSize > 0 && !here.some((frame) => frame.callFrame.url.endsWith("profile-on-signal.mjs"))) {
      let part = "other (no file on the stack)";
      for (const frame of [...here].reverse()) {
        const { url } = frame.callFrame;
        if (!url) continue;
        part = PARTS.find(([pattern]) => pattern.test(url))?.[1] ?? "other";
        if (part !== NODE) break;
      }
      byPart.set(part, (byPart.get(part) ?? 0) + node.selfSize);
      const { functionName, url, lineNumber } = node.callFrame;
      const where = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*\/(node_modules|build)\//, "$1/")}:${lineNumber + 1}` : ""}`;
      byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child, here);
  };
  visit(profile.head, []);
  const kb = (bytes: number) => `${(bytes / 1024 / PROFILE_ROUNDS).toFixed(1).padStart(7)} KB a render`;
  return [
    `  ${kb(total)}  in all`,
    ...[...byPart].sort((a, b) => b[1] - a[1]).map(([part, bytes]) => `  ${kb(bytes)}  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${part}`),
    "  The functions that allocate most:",
    ...[...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([where, bytes]) => `  ${kb(bytes)}  ${where}`),
  ];
}

async function profileScreen(portal: PortalProcess, cookie: string, screen: string, file: string): Promise<string[]> {
  const said = (words: string) =>
    new Promise<void>((resolve, reject) => {
      const until = Date.now() + 30_000;
      const look = () => (portal.output().includes(words) ? resolve() : Date.now() > until ? reject(new Error(`The portal never said "${words}"`)) : setTimeout(look, 50));
      look();
    });
  portal.signal("SIGUSR2");
  await said("profile started");
  for (let i = 0; i < PROFILE_ROUNDS; i++) await load(portal, cookie, screen, "br");
  portal.signal("SIGUSR2");
  await said("profile written");
  const profile = JSON.parse(readFileSync(file, "utf8"));
  return PROFILE_ALLOCATIONS ? summariseAllocations(profile) : summarise(profile);
}

interface Subject {
  name: string;
  portal: PortalProcess;
  cookie: string;
  /** The world its patient is in (each subject has its own, so one's faults are not the other's). */
  world: CreatedWorld;
}

/**
 * One round trip, not two (issue 35: 1.15x or less). With DELAY_MS added to each of the dashboard's
 * practice calls, its token check included, a load should take about one such call, since the calls run
 * together and none waits for another: what it takes beyond that is the page's own server time. The
 * practice is a process of its own here, as a real one is a server of its own: the practice's work in
 * answering five calls at once is not the portal's (`npm run bench` measured it with the mock in the
 * portal's process until 2026-11-27, which put the mock's work into the ratio). The one call is made by
 * this process straight to the practice; the two are taken in turn, per subject.
 */
const DELAY_MS = 100;
const DASHBOARD_CALLS = ["ValidateToken", "Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"];

async function roundTrips(subjects: Subject[], mockUrl: string, rounds: number): Promise<string[]> {
  const faults = (world: CreatedWorld, init: RequestInit = { method: "DELETE" }) => fetch(`${mockUrl}/__admin/worlds/${world.id}/faults`, init);
  for (const { world } of subjects) {
    for (const path of DASHBOARD_CALLS) {
      const added = await faults(world, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path, delayMs: DELAY_MS }) });
      if (added.status !== 201) throw new Error(`A ${DELAY_MS} ms delay on ${path}: HTTP ${added.status}`);
    }
  }
  const times = subjects.map(() => ({ page: [] as number[], call: [] as number[] }));
  try {
    for (let i = 0; i < rounds; i++) {
      for (const [at, subject] of subjects.entries()) {
        let started = performance.now();
        const call = await fetch(`${subject.world.apiUrl}ValidateToken`, { headers: { Token: "not-a-token" } });
        await call.arrayBuffer();
        times[at].call.push(performance.now() - started);
        started = performance.now();
        await load(subject.portal, subject.cookie, "/", "br");
        times[at].page.push(performance.now() - started);
      }
    }
  } finally {
    for (const { world } of subjects) await faults(world);
  }
  return subjects.map(({ name }, at) => {
    const [page, call] = [median(times[at].page), median(times[at].call)];
    return `  ${name}: the dashboard ${page.toFixed(1)} ms, one call ${call.toFixed(1)} ms (medians of ${rounds}): ratio ${(page / call).toFixed(2)}x (target 1.15x or less)`;
  });
}

async function main() {
  const profileFile = path.join(tmpdir(), `${PROFILE_SCREEN === "/" ? "dashboard" : PROFILE_SCREEN.slice(1)}-${new Date().toISOString().slice(0, 10)}.${PROFILE_ALLOCATIONS ? "heapprofile" : "cpuprofile"}`);
  const admin = new Agent();
  const mock = await startMock(MOCK_PORT, admin);
  const subjects: Subject[] = [];
  try {
    const env = { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "screens-bench-secret-of-at-least-32-characters", CAPTCHA_MAX_NUMBER: "1000" };
    // Compared with another checkout's build (BENCH_BASE), both stores are in memory: the same for each.
    const base = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : null;
    const portals: Array<[string, Promise<PortalProcess>]> = [
      [base ? "this" : "portal", startPortalProcess(MOCK_PORT + 1, { ...env, ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}), ...(base ? { PORTAL_DATA_DIR: "memory://" } : {}), ...(process.env.BENCH_PROFILE ? { NODE_OPTIONS: `--import ${path.resolve("bench/profile-on-signal.mjs")}`, BENCH_PROFILE_FILE: profileFile, BENCH_PROFILE_KIND: process.env.BENCH_PROFILE_KIND ?? "" } : {}) })],
      ...(base ? [["base", startPortalProcess(MOCK_PORT + 2, { ...env, PORTAL_DATA_DIR: "memory://" }, base)] as [string, Promise<PortalProcess>]] : []),
    ];
    for (const [name, starting] of portals) {
      const portal = await starting;
      const world = await createWorld(mock.url, admin);
      subjects.push({ name, portal, world, cookie: (await signIn(portal, world.users.find((u) => u.label === "solo")!)).cookie! });
    }
    await admin.close();
    console.log(`Server work per signed-in screen (${ROUNDS} loads with brotli, ${ROUNDS} without; the practice answering at once from its own process${base ? `; this checkout and ${base} taken in turn, so both see the same machine` : ""}):`);
    console.log(`  ${"screen".padEnd(16)} ${subjects.map((s) => `${s.name}: brotli ms  plain ms  CPU ms a render (brotli / plain; main thread)  HTML KB`).join("   ")}`);
    for (const screen of SCREENS) {
      // Warm: the first loads build the world's lazy parts, compile the screen's modules and let V8 optimise
      // what a render runs, so that the figures are a running server's rather than a starting one's.
      for (const subject of subjects) for (let i = 0; i < WARM_LOADS; i++) await load(subject.portal, subject.cookie, screen, i % 2 ? "identity" : "br");
      const figures = subjects.map((subject) => ({ subject, brotli: [] as number[], plain: [] as number[], bytes: 0, before: cpuMs(subject.portal.pid()), cpu: { br: 0, plain: 0, known: true } }));
      // The figure a render is the whole run's CPU over its loads, so work done after an answer (the
      // access-record write, batched) counts wherever it falls. The split by encoding reads the CPU around
      // runs of BLOCK loads of one encoding, so only the work the last load of a run leaves behind falls
      // outside its run (read around each load, as until 2026-11-27, every load's leftovers landed in the
      // next window, of the other subject or encoding, which overstated brotli's share; decisions/362).
      const run = async (figure: (typeof figures)[number], encoding: "br" | "identity", loads: number) => {
        const before = cpuMs(figure.subject.portal.pid());
        for (let i = 0; i < loads; i++) {
          const loaded = await load(figure.subject.portal, figure.subject.cookie, screen, encoding);
          (encoding === "br" ? figure.brotli : figure.plain).push(loaded.ms);
          figure.bytes = loaded.bytes;
        }
        const after = cpuMs(figure.subject.portal.pid());
        if (!before || !after) figure.cpu.known = false;
        else figure.cpu[encoding === "br" ? "br" : "plain"] += after.all - before.all;
      };
      for (let done = 0; done < ROUNDS; done += BLOCK) {
        const loads = Math.min(BLOCK, ROUNDS - done);
        for (const figure of figures) await run(figure, "br", loads);
        for (const figure of figures) await run(figure, "identity", loads);
      }
      const row = figures.map(({ subject, brotli, plain, bytes, before, cpu }) => {
        const after = cpuMs(subject.portal.pid());
        const each = (ms: number, loads: number) => (ms / loads).toFixed(1);
        const split = cpu.known && before && after ? `${each(after.all - before.all, 2 * ROUNDS)} (${each(cpu.br, ROUNDS)} / ${each(cpu.plain, ROUNDS)}; ${each(after.main - before.main, 2 * ROUNDS)})` : "n/a";
        return `${" ".repeat(subject.name.length + 2)}${median(brotli).toFixed(1).padStart(9)} ${median(plain).toFixed(1).padStart(9)} ${split.padStart(45)} ${(bytes / 1024).toFixed(1).padStart(8)}`;
      });
      console.log(`  ${screen.padEnd(16)}${row.join("   ")}`);
    }
    if (SCREENS.includes("/")) {
      console.log(`\nThe dashboard with ${DELAY_MS} ms added to each of its ${DASHBOARD_CALLS.length} practice calls, against one such call:`);
      for (const line of await roundTrips(subjects, mock.url, Math.min(ROUNDS, 20))) console.log(line);
    }
    if (process.env.BENCH_PROFILE) {
      console.log(`\n${PROFILE_ALLOCATIONS ? `What a render of ${PROFILE_SCREEN} allocates (${PROFILE_ROUNDS} renders with brotli, V8's sampling heap profile, freed objects included)` : `Where a render of ${PROFILE_SCREEN}'s server time goes (${PROFILE_ROUNDS} renders with brotli, self time by part)`}:`);
      for (const line of await profileScreen(subjects[0].portal, subjects[0].cookie, PROFILE_SCREEN, profileFile)) console.log(line);
      console.log(`The profile: ${profileFile}`);
    }
  } finally {
    for (const subject of subjects) await subject.portal.stop();
    await mock.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
