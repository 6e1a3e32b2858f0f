import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";

test.use({ specPractice: true });

/**
 * Issue 21, item 8, beyond the profile: at 390 px a long dialog has a Close at its top, scrolls inside
 * itself (never the page behind it), and keeps its buttons in view at its foot however far it is
 * scrolled (the shared dialog, decisions/162).
 */
test.use({ viewport: { width: 390, height: 844 } });

/** The dialog outgrows the screen, its Close is at the top, and `actions` stay in view at both ends of its scroll. */
async function expectLongWithActionsInView(page: Page, dialog: Locator, actions: Locator[]) {
  const sizes = await dialog.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
  expect(sizes.scroll, "the dialog is longer than the screen").toBeGreaterThan(sizes.client);
  // At its top (scrolled back there, as choosing a field may have scrolled it): Close, at once in view.
  await dialog.evaluate((el) => el.scrollTo({ top: 0 }));
  const close = dialog.getByRole("button", { name: "Close", exact: true });
  await expect(close).toBeInViewport();
  const box = (await dialog.boundingBox())!;
  expect((await close.boundingBox())!.y).toBeLessThan(box.y + 60);
  const pageScroll = await page.evaluate(() => window.scrollY);
  for (const end of ["bottom", "top", "middle"] as const) {
    await dialog.evaluate((el, at) => el.scrollTo({ top: at === "bottom" ? el.scrollHeight : at === "top" ? 0 : el.scrollHeight / 3 }), end);
    for (const action of actions) await expect(action, `${end}: in view`).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => window.scrollY), "the page behind stays put").toBe(pageScroll);
  await dialog.evaluate((el) => el.scrollTo({ top: 0 }));
  await expectNoAxeViolations(page);
}

test.describe("at our practice", () => {
  // Its settings offer delivery to a pharmacy, whose list makes the dialog long: a spec practice's may
  // leave the choice out (1§3's defaults, decisions/396).
  test.use({ worldOptions: { scenario: "default", practice: "mock" } });
  test("the repeat medication request: Close at the top, Cancel and Send request always in view", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/medications", "Medications");
    // At 390 px the medicines are cards (issue 33, item 7).
    await page.getByRole("list", { name: "Long term medicines" }).getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Request repeat medication" });
    await dialog.getByRole("radio", { name: "Send to a pharmacy" }).check();
    await expect(dialog.getByRole("radiogroup", { name: "Pharmacy" })).toBeVisible();
    await expectLongWithActionsInView(page, dialog, [dialog.getByRole("button", { name: "Cancel" }), dialog.getByRole("button", { name: "Send request" })]);
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test("Compose Message: Close at the top, Send, Draft and Cancel always in view", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/emails", "Messaging");
  await page.getByRole("button", { name: "Compose Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Compose Message" });
  await expect(dialog.getByLabel("Role")).toBeVisible();
  await expectLongWithActionsInView(page, dialog, ["Send", "Draft", "Cancel"].map((name) => dialog.getByRole("button", { name, exact: true })));
});
