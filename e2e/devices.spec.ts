import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration, type WorldUser } from "./fixtures";
import { profileTexts as t } from "~/areas/profile/texts";

/**
 * Your devices (issue 31, decisions/295) on the profile: the holder signed in from several browsers (contexts,
 * each with its own device cookie) sees them, this one marked, signs the others out, and their next page is
 * the sign-in page. What is recorded and mailed is tests/integration/devices.test.ts's.
 */

/**
 * Another browser (a context of its own, so a device cookie of its own) signed in as the same user;
 * `userAgent` names another kind of browser than the suite's Chrome on Windows.
 */
async function anotherBrowser(browser: Browser, page: Page, user: WorldUser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url() === "about:blank" ? test.info().project.use.baseURL! : page.url()).origin, ...(userAgent ? { userAgent } : {}) });
  const other = await context.newPage();
  await signInDirectly(other, user);
  return other;
}

const FIREFOX_ON_ANDROID = "Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0";

/**
 * A second session on this browser's own device: another context given a copy of this browser's device
 * cookie (as a thief copying it would), then signed in as the same user. Its session is its own.
 */
async function sameDeviceBrowser(browser: Browser, page: Page, user: WorldUser): Promise<Page> {
  const device = (await page.context().cookies()).find((c) => c.name === "__portal_device");
  expect(device, "this browser has a device cookie").toBeDefined();
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  await context.addCookies([device!]);
  const other = await context.newPage();
  await signInDirectly(other, user);
  const sessionOf = async (p: Page) => (await p.context().cookies()).find((c) => c.name === "__portal")?.value;
  expect(await sessionOf(other)).not.toBe(await sessionOf(page));
  return other;
}

test.describe("your devices", () => {
  test("three browsers of one holder, two on this device: listed, this one marked; Sign out the other asks first and its next page is the sign-in page; Sign out on this device ends its other session and keeps this one, with words that say so; then, by keyboard at 1280 and 390 px, Sign out everywhere else ends the rest", async ({ page, browser, world }) => {
    const user = world.user("solo");
    await openSignedIn(page, user, "/profile", "User Profile");
    const copy = await sameDeviceBrowser(browser, page, user);
    const other = await anotherBrowser(browser, page, user);
    const phone = await anotherBrowser(browser, page, user, FIREFOX_ON_ANDROID);
    await page.reload();
    await waitForHydration(page);

    // Three devices, two sessions on this one: this one is marked, and none is named.
    const section = page.getByRole("region", { name: t.devicesTitle });
    const devices = section.getByRole("listitem");
    await expect(devices).toHaveCount(3);
    const here = section.getByRole("listitem", { name: new RegExp(t.thisDevice) });
    await expect(here).toHaveCount(1);
    await expect(here.getByText(t.thisDeviceSessions(2), { exact: true })).toBeVisible();
    await expect(section.getByRole("listitem").filter({ hasNot: page.getByText(t.thisDevice, { exact: true }) }).getByText(t.deviceSessionsCount(1), { exact: true })).toHaveCount(2);
    await expect(section.getByText(/^\d{2}-\d{2}-\d{4} at /).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the profile's width at 1280 px").toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page);

    // Sign out the other: asked first, and Cancel keeps it.
    const signOut = section.getByRole("button", { name: /^Sign out Chrome on / });
    await expect(signOut).toHaveCount(1);
    await signOut.click();
    const dialog = page.getByRole("dialog", { name: /^Sign out Chrome on .*\?$/ });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: t.keepSignedIn }).click();
    await expect(dialog).toBeHidden();
    await expect(devices).toHaveCount(3);
    await signOut.click();
    await dialog.getByRole("button", { name: t.signOutDevice, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /Chrome on .* is signed out\./ })).toBeAttached();
    await expect(devices).toHaveCount(2);
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();

    // Sign out on this device: its other session ends, this one stays.
    await here.getByRole("button", { name: t.signOutThisDeviceOthersLabel }).click();
    const mine = page.getByRole("dialog", { name: t.signOutThisDeviceOthersTitle });
    await expect(mine.getByText(t.signOutThisDeviceOthersDescription)).toBeVisible();
    await expectNoAxeViolations(page);
    await mine.getByRole("button", { name: t.signOutThisDeviceOthers }).click();
    await expect(page.getByRole("status").filter({ hasText: t.thisDeviceOthersSignedOut(1) })).toBeAttached();
    await expect(here.getByText(t.thisDeviceSessions(1), { exact: true })).toBeVisible();
    await expect(here.getByRole("button", { name: t.signOutThisDeviceOthersLabel })).toHaveCount(0);
    await expect(devices).toHaveCount(2);
    await copy.goto("/profile");
    await expect(copy).toHaveURL(/\/login/);
    await phone.goto("/profile");
    await expect(phone.getByRole("heading", { name: "User Profile", level: 1 })).toBeVisible();
    await copy.context().close();

    // Sign out everywhere else, by keyboard: its dialog within the screen and axe-clean at 1280 px, then at 390 px.
    await section.getByRole("button", { name: t.signOutEverywhereElse }).focus();
    await page.keyboard.press("Enter");
    const others = page.getByRole("dialog", { name: t.signOutOthersTitle });
    await expect(others).toBeVisible();
    await expect(others.getByText(t.signOutOthersDescription)).toBeVisible();
    const confirm = others.getByRole("button", { name: t.signOutEverywhereElse });
    await expect(confirm).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the dialog's width at 1280 px").toBeLessThanOrEqual(1280);
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the dialog's width at 390 px").toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    // Announced though the first notices are still open: each message is a notice of its own.
    await expect(page.getByRole("status").filter({ hasText: t.othersSignedOut })).toBeAttached();
    await expect(devices).toHaveCount(1);
    await expect(here).toHaveCount(1);
    await expect(section.getByRole("button", { name: t.signOutEverywhereElse })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the profile's width at 390 px").toBeLessThanOrEqual(390);

    // The phone's next page is the sign-in page; this browser stays signed in.
    await phone.goto("/profile");
    await expect(phone).toHaveURL(/\/login/);
    await phone.context().close();
    await page.reload();
    await expect(page.getByRole("heading", { name: "User Profile", level: 1 })).toBeVisible();
  });
});
