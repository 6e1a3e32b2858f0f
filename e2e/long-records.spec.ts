import type { Page } from "@playwright/test";
import { expect, openSignedIn, test, waitForHydration, type World } from "./fixtures";

/**
 * A long record on every record screen that pages (2§9's page sizes), walked in one test, a step a screen:
 * the first page, the screen's "more" control adding the next, kept in the address (reload shows the
 * same), and where the spec says so the focus moved to what was added. (These were a test in each area's
 * spec, each paying a many-records world, a sign-in and the session's first page of its own; the loaders'
 * paging, a practice sending no total among it, is health.test.ts's and letters-resources.test.ts's.)
 *
 * Our practice: the point is exact paging by the bundle's total ("100 of 3000"), which a practice as the
 * spec describes it may leave out or count wrong (1§1, decisions/396).
 */
test.use({ worldOptions: { scenario: "many-records", practice: "mock" } });

/** Loads a screen in full and waits until it answers clicks. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await waitForHydration(page);
}

const pagesAsked = async (world: World, path: string) => (await world.requests({ method: "GET", path })).map((c) => c.query.PageNumber);
const listed = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");

test("a long record: each screen's first page, and its next added by its more control and kept in the address", async ({ page, world }) => {
  // Eight screens of long lists, each loaded, paged and some reloaded: a test's usual 30 s is one screen's budget.
  test.setTimeout(120_000);
  await test.step("allergies: pages of 30, the next added by Show more allergies and kept in the address; at 390 px the cards are one column", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, world.user("many"), "/allergies", "Allergies");
    const cards = listed(page, "Allergies");
    await expect(cards).toHaveCount(30);
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    await expect(page.getByText("Showing 30 of 45 allergies.")).toBeVisible();
    await page.getByRole("link", { name: "Show more allergies" }).click();
    await expect(page).toHaveURL(/\/allergies\?pages=2$/);
    await expect(cards).toHaveCount(45);
    await expect(page.getByRole("link", { name: "Show more allergies" })).toHaveCount(0);
    expect(await pagesAsked(world, "Patient/AllergyIntolerance")).toEqual(["1", "1", "2"]);
    await page.reload();
    await expect(cards).toHaveCount(45);
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  await test.step("diagnosis: All Diagnosis pages by 100 with Show more diagnoses, in the address", async () => {
    await open(page, "/diagnosis?tab=all", "Diagnosis");
    const cards = listed(page, "All Diagnosis");
    await expect(cards).toHaveCount(100);
    await page.getByRole("link", { name: "Show more diagnoses" }).click();
    await expect(page).toHaveURL(/\/diagnosis\?tab=all&pages=2$/);
    await expect(page.getByRole("link", { name: "Show more diagnoses" })).toHaveCount(0);
    expect(await cards.count()).toBeGreaterThan(150);
    await expect(page.getByText(/Showing/)).toHaveCount(0);
  });

  await test.step("immunisation: All shows 100 from page 1, and Show more immunisations adds the next page", async () => {
    await open(page, "/immunisation?tab=all", "Immunisation");
    const cards = listed(page, "All immunisations");
    await expect(cards).toHaveCount(100);
    await page.getByRole("link", { name: "Show more immunisations" }).click();
    await expect(page).toHaveURL(/\/immunisation\?tab=all&pages=2$/);
    await expect(cards).toHaveCount(150);
    expect(await pagesAsked(world, "Patient/Immunization")).toEqual(["1", "1", "2"]);
  });

  await test.step("reminders: pages of 100 with Show more reminders, in the address", async () => {
    await open(page, "/reminders", "Reminders");
    const cards = listed(page, "Reminders");
    await expect(cards).toHaveCount(100);
    await expect(page.getByText("Showing 100 of 150 reminders.")).toBeVisible();
    await page.getByRole("link", { name: "Show more reminders" }).click();
    await expect(page).toHaveURL(/\/reminders\?pages=2$/);
    await expect(cards).toHaveCount(150);
  });

  await test.step("vitals: the latest 30 readings, and earlier ones page by page, in the address", async () => {
    await open(page, "/vitals", "Vitals");
    await expect(page.getByText(/^The latest 30 of \d+ readings\./)).toBeVisible();
    // The drawings come in the HTML alone, not again in the data it hydrates with (issue 53)…
    const document = await (await page.request.get("/vitals")).text();
    expect([...document.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("\n")).not.toContain("visx");
    const firstChart = page.getByRole("figure").first().locator("svg[viewBox]:visible");
    const drawnFirst = await firstChart.innerHTML();
    await page.getByRole("link", { name: "Show earlier readings" }).click();
    await expect(page).toHaveURL(/\/vitals\?pages=2$/);
    await expect(page.getByText(/^The latest 60 of \d+ readings\./)).toBeVisible();
    // …and a page read by data (a client navigation) draws its own, from its data.
    await expect.poll(() => firstChart.innerHTML()).not.toBe(drawnFirst);
    // The document read again above asked for the first page once more.
    expect(await pagesAsked(world, "Patient/Observation")).toEqual(["1", "1", "1", "2"]);
  });

  await test.step("timeline: pages of 100 with Show more entries, in the address", async () => {
    await open(page, "/timeline", "Timeline");
    await expect(page.getByText(/^100 of \d+ entries\.$/)).toBeVisible();
    await page.getByRole("link", { name: "Show more entries" }).click();
    await expect(page).toHaveURL(/\/timeline\?pages=2$/);
    await expect(page.getByText(/^200 of \d+ entries\.$/)).toBeVisible();
    expect(await pagesAsked(world, "Patient/Timeline")).toEqual(["1", "1", "2"]);
  });

  await test.step('letters: the first page of 100 with "more", which adds the next page, keeps it in the address and moves the focus to it', async () => {
    await open(page, "/letters", "Letters");
    const tiles = listed(page, "Letters");
    await expect(tiles).toHaveCount(100);
    await expect(page.getByText("Showing 100 of 1000 letters")).toBeVisible();
    const firstPage = await tiles.allInnerTexts();
    await page.getByRole("link", { name: "Show more letters" }).click();
    await expect(page).toHaveURL(/\/letters\?pages=2$/);
    await expect(tiles).toHaveCount(200);
    expect((await tiles.allInnerTexts()).slice(0, 100)).toEqual(firstPage);
    await expect(tiles.nth(100).getByRole("button", { name: /^View / })).toBeFocused();
    expect(await pagesAsked(world, "Patient/LetterAndDocument")).toEqual(["1", "1", "2"]);
    // Reloaded, the address shows the same 200.
    await page.reload();
    await expect(tiles).toHaveCount(200);
  });

  await test.step('test results: the first page of 100 with "Show more results", which adds the next page, keeps it in the address and moves the focus to it', async () => {
    await open(page, "/reports", "Test Results");
    const cards = listed(page, "Test results");
    await expect(cards).toHaveCount(100);
    await expect(page.getByText("100 of 3000 results shown")).toBeVisible();
    const firstPage = await cards.getByRole("heading").allTextContents();
    await page.getByRole("link", { name: "Show more results" }).click();
    await expect(page).toHaveURL(/\/reports\?pages=2$/);
    await expect(cards).toHaveCount(200);
    expect((await cards.getByRole("heading").allTextContents()).slice(0, 100)).toEqual(firstPage);
    await expect(cards.nth(100).getByRole("button", { name: /^View result/ })).toBeFocused();
    expect(await pagesAsked(world, "Patient/LabResults")).toEqual(["1", "1", "2"]);
    // Reloaded, the address shows the same 200.
    await page.reload();
    await expect(cards).toHaveCount(200);
  });
});
