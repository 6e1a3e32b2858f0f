import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";
import { endSessionInAnotherTab, expectSignInAgain, signInThere } from "./session-ended";

/**
 * Waits until the page's idle count has (re)started, after `previous` when given, and returns when it
 * ends. The warning's timers are set once the page is live and each request's answer has been drawn:
 * a fake clock moved before that moves before the timers exist, and the warning then comes late
 * (under load, after hydration and after Stay signed in, both seen).
 */
async function idleCountStarted(page: Page, previous?: string): Promise<string> {
  let at: string | null = null;
  await expect
    .poll(async () => {
      at = await page.evaluate(() => document.querySelector("[data-signed-out-at]")?.getAttribute("data-signed-out-at") ?? null);
      return at !== null && at !== previous;
    }, { message: `the idle count starts${previous ? ` again after ${previous}` : ""}` })
    .toBe(true);
  return at!;
}

/** Issue 21, item 1: the warning before the idle timeout, and where an ended session leads. */
test.describe("session expiry", () => {
  test("a warning comes 5 minutes before the idle timeout with Stay signed in focused: at 1280 px Stay signed in keeps the page; at 390 px it is in view and Escape also stays signed in; an ended session then signs in back to the page", async ({ page, world, context }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.clock.install();
    await openSignedIn(page, world.user("solo"), "/accounts", "Accounts");
    const counting = await idleCountStarted(page);
    const warning = page.getByRole("dialog", { name: "You will be signed out soon" });

    await page.clock.fastForward("24:00");
    await expect(warning).toBeHidden();
    await page.clock.fastForward("01:05");
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("signed out in 5 minutes");
    const stay = warning.getByRole("button", { name: "Stay signed in" });
    await expect(stay).toBeFocused();
    await expectNoAxeViolations(page);

    // Staying reads the page again (which keeps the session on the server) and the count restarts.
    const read = page.waitForResponse((r) => r.url().includes(".data") && r.request().method() === "GET");
    await stay.click();
    expect((await read).ok()).toBe(true);
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/accounts$/);
    const again = await idleCountStarted(page, counting);

    await test.step("at 390 px the warning comes again, in view with Stay signed in focused; Escape also stays signed in", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.clock.fastForward("20:00");
      await expect(warning).toBeHidden();
      await page.clock.fastForward("05:05");
      await expect(warning).toBeVisible();
      await expect(warning).toContainText("signed out in 5 minutes");
      await expect(stay).toBeFocused();
      await expect(stay).toBeInViewport();
      await expectNoAxeViolations(page);
      const reread = page.waitForResponse((r) => r.url().includes(".data") && r.request().method() === "GET");
      await page.keyboard.press("Escape");
      expect((await reread).ok()).toBe(true);
      await expect(warning).toBeHidden();
      await expect(page).toHaveURL(/\/accounts$/);
    });

    await idleCountStarted(page, again);
    await page.clock.fastForward("20:00");
    await expect(warning).toBeHidden();
    await page.clock.fastForward("05:05");
    await expect(warning).toBeVisible();

    // The session ends on the server meanwhile (as it would after 30 minutes): at the timeout the
    // page goes to sign in, naming this page (never a .data address), and signing in comes back.
    await context.clearCookies();
    await page.clock.fastForward("05:00");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccounts$/);
    await page.getByLabel("Email").fill(world.user("solo").username);
    await page.getByLabel("Password", { exact: true }).fill(world.user("solo").password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
  });
});

test("a save that meets an ended session says so, keeps what was typed, and saves after signing in again in a new tab, with nothing kept in browser storage; Back after Log Out then leads to sign in naming the page, never a .data address, and signing in returns there", async ({ page, world, context }) => {
  await openSignedIn(page, world.user("solo"), "/profile", "User Profile");
  await page.getByRole("button", { name: "Add Emergency Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
  await dialog.getByLabel("Title").selectOption({ label: "Ms" });
  await dialog.getByLabel("First Name").fill("Wikitoria");
  await dialog.getByLabel("Family Name").fill("Ngata");
  await dialog.getByLabel("Relationship").selectOption({ label: "Sister" });
  await dialog.getByLabel("Mobile", { exact: true }).fill("021 555 0142");

  // The session ends elsewhere meanwhile (signed out in another tab).
  const other = await endSessionInAnotherTab(context, "/profile");

  await dialog.getByRole("button", { name: "Save" }).click();
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText("Your sign-in has ended, so this was not saved. Everything you typed is still here");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(dialog.getByLabel("First Name")).toHaveValue("Wikitoria");
  await expect(dialog.getByLabel("Mobile", { exact: true })).toHaveValue("021 555 0142");
  await expectNoAxeViolations(page);
  expect(await world.requests({ method: "POST", path: "patient/AddEmergencyContact" })).toHaveLength(0);
  await expectSignInAgain(alert, "/profile");

  // Signing in again in the other tab serves this one too: Save now saves what was typed.
  await signInThere(other, world.user("solo"));
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("region", { name: "Emergency Contact" }).getByRole("listitem").filter({ hasText: "Wikitoria" })).toHaveCount(1);

  // Nothing typed (nor anything else of the patient's) waited in the browser's storage.
  const stored = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  expect(stored).not.toContain("Wikitoria");
  expect(stored).not.toContain("021 555 0142");

  await test.step("Back after Log Out leads to sign in naming the page, never a .data address, and signing in returns there", async () => {
    await other.close();
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/login(\?redirectTo=%2Fprofile)?$/);
    expect(page.url()).not.toContain(".data");
    await expect(page.getByRole("heading", { name: "Sign in to your patient portal" })).toBeVisible();
    await page.getByLabel("Email").fill(world.user("solo").username);
    await page.getByLabel("Password", { exact: true }).fill(world.user("solo").password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("heading", { name: /Dashboard|User Profile/, level: 1 })).toBeVisible();
    await expect(page.getByText(/Failed to load the page|Error Code: 404/)).toHaveCount(0);
  });
});
