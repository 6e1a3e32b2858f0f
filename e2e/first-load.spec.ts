import path from "node:path";
import type { Page } from "@playwright/test";
import { measurePages } from "../bench/first-load";
import { expect, signIn, signInDirectly, test } from "./fixtures";

/**
 * Issue 12's budgets are checked on the build by reading React Router's manifest (bench/first-load.ts,
 * tests/integration/bundle-budgets.test.ts). This shows that measure is what the browser really does:
 * a first visit fetches exactly the scripts counted, and what was moved out of the first load (the
 * sign-in steps, the profile's dialogs) arrives when the patient reaches for it.
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

test.describe("first-load JavaScript, as the browser loads it", () => {
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
});
