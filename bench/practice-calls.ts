/**
 * `npm run bench:calls` (issue 53): the practice calls one page view makes, for every signed-in screen,
 * read from the mock's request journal. For each screen a fresh world's `solo` signs in (a new session),
 * and Chromium (the e2e tests' browser, CHROMIUM_PATH) loads the screen twice as a document: the
 * session's first view, then a warm one. Each view counts every journal entry from the navigation's
 * start until the network has been idle for 500 ms and the journal has stopped growing, so what the
 * browser fetches after the HTML (the profile's photo, a route's data) counts with the view that caused
 * it: a patient's page view is all of it, and a bench that requested only the HTML would miss the photo's
 * second token check. Each entry's correlation id (the portal's request id, X-Request-Id on its answer)
 * says which of the view's requests made it.
 *
 * Printed per screen: the calls of the first and of the warm view (count), the warm view's calls as
 * `METHOD path` (`×N` when repeated; with the portal request that made each when not all came from the
 * page itself) and what the first view read beyond them; then the mean over screens and every call
 * repeated within one view, beside issue 53's goal (a warm mean of 3.0 or fewer, no call repeated).
 *
 * BENCH_BASE=<another checkout, built> loads every screen with that checkout's portal too, in turn with
 * this one's, against the same mock (each with worlds of its own): the comparison with today's `main`.
 * BENCH_SCREENS=/,/profile takes only those screens; BENCH_PORT moves the mock (5400) and the portals
 * (the next two ports). Not a test: it asserts nothing, but it stops with an error when the portal
 * answers a screen with anything but that screen (an error, a redirect to sign-in), answers any request
 * with a 5xx, or the journal cannot be read. Run `npm run build` first (and in BENCH_BASE).
 */
import path from "node:path";
import { chromium, type Browser as Chromium, type Page } from "@playwright/test";
import { Agent, fetch as fetchVia } from "undici";
import { AREAS } from "~/lib/areas";
import { CHROMIUM } from "../playwright.config";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { callsBeyond, callsOfView, describeCalls, mean, type JournalCall, type PortalRequest, type ViewCalls } from "./page-view-calls";
import { createWorld, signIn, startMock } from "./practice-and-portal";

const MOCK_PORT = Number(process.env.BENCH_PORT ?? 5400);
const ALL_SCREENS = ["/", "/profile", ...AREAS.filter((area) => area.module).map((area) => area.path)];
const SCREENS = process.env.BENCH_SCREENS ? process.env.BENCH_SCREENS.split(",").filter((screen) => ALL_SCREENS.includes(screen)) : ALL_SCREENS;
const BASE = process.env.BENCH_BASE ? path.resolve(process.env.BENCH_BASE) : null;
/** Issue 53's goal for a warm view. */
const GOAL_MEAN = 3.0;

interface Subject {
  name: string;
  portal: PortalProcess;
}

interface View {
  calls: ViewCalls;
  /** What the browser asked the portal for after the HTML, other than the build's static files. */
  after: string[];
}

