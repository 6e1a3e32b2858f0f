import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer, type MockServer } from "../../mock-server/server";
import { getInvoices } from "~/.server/practice/accounts.server";
import { feeCents, feeRateBasisPoints, toCents } from "~/lib/money";
import type { StepEnvelope } from "~/lib/steps";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { testTempDir } from "../helpers/test-temp";
import { freePort, monitorRedis, startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * Issue 34's first part, against the built portal as its own process: /healthz and /readyz, readiness
 * following Redis and the practice going away and coming back, and graceful shutdown (a request held
 * by the practice finishes after SIGTERM while new connections are refused, and so does a payment's
 * last step, which is recorded once; a second signal or the deadline ends it). Every wait is for an event (a held call arriving, a probe's answer changing, the
 * process exiting), never a sized delay.
 */

const mock = useMockServer();
const SESSION_SECRET = "readiness-test-secret-of-at-least-32-characters";
const env = { SESSION_SECRET, CAPTCHA_MAX_NUMBER: "1000", SIGNIN_MAX_FAILURES_PER_ADDRESS: "1000" };
const logFile = path.join(testTempDir("readiness-"), "portal.log");

let redis: RedisServer;
/** Against the file's mock and Redis, with a request log: probes, Redis away, then a graceful stop. */
let portal: PortalProcess;
/** Against a mock of its own that the test stops and starts, with a long drain. */
let draining: PortalProcess;
let ownMock: MockServer;
let ownMockPort: number;

beforeAll(async () => {
  redis = await startRedisServer();
  ownMockPort = await freePort();
  ownMock = await createMockServer({ port: ownMockPort });
  [portal, draining] = await Promise.all([
    startPortalProcess(await freePort(), { ...env, PRACTICE_IDENTITY_URL: mock.url, REDIS_URL: redis.url, LOG_FILE: logFile }),
    startPortalProcess(await freePort(), { ...env, PRACTICE_IDENTITY_URL: ownMock.url, SHUTDOWN_DRAIN_MS: "600000" }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([portal?.stop(), draining?.stop()]);
  await Promise.all([redis?.stop(), ownMock?.close()]);
}, 30_000);

async function probe(target: PortalProcess, what: "healthz" | "readyz") {
  const res = await fetch(`${target.url}/${what}`);
  return { status: res.status, cache: res.headers.get("cache-control"), body: (await res.json()) as Record<string, unknown> };
}

/** Polls /readyz until it answers `status` (each poll is an event: the probe's own answer). */
async function readyzBecomes(target: PortalProcess, status: number) {
  await expect.poll(async () => (await probe(target, "readyz")).status, { timeout: 15_000, interval: 100 }).toBe(status);
  return probe(target, "readyz");
}

async function signedIn(target: PortalProcess, world: TestWorld): Promise<Browser> {
  const browser = new Browser();
  await browser.signIn(target, world.user("solo"));
  return browser;
}

/** Whether a new connection to the process is refused (its listener is closed). */
async function refused(target: PortalProcess): Promise<boolean> {
  try {
    await fetch(`${target.url}/healthz`, { headers: { Connection: "close" } });
    return false;
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code === "ECONNREFUSED";
  }
}

describe("health and readiness", () => {
  it("/healthz answers while the process serves, /readyz names what it checked; neither is cached nor logged", async () => {
    expect(await probe(portal, "healthz")).toEqual({ status: 200, cache: "no-store", body: { status: "ok" } });
    expect(await probe(portal, "readyz")).toEqual({ status: 200, cache: "no-store", body: { status: "ready", checks: { practice: "ok", redis: "ok", database: "ok" } } });
    const login = await fetch(`${portal.url}/login`);
    expect(login.status).toBe(200);
    await login.arrayBuffer();
    await expect.poll(() => readFileSync(logFile, "utf8")).toContain('"method":"GET","route":"/login","status":200');
    expect(readFileSync(logFile, "utf8")).not.toMatch(/healthz|readyz/);
  });

  it("/readyz answers 503 naming Redis while Redis is away, and 200 once it is back; /healthz stays 200", async () => {
    await redis.stop();
    const away = await readyzBecomes(portal, 503);
    expect(away.body).toEqual({ status: "not ready", failing: ["redis"], checks: { practice: "ok", redis: "unreachable", database: "ok" } });
    expect((await probe(portal, "healthz")).status).toBe(200);
    await redis.start();
    expect((await readyzBecomes(portal, 200)).body).toMatchObject({ status: "ready" });
  }, 30_000);

  it("/readyz answers 503 naming the practice while its identity server is away, and 200 once it is back", async () => {
    await ownMock.close();
    const away = await readyzBecomes(draining, 503);
    expect(away.body).toEqual({ status: "not ready", failing: ["practice"], checks: { practice: "unreachable", database: "ok" } });
    ownMock = await createMockServer({ port: ownMockPort });
    expect((await readyzBecomes(draining, 200)).body).toEqual({ status: "ready", checks: { practice: "ok", database: "ok" } });
  }, 30_000);

  it("the mock practice server has the same pair", async () => {
    for (const what of ["healthz", "readyz"]) {
      const res = await fetch(`${mock.url}/${what}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("graceful shutdown", () => {
  it("on SIGTERM /readyz turns 503 at once while the listener still drains; a second signal ends the process", async () => {
    draining.signal("SIGTERM");
    expect((await readyzBecomes(draining, 503)).body).toEqual({ status: "draining" });
    // Still taking connections and alive during the drain time: only readiness changed.
    expect((await probe(draining, "healthz")).status).toBe(200);
    draining.signal("SIGTERM");
    const exit = await draining.exited();
    expect(exit.code).toBe(1);
    expect(exit.output).toContain("SIGTERM again: stopping now");
  }, 30_000);

  it("a page whose practice call is held finishes after SIGTERM, while new connections are refused, then its Redis connections close and the process exits cleanly", async () => {
    const world = await mock.createWorld({ seed: 3 });
    const browser = await signedIn(portal, world);
    const call = await world.hold({ path: "Patient/RefreshCounter", times: 1 });
    const page = browser.fetch(portal, "/");
    await call.arrived();
    const monitor = await monitorRedis(redis.url);
    try {
      portal.signal("SIGTERM");
      await expect.poll(() => refused(portal), { timeout: 15_000, interval: 100 }).toBe(true);
      await call.release();
      const res = await page;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("My Practice Details");
      expect((await portal.exited()).code).toBe(0);
      // Its two Redis connections (the session store's and the readiness probe's) were closed with QUIT,
      // not cut off by the exit: each says goodbye from its own address.
      await expect.poll(() => new Set(monitor.commands.filter((c) => c.command === "QUIT").map((c) => c.client)).size).toBe(2);
    } finally {
      monitor.stop();
    }
  }, 60_000);

  it("a payment step in flight when SIGTERM comes finishes: the practice records the payment once, the patient is told it is paid, then the process exits cleanly", async () => {
    const paying = await startPortalProcess(await freePort(), { ...env, PRACTICE_IDENTITY_URL: mock.url });
    try {
      const world = await mock.createWorld({ seed: 5 });
      const browser = await signedIn(paying, world);
      const practice = await world.signIn("solo");
      const [invoice] = (await getInvoices(practice.api, practice.id, "pending")).resources;
      const amount = toCents(invoice.extension.balance)!;
      // As the browser's callStep posts a step (decisions/280).
      const step = (name: string, input: Record<string, unknown>) => browser.post<StepEnvelope<unknown>>(paying, "/accounts/pay", { step: name, input: JSON.stringify(input) });
      const key = `key-shutdown-${Date.now()}`;
      expect(
        await step("save-temp", {
          key,
          cardType: "Visa - 2.5%",
          amountCents: amount,
          feeCents: feeCents(amount, feeRateBasisPoints("Visa - 2.5%")!),
          allocations: [{ id: invoice.id, payNowCents: amount }],
        }),
      ).toMatchObject({ ok: true, reply: { outcome: "saved" } });
      const intent = await step("intent", { key });
      if (!intent.ok) throw new Error(intent.failure.message);
      expect(await step("confirm", { clientSecret: String(intent.reply), cardNumber: "4242 4242 4242 4242", expiry: "12/40", cvc: "123" })).toMatchObject({ ok: true });

      // The card is charged; the step that records the payment at the practice is on its way when the signal comes.
      const call = await world.hold({ path: "patient/SavePayment", method: "POST", times: 1 });
      const recorded = step("record", { key });
      await call.arrived();
      paying.signal("SIGTERM");
      await expect.poll(() => refused(paying), { timeout: 15_000, interval: 100 }).toBe(true);
      await call.release();
      expect(await recorded).toEqual({ ok: true, reply: true });
      expect((await paying.exited()).code).toBe(0);

      const saves = await world.requests({ method: "POST", path: "patient/SavePayment" });
      expect(saves.map((r) => r.status)).toEqual([200]);
      expect(await world.charges()).toHaveLength(1);
      expect((await getInvoices(practice.api, practice.id, "pending")).resources.map((r) => r.id)).not.toContain(invoice.id);
    } finally {
      await paying.stop();
    }
  }, 90_000);

  it("a request still open at the deadline (SHUTDOWN_TIMEOUT_MS) does not keep the process alive", async () => {
    const short = await startPortalProcess(await freePort(), { ...env, PRACTICE_IDENTITY_URL: mock.url, SHUTDOWN_TIMEOUT_MS: "500" });
    try {
      const world = await mock.createWorld({ seed: 4 });
      const browser = await signedIn(short, world);
      const call = await world.hold({ path: "Patient/RefreshCounter", times: 1 });
      const page = browser.fetch(short, "/").catch(() => "cut");
      await call.arrived();
      short.signal("SIGTERM");
      const exit = await short.exited();
      expect(exit.code).toBe(1);
      expect(exit.output).toContain("SHUTDOWN_TIMEOUT_MS");
      expect(await page).toBe("cut");
      await call.release();
    } finally {
      await short.stop();
    }
  }, 60_000);
});
