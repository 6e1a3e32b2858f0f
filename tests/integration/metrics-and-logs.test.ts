import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { getInvoices } from "~/.server/practice/accounts.server";
import { getPatient } from "~/.server/practice/patient.server";
import { feeCents, feeRateBasisPoints, toCents } from "~/lib/money";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { testTempDir } from "../helpers/test-temp";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";
import { loginHelpSteps, signInSteps } from "~/areas/sign-in/steps";

/**
 * Issue 34's metrics and logs (decisions/262), against the built portal as its own process: the
 * Prometheus text parsed after a sign-in and a page load, every series there and every label value
 * from a closed set; the JSON log read back for its fields, the request id the same in the reply's
 * header, the log and the practice's journal; and every kind of secret sent through, found in neither.
 */

const mock = useMockServer();
const SESSION_SECRET = "metrics-test-secret-of-at-least-32-characters";
const logFile = path.join(testTempDir("metrics-logs-"), "portal.log");

let redis: RedisServer;
let portal: PortalProcess;
let metricsPort: number;
/** The same portal with no METRICS_PORT. */
let plain: PortalProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  metricsPort = await freePort();
  const env = { SESSION_SECRET, CAPTCHA_MAX_NUMBER: "1000", SIGNIN_MAX_FAILURES_PER_ADDRESS: "1000", SIGNIN_MAX_FAILURES_PER_ACCOUNT: "3", PRACTICE_IDENTITY_URL: mock.url };
  [portal, plain] = await Promise.all([
    startPortalProcess(await freePort(), { ...env, REDIS_URL: redis.url, LOG_FILE: logFile, METRICS_PORT: String(metricsPort) }),
    startPortalProcess(await freePort(), { ...env, LOG_LEVEL: "silent" }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([portal?.stop(), plain?.stop()]);
  await redis?.stop();
}, 30_000);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus's text format, the samples of it: `name{a="b",c="d"} value`. */
function parseMetrics(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (line === "" || line.startsWith("#")) continue;
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    samples.push({ name: sample[1], labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

async function metrics() {
  const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain");
  const text = await res.text();
  return { text, ...parseMetrics(text) };
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((total, s) => total + s.value, 0);

/** Every value each of the portal's own labels may take. */
const PRACTICE_PATHS = new Set(Object.values(endpoints).map((e) => e.path));
const CLOSED: Record<string, (value: string) => boolean> = {
  method: (v) => ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "other"].includes(v),
  route: (v) => v === "static" || v === "unrouted" || /^\/([A-Za-z][\w-]*|:[a-z]+|\*|__manifest)?(\/([A-Za-z][\w-]*|:[a-z]+|\*))*$/.test(v),
  status: (v) => /^[1-5]\d\d$|^none$/.test(v),
  endpoint: (v) => PRACTICE_PATHS.has(v),
  outcome: (v) => ["ok", "refused", "http_error", "contract", "timeout", "unreachable", "signedIn", "rejected", "throttled", "invalid", "failed", "expired", "passwordUpdate", "chooseAccount", "cancelled", "secondStep", "recoveryCodes"].includes(v),
  step: (v) => ["sign-in", "switch", "change-password", "choose-account", "cancel", "second-step", "second-step-resend", "second-step-continue"].includes(v),
  event: (v) => ["started", "recorded", "left_open", "blocked"].includes(v),
  store: (v) => ["redis", "memory"].includes(v),
  operation: (v) => ["migrate", "ping", "access.record", "access.list", "access.purge", "second-step.read", "second-step.write", "devices.read", "devices.write", "share-links.read", "share-links.write", "share-links.purge", "passkeys.read", "passkeys.write"].includes(v),
  mail: (v) => ["new-device"].includes(v),
  state: (v) => ["connected", "free", "queued", "pending", "running"].includes(v),
  le: (v) => /^(\d+(\.\d+)?|\+Inf)$/.test(v),
};

async function signIn(world: TestWorld, label: string): Promise<Browser> {
  const browser = new Browser();
  await browser.signIn(portal, world.user(label));
  return browser;
}

interface LogLine {
  level: string;
  time: string;
  kind?: string;
  msg: string;
  requestId?: string;
  correlationId?: string;
  method?: string;
  route?: string;
  endpoint?: string;
  outcome?: string;
  status?: number | string;
  durationMs?: number;
}

const logLines = (): LogLine[] =>
  readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LogLine);

/** The TCP ports a process listens on, read from /proc (its socket inodes against the LISTEN rows). */
function listeningPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const row of readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = row.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== "0A" || !inodes.has(cols[9])) continue;
      ports.push(parseInt(cols[1].split(":")[1], 16));
    }
  }
  return ports.sort((a, b) => a - b);
}

