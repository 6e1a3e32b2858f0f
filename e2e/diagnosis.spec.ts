import type { Page } from "@playwright/test";
import { recordTexts } from "~/lib/texts/record";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration, type WorldUser } from "./fixtures";

/** /diagnosis (2§2 Diagnosis): three tabs, each a fresh call (TypeID 2, 1, 0), kept in the address; dated note cards. */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

const openDiagnosis = (page: Page, user: WorldUser, search = "") => openSignedIn(page, user, `/diagnosis${search}`, "Diagnosis");

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Diagnoses" }).getByRole("tab", { name });
const cards = (page: Page, list: string) => page.getByRole("list", { name: list }).getByRole("listitem");

/** Each card's heading as "DD-MM-YYYY|YYYY-MM-DD", or "Not recorded|" for a diagnosis the practice sent no date for (decisions/396). */
const dates = (page: Page, list: string) => cards(page, list).evaluateAll((items) => items.map((li) => `${li.querySelector("h2")?.textContent}|${li.querySelector("h2 time")?.getAttribute("datetime") ?? ""}`));
const DATED = new RegExp(`^(\\d{2}-\\d{2}-\\d{4}\\|\\d{4}-\\d{2}-\\d{2}|${recordTexts.notRecorded}\\|)$`);

test.describe("diagnosis", () => {
  test("the menu leads here; each tab asks the practice again with its TypeID and lives in the address; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Diagnosis" }).click();
    await expect(page.getByRole("heading", { name: "Diagnosis", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Diagnosis")).toHaveAttribute("aria-current", "page");

    // Long Term first: solo's long-term diagnoses follow the long-term medicines; each card is dated and says so.
    await expect(tab(page, "Long Term")).toHaveAttribute("aria-selected", "true");
    const longTerm = cards(page, "Long Term");
    await expect(longTerm.first()).toBeVisible();
    const longCount = await longTerm.count();
    for (let i = 0; i < longCount; i++) await expect(longTerm.nth(i).getByText("Long term", { exact: true })).toBeVisible();
    for (const d of await dates(page, "Long Term")) expect(d).toMatch(DATED);
    await expectNoAxeViolations(page);

    await tab(page, "Recent Diagnosis").click();
    await expect(page).toHaveURL(/\/diagnosis\?tab=recent$/);
    await expect(tab(page, "Recent Diagnosis")).toHaveAttribute("aria-selected", "true");
    await expect(cards(page, "Recent Diagnosis").first()).toBeVisible();

    await tab(page, "All Diagnosis").click();
    await expect(page).toHaveURL(/\/diagnosis\?tab=all$/);
    // The address changes before the tab's list is drawn: read the dates once it is there.
    await expect(cards(page, "All Diagnosis").first()).toBeVisible();
    const all = await dates(page, "All Diagnosis");
    expect(all.length).toBeGreaterThan(longCount);
    for (const d of all) expect(d).toMatch(DATED);
    // Newest first, as the practice sent them; one it sent without a date stays where it came.
    const iso = all.map((d) => d.split("|")[1]).filter(Boolean);
    expect([...iso].sort().reverse()).toEqual(iso);

    const calls = await world.requests({ method: "GET", path: "Patient/Condition" });
    expect(calls.map((c) => c.query.TypeID)).toEqual(["2", "1", "0"]);
    for (const c of calls) expect(c.query).toMatchObject({ PageSize: "100", PageNumber: "1" });

    // A reload and back show the same tab.
    await page.reload();
    await expect(tab(page, "All Diagnosis")).toHaveAttribute("aria-selected", "true");
    // Back on a page React has taken over (a Back before then leaves the server's page under the new address).
    await waitForHydration(page);
    await page.goBack();
    await expect(tab(page, "Recent Diagnosis")).toHaveAttribute("aria-selected", "true");
  });

  test("by keyboard at 390 px: the arrow keys move along the tabs and Enter chooses one; the cards are one column", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openDiagnosis(page, world.user("solo"));
    // Until the page is hydrated the arrow keys do nothing: the focus is moved again until they do.
    await expect(async () => {
      await tab(page, "Long Term").focus();
      await page.keyboard.press("ArrowRight");
      await expect(tab(page, "Recent Diagnosis")).toBeFocused({ timeout: 500 });
    }).toPass();
    // Moving does not fetch; choosing does.
    expect((await world.requests({ method: "GET", path: "Patient/Condition" })).length).toBe(1);
    await page.keyboard.press("ArrowRight");
    // radix moves the focus on a timer after the key: Enter waits for it, or it chooses the tab left.
    await expect(tab(page, "All Diagnosis")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/diagnosis\?tab=all$/);
    await expect(tab(page, "All Diagnosis")).toHaveAttribute("aria-selected", "true");
    await expect(cards(page, "All Diagnosis").first()).toBeVisible();
    // One column on a phone, nothing off to the side (the page's axe check at 390 px is every-area.spec.ts's).
    const [a, b] = [await cards(page, "All Diagnosis").nth(0).boundingBox(), await cards(page, "All Diagnosis").nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  // The failed load's page, its axe check and Retry: every-area.spec.ts's.
  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

// A family member chosen at sign-in, every call naming the member: records-member.test.ts › a family member chosen at sign-in.
