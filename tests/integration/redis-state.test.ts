import { createServer, type AddressInfo, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/.server/config.server";
import { PaymentAttempts } from "~/areas/accounts/payment-attempts.server";
import { checkRedis, RedisStateStore } from "~/.server/redis-state-store.server";
import { createSessions } from "~/.server/session.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { errorsTexts } from "~/lib/texts/errors";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * The portal's state in Redis below the HTTP level: the configuration, the start-up check, the
 * throttle and payment attempts shared by two "processes" (two stores on one Redis), and what a
 * request meets when Redis goes away. The two-portal tests over HTTP are in multi-process.test.ts.
 */

const SECRET = "a-session-secret-of-at-least-32-characters";
let redis: RedisServer;
const stores: RedisStateStore[] = [];
const open = () => {
  const store = new RedisStateStore(redis.url);
  stores.push(store);
  return store;
};

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  for (const store of stores) await store.close();
  await redis?.stop();
});

describe("REDIS_URL in the configuration", () => {
  it("is optional: without it the portal keeps its state in the process", () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
  });

  it("refuses a value that is not a redis:// URL, naming the variable", () => {
    expect(() => loadConfig({ REDIS_URL: "http://127.0.0.1:6379", SESSION_SECRET: SECRET })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: "localhost:6379", SESSION_SECRET: SECRET })).toThrow(/REDIS_URL/);
  });

  it("needs SESSION_SECRET with it, since every process must accept the others' cookies", () => {
    expect(() => loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/SESSION_SECRET: must be set when REDIS_URL is/);
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379", SESSION_SECRET: SECRET }).REDIS_URL).toBe("redis://127.0.0.1:6379");
  });
});

describe("the start-up check", () => {
  it("passes for a Redis that answers", async () => {
    await expect(checkRedis(redis.url)).resolves.toBeUndefined();
  });

  it("fails for one that does not, naming REDIS_URL and hiding the password", async () => {
    const nobody = await freePort();
    await expect(checkRedis(`redis://:hunter2@127.0.0.1:${nobody}`, 2_000)).rejects.toThrow(new RegExp(`cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${nobody}/? \\(REDIS_URL\\)`));
  });
});

describe("two processes sharing Redis", () => {
  it("count sign-in attempts together: the captcha from the fourth, the pause at the limit, wherever each lands", async () => {
    const limits = { SIGNIN_MAX_FAILURES_PER_ACCOUNT: 10, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1_000 };
    const first = new SignInThrottle(limits, open());
    const second = new SignInThrottle(limits, open());
    const who = `spread-${Date.now()}@example.com`;
    // Three wrong passwords, two of them at the same moment on different processes.
    const opening = await Promise.all([first.claim(who, "10.0.0.1"), second.claim(who.toUpperCase(), "10.0.0.2")]);
    expect(opening.map((v) => v.allowed && v.captchaRequired)).toEqual([false, false]);
    expect(await second.claim(who, "10.0.0.2")).toMatchObject({ allowed: true, captchaRequired: false, attempt: 3 });
    expect(await first.claim(who, "10.0.0.1")).toMatchObject({ allowed: true, captchaRequired: true, attempt: 4 });
    // Twenty more at once across both: six get attempts 5 to 10, the others are paused and not counted.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).claim(who, "10.0.0.3")));
    expect(burst.filter((v) => v.allowed)).toHaveLength(6);
    expect(burst.filter((v) => !v.allowed)).toEqual(Array(14).fill({ allowed: false, message: signInThrottleTexts.tooManyForAccount }));
    await first.succeeded(who, "10.0.0.1");
    expect(await second.claim(who, "10.0.0.9")).toEqual({ allowed: true, captchaRequired: false, attempt: 1 });
  });

  it("keep a charged payment attempt charged when another process restates it at the same moment", async () => {
    const first = new PaymentAttempts(open());
    const second = new PaymentAttempts(open());
    const key = `attempt-${Date.now()}`;
    await first.remember("holder", key, { tempId: 7, chargeCents: 1_000 });
    await first.update("holder", key, { clientSecret: "secret-7" });
    expect(await second.bySecret("holder", "secret-7")).toMatchObject({ key, tempId: 7 });
    expect(await second.bySecret("another holder", "secret-7")).toBeUndefined();
    await Promise.all([
      first.update("holder", key, { charged: true }),
      ...Array.from({ length: 10 }, (_, i) => second.remember("holder", key, { tempId: 7, chargeCents: 2_000 + i })),
    ]);
    const stored = await second.attemptOf("holder", key);
    expect(stored?.charged).toBe(true);
    // A restatement that raced the charge may have landed before it, but nothing after it changes the attempt.
    await second.remember("holder", key, { tempId: 8, chargeCents: 1 });
    expect(await first.attemptOf("holder", key)).toEqual(stored);
  });
});

describe("sessions shared by two processes", () => {
  const user = { token: "t", apiBase: "http://practice.test/api/", userId: "1", parentId: "1", proxy: "No" as const, username: "solo@demo.nz", userName: "Solo", parentName: "Solo" };

  it("are not brought back by a request that finishes on one process after a logout on the other", async () => {
    const settings = loadConfig({ SESSION_SECRET: SECRET });
    const first = createSessions(settings, { store: open() });
    const second = createSessions(settings, { store: open() });
    const fresh = await first.sessionStorage.getSession();
    fresh.set("user", user);
    const cookie = (await first.sessionStorage.commitSession(fresh)).split(";")[0];
    const inFlight = await second.sessionStorage.getSession(cookie);
    expect(inFlight.get("user")).toEqual(user);
    await first.sessionStorage.destroySession(await first.sessionStorage.getSession(cookie));
    inFlight.set("failures", 1);
    await second.sessionStorage.commitSession(inFlight);
    expect((await first.sessionStorage.getSession(cookie)).get("user")).toBeUndefined();
    expect((await second.sessionStorage.getSession(cookie)).get("user")).toBeUndefined();
  });
});

describe("Redis going away", () => {
  it("answers a request with a 503 that tells the patient nothing was done, in seconds, and recovers when Redis is back", async () => {
    const store = open();
    await store.set("before", "x", 60_000);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await redis.stop();
    const started = Date.now();
    const failure = await store.get("before").then(
      () => null,
      (error: unknown) => error,
    );
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(failure).toMatchObject({ type: "DataWithResponseInit", data: { message: errorsTexts.stateUnavailable }, init: { status: 503 } });
    await redis.start();
    await expect.poll(() => store.get("before").catch(() => "still away"), { timeout: 10_000 }).toBeNull();
  }, 30_000);

  it("lets a process stop beside a Redis that takes connections but never answers: QUIT times out like any command", async () => {
    // A hung Redis: the connection is accepted and nothing ever comes back.
    const sockets: Socket[] = [];
    const hung = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hung.listen(0, "127.0.0.1", resolve));
    const store = new RedisStateStore(`redis://127.0.0.1:${(hung.address() as AddressInfo).port}`);
    try {
      await expect.poll(() => sockets.length).toBe(1);
      await expect(store.close()).resolves.toBeUndefined();
    } finally {
      for (const socket of sockets) socket.destroy();
      hung.close();
    }
  }, 15_000);
});
