import type { Page } from "@playwright/test";
import { healthTexts } from "~/areas/health/texts";
import { recordTexts } from "~/lib/texts/record";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration } from "./fixtures";

/** /allergies (2§2 Allergies, 2§4 severity): the legend and the cards with their words, in fresh worlds (paging: long-records.spec.ts; empty: empty-records.spec.ts; a family member: records-member.test.ts). */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

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

  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

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
