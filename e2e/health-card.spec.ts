import type { Page } from "@playwright/test";
import { PORTAL_PORT } from "../playwright.config";
import { cardTexts as t } from "~/areas/summary/card/texts";
import { profileTexts } from "~/areas/profile/texts";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { expect, expectNoAxeViolations, forEachPractice, openSignedIn, signInDirectly, test, waitForHydration, type World, type WorldUser } from "./fixtures";
import { addPasskey, virtualAuthenticator } from "./passkey-helpers";
import { newestCode } from "./second-step-helpers";

/**
 * My health card, kept on this device (issue 71, decisions/405), as a patient meets it: a passkey added
 * in the profile (Chromium's virtual authenticator, with WebAuthn's PRF extension), the card kept from
 * My health summary, then opened at /card with the browser offline, after the passkey and not without
 * it; wiped at the end of its time, on "Remove from this device", and once its passkey is removed or the
 * holder signs out everywhere else. WebAuthn refuses an IP address as the relying party: localhost.
 */

test.use({ baseURL: `http://localhost:${PORTAL_PORT}`, serviceWorkers: "allow" });

const keepSection = (page: Page) => page.getByRole("region", { name: t.keepHeading });

/** Adds a passkey (unless it is there) and keeps the card for `days` from My health summary; answers the patient's name and NHI as the summary shows them. */
async function keepCard(page: Page, world: World, user: WorldUser, days = 30, { passkey = true } = {}): Promise<{ name: string; nhi: string }> {
  if (passkey) await addPasskey(page, world, user, "My phone");
  await page.goto("/summary");
  await expect(page.getByRole("heading", { name: "My health summary", level: 1 })).toBeVisible();
  await waitForHydration(page);
  const facts = page.getByRole("region", { name: "Patient" }).getByRole("definition");
  const [name, nhi] = [await facts.nth(0).innerText(), await facts.nth(1).innerText()];
  const keep = keepSection(page);
  // By keyboard: the days chosen with Space, then Tab to the button and Enter.
  await keep.getByRole("radio", { name: t.days(days) }).focus();
  await page.keyboard.press("Space");
  await expect(keep.getByRole("radio", { name: t.days(days) })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(keep.getByRole("button", { name: t.keepButton })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(keep.getByRole("status").filter({ hasText: "Your health card is kept on this device until" })).toBeVisible();
  return { name, nhi };
}

/** The card page with the browser offline: the service worker's copy of it (decisions/404), and its chunks. */
async function openCardOffline(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.context().setOffline(true);
  const response = await page.goto("/card");
  expect(response?.fromServiceWorker(), "the card page answered by the service worker").toBe(true);
  await expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
  await waitForHydration(page);
}

/** What the page says, as text: nothing of the patient's may be in it before the passkey. */
const mainText = (page: Page) => page.getByRole("main").innerText();

// Against both practices (decisions/372, 397): the card is read from what the spec allows a practice to send, not only our mock's shapes.
forEachPractice("my health card, kept and opened", () => {
  test("kept from the summary and on the access record; offline, /card shows nothing about the patient until the passkey opens it, then their allergies and medicines, readable at 390 px, on a desktop and in high contrast, by keyboard; another person at the browser, with no such passkey, sees nothing", async ({ page, world }) => {
    test.setTimeout(60_000);
    const first = await virtualAuthenticator(page);
    const user = world.user("solo");
    const { name, nhi } = await keepCard(page, world, user);
    // The allergies as the portal's own screen lists them, and the medicines' screen, to compare with the card.
    await page.goto("/allergies");
    const allergies = await page.getByRole("list", { name: "Allergies" }).getByRole("listitem").getByRole("heading", { level: 2 }).allInnerTexts();
    expect(allergies.length, "solo's allergies").toBeGreaterThan(0);
    await page.goto("/medications");
    const medicationsPage = await page.getByRole("main").innerText();

    // Making a copy is on the access record.
    await page.goto("/access-record");
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("main").getByText("Kept on a device, locked with a passkey, a health card from the", { exact: false }).first()).toBeVisible({ timeout: 1_000 });
    }).toPass();

    // Signed out, the portal out of reach.
    await page.context().clearCookies();
    await openCardOffline(page);
    const open = page.getByRole("button", { name: t.openButton });
    await expect(open).toBeVisible();
    for (const secret of [name, nhi, ...allergies]) expect(await mainText(page), "the locked page").not.toContain(secret);
    await expectNoAxeViolations(page);

    // By keyboard: the button is reached with Tab and pressed with Enter.
    while (!(await open.evaluate((button) => button === document.activeElement))) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    // The focus goes to the card's name, where a screen reader starts reading it.
    await expect(card.getByRole("heading", { name, level: 2 })).toBeFocused();
    await expect(card).toContainText(nhi);
    await expect(card.getByText(/^As of \d{2}-\d{2}-\d{4} at /)).toBeVisible();
    await expect(card).toContainText(t.mayBeOutOfDate);
    const listed = (section: string) => card.getByRole("region", { name: section }).getByRole("listitem");
    // Each item's name is its first words (its details follow, each after " · ").
    const namesIn = (section: string) => listed(section).evaluateAll((items) => items.map((item) => item.querySelector("span")?.textContent ?? ""));
    expect((await namesIn(t.sections.allergies)).sort(), "the card's allergies, as the allergies screen lists them").toEqual([...allergies].sort());
    const medicines = await listed(t.sections.medicines).allInnerTexts();
    expect(medicines.length, "current medicines on the card").toBeGreaterThan(0);
    for (const medicine of medicines) expect(medicationsPage, "each medicine on the card is on the medications screen").toContain(medicine.split(" · ")[0]);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ forcedColors: "active" });
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the card's width at 390 px").toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    // Closed, then another person at the same browser, whose authenticator holds no such passkey.
    await page.getByRole("button", { name: t.closeCard }).click();
    await expect(card).toHaveCount(0);
    await expect(page.getByRole("button", { name: t.openButton })).toBeFocused();
    await first.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: first.authenticatorId });
    await virtualAuthenticator(page);
    await page.getByRole("button", { name: t.openButton }).click();
    // The browser finds none of the card's passkeys here: to the page, the same as a prompt cancelled.
    await expect(page.getByRole("alert")).toHaveText(t.openCancelled);
    await expect(page.getByRole("article")).toHaveCount(0);
    for (const secret of [name, nhi, ...allergies]) expect(await mainText(page), "the page after another passkey").not.toContain(secret);
  });
});

