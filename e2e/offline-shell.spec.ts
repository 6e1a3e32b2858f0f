import type { Page } from "@playwright/test";
import { ICONS } from "~/shell/manifest";
import { manifestTexts } from "~/shell/manifest-texts";
import { manifestTexts as manifestTextsMi } from "~/shell/manifest-texts.mi";
import { LANGUAGE_COOKIE } from "~/lib/language";
import { CACHE_PREFIX } from "~/shell/service-worker";
import { expect, openSignedIn, test, waitForHydration } from "./fixtures";

/**
 * The installable portal (issue 71, decisions/404): its service worker keeps the health card's page and
 * the files it loads, the manifest and the icons, and nothing else; offline, `/card` opens from what it
 * kept and any other page goes to `/card?offline=1`, never to a kept copy of a signed-in page.
 */
test.use({ serviceWorkers: "allow" });

const CARD_HEADING = "My health card";

/** Waits until the page's worker is active and controls the page; its cache is complete by then (the install is all or nothing). */
async function workerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
  });
}

/** Every cache of the origin, with the paths (and queries) it holds. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const held: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      held[name] = (await cache.keys()).map((request) => {
        const url = new URL(request.url);
        return url.pathname + url.search;
      });
    }
    return held;
  });
}

test("visiting the sign-in page registers the worker, and it becomes active", async ({ page }) => {
  await page.goto("/login");
  const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(script!).pathname).toBe("/sw.js");
  expect(new URL(script!).searchParams.get("lang")).toBe("en");
  expect(new URL(script!).searchParams.get("v")).toMatch(/\w+/);
});

test("offline, the card page opens from the cache and a signed-in page is not served from it", async ({ page, world, context }) => {
  await openSignedIn(page, world.user("solo"), "/appointments", "Appointments");
  const signedInText = (await page.getByRole("main").innerText()).trim();
  await workerReady(page);
  await page.goto("/summary");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // React Router asks for the routes of the page's links once it is up (/__manifest): offline, that
  // request would fail and say so on the console, so the page is let finish before the network goes.
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");

  await context.setOffline(true);
  const card = await page.goto("/card");
  expect(card?.fromServiceWorker(), "the card page is the worker's answer").toBe(true);
  await expect(page.getByRole("heading", { name: CARD_HEADING, level: 1 })).toBeVisible();

  const elsewhere = await page.goto("/appointments");
  expect(elsewhere?.fromServiceWorker(), "the page sent to is the worker's answer").toBe(true);
  await expect(page).toHaveURL(/\/card\?offline=1$/);
  await expect(page.getByRole("heading", { name: CARD_HEADING, level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Appointments" })).toHaveCount(0);
  expect(await page.locator("body").innerText()).not.toContain(signedInText);
  await context.setOffline(false);
});

test("the caches hold only the card page, its files, the manifest and the icons: no signed-in page, no data", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/summary", /./);
  await workerReady(page);
  await page.goto("/appointments");
  await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  const held = await cachedPaths(page);
  const names = Object.keys(held);
  expect(names).toHaveLength(1);
  expect(names[0]).toMatch(new RegExp(`^${CACHE_PREFIX}\\w+-en$`));
  const paths = held[names[0]!]!;
  expect(paths).toContain("/card");
  expect(paths).toContain("/manifest.webmanifest");
  for (const icon of ICONS) expect(paths).toContain(icon.src);
  expect(paths.some((path) => path.startsWith("/assets/"))).toBe(true);
  const allowed = new Set(["/card", "/manifest.webmanifest", ...ICONS.map((icon) => icon.src)]);
  for (const path of paths) expect(allowed.has(path) || /^\/assets\/[^/?]+$/.test(path), path).toBe(true);
});

test("the manifest names the portal, starts at its root, and its icons load", async ({ page, request }) => {
  const answer = await request.get("/manifest.webmanifest");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: manifestTexts.name, short_name: manifestTexts.shortName, lang: "en-NZ", start_url: "/", scope: "/", display: "standalone", theme_color: "#005eb8", background_color: "#f0f4f5" });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toBe("image/png");
  }
  await page.goto("/login");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#005eb8");
});

test("in te reo, the manifest is in te reo and the worker is te reo's, with a cache of its own", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "mi", url: baseURL! }]);
  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as { name: string; short_name: string; lang: string };
  expect(manifest).toMatchObject({ name: manifestTextsMi.name, short_name: manifestTextsMi.shortName, lang: "mi" });
  await page.goto("/login");
  await workerReady(page);
  const script = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(new URL(script!).searchParams.get("lang")).toBe("mi");
  expect(Object.keys(await cachedPaths(page))).toEqual([expect.stringMatching(new RegExp(`^${CACHE_PREFIX}\\w+-mi$`))]);
});

test("the worker is served to be checked at every update, as JavaScript", async ({ request }) => {
  const answer = await request.get("/sw.js?v=x&lang=en");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["cache-control"]).toBe("no-cache");
  expect(answer.headers()["content-type"]).toMatch(/javascript/);
});

test("a new worker drops the caches an older version left, once its own is complete", async ({ page, context }) => {
  await page.goto("/login");
  await workerReady(page);
  const old = `${CACHE_PREFIX}older-en`;
  await page.evaluate(async (name) => void (await caches.open(name)), old);
  // Another build's worker: its address differs, so it installs beside the active one, and waits (no
  // skipWaiting) while a page uses the active one; the old cache is still there meanwhile.
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.register("/sw.js?v=newer&lang=en", { scope: "/" });
    const worker = registration.installing ?? registration.waiting;
    if (worker && worker.state !== "installed") await new Promise<void>((resolve) => worker.addEventListener("statechange", () => worker.state === "installed" && resolve()));
  });
  expect(await page.evaluate(() => caches.keys())).toContain(old);
  // The last page of the old worker closes: the new one activates. A file, not a page, is opened after, so no page registers the build's own worker again.
  await page.close();
  const after = await context.newPage();
  await after.goto("/favicon.svg");
  await expect.poll(() => after.evaluate(() => caches.keys())).toEqual([`${CACHE_PREFIX}newer-en`]);
});
