import type { Browser, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration } from "./fixtures";

/**
 * Whānau access (issue 55, decisions/378 and 382) in a real browser over the mock's whānau world: a
 * parent's view of each child by age on the practice's date, the reason told on every page, what the
 * view does not reach refused in words (page and data request), nothing the practice marks confidential
 * anywhere, and the young person's own choice for one parent, given and taken back, on both access
 * records. The world starts five days before the 13-year-old's 14th birthday.
 */
test.use({ worldOptions: { scenario: "whanau", seed: 55, now: "2026-03-10T10:00:00+13:00" } });

/** The parent's chooser lists their own record, then the children: 9, 13 and 15. */
const NINE = 1;
const THIRTEEN = 2;
const FIFTEEN = 3;
const CONFIDENTIAL_TEST = "Chlamydia and Gonorrhoea NAAT";
const LIMITED = "appointments, video consults, immunisations, allergies, reminders and accounts";

const viewNote = (page: Page) => page.getByText("About this view:").locator("..");
const mainMenu = (page: Page) => page.getByRole("navigation", { name: "Main menu" });

/** Another person's browser, signed in on the same portal. */
async function otherBrowser(browser: Browser, page: Page) {
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  return context.newPage();
}

test("at 1280 px: the 9-year-old's whole record; the 15-year-old's limited view with the reason, the rest refused in words", async ({ page, world }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, world.user("parent"), "/reports", "Test Results", { account: NINE });
  await expect(page.getByRole("list", { name: "Test results" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByText("About this view:")).toHaveCount(0);

  await openSignedIn(page, world.user("parent"), "/", "Dashboard", { account: FIFTEEN });
  await expect(viewNote(page)).toContainText(new RegExp(`turned 14 on \\d\\d-\\d\\d-\\d{4}: you now see (her|his|their) ${LIMITED}\\. (She|He|They) can share more from (her|his|their) own sign-in\\.`));
  // The menu and the cards hold only what the view reaches.
  await expect(mainMenu(page).getByRole("link", { name: "Appointments" })).toBeVisible();
  await expect(mainMenu(page).getByRole("link", { name: "Allergies" })).toBeVisible();
  for (const name of ["Test Results", "Medications", "Messages", "Diagnosis", "Letters", "Timeline", "My health summary"]) await expect(mainMenu(page).getByRole("link", { name })).toHaveCount(0);
  for (const title of ["New Results", "Unread Messages", "Long Term Medications"]) await expect(page.getByRole("heading", { name: title, level: 2 })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Future Appointments", level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Not shared with you", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("'s test results are not shared with you.");
  await expect(page.getByText(CONFIDENTIAL_TEST)).toHaveCount(0);
  await expectNoAxeViolations(page);
  // By keyboard, the way on is the dashboard.
  await waitForHydration(page);
  await page.getByRole("link", { name: "Go to the dashboard" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

  // A data request, a file and a step of a refused area are refused too, not only hidden.
  expect((await page.request.get("/reports.data")).status()).toBe(403);
  expect((await page.request.get("/summary/fhir")).status()).toBe(403);
  expect((await page.request.get("/summary/pdf")).status()).toBe(403);
  await page.goto("/appointments");
  await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
});

test("at 390 px: the 13-year-old's whole record until the world's clock passes the 14th birthday, then the limited view and why", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, world.user("parent"), "/reports", "Test Results", { account: THIRTEEN });
  await expect(page.getByText("About this view:")).toHaveCount(0);
  // No axe scan of the whole record's results at 390 px: every-area.spec.ts's Test Results row scans /reports at 390 px.

  // The portal reads the practice's date from its replies; Refresh Configurations reads the practice again at once.
  await world.advance("P5D");
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Refresh Configurations" }).click();
  await expect(page.getByRole("heading", { name: "Not shared with you", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(`turned 14 on 15-03-2026: you now see`);
  await expect(viewNote(page)).toContainText("turned 14 on 15-03-2026");
  await expectNoAxeViolations(page);
  await page.goto("/immunisation");
  await expect(page.getByRole("heading", { name: "Immunisation", level: 1 })).toBeVisible();
  // At 390 px the words sit in the page's one column, not off to the side.
  const box = (await viewNote(page).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});

test("the young person shares the whole record with one parent, who then sees results without the confidential one, then takes it back; the other parent's view is their own", async ({ page, world, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Both parents have viewed the record, so the young person's list has them.
  await openSignedIn(page, world.user("parent"), "/", "Dashboard", { account: FIFTEEN });
  const coparent = await otherBrowser(browser, page);
  await signInDirectly(coparent, world.user("coparent"), FIFTEEN);
  // The co-parent's view is read over HTTP: what it shows is the first tests', and that the young person's choice leaves it the rules' is whanau-access.test.ts's.
  expect((await coparent.request.get("/", { maxRedirects: 0 })).status()).toBe(200);

  const teen = await otherBrowser(browser, page);
  await teen.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(teen, world.user("teen"), "/", "Dashboard");
  await teen.getByRole("button", { name: /account menu/ }).click();
  await teen.getByRole("menuitem", { name: "Who can see my record" }).click();
  await expect(teen.getByRole("heading", { name: "Who can see my record", level: 1 })).toBeVisible();
  const cards = teen.getByRole("article");
  await expect(cards).toHaveCount(2);
  const parentCard = cards.first();
  await expect(parentCard).toContainText(`Sees now: your ${LIMITED}`);
  // Scanned once, below, with the saved choice's message.

  // By keyboard: the whole record for the first parent.
  await waitForHydration(teen);
  await parentCard.getByRole("radio", { name: "My whole record" }).focus();
  await teen.keyboard.press("Space");
  await parentCard.getByRole("button", { name: /^Save for / }).focus();
  await teen.keyboard.press("Enter");
  await expect(parentCard.getByRole("status")).toContainText("now sees your whole record.");
  await expect(parentCard).toContainText("Sees now: your whole record");
  await expectNoAxeViolations(teen);

  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Test Results", level: 1 })).toBeVisible();
  await expect(viewNote(page)).toContainText("has shared");
  await expect(page.getByText(CONFIDENTIAL_TEST)).toHaveCount(0);
  // Nor in the summary's FHIR or PDF, which the parent may now take.
  const fhir = await page.request.get("/summary/fhir");
  expect(fhir.status()).toBe(200);
  expect(await fhir.text()).not.toContain(CONFIDENTIAL_TEST);
  // The other parent's view is still the rules': the reports' data refused, as in the first test.
  expect((await coparent.request.get("/reports.data")).status()).toBe(403);
  // (The teen sees the confidential result on their own record: whanau-access.test.ts, "no proxy receives a confidential item".)

  // Taken back, on the same page: the rules for their age again.
  await parentCard.getByRole("radio", { name: /^What the practice's rules give for my age/ }).check();
  await parentCard.getByRole("button", { name: /^Save for / }).click();
  await expect(parentCard.getByRole("status")).toContainText(`now sees your ${LIMITED}.`);
  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Not shared with you", level: 1 })).toBeVisible();

  // Each step is on the young person's access record.
  await teen.goto("/access-record");
  await expect(teen.getByText("Set a parent's view to the whole record in Sharing with whānau").first()).toBeVisible();
  await expect(teen.getByText("Gave a parent's view back to the practice's rules in Sharing with whānau").first()).toBeVisible();
  await expect(teen.getByText(/Was refused \(not shared with them\): Test Results/).first()).toBeVisible();
  // The parent's own record has the same steps, naming the young person: whanau-access.test.ts, "a choice for one is on both records".
});