async function journal(mockUrl: string, worldId: string, admin: Agent): Promise<JournalCall[]> {
  const res = await fetchVia(`${mockUrl}/__admin/worlds/${worldId}/requests`, { dispatcher: admin });
  if (res.status !== 200) throw new Error(`The journal of world ${worldId} answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { requests?: unknown };
  if (!Array.isArray(body.requests)) throw new Error(`The journal of world ${worldId} is not a list of requests: ${JSON.stringify(body).slice(0, 200)}`);
  return body.requests as JournalCall[];
}

async function clearJournal(mockUrl: string, worldId: string, admin: Agent): Promise<void> {
  const res = await fetchVia(`${mockUrl}/__admin/worlds/${worldId}/requests`, { method: "DELETE", dispatcher: admin });
  if (res.status !== 204) throw new Error(`Clearing the journal of world ${worldId} answered ${res.status}`);
}

/**
 * The journal once it has stopped growing: an entry is written when its call is over, and the portal may
 * finish a call after its answer has gone (work left behind by a request still belongs to its view).
 */
async function settledJournal(mockUrl: string, worldId: string, admin: Agent): Promise<JournalCall[]> {
  let entries = await journal(mockUrl, worldId, admin);
  for (const until = Date.now() + 5_000; Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 300));
    const again = await journal(mockUrl, worldId, admin);
    if (again.length === entries.length) return again;
    entries = again;
  }
  throw new Error(`The journal of world ${worldId} was still growing 5 s after the page's network went quiet`);
}

async function viewOnce(page: Page, subject: Subject, screen: string, mockUrl: string, worldId: string, admin: Agent): Promise<View> {
  await clearJournal(mockUrl, worldId, admin);
  const requests: PortalRequest[] = [];
  const after: string[] = [];
  const failures: string[] = [];
  const origin = new URL(subject.portal.url).origin;
  const onResponse = (res: import("@playwright/test").Response) => {
    const url = new URL(res.url());
    if (url.origin !== origin) return;
    const document = res.request().isNavigationRequest() && res.request().frame() === page.mainFrame();
    // The path alone: a photo's fingerprint or the manifest's list of paths says nothing about where a call came from.
    const label = document ? "document" : url.pathname;
    requests.push({ label, requestId: res.headers()["x-request-id"] ?? null });
    if (!document && !url.pathname.startsWith("/assets/")) after.push(`${label} ${res.status()}`);
    if (res.status() >= 500) failures.push(`${label}: HTTP ${res.status()}`);
  };
  page.on("response", onResponse);
  try {
    const res = await page.goto(`${subject.portal.url}${screen}`, { waitUntil: "networkidle" });
    if (!res || res.status() !== 200 || res.request().redirectedFrom() || new URL(page.url()).pathname !== screen) {
      throw new Error(`${subject.name} ${screen}: answered ${res?.status() ?? "nothing"} at ${page.url()} (an error, or the session ended)`);
    }
  } finally {
    page.off("response", onResponse);
  }
  if (failures.length) throw new Error(`${subject.name} ${screen}: ${failures.join("; ")}`);
  return { calls: callsOfView(await settledJournal(mockUrl, worldId, admin), requests), after };
}

async function measureScreen(chromiumBrowser: Chromium, subject: Subject, screen: string, mockUrl: string, admin: Agent): Promise<{ first: View; warm: View }> {
  const world = await createWorld(mockUrl, admin);
  const session = await signIn(subject.portal, world.users.find((u) => u.label === "solo")!);
  const [name, value] = session.cookie!.split(/=(.*)/s);
  const context = await chromiumBrowser.newContext();
  try {
    await context.addCookies([{ name, value, url: subject.portal.url }]);
    const page = await context.newPage();
    const first = await viewOnce(page, subject, screen, mockUrl, world.id, admin);
    const warm = await viewOnce(page, subject, screen, mockUrl, world.id, admin);
    return { first, warm };
  } finally {
    await context.close();
  }
}

async function main() {
  const admin = new Agent();
  const mock = await startMock(MOCK_PORT, admin);
  const subjects: Subject[] = [];
  let browser: Chromium | null = null;
  try {
    const env = { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "calls-bench-secret-of-at-least-32-characters", CAPTCHA_MAX_NUMBER: "1000", SIGNIN_MAX_FAILURES_PER_ADDRESS: "100000" };
    subjects.push({ name: BASE ? "this" : "portal", portal: await startPortalProcess(MOCK_PORT + 1, env) });
    if (BASE) subjects.push({ name: "base", portal: await startPortalProcess(MOCK_PORT + 2, env, BASE) });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });

    const results = new Map<string, Map<string, { first: View; warm: View }>>(subjects.map((s) => [s.name, new Map()]));
    for (const screen of SCREENS) for (const subject of subjects) results.get(subject.name)!.set(screen, await measureScreen(browser, subject, screen, mock.url, admin));

    console.log(`Practice calls per page view (a fresh world's solo per screen, a new session; Chromium loads the screen as a document, first and then warm, until the network is idle; the world's journal${BASE ? `; this checkout and ${BASE} in turn, the same mock` : ""}):`);
    console.log(`  ${"screen".padEnd(16)}${subjects.map((s) => `${s.name.padStart(8)}: first  warm`).join("   ")}`);
    for (const screen of SCREENS) {
      console.log(`  ${screen.padEnd(16)}${subjects.map((s) => {
        const { first, warm } = results.get(s.name)!.get(screen)!;
        return `${"".padStart(8)}  ${String(first.calls.count).padStart(5)} ${String(warm.calls.count).padStart(5)}`;
      }).join("   ")}`);
    }
    for (const subject of subjects) {
      const views = [...results.get(subject.name)!];
      const meanOf = (pick: "first" | "warm") => mean(views.map(([, v]) => v[pick].calls.count));
      console.log(`  ${"mean".padEnd(16)}${subject.name}: first ${meanOf("first").toFixed(2)}, warm ${meanOf("warm").toFixed(2)} over ${views.length} screens`);
    }

    for (const subject of subjects) {
      const views = [...results.get(subject.name)!];
      const quiet = new Set<string>();
      console.log(`\n${subject.name}: the calls of one warm view (×N: made N times in the view, a repeat when with the same arguments; [from …]: the request that made each, where not all were the page's own), and what the session's first view read beyond them:`);
      for (const [screen, { first, warm }] of views) {
        console.log(`  ${screen.padEnd(16)}${warm.calls.count}: ${describeCalls(warm.calls)}`);
        const beyond = callsBeyond(first.calls, warm.calls);
        if (beyond.length) console.log(`  ${"".padEnd(16)}first view also: ${beyond.join(", ")}`);
        // Only what made practice calls is named here; the rest (React Router's /__manifest) once below.
        const calling = new Set([first, warm].flatMap((v) => v.calls.calls.flatMap((c) => c.from)));
        const fetched = [...new Set([...first.after, ...warm.after])];
        for (const seen of fetched) if (!calling.has(seen.split(" ")[0])) quiet.add(seen.split(" ")[0]);
        const withCalls = fetched.filter((seen) => calling.has(seen.split(" ")[0]));
        if (withCalls.length) console.log(`  ${"".padEnd(16)}fetched after the HTML, with practice calls (first or warm view): ${withCalls.join(", ")}`);
      }
      const repeats = views.flatMap(([screen, v]) => [
        ...v.first.calls.calls.filter((c) => c.distinct < c.times).map((c) => `${screen} first ${c.call} ×${c.times}`),
        ...v.warm.calls.calls.filter((c) => c.distinct < c.times).map((c) => `${screen} warm ${c.call} ×${c.times}`),
      ]);
      const warmMean = mean(views.map(([, v]) => v.warm.calls.count));
      const met = warmMean <= GOAL_MEAN && repeats.length === 0;
      console.log(`  fetched after the HTML with no practice call: ${[...quiet].join(", ") || "nothing"} (the build's /assets not listed)`);
      console.log(`  calls repeated within one view: ${repeats.length ? `${repeats.length}: ${repeats.join("; ")}` : "none"}`);
      console.log(`  goal (issue 53): a warm view's mean ${GOAL_MEAN.toFixed(1)} or fewer and no call repeated within a view: ${warmMean.toFixed(2)}, ${repeats.length} repeated: ${met ? "met" : "not met"}`);
    }
  } finally {
    await browser?.close();
    for (const subject of subjects) await subject.portal.stop();
    await admin.close();
    await mock.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
