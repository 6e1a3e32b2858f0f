import path from "node:path";
import type { Page, Route } from "@playwright/test";
import { browserFirstLoad, ceilingsToRemove, kb, measurePages, overBudget, readBrowserManifest, pagesOf, type BrowserLoad } from "../bench/first-load";
import { dateRangeTexts } from "../app/lib/texts/dateRange";
import { expect, signIn, signInDirectly, test } from "./fixtures";

/**
 * The budgets (bench/first-load.ts) are held here to what a browser fetches (issue 35, decisions/345):
 * one visit of every page of the build, each in a fresh browser context (an empty cache), counting
 * every script until the network is quiet, code the page fetches by itself once it is up included.
 * The build-only measure (tests/integration/bundle-budgets.test.ts) is the floor of this one: the
 * tests below show that the scripts it counts are what a first visit fetches before the page runs,
 * and that what was moved out of the first load (the sign-in steps, the profile's dialogs) arrives
 * only when the patient reaches for it.
 */
const client = path.resolve("build/client");

function scriptsFetched(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.m?js$/.test(pathname)) fetched.add(pathname);
  });
  return fetched;
}

async function measured(url: string): Promise<string[]> {
  const page = (await measurePages(client)).find((p) => p.url === url);
  if (!page) throw new Error(`No page ${url} in the built route manifest`);
  return [...page.scripts].sort();
}

/** Holds the scripts a pattern names until `release` is called; `requested` settles when the browser asks for one. */
function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  void page.route(pattern, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, requested };
}

/** An address to visit for a page whose pattern has a parameter: a path no page has. */
const VISIT: Readonly<Record<string, string>> = { "/*": "/no-such-page" };
/**
 * Pages a visit cannot land on without more than a visit: /loginSwitch/:q needs a switch token issued
 * by the practice's other portal, and sends any other to /login. Held by the build-only measure alone.
 */
const NOT_VISITED = new Set(["/loginSwitch/:q"]);

test.describe("first-load JavaScript, as the browser loads it", () => {
  test("every page's first visit fits its budget, counted until the network is quiet", async ({ browser, page, world, baseURL }) => {
    test.setTimeout(240_000);
    await signInDirectly(page, world.user("solo"));
    const signedIn = await page.context().storageState();
    const loads: BrowserLoad[] = [];
    for (const { url, routeIds } of pagesOf(readBrowserManifest(client)).filter((p) => !NOT_VISITED.has(p.url))) {
      const inShell = routeIds.some((id) => id.includes("shell/layout.route"));
      const context = await browser.newContext({ baseURL, ...(inShell ? { storageState: signedIn } : {}) });
      const tab = await context.newPage();
      const load = await browserFirstLoad(client, tab, VISIT[url] ?? url);
      // A visit that ended somewhere else (a redirect to sign-in) would measure another page.
      expect(new URL(tab.url()).pathname, `the visit of ${url}`).toBe(VISIT[url] ?? url);
      loads.push({ ...load, url });
      await context.close();
    }
    const report = loads.map((l) => `${l.url} ${kb(l.gzipBytes)} (${l.gzipBytes} bytes) in ${l.scripts.length} files${l.afterLoad.length > 0 ? ` (${kb(l.afterLoadBytes)} after the load)` : ""}`).join("\n");
    console.log(`First-load JavaScript as the browser fetches it, gzip:\n${report}`);
    expect(overBudget(loads), report).toEqual([]);
    expect(ceilingsToRemove(loads), report).toEqual([]);
  });


  test("the sign-in page fetches the scripts counted, and the sign-in steps once the patient starts on the form", async ({ page, world }) => {
    const fetched = scriptsFetched(page);
    await page.goto("/login");
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(await measured("/login"));

    await page.getByLabel("Email").focus();
    await expect.poll(() => [...fetched].some((f) => f.includes("sign-in-steps"))).toBe(true);
    await signIn(page, world.user("solo"));
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("the profile fetches the scripts counted, and its dialogs when the patient reaches for a button", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    const fetched = scriptsFetched(page);
    // A first visit to the profile with the session already there: nothing of the portal's is cached.
    await page.goto("/profile");
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(await measured("/profile"));

    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("dialog", { name: "Change your password" })).toBeVisible();
    expect([...fetched].some((f) => /\/assets\/dialogs-/.test(f)), [...fetched].join(", ")).toBe(true);
  });

  test("medications fetch the scripts counted, and the repeat dialog only when the patient reaches for Repeat", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    const fetched = scriptsFetched(page);
    await page.goto("/medications");
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(await measured("/medications"));
    expect([...fetched].some((f) => /\/assets\/repeat-dialog-/.test(f))).toBe(false);

    await page.getByRole("checkbox").nth(1).check();
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Request repeat medication" }).getByRole("button", { name: "Send request" })).toBeVisible();
    expect([...fetched].some((f) => /\/assets\/repeat-dialog-/.test(f)), [...fetched].join(", ")).toBe(true);
  });

  test("letters fetch the date check when the patient reaches for the form; a search pressed before it arrives is checked then, and nothing wrong is asked for", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    const fetched = scriptsFetched(page);
    const check = hold(page, /\/assets\/schema-check-[\w-]+\.js$/);
    await page.goto("/letters");
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(await measured("/letters"));

    const from = page.getByLabel("From (DD-MM-YYYY)");
    await from.focus();
    await check.requested;
    await page.keyboard.type("31-02-2026");
    await page.getByLabel("To (DD-MM-YYYY)").fill("01-03-2026");
    await page.keyboard.press("Enter");
    check.release();
    await expect(page.getByText(dateRangeTexts.fromInvalid)).toBeVisible();
    // The focus stays where the patient pressed Enter, and no search was made.
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toBeFocused();
    await expect(page).toHaveURL(/\/letters$/);
  });

  test("medications fetch the repeat machine when the patient reaches for a medicine; a choice made before it arrives is kept and requested", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    const fetched = scriptsFetched(page);
    const machine = hold(page, /\/assets\/repeat-actor-[\w-]+\.js$/);
    await page.goto("/medications");
    await page.waitForLoadState("networkidle");
    expect([...fetched].sort()).toEqual(await measured("/medications"));

    const box = page.getByRole("checkbox").nth(1);
    const medicine = (await box.getAttribute("aria-label"))!.replace(/^Select /, "");
    await box.focus();
    await machine.requested;
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await expect(page.getByText("1 medicine selected.")).toBeVisible();
    machine.release();
    await page.getByRole("button", { name: "Repeat", exact: true }).press("Enter");
    const dialog = page.getByRole("dialog", { name: "Request repeat medication" });
    await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
    await expect(dialog.getByText(medicine)).toBeVisible();
  });
});
