import type { Page } from "@playwright/test";
import { toBundle } from "@contract/fhir";
import { recordTexts } from "~/lib/texts/record";
import { MENU_CODES } from "../fixtures/builders/menu-items";
import { menuItemResource } from "../mock-server/resources/patient";
import { expect, expectNoAxeViolations, openSignedIn, test, type WorldUser } from "./fixtures";

/** /reminders (2§2 Reminders, 2§4 priority): cards with priority words and colours, two columns from 1024 px, in fresh worlds. */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

const openReminders = (page: Page, user: WorldUser) => openSignedIn(page, user, "/reminders", "Reminders");

/** A card's sent day: DD-MM-YYYY, or "Not recorded" where the practice sent none. */
const SENT = new RegExp(`^(\\d{2}-\\d{2}-\\d{4}|${recordTexts.notRecorded})$`);

const cards = (page: Page) => page.getByRole("list", { name: "Reminders" }).getByRole("listitem");

test.describe("reminders", () => {
  test("the menu leads here; each card has title, description, sender, sent date and its priority in words and colour; no axe violations", async ({ page, world }) => {
    // The menu (read once a session) is pinned as our practice words it: the room may leave the Reminders item out (shell.spec.ts meets the menu in the room).
    await world.fault({ path: "Patient/PatientMenu", answer: toBundle(MENU_CODES.map(menuItemResource)), times: 1 });
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Reminders" }).click();
    await expect(page.getByRole("heading", { name: "Reminders", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Reminders")).toHaveAttribute("aria-current", "page");

    const count = await cards(page).count();
    expect(count).toBeGreaterThanOrEqual(4);
    // solo's first three reminders are one of each priority (fixtures/builders/health.ts).
    const badges = await cards(page).evaluateAll((items) => items.slice(0, 3).map((li) => [li.querySelector("h2 + span")?.textContent, getComputedStyle(li.querySelector("h2 + span")!).backgroundColor]));
    expect(badges).toEqual([
      ["High priority", "rgb(213, 40, 27)"],
      ["Medium priority", "rgb(255, 184, 28)"],
      ["Normal priority", "rgb(0, 127, 59)"],
    ]);
    for (let i = 0; i < count; i++) {
      const card = cards(page).nth(i);
      await expect(card.getByRole("heading", { level: 2 })).not.toBeEmpty();
      await expect(card.getByText("From", { exact: true })).toBeVisible();
      // The sent day follows the sender: its day, or Not recorded (decisions/396).
      await expect(card.getByRole("definition").nth(1)).toHaveText(SENT);
    }
    await expect(cards(page).first().getByText("Note", { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    const [call] = await world.requests({ method: "GET", path: "Patient/PatientAlerts" });
    expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
  });

  test("two columns at 1024 px, one at 1023 px and at 390 px", async ({ page, world }) => {
    await page.setViewportSize({ width: 1024, height: 900 });
    await openReminders(page, world.user("solo"));
    let [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(b!.y).toBe(a!.y);
    await page.setViewportSize({ width: 1023, height: 900 });
    [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    await page.setViewportSize({ width: 390, height: 844 });
    [a, b] = [await cards(page).nth(0).boundingBox(), await cards(page).nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  // The failed load's page, its axe check and Retry: every-area.spec.ts's.
  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

// A family member chosen at sign-in, every call naming the member: records-member.test.ts › a family member chosen at sign-in.
