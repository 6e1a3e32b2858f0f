import type { Page } from "@playwright/test";
import { healthTexts } from "~/areas/health/texts";
import { recordTexts } from "~/lib/texts/record";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration, type WorldUser } from "./fixtures";

/** /allergies (2§2 Allergies, 2§4 severity): the legend, the cards with their words, paging, empty, failed and a family member's, in fresh worlds. */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

const openAllergies = (page: Page, user: WorldUser) => openSignedIn(page, user, "/allergies", "Allergies");

const cards = (page: Page) => page.getByRole("list", { name: "Allergies" }).getByRole("listitem");

test.describe("allergies", () => {
  test("the menu leads here; the legend and each card say the severity in words as well as colour; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Allergies" }).click();
    await expect(page.getByRole("heading", { name: "Allergies", level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(breadcrumb.getByText("Allergies")).toHaveAttribute("aria-current", "page");

    const legend = page.getByRole("region", { name: "Severity" });
    await expect(legend.getByRole("listitem")).toHaveText(["Mild (low)", "Moderate (moderate)", "Severe (high)"]);

    // solo has one allergy of each severity and one with none recorded (fixtures/builders/health.ts).
    await expect(cards(page)).toHaveCount(4);
    const severities = await cards(page).evaluateAll((items) => items.map((li) => li.querySelector("h2 + span")?.textContent));
    expect(severities).toEqual(["Severity: Severe", "Severity: Moderate", "Severity: Mild", "Severity: Mild"]);
    const unrecorded = cards(page).filter({ hasText: "No severity recorded: shown as mild." });
    await expect(unrecorded).toHaveCount(1);
    // Severe is red, Moderate amber, Mild green: colour beside the words.
    const colours = await cards(page).evaluateAll((items) => items.map((li) => getComputedStyle(li.querySelector("h2 + span")!).backgroundColor));
    expect(colours).toEqual(["rgb(213, 40, 27)", "rgb(255, 184, 28)", "rgb(0, 127, 59)", "rgb(0, 127, 59)"]);
    // Reactions and notes show when the practice has them.
    await expect(cards(page).first().getByText("Reaction", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const [call] = await world.requests({ method: "GET", path: "Patient/AllergyIntolerance" });
    expect(call.query).toMatchObject({ PageSize: "30", PageNumber: "1" });
  });

  test("the empty account: No Records Found", async ({ page, world }) => {
    await openAllergies(page, world.user("empty"));
    await expect(page.getByText(healthTexts.noRecords, { exact: true })).toBeVisible();
    await expect(page.getByRole("list", { name: "Allergies" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("allergies of a large record", () => {
  // Paging by the practice's total is our practice's dialect: the spec practice may send no total (1§1).
  test.use({ worldOptions: { scenario: "many-records", practice: "mock" } });

  test("pages of 30, the next added by Show more allergies and kept in the address; at 390 px the cards are one column", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAllergies(page, world.user("many"));
    await expect(cards(page)).toHaveCount(30);
    const [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    await expect(page.getByText("Showing 30 of 45 allergies.")).toBeVisible();
    await page.getByRole("link", { name: "Show more allergies" }).click();
    await expect(page).toHaveURL(/\/allergies\?pages=2$/);
    await expect(cards(page)).toHaveCount(45);
    await expect(page.getByRole("link", { name: "Show more allergies" })).toHaveCount(0);
    const pages = (await world.requests({ method: "GET", path: "Patient/AllergyIntolerance" })).map((c) => c.query.PageNumber);
    expect(pages).toEqual(["1", "1", "2"]);
    await page.reload();
    await expect(cards(page)).toHaveCount(45);
  });
});

// A family member chosen at sign-in, every call naming the member: records-member.test.ts › a family member chosen at sign-in.

test.describe("allergies as a practice may send them (decisions/396)", () => {
  test("a severity the spec does not name is shown as written with no colour of 2§4's; a missing substance or type is said not recorded; markup is text; no axe violations at 390 px", async ({ page, world }) => {
    const allergy = (id: string, text: string | null, extension: unknown) => ({ resource: { resourceType: "AllergyIntolerance", id, code: { text }, extension } });
    const reply = [
      {
        resourceType: "Bundle",
        total: 3,
        entry: [
          allergy("a1", "Latex", [{ valueString: "Environment" }, { valueString: "Critical" }]),
          allergy("a2", null, null),
          allergy("a3", "<b>Kūmara</b> &amp; pūhā", [{ valueString: "Food" }, { valueString: "Severe" }]),
        ],
      },
    ];
    await page.setViewportSize({ width: 390, height: 844 });
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "Patient/AllergyIntolerance", answer: reply, times: 1 });
    await page.goto("/allergies");
    await expect(page.getByRole("heading", { name: "Allergies", level: 1 })).toBeVisible();
    await waitForHydration(page);

    await expect(cards(page)).toHaveCount(3);
    const badges = await cards(page).evaluateAll((items) => items.map((li) => [li.querySelector("h2 + span")?.textContent, getComputedStyle(li.querySelector("h2 + span")!).backgroundColor]));
    // Critical is no severity of 2§4: its words, on the neutral badge; a missing one is Mild (2§4), green.
    expect(badges.map(([words]) => words)).toEqual(["Severity: Critical", "Severity: Mild", "Severity: Severe"]);
    expect(badges[0][1]).not.toBe(badges[1][1]);
    expect(badges[0][1]).not.toBe(badges[2][1]);
    await expect(cards(page).nth(0).getByText(healthTexts.unknownCode("severity"))).toBeVisible();
    await expect(cards(page).nth(1).getByRole("heading", { level: 2 })).toHaveText(recordTexts.notRecorded);
    await expect(cards(page).nth(1).getByRole("definition")).toHaveText([recordTexts.notRecorded]);
    await expect(cards(page).nth(2).getByRole("heading", { level: 2 })).toHaveText("<b>Kūmara</b> &amp; pūhā");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
