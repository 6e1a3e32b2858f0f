import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort, startRedisServer, type RedisServer } from "../helpers/redis-server";
import { messagingSteps } from "~/areas/messaging/steps";
import { getMessages } from "~/areas/messaging/practice.server";

/**
 * Issue 53 (decisions/375): the shell's practice data is read once per session, the token checked at
 * most once per page view, and the counts never older than 30 s and fresh after the patient's own
 * change. Two built portal processes share one Redis, as a practice group runs them behind a balancer
 * without sticky sessions; the mock's journal says what the practice was asked.
 */

const mock = useMockServer();
let redis: RedisServer;
let first: PortalProcess;
let second: PortalProcess;

beforeAll(async () => {
  redis = await startRedisServer();
  const env = { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "session-reads-test-secret-of-32-chars!", REDIS_URL: redis.url };
  [first, second] = await Promise.all([startPortalProcess(await freePort(), env), startPortalProcess(await freePort(), env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
  await redis?.stop();
}, 30_000);

async function signedIn(world: TestWorld, label = "solo"): Promise<Browser> {
  const browser = new Browser();
  await browser.signIn(first, world.user(label));
  return browser;
}

async function view(browser: Browser, portal: PortalProcess, path: string): Promise<string> {
  const res = await browser.fetch(portal, path);
  expect(res.status, path).toBe(200);
  return res.text();
}

/** The calls the practice was asked since the journal was last cleared, as `path` (GET) or `METHOD path`. */
async function asked(world: TestWorld): Promise<string[]> {
  return (await world.requests()).map((r) => (r.method === "GET" ? r.path : `${r.method} ${r.path}`));
}

describe("the shell read once per session", () => {
  it("the first page view reads the shell; the next, on either process, asks only for what the page shows", async () => {
    const world = await mock.createWorld({ seed: 53 });
    const browser = await signedIn(world);
    await world.clearRequests();
    await view(browser, first, "/");
    const firstView = await asked(world);
    for (const call of ["ValidateToken", "POST Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"]) expect(firstView).toContain(call);

    await world.clearRequests();
    await view(browser, second, "/allergies");
    const next = await asked(world);
    expect(next).toContain("Patient/AllergyIntolerance");
    for (const call of ["ValidateToken", "POST Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter", "Lookup/LoadPracticeSetting"]) expect(next).not.toContain(call);
    // No call is made twice for one page view.
    expect(new Set(next).size).toBe(next.length);
  });

  it("the profile and its photo, loaded together, check the token once", async () => {
    const world = await mock.createWorld({ seed: 54 });
    const browser = await signedIn(world);
    await world.clearRequests();
    await view(browser, first, "/profile");
    const photo = await browser.fetch(second, "/profile/photo");
    await photo.arrayBuffer();
    expect(await world.requests({ path: "ValidateToken" })).toHaveLength(1);
  });

  it("Refresh Configurations, posted to one process, has the other read the shell again", async () => {
    const world = await mock.createWorld({ seed: 55 });
    const browser = await signedIn(world);
    await view(browser, first, "/");
    await world.clearRequests();
    const refreshed = await browser.fetch(second, "/refresh", { form: {} });
    expect(refreshed.status).toBe(200);
    await view(browser, first, "/");
    const reread = await asked(world);
    for (const call of ["POST Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"]) expect(reread).toContain(call);
  });

  it("a message opened on one process lowers the unread count the other shows at once", async () => {
    const world = await mock.createWorld({ seed: 56 });
    const browser = await signedIn(world);
    const s = await world.signIn("solo");
    const unread = (await getMessages(s.api, s.id, "inbox", "unread", 1)).resources;
    expect(unread.length).toBeGreaterThan(1);
    // The menu's badge: the count, then " unread" for a screen reader (app-shell.tsx).
    const badge = (html: string) => Number(/>(\d+)<span class="sr-only"> unread<\/span>/.exec(html)?.[1]);
    const before = await view(browser, first, "/");
    await browser.step(second, messagingSteps, "open", { id: unread[0]!.id });
    await world.clearRequests();
    const after = await view(browser, first, "/");
    expect(await world.requests({ path: "Patient/RefreshCounter" })).toHaveLength(1);
    expect(badge(after)).toBe(badge(before) - 1);
  });

  it("a 401 from any practice call still ends the session at once, inside the token's window", async () => {
    const world = await mock.createWorld({ seed: 57 });
    const browser = await signedIn(world);
    await view(browser, first, "/");
    await world.fault({ path: "Patient/AllergyIntolerance", status: 401, times: 1 });
    const res = await browser.fetch(second, "/allergies");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    expect((await browser.fetch(first, "/")).status).toBe(302);
  });
});
