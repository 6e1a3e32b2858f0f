import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, type World, type WorldUser } from "./fixtures";
import { deviceMailTexts } from "../app/lib/texts/devices";
import { profileTexts as t } from "../app/areas/profile/texts";

/**
 * Your devices (issue 31, decisions/295) on the profile: the holder signed in from two browsers (two
 * contexts, each with its own device cookie) sees both, this one marked, signs the other out, and that
 * browser's next page is the sign-in page. The new-device mail is read from the world's mail.
 */

/** Another browser (a context of its own, so a device cookie of its own) signed in as the same user. */
async function anotherBrowser(browser: Browser, page: Page, user: WorldUser): Promise<Page> {
  const context = await browser.newContext({ baseURL: new URL(page.url() === "about:blank" ? test.info().project.use.baseURL! : page.url()).origin });
  const other = await context.newPage();
  await signInDirectly(other, user);
  return other;
}

const newDeviceMails = async (world: World, to: string) => (await world.mail(to)).filter((m) => m.subject === deviceMailTexts.subject).length;

test.describe("your devices", () => {
  test("two browsers of one holder are listed, this one marked; Sign out the other asks first, and its next page is the sign-in page", async ({ page, browser, world }) => {
    const user = world.user("solo");
    const other = await anotherBrowser(browser, page, user);
    await openSignedIn(page, user, "/profile", "User Profile");

    // Each browser was new to the holder: one mail each, sent in the background of its sign-in.
    await expect.poll(() => newDeviceMails(world, user.username)).toBe(2);

    const section = page.getByRole("region", { name: t.devicesTitle });
    const devices = section.getByRole("listitem");
    await expect(devices).toHaveCount(2);
    await expect(section.getByRole("listitem", { name: new RegExp(t.thisDevice) })).toHaveCount(1);
    await expect(section.getByText(/^\d{2}-\d{2}-\d{4} at /).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const signOut = section.getByRole("button", { name: /^Sign out Chrome on / });
    await expect(signOut).toHaveCount(1);
    await signOut.click();
    const dialog = page.getByRole("dialog", { name: /^Sign out Chrome on .*\?$/ });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // Cancel keeps it.
    await dialog.getByRole("button", { name: t.keepSignedIn }).click();
    await expect(dialog).toBeHidden();
    await expect(devices).toHaveCount(2);

    await signOut.click();
    await page.getByRole("dialog", { name: /^Sign out Chrome on .*\?$/ }).getByRole("button", { name: t.signOutDevice, exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: /Chrome on .* is signed out\./ })).toBeAttached();
    await expect(devices).toHaveCount(1);
    await expect(section.getByRole("button", { name: t.signOutEverywhereElse })).toHaveCount(0);

    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);
    await other.context().close();

    // This browser stays signed in, and both events are on the holder's own access record (written in
    // the background: the screen is loaded again until they are there).
    await page.goto("/access-record");
    await expect(async () => {
      await page.reload();
      const entries = page.getByRole("list", { name: "Accesses to the record, newest first" }).getByRole("listitem");
      await expect(entries.filter({ hasText: "Signed a device out at Devices" })).toHaveCount(1);
      await expect(entries.filter({ hasText: "A new device signed in at Devices" })).toHaveCount(2);
    }).toPass({ timeout: 15_000 });
  });

  test("at 390 px, by keyboard: Sign out everywhere else keeps this browser and signs out the others", async ({ page, browser, world }) => {
    const user = world.user("empty");
    await page.setViewportSize({ width: 390, height: 844 });
    const others = [await anotherBrowser(browser, page, user), await anotherBrowser(browser, page, user)];
    await openSignedIn(page, user, "/profile", "User Profile");
    const section = page.getByRole("region", { name: t.devicesTitle });
    await expect(section.getByRole("listitem")).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const everywhere = section.getByRole("button", { name: t.signOutEverywhereElse });
    await everywhere.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: t.signOutOthersTitle });
    await expect(dialog).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    const confirm = dialog.getByRole("button", { name: t.signOutEverywhereElse });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: t.othersSignedOut })).toBeAttached();
    await expect(section.getByRole("listitem")).toHaveCount(1);
    await expect(section.getByRole("listitem", { name: new RegExp(t.thisDevice) })).toHaveCount(1);

    for (const other of others) {
      await other.goto("/");
      await expect(other).toHaveURL(/\/login/);
      await other.context().close();
    }
  });
});
