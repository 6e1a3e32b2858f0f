import type { Page } from "@playwright/test";
import { healthTexts } from "~/areas/health/texts";
import { lettersTexts } from "~/areas/letters/texts";
import { resourcesTexts } from "~/areas/resources/texts";
import { summaryTexts } from "~/areas/summary/texts";
import { reportsTexts } from "~/lib/texts/reports";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration } from "./fixtures";

/**
 * The empty account on every record screen (2§2: "No Records Found"), walked in one test, a step a screen:
 * each screen's empty state, with each of its tabs or badges, and its axe scan. (These were a test in each
 * area's spec, each paying a world, a sign-in and the session's first page of its own; the loaders' empty
 * answers are health.test.ts's and letters-resources.test.ts's. The summary's empty record, with its
 * downloads, is summary-downloads.test.ts's; its screen is a step here.)
 */
test.use({ specPractice: true });

const noRecords = (page: Page, words: string) => expect(page.getByText(words, { exact: true })).toBeVisible();

/** Loads a record screen in full and waits until it answers clicks. */
async function open(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await waitForHydration(page);
}

test("the empty account: No Records Found on every record screen, each tab and badge, with no axe violations", async ({ page, world }) => {
  // Nine screens, each loaded and scanned: a test's usual 30 s is one screen's budget.
  test.setTimeout(90_000);
  await openSignedIn(page, world.user("empty"), "/allergies", "Allergies");

  await test.step("allergies", async () => {
    await noRecords(page, healthTexts.noRecords);
    await expect(page.getByRole("list", { name: "Allergies" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step("diagnosis: every tab", async () => {
    await open(page, "/diagnosis", "Diagnosis");
    const tabs = page.getByRole("tablist", { name: "Diagnoses" });
    for (const name of ["Long Term", "Recent Diagnosis", "All Diagnosis"]) {
      await tabs.getByRole("tab", { name }).click();
      await expect(tabs.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
      await noRecords(page, healthTexts.noRecords);
    }
    await expectNoAxeViolations(page);
  });

  await test.step("immunisation: every tab, and nothing to print", async () => {
    await open(page, "/immunisation", "Immunisation");
    const tabs = page.getByRole("tablist", { name: "Immunisations" });
    for (const name of ["Due", "Overdue", "Administered", "All"]) {
      await tabs.getByRole("tab", { name, exact: true }).click();
      await expect(tabs.getByRole("tab", { name, exact: true })).toHaveAttribute("aria-selected", "true");
      await noRecords(page, healthTexts.noRecords);
      await expect(page.getByRole("button", { name: /^Print/ })).toBeDisabled();
    }
    await expectNoAxeViolations(page);
  });

  await test.step("reminders", async () => {
    await open(page, "/reminders", "Reminders");
    await noRecords(page, healthTexts.noRecords);
    await expectNoAxeViolations(page);
  });

  await test.step("vitals: no chart", async () => {
    await open(page, "/vitals", "Vitals");
    await noRecords(page, healthTexts.noRecords);
    await expect(page.getByRole("figure")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step("timeline", async () => {
    await open(page, "/timeline", "Timeline");
    await noRecords(page, healthTexts.noRecords);
    await expectNoAxeViolations(page);
  });

  await test.step("letters: no tiles, nothing more", async () => {
    await open(page, "/letters", "Letters");
    await noRecords(page, lettersTexts.noRecords);
    await expect(page.getByRole("list", { name: "Letters" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Show more letters" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step("resources: no tiles", async () => {
    await open(page, "/resources", "Resources");
    await noRecords(page, resourcesTexts.noRecords);
    await expect(page.getByRole("list", { name: "Resources" }).getByRole("listitem")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  await test.step("summary: every section None recorded", async () => {
    await open(page, "/summary", summaryTexts.title);
    const contents = page.getByRole("table", { name: summaryTexts.contentsHeading });
    for (const section of ["Problems", "Medication Summary", "Allergies and Intolerances", "Immunisations", "Results", "Vital Signs"]) {
      await expect(contents.getByRole("row", { name: new RegExp(`^${section}`) }).getByRole("cell")).toHaveText(summaryTexts.noneRecorded);
    }
  });

  await test.step("test results: every badge", async () => {
    await open(page, "/reports", "Test Results");
    await noRecords(page, reportsTexts.noRecords);
    await page.getByRole("group", { name: "Show results" }).getByRole("button", { name: /^Unread / }).click();
    await expect(page).toHaveURL(/\/reports\?show=unread$/);
    await noRecords(page, reportsTexts.noRecords);
    await expectNoAxeViolations(page);
  });
});
