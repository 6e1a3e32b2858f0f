import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test, type WorldUser } from "./fixtures";

/** The patient's photo on the profile (1§7 LoadImage), served by the portal; the gendered avatar otherwise. */

/** Signs in directly (as the `account`th linked account, if given) and opens the profile; answers the name it shows and the chosen account's id. */
async function openProfile(page: Page, user: WorldUser, account?: number) {
  const id = await openSignedIn(page, user, "/profile", "User Profile", { account });
  return { name: (await page.locator("#profile-name, h2").first().innerText()).trim(), id };
}

const topBlock = (page: Page) => page.locator("section").filter({ has: page.locator("#profile-name") });

test.describe("the profile photo", () => {
  test("a patient the practice holds a photo of sees it, named, loaded from the portal and kept privately", async ({ page, world }) => {
    const { name } = await openProfile(page, world.user("solo"));
    const photo = page.getByRole("img", { name: `Photo of ${name}` });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const src = (await photo.getAttribute("src"))!;
    // The portal's own address: the practice's host and token never reach the page.
    expect(src).toMatch(/^\/profile\/photo\?v=[\w-]+$/);
    // One visit, one LoadImage: the page's read is handed on to the photo's request (issue 33, item 13).
    expect(await world.requests({ path: "Patient/LoadImage" })).toHaveLength(1);
    const reply = await page.request.get(src);
    expect(reply.status()).toBe(200);
    expect(reply.headers()["content-type"]).toBe("image/png");
    expect(reply.headers()["cache-control"]).toBe("private, max-age=3600");
    // No avatar beside it.
    await expect(topBlock(page).locator("svg")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The older layout shows the same photo.
    await page.goto("/profile-old");
    await expect(page.getByRole("img", { name: `Photo of ${name}` })).toBeVisible();
  });

  test("a patient without one sees the gendered avatar, and the photo address answers 404", async ({ page, world }) => {
    await openProfile(page, world.user("empty"));
    await expect(page.getByRole("img", { name: /^Photo of/ })).toHaveCount(0);
    await expect(topBlock(page).locator("svg[aria-hidden='true']")).toBeVisible();
    expect((await page.request.get("/profile/photo")).status()).toBe(404);
    const [call] = await world.requests({ path: "Patient/LoadImage" });
    expect(call.status).toBe(200);
    await expectNoAxeViolations(page);
  });

  test("acting for a family member without a photo: their avatar, asked for by their id, never the account holder's photo", async ({ page, world }) => {
    // The chooser lists the holder, the partner (no photo in the default scenario) and the child.
    const { id: partnerId } = await openProfile(page, world.user("family"), 1);
    await expect(page.getByRole("img", { name: /^Photo of/ })).toHaveCount(0);
    const calls = await world.requests({ path: "Patient/LoadImage" });
    expect(calls.map((c) => c.query.PatientID)).toEqual([partnerId]);
  });

  test("signed out, the photo address serves nothing", async ({ page }) => {
    const reply = await page.request.get("/profile/photo", { maxRedirects: 0 });
    expect(reply.status()).not.toBe(200);
    expect(reply.headers()["content-type"] ?? "").not.toMatch(/^image\//);
  });
});