test.describe("my health card", () => {
  test("kept again, the newer copy replaces the older; Remove from this device wipes it; kept again, it is wiped once its time is over, the device's clock moved past it while offline", async ({ page, world }) => {
    test.setTimeout(60_000);
    await virtualAuthenticator(page);
    const user = world.user("solo");
    const { name } = await keepCard(page, world, user, 7);
    // Kept again: the new copy replaces the older, and the card shows once.
    await keepCard(page, world, user, 30, { passkey: false });
    await page.goto("/card");
    await waitForHydration(page);
    await page.getByRole("button", { name: t.openButton }).click();
    const card = page.getByRole("article", { name });
    await expect(page.getByRole("article")).toHaveCount(1);
    await card.getByRole("button", { name: t.remove }).click();
    // Asked first, and kept when the answer is no.
    await card.getByRole("group", { name: t.remove }).getByRole("button", { name: t.removeCancel }).click();
    await card.getByRole("button", { name: t.remove }).click();
    await expectNoAxeViolations(page);
    await card.getByRole("group", { name: t.remove }).getByRole("button", { name: t.removeConfirm }).click();
    await expect(page.getByRole("status").filter({ hasText: t.removed })).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(t.none)).toBeVisible();

    // Kept again for 7 days; 8 days on, offline, the page wipes it rather than offer it.
    await keepCard(page, world, user, 7, { passkey: false });
    await world.advance("P8D");
    await page.context().setOffline(true);
    await page.clock.install({ time: Date.now() + 8 * 24 * 60 * 60 * 1000 });
    await page.goto("/card");
    await expect(page.getByRole("status").filter({ hasText: t.wipedExpired(1) })).toBeVisible();
    await expect(page.getByText(t.none)).toBeVisible();
    await expect(page.getByRole("button", { name: t.openButton })).toHaveCount(0);
  });

  test("its passkey removed in the profile, this browser's card is wiped at once: offline, /card has nothing to open", async ({ page, world }) => {
    test.setTimeout(60_000);
    await virtualAuthenticator(page);
    const user = world.user("solo");
    await keepCard(page, world, user);
    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Sign-in security" });
    await section.getByRole("button", { name: "Remove My phone" }).click();
    const remove = page.getByRole("dialog", { name: passkeyTexts.removeTitle("My phone") });
    await remove.getByRole("button", { name: "Send the code" }).click();
    // The code for this removal, not the one that added the passkey: read once its mail is sent.
    await expect(remove.getByText(/We have sent a 6-digit code to/)).toBeVisible();
    await remove.getByLabel("6-digit code").fill(await newestCode(world, user.username, secondStepTexts.confirmSubject));
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === "/card/status");
    await remove.getByRole("button", { name: "Remove passkey" }).click();
    await expect(section).toContainText(passkeyTexts.none);
    expect(await (await asked).json(), "the portal no longer vouches for the copy").toEqual({ standing: [] });
    await openCardOffline(page);
    await expect(page.getByText(t.none)).toBeVisible();
    await expect(page.getByRole("button", { name: t.openButton })).toHaveCount(0);
  });

  test("signing out everywhere else, from another browser, ends the card: wiped the next time its device is online", async ({ page, browser, world }) => {
    test.setTimeout(60_000);
    const user = world.user("solo");
    // The holder's other browser, signed in before the passkey exists (its sign-in then needs none).
    const phone = await (await browser.newContext({ baseURL: `http://localhost:${PORTAL_PORT}` })).newPage();
    await signInDirectly(phone, user);
    await virtualAuthenticator(page);
    await keepCard(page, world, user);
    await phone.goto("/profile");
    await waitForHydration(phone);
    const devices = phone.getByRole("region", { name: profileTexts.devicesTitle });
    await devices.getByRole("button", { name: profileTexts.signOutEverywhereElse }).click();
    await phone.getByRole("dialog", { name: profileTexts.signOutOthersTitle }).getByRole("button", { name: profileTexts.signOutEverywhereElse }).click();
    await expect(phone.getByRole("status").filter({ hasText: profileTexts.othersSignedOut })).toBeAttached();
    await page.goto("/card");
    await expect(page.getByRole("status").filter({ hasText: t.wipedEnded(1) })).toBeVisible();
    await expect(page.getByText(t.none)).toBeVisible();
    await phone.context().close();
  });

  test("not offered where it cannot be locked, and the summary says why: a passkey whose device derives no secret, and a browser without WebAuthn's PRF extension", async ({ page, browser, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await virtualAuthenticator(page, { prf: false });
    const user = world.user("solo");
    await addPasskey(page, world, user, "Old key");
    await page.goto("/summary");
    const keep = keepSection(page);
    await expect(keep).toContainText(t.noPasskey);
    await expect(keep.getByRole("link", { name: t.toSignInSecurity })).toBeVisible();
    await expect(keep.getByRole("button", { name: t.keepButton })).toHaveCount(0);
    await expectNoAxeViolations(page);

    const older = await browser.newContext({ baseURL: `http://localhost:${PORTAL_PORT}` });
    const other = await older.newPage();
    // A browser that says it has no PRF (as Firefox before 135 and Safari before 18).
    await other.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, "getClientCapabilities", { value: async () => ({ "extension:prf": false }) });
    });
    await openSignedIn(other, world.user("empty"), "/summary", "My health summary");
    await expect(keepSection(other)).toContainText(t.noPrf);
    await expect(keepSection(other).getByRole("button", { name: t.keepButton })).toHaveCount(0);
    await older.close();
  });
});
