import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";

/**
 * decisions/390 against the built portal as its own process, with one page read at work at a time
 * (PORTAL_PAGES_AT_WORK=1) and the mock over HTTP: a page waiting for the practice does not hold the
 * others up, and pages that waited their turn still carry their own request id to the practice.
 */

const mock = useMockServer();
let portal: PortalProcess;
let world: TestWorld;

beforeAll(async () => {
  portal = await startPortalProcess(await freePort(), { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "page-work-test-secret-of-at-least-32-chars", PORTAL_PAGES_AT_WORK: "1" });
}, 90_000);
afterAll(() => portal?.stop());

async function signedIn(): Promise<Browser> {
  world = await mock.createWorld();
  const browser = new Browser();
  await browser.signIn(portal, world.user("solo"));
  return browser;
}

describe("page reads at work, one at a time", () => {
  it("a page waiting for the practice gives its place up: another page is served meanwhile, and the first then shows", async () => {
    const browser = await signedIn();
    const held = await world.hold({ path: "Patient/Medication", times: 1 });
    const medications = browser.fetch(portal, "/medications");
    await held.arrived();
    const allergies = await browser.fetch(portal, "/allergies");
    expect(allergies.status).toBe(200);
    expect(await allergies.text()).toContain("Allergies");
    await held.release();
    const res = await medications;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Long Term");
  }, 30_000);

  it("pages sent together, most waiting their turn, each reach the practice with their own request id", async () => {
    const browser = await signedIn();
    await world.clearRequests();
    const screens = ["/medications", "/allergies", "/immunisation", "/medications", "/allergies", "/immunisation"];
    const replies = await Promise.all(screens.map((screen) => browser.fetch(portal, screen)));
    const paths: Record<string, string> = { "/medications": "Patient/Medication", "/allergies": "Patient/AllergyIntolerance", "/immunisation": "Patient/Immunization" };
    const journal = await world.requests();
    for (const [i, res] of replies.entries()) {
      expect(res.status).toBe(200);
      const id = res.headers.get("x-request-id");
      const own = journal.filter((entry) => entry.correlationId === id).map((entry) => entry.path);
      // The page's own data, asked for under its own id, and nothing of another page's.
      expect(own, screens[i]).toContain(paths[screens[i]]);
      for (const other of Object.values(paths).filter((path) => path !== paths[screens[i]])) expect(own, screens[i]).not.toContain(other);
    }
  }, 30_000);
});
