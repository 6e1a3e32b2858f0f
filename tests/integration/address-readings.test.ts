import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { endpoints } from "@contract/endpoints";
import { signInSteps } from "~/areas/sign-in/steps";
import { AREA_WORDS } from "~/areas/access-record/texts";
import { addressOfUrl } from "~/.server/request-address.server";
import { isConfidential } from "~/lib/whanau-access";
import { summarisePatient } from "~/lib/patient-summary";
import routes from "~/routes";
import { getCall, useMockServer, type TestWorld } from "../helpers/mock-world";
import { Browser, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { freePort } from "../helpers/redis-server";
import { PUBLIC_ROUTE_FILES } from "../helpers/public-routes";

/**
 * Every signed-in address read one way (issue 67, decisions/392), through the built portal over HTTP,
 * as an attacker sends it: a parameter given twice is refused before anything reads it (F1: the
 * whānau check once took the first `type` of /preview and the page the last), and every spelling the
 * router serves of every page (capitals, a percent-encoded letter, its data request) answers as the
 * page does and is on the access record (F3: `/REPORTS.data` was served and never recorded).
 */

const mock = useMockServer();
let portal: PortalProcess;

beforeAll(async () => {
  portal = await startPortalProcess(await freePort(), { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET: "address-readings-secret-of-32-characters", LOG_LEVEL: "warn", CAPTCHA_MAX_NUMBER: "1000" });
}, 180_000);
afterAll(async () => {
  await portal?.stop();
}, 60_000);

const flatten = (entries: readonly RouteConfigEntry[]): RouteConfigEntry[] => entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);

/** Every route a signed-in session reaches, as an address with its parameters filled: app/routes.ts, not a list of our own. */
function signedInRoutes(fill: (file: string) => string): { file: string; address: string; page: boolean }[] {
  const shell = new Set(flatten(flatten(routes).find((r) => r.file === "shell/layout.route.tsx")?.children ?? []).map((r) => r.file));
  return flatten(routes)
    .filter((r) => (r.path !== undefined || r.index) && !r.file.startsWith("areas/sign-in/") && !PUBLIC_ROUTE_FILES.has(r.file))
    .map((r) => ({ file: r.file, address: `/${(r.path ?? "").replace(/:[A-Za-z]+/g, "x")}${fill(r.file)}`, page: shell.has(r.file) }));
}

/** An address spelled as the router also serves it: the path in capitals, or its first letter percent-encoded. */
function spellings(address: string): string[] {
  const [path, query = ""] = address.split("?");
  const search = query ? `?${query}` : "";
  if (path === "/") return [];
  const encoded = `/%${path.charCodeAt(1).toString(16).toUpperCase()}${path.slice(2)}`;
  return [`${path.toUpperCase()}${search}`, `${encoded}${search}`];
}

/** The access record's entries as its CSV gives them: the area and the action of each. */
async function recorded(browser: Browser): Promise<{ area: string; action: string }[]> {
  const res = await browser.fetch(portal, "/access-record/download");
  expect(res.status).toBe(200);
  return (await res.text())
    .trimEnd()
    .split("\r\n")
    .slice(1)
    .map((line) => {
      const cells = line.split('","');
      return { area: cells[3], action: cells[4] };
    });
}

async function status(browser: Browser, address: string): Promise<number> {
  const res = await browser.fetch(portal, address);
  await res.arrayBuffer();
  return res.status;
}

async function signedIn(world: TestWorld, label: string): Promise<Browser> {
  const browser = new Browser();
  await browser.signIn(portal, world.user(label));
  return browser;
}

/** A whānau world (children of 9, 13 turning 14 in five days, and 15) and its parent signed in to the portal, viewing `viewing` (0: their own record, 1-3: a child). */
async function parentViewing(seed: number, viewing: 0 | 1 | 2 | 3) {
  const world = await mock.createWorld({ scenario: "whanau", seed, now: "2026-03-10T10:00:00+13:00" });
  const practice = await world.signInHttp("parent");
  const people = (await getCall(practice, endpoints.proxyUsers, { PatientID: practice.id })).resources.map((p) => p.id);
  const browser = new Browser();
  const outcome = await browser.step(portal, signInSteps, "sign-in", { ...world.user("parent"), captcha: "", redirectTo: "/" });
  expect(outcome.kind).toBe("chooseAccount");
  await browser.step(portal, signInSteps, "choose-account", { account: people[viewing] });
  return { world, practice, people, browser };
}

describe("the limited view of a 14- or 15-year-old's record", () => {
  it("shows in every page's header the young person's name, not the e-mail, mobile and NHI of the profile it withholds (F5)", async () => {
    const { practice, people, browser } = await parentViewing(674, 3);
    const [young] = (await getCall(practice, endpoints.patient, { PatientID: people[3] })).resources;
    const details = summarisePatient(young);
    expect([details.nhi, details.mobile, details.email].every(Boolean)).toBe(true);
    for (const address of ["/_.data", "/", "/appointments.data", "/appointments"]) {
      const res = await browser.fetch(portal, address);
      const body = await res.text();
      expect(res.status, address).toBe(200);
      expect(body).toContain(details.name);
      for (const detail of [details.nhi, details.mobile!, details.email!]) expect(body, address).not.toContain(detail);
    }
    // The 9-year-old's whole record shows them, as the holder's own does.
    const switched = await browser.fetch(portal, "/account/switch", { form: { account: people[1] } });
    expect(switched.status).toBeLessThan(400);
    const [nine] = (await getCall(practice, endpoints.patient, { PatientID: people[1] })).resources;
    expect(await (await browser.fetch(portal, "/_.data")).text()).toContain(summarisePatient(nine).nhi);
  }, 60_000);

  it("a parent on their own record downloads a child's access record only while they may see that record's access record: not from 14 (F2)", async () => {
    const { world, people, browser } = await parentViewing(675, 0);
    const download = (person: string) => status(browser, `/access-record/download?person=${person}`);
    expect(await download(people[0])).toBe(200);
    expect(await download(people[1])).toBe(200);
    expect(await download(people[3])).toBe(403);
    // The page lists only the people it may show, and names none of the others.
    const page = await (await browser.fetch(portal, "/access-record.data")).text();
    expect(page).toContain(people[2]);
    expect(page).not.toContain(people[3]);
    // The 13-year-old turns 14 five days on: from that day their access record is theirs alone.
    expect(await download(people[2])).toBe(200);
    await world.advance("P5D");
    expect(await download(people[2])).toBe(403);
  }, 60_000);
});

