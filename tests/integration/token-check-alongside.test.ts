import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";

/**
 * Issue 12: a signed-in page's practice calls start at once, alongside the token check (1§4), not
 * after it; an invalid token still sends the browser to /login with nothing fetched shown. Against
 * the built portal as its own process and the mock over HTTP; the token check is held back with the
 * mock's delay fault, and the journal says what the practice received while it was held.
 */

const mock = useMockServer();
let portal: PortalProcess;
let world: TestWorld;

beforeAll(async () => {
  portal = await startPortalProcess(await freePort(), { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "token-check-alongside-secret-of-32-chars" });
}, 90_000);
afterAll(() => portal?.stop());

async function signedIn(): Promise<Browser> {
  world = await mock.createWorld();
  const browser = new Browser();
  await browser.signIn(portal, world.user("solo"));
  return browser;
}

const pageCalls = ["Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter"];

describe("the token check runs alongside the page's calls", () => {
  it("the dashboard's calls reach the practice while the token check is still held, and the page then shows", async () => {
    const browser = await signedIn();
    await world.clearRequests();
    const check = await world.hold({ path: "ValidateToken", times: 1 });
    const page = browser.fetch(portal, "/");
    await check.arrived();
    // While ValidateToken is held, every call of the page is answered (journalled once answered).
    await expect.poll(async () => (await world.requests()).map((r) => r.path).sort(), { interval: 50 }).toEqual(expect.arrayContaining(pageCalls));
    expect((await world.requests({ path: "ValidateToken" })).length).toBe(0);
    await check.release();
    const res = await page;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("My Practice Details");
    expect((await world.requests({ path: "ValidateToken" })).length).toBe(1);
  }, 30_000);

  it("a token the practice refuses still sends the browser to /login, with nothing fetched in the answer, and ends the session", async () => {
    const browser = await signedIn();
    const patient = (await world.signIn("solo")).id;
    await world.fault({ path: "ValidateToken", status: 401, delayMs: 500, times: 1 });
    const res = await browser.fetch(portal, "/");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login");
    const body = await res.text();
    expect(body).not.toContain(patient);
    expect(body).not.toContain("My Practice Details");
    // The page's calls had been made (alongside), but none of their answers left the portal.
    expect((await world.requests({ path: "Patient/RefreshCounter" })).length).toBeGreaterThan(0);
    expect(browser.cookie).toBeNull();
    expect((await browser.fetch(portal, "/")).headers.get("location")).toMatch(/^\/login/);
  }, 30_000);

  it("a client-side navigation's data request is refused the same way", async () => {
    const browser = await signedIn();
    await world.fault({ path: "ValidateToken", status: 401, delayMs: 300, times: 1 });
    const res = await browser.fetch(portal, "/profile.data");
    const body = await res.text();
    // React Router's answer to a data request that redirects: the redirect, and nothing else.
    expect(res.status).toBe(202);
    expect(body).toMatch(/^\[\["SingleFetchRedirect",1\].*"redirect","\/login"/);
    expect(body).not.toContain("Emergency");
    expect(browser.cookie).toBeNull();
  }, 30_000);
});