describe("metrics (METRICS_PORT)", () => {
  it("after a sign-in and a page load: every series, label values from closed sets, nothing of the patient's", async () => {
    const world = await mock.createWorld({ seed: 11 });
    const browser = await signIn(world, "solo");
    const page = await browser.fetch(portal, "/");
    expect(page.status).toBe(200);
    const html = await page.text();
    // Throttled: a fourth wrong password for one account (SIGNIN_MAX_FAILURES_PER_ACCOUNT 3).
    const family = world.user("family");
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const guesser = new Browser();
      const captcha = await guesser.solveCaptcha(portal);
      outcomes.push((await guesser.step(portal, signInSteps, "sign-in", { username: family.username, password: "Wrong-password-1", captcha, redirectTo: "/" })).kind);
    }
    expect(outcomes).toContain("refused");

    const { text, types, samples } = await metrics();
    // Declared, with their types.
    for (const [name, type] of [
      ["portal_http_request_duration_seconds", "histogram"],
      ["portal_practice_call_duration_seconds", "histogram"],
      ["portal_practice_pool_wait_seconds", "histogram"],
      ["portal_practice_pool_connections", "gauge"],
      ["portal_practice_pool_requests", "gauge"],
      ["portal_pages_at_work", "gauge"],
      ["portal_pages_waiting", "gauge"],
      ["portal_sign_in_outcomes_total", "counter"],
      ["portal_payments_total", "counter"],
      ["portal_state_store_errors_total", "counter"],
      ["portal_store_query_duration_seconds", "histogram"],
      ["portal_store_errors_total", "counter"],
      ["portal_store_write_retries_total", "counter"],
      ["portal_store_writes_lost_total", "counter"],
      ["process_cpu_seconds_total", "counter"],
      ["nodejs_eventloop_lag_seconds", "gauge"],
      ["nodejs_heap_size_used_bytes", "gauge"],
    ]) expect(types.get(name), name).toBe(type);

    // The page load, by its route's pattern; the sign-in step, by its own.
    expect(sum(samples, "portal_http_request_duration_seconds_count", { method: "GET", route: "/", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_http_request_duration_seconds_count", { method: "POST", route: "/login/flow", status: "200" })).toBeGreaterThanOrEqual(6);
    // The dashboard's practice calls, by contract path and outcome.
    expect(sum(samples, "portal_practice_call_duration_seconds_count", { endpoint: "Patient/RefreshCounter", method: "GET", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_practice_call_duration_seconds_count", { endpoint: "api/Authentication", outcome: "ok" })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_practice_pool_wait_seconds_count")).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_practice_pool_connections", { state: "connected" })).toBeGreaterThanOrEqual(0);
    expect(samples.some((s) => s.name === "portal_practice_pool_requests" && s.labels.state === "queued")).toBe(true);
    expect(sum(samples, "portal_sign_in_outcomes_total", { step: "sign-in", outcome: "signedIn" })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_sign_in_outcomes_total", { step: "sign-in", outcome: "rejected" })).toBeGreaterThanOrEqual(1);
    expect(sum(samples, "portal_sign_in_outcomes_total", { step: "sign-in", outcome: "throttled" })).toBeGreaterThanOrEqual(1);
    // The portal store (embedded here): migrated and purged at start-up, each query timed by its operation.
    expect(sum(samples, "portal_store_query_duration_seconds_count", { operation: "migrate" })).toBe(1);
    expect(sum(samples, "portal_store_query_duration_seconds_count", { operation: "access.purge" })).toBeGreaterThanOrEqual(1);

    // Every label of the portal's own series from its closed set.
    for (const sample of samples.filter((s) => s.name.startsWith("portal_"))) {
      for (const [key, value] of Object.entries(sample.labels)) {
        expect(CLOSED[key], `label ${key} of ${sample.name}`).toBeDefined();
        expect(CLOSED[key](value), `${sample.name} ${key}="${value}"`).toBe(true);
      }
    }
    // Node's default series: plain words only.
    for (const sample of samples.filter((s) => !s.name.startsWith("portal_"))) for (const value of Object.values(sample.labels)) expect(value).toMatch(/^[\w.+-]*$/);

    // Nothing of the patient's, nor their secrets, anywhere in the text.
    const solo = world.user("solo");
    const session = await world.signIn("solo");
    const patient = await getPatient(session.api, session.id);
    const secrets = [solo.username, solo.password, family.username, session.id, session.token, patient!.extension.nhi!, ...(patient!.name[0]?.given ?? []), patient!.name[0]!.family!, browser.cookie!.split("=")[1]];
    for (const secret of secrets.filter((s) => s && s.length >= 3)) expect(text).not.toContain(secret);
    expect(html).toContain(patient!.name[0]!.family!);
  }, 90_000);

  it("counts payments started, left open by an answer that says neither, and recorded", async () => {
    const world = await mock.createWorld({ seed: 15 });
    const browser = await signIn(world, "solo");
    const s = await world.signIn("solo");
    const invoice = (await getInvoices(s.api, s.id, "pending")).resources[0]!;
    const amount = toCents(invoice.extension.balance)!;
    const fee = feeCents(amount, feeRateBasisPoints("Visa - 2.5%")!);
    const key = `metrics-pay-${Date.now()}`;
    // As the browser's callStep posts a step (decisions/280).
    const pay = (name: string, input: Record<string, unknown>) => browser.post<{ ok: boolean; reply?: unknown }>(portal, "/accounts/pay", { step: name, input: JSON.stringify(input) });
    const before = (await metrics()).samples;
    const count = (samples: Sample[], event: string) => sum(samples, "portal_payments_total", { event });

    expect(await pay("save-temp", { key, cardType: "Visa - 2.5%", amountCents: amount, feeCents: fee, allocations: [{ id: invoice.id, payNowCents: amount }] })).toMatchObject({ ok: true, reply: { outcome: "saved" } });
    const intent = await pay("intent", { key });
    expect(await pay("confirm", { clientSecret: String(intent.reply), cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" })).toMatchObject({ ok: true });
    await world.fault({ path: "patient/SavePayment", body: "empty", times: 1 });
    expect(await pay("record", { key })).toEqual({ ok: true, reply: "unknown" });
    expect(await pay("record", { key })).toEqual({ ok: true, reply: true });

    const after = (await metrics()).samples;
    expect(count(after, "started") - count(before, "started")).toBe(1);
    expect(count(after, "left_open") - count(before, "left_open")).toBe(1);
    expect(count(after, "recorded") - count(before, "recorded")).toBe(1);
  }, 60_000);

  it("counts the session store's errors while Redis is away", async () => {
    const world = await mock.createWorld({ seed: 12 });
    const browser = await signIn(world, "solo");
    const before = sum((await metrics()).samples, "portal_state_store_errors_total", { store: "redis" });
    await redis.stop();
    try {
      const res = await browser.fetch(portal, "/");
      expect(res.status).toBe(503);
      await res.arrayBuffer();
      expect(sum((await metrics()).samples, "portal_state_store_errors_total", { store: "redis" })).toBeGreaterThan(before);
    } finally {
      await redis.start();
    }
  }, 60_000);

  it("unset, nothing listens for metrics: the process listens on its portal's port alone", async () => {
    expect(listeningPorts(plain.pid()!)).toEqual([plain.port]);
    expect(listeningPorts(portal.pid()!)).toEqual([portal.port, metricsPort].sort((a, b) => a - b));
  });
});

describe("structured logs (LOG_FILE)", () => {
  it("a request's line has its fields and the id of its X-Request-Id; the practice received it on every call of the request", async () => {
    const world = await mock.createWorld({ seed: 13 });
    const browser = await signIn(world, "solo");
    await world.clearRequests();
    const res = await fetch(`${portal.url}/`, { headers: { Cookie: browser.cookie! }, redirect: "manual" });
    expect(res.status).toBe(200);
    await res.text();
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    await expect.poll(() => logLines().some((l) => l.kind === "request" && l.requestId === id)).toBe(true);
    const line = logLines().find((l) => l.kind === "request" && l.requestId === id)!;
    expect(line).toMatchObject({ level: "info", method: "GET", route: "/", status: 200 });
    expect(line.durationMs).toBeTypeOf("number");
    expect(Object.keys(line).sort()).toEqual(["durationMs", "kind", "level", "method", "msg", "requestId", "route", "status", "time"]);

    // Its practice calls: each logged with the same id, and each received by the practice with it.
    const calls = logLines().filter((l) => l.kind === "practice" && l.requestId === id);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const call of calls) {
      expect(PRACTICE_PATHS.has(call.endpoint!)).toBe(true);
      expect(call).toMatchObject({ correlationId: id, outcome: "ok", status: 200 });
    }
    const journal = await world.requests();
    expect(journal.length).toBeGreaterThanOrEqual(calls.length);
    for (const entry of journal) expect(entry.correlationId, entry.path).toBe(id);
  });

  it("an incoming X-Request-Id is kept only when it is a plain token", async () => {
    const kept = await fetch(`${portal.url}/login`, { headers: { "X-Request-Id": "lb-7f3a9c2e.0001" } });
    await kept.arrayBuffer();
    expect(kept.headers.get("x-request-id")).toBe("lb-7f3a9c2e.0001");
    for (const bad of ["short", "has space in it", "x".repeat(65), "<script>alert(1)</script>"]) {
      const res = await fetch(`${portal.url}/login`, { headers: { "X-Request-Id": bad } });
      await res.arrayBuffer();
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("no password, token, cookie, NHI, name or free text reaches the log", async () => {
    const world = await mock.createWorld({ seed: 14 });
    const solo = world.user("solo");
    const browser = await signIn(world, "solo");
    const session = await world.signIn("solo");
    const patient = (await getPatient(session.api, session.id))!;
    const nhi = patient.extension.nhi!;
    const given = patient.name[0]!.given![0]!;
    const family = patient.name[0]!.family!;
    const cookie = browser.cookie!;
    const queryToken = "tok3nSecretValue9f8e7d";
    const words = "Chest pain since Tuesday, please call";

    // A page with token-ish and identifying queries, with the session cookie.
    const page = await fetch(`${portal.url}/?Token=${queryToken}&nhi=${nhi}&name=${encodeURIComponent(family)}`, { headers: { Cookie: cookie } });
    await page.text();
    const switched = await fetch(`${portal.url}/loginSwitch/${queryToken}`, { redirect: "manual" });
    await switched.arrayBuffer();
    // Login Help: an NHI, a name and free text in the body, sent on to the practice.
    const helper = new Browser();
    const captcha = await helper.solveCaptcha(portal);
    const help = await helper.step(portal, loginHelpSteps, "send", { email: "", nhi, firstName: given, familyName: family, dob: "01-02-1980", subject: "Cannot sign in", message: words, captcha });
    expect(help.message).not.toBe("");
    // A wrong password, and the right one.
    await new Browser().step(portal, signInSteps, "sign-in", { username: solo.username, password: "Not-the-password-42", captcha: "", redirectTo: "/" });

    await expect.poll(() => logLines().filter((l) => l.kind === "practice" && l.endpoint === "SendHelpMessage").length).toBeGreaterThanOrEqual(1);
    const log = readFileSync(logFile, "utf8");
    for (const secret of [solo.password, "Not-the-password-42", solo.username, cookie, cookie.split("=")[1], queryToken, nhi, given, family, words, "Cannot sign in", session.token, session.id]) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).toContain('"route":"/loginSwitch/:q"');
  });
});