describe("a parameter given twice", () => {
  it("a parent in the limited view of a 15-year-old cannot read a test result through /preview with a second type (F1)", async () => {
    const world = await mock.createWorld({ scenario: "whanau", seed: 671, now: "2026-03-10T10:00:00+13:00" });
    const parent = await world.signInHttp("parent");
    const fifteen = (await getCall(parent, endpoints.proxyUsers, { PatientID: parent.id })).resources.map((p) => p.id)[3];
    // One the practice does not mark confidential: the limited view is all that keeps it from the parent.
    const result = (await getCall(parent, endpoints.labResults, { PatientID: fifteen, PageSize: "10", PageNumber: "1" })).resources.find((r) => !isConfidential(r));
    expect(result).toBeDefined();
    const browser = new Browser();
    const outcome = await browser.step(portal, signInSteps, "sign-in", { ...world.user("parent"), captcha: "", redirectTo: "/" });
    expect(outcome.kind).toBe("chooseAccount");
    await browser.step(portal, signInSteps, "choose-account", { account: fifteen });

    // The check reads what the page reads: refused whichever way round, and the result's own address is refused as before.
    for (const address of [`/preview.data?type=invoice&id=${result!.id}&type=result`, `/preview?type=invoice&id=${result!.id}&type=result`, `/preview.data?type=result&id=${result!.id}&type=invoice`]) {
      const res = await browser.fetch(portal, address);
      const body = await res.text();
      expect(res.status, address).toBe(400);
      expect(body).not.toContain(result!.description);
    }
    expect(await status(browser, `/preview.data?type=result&id=${result!.id}`)).toBe(403);
    // Spelled another way, the results page is still refused, and recorded as the results it asked for (F3).
    expect(await status(browser, "/REPORTS.data")).toBe(403);
    expect(await status(browser, "/%72eports.data")).toBe(403);
  }, 60_000);

  it("is refused at every signed-in route, page or data request, before the page reads anything", async () => {
    const world = await mock.createWorld({ seed: 672 });
    const browser = await signedIn(world, "solo");
    const addresses = signedInRoutes((file) => (file === "areas/preview/page.route.tsx" ? "?type=letter&id=1&" : "?")).map((r) => ({ ...r, address: `${r.address}a=1&a=2` }));
    expect(addresses.length).toBeGreaterThan(30);
    const answers: Record<string, number> = {};
    for (const { address, page } of addresses) {
      answers[address] = await status(browser, address);
      if (page) answers[address.replace("?", ".data?")] = await status(browser, address.replace("?", ".data?"));
    }
    // 400 where a loader runs; a route with only an action answers a GET 405 before any of the portal's code, and
    // an old address sends its query on to the page (which refuses it) reading nothing itself.
    const readOrServed = Object.entries(answers).filter(([address, code]) => code !== 400 && code !== 405 && !(code === 301 && address.startsWith("/medication?")));
    expect(readOrServed).toEqual([]);
    expect(Object.values(answers).filter((code) => code === 400).length).toBeGreaterThan(25);
  }, 120_000);
});

describe("every spelling of every page", () => {
  it("answers as the page does, and every page answered is on the access record under its area (F3)", async () => {
    const world = await mock.createWorld({ seed: 673 });
    const session = await world.signInHttp("solo");
    const [result] = (await getCall(session, endpoints.labResults, { PatientID: session.id, PageSize: "10", PageNumber: "1" })).resources;
    const browser = await signedIn(world, "solo");
    const pages = signedInRoutes((file) => (file === "areas/preview/page.route.tsx" ? `?type=result&id=${result!.id}` : "")).filter((r) => r.page);
    expect(pages.length).toBeGreaterThan(20);

    const expected = new Map<string, number>();
    for (const { address } of pages) {
      const canonical = await status(browser, address);
      const area = addressOfUrl(new URL(`http://portal.test${address}`)).view?.area;
      const odd = [...spellings(address), ...spellings(address).map((a) => a.replace(/^([^?]*)/, "$1.data"))];
      for (const spelled of odd) expect(await status(browser, spelled), spelled).toBe(canonical);
      if (canonical === 200 && area) expected.set(AREA_WORDS[area], (expected.get(AREA_WORDS[area]) ?? 0) + 1 + odd.length);
    }
    expect([...expected.keys()]).toEqual(expect.arrayContaining(["Test Results", "Letters", "Messages", "Profile"]));
    // Written after each page was answered: polled until every one is in, then counted by area.
    const views = async () => {
      const counts = new Map<string, number>();
      for (const entry of await recorded(browser)) if (entry.action === "view") counts.set(entry.area, (counts.get(entry.area) ?? 0) + 1);
      return Object.fromEntries([...counts].sort());
    };
    await expect.poll(views, { timeout: 15_000, interval: 200 }).toEqual(Object.fromEntries([...expected].sort()));
  }, 180_000);
});
