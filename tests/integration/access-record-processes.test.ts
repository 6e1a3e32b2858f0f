import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlowOutcome } from "~/lib/sign-in-flow";
import { signInSteps } from "~/areas/sign-in/steps";
import { useMockServer } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { testDatabase } from "../helpers/test-stores";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";

/**
 * The access record across portal processes (issue 31, decisions/270 and 313): two built portals on
 * two ports sharing one real PostgreSQL (DATABASE_URL) and one Redis (REDIS_URL), as a practice group
 * runs them behind a load balancer. An access made through one is listed by the other's access record,
 * and a process stopped right after answering pages has written every one of them first: a restart
 * loses no entry whose page was answered. The only wait is for the first entry's background write to
 * reach the database, polled, never a fixed delay.
 */

const mock = useMockServer();
const SESSION_SECRET = "access-record-processes-secret-of-32-chars";
let redis: RedisServer;
let first: PortalProcess;
let second: PortalProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  const env = {
    PRACTICE_IDENTITY_URL: mock.url,
    SESSION_SECRET,
    REDIS_URL: redis.url,
    DATABASE_URL: await testDatabase("access_record_processes"),
    CAPTCHA_MAX_NUMBER: "1000",
    SIGNIN_MAX_FAILURES_PER_ADDRESS: "1000",
    LOG_LEVEL: "warn",
  };
  // One after the other: both would migrate the fresh database in turn anyway (decisions/270).
  first = await startPortalProcess(await freePort(), env);
  second = await startPortalProcess(await freePort(), env);
}, 180_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await redis?.stop();
}, 60_000);

async function signIn(browser: Browser, portal: PortalProcess, user: { username: string; password: string }): Promise<FlowOutcome> {
  return browser.step(portal, signInSteps, "sign-in", { username: user.username, password: user.password, captcha: "", redirectTo: "/" });
}

/** A signed-in page, read to its end: its status. */
async function page(browser: Browser, portal: PortalProcess, path: string): Promise<number> {
  const res = await browser.fetch(portal, path);
  await res.arrayBuffer();
  return res.status;
}

/** The access record's rows as the CSV download of one process gives them: the "What" cell of each. */
async function listed(browser: Browser, portal: PortalProcess): Promise<string[]> {
  const res = await browser.fetch(portal, "/access-record/download");
  expect(res.status).toBe(200);
  const lines = (await res.text()).trimEnd().split("\r\n").slice(1);
  return lines.map((line) => /^"[^"]*","[^"]*","([^"]*)"/.exec(line)![1]);
}

describe("the access record on two processes sharing PostgreSQL and Redis", () => {
  it("an access made through one is listed by the other's access record", async () => {
    const world = await mock.createWorld({ seed: 313 });
    const browser = new Browser();
    expect(await signIn(browser, first, world.user("solo"))).toEqual({ kind: "signedIn", redirectTo: "/" });
    expect(await page(browser, first, "/letters")).toBe(200);
    // Written in the background after the page was answered: listed by the other process once it is in.
    await expect.poll(async () => (await listed(browser, second)).filter((what) => what === "Viewed Letters").length, { timeout: 10_000, interval: 100 }).toBe(1);
  }, 60_000);

  it("a process stopped right after answering pages has written every one of their entries: the other lists them, and so does it once restarted", async () => {
    const world = await mock.createWorld({ seed: 314 });
    const browser = new Browser();
    expect(await signIn(browser, first, world.user("solo"))).toMatchObject({ kind: "signedIn" });
    const pages = ["/medications", "/allergies", "/vitals", "/reminders", "/resources"];
    // Answered (acknowledged) by the first, all at once; then it is stopped at once, as a deployment would.
    expect(await Promise.all(pages.map((path) => page(browser, first, path)))).toEqual([200, 200, 200, 200, 200]);
    await first.stop();
    const views = (what: string[]) => what.filter((w) => w.startsWith("Viewed ")).sort();
    const expected = ["Viewed Allergies", "Viewed Medications", "Viewed Reminders", "Viewed Resources", "Viewed Vitals"];
    expect(views(await listed(browser, second))).toEqual(expected);
    await first.start();
    // The session is in Redis, the record in PostgreSQL: the restarted process has both.
    expect(views(await listed(browser, first))).toEqual(expected);
  }, 120_000);
});
