import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { errorsTexts } from "~/lib/texts/errors";
import { healthTexts } from "~/areas/health/texts";
import { recordTexts } from "~/lib/texts/record";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, type WorldUser } from "./fixtures";

/** /immunisation (2§2 Immunisation, 2§4 colouring): four tabs, each a fresh call of 100 from page 1; the right date per tab; Print on A4 landscape. */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

const openImmunisation = (page: Page, user: WorldUser, search = "") => openSignedIn(page, user, `/immunisation${search}`, "Immunisation");

const tab = (page: Page, name: string) => page.getByRole("tablist", { name: "Immunisations" }).getByRole("tab", { name, exact: true });
const cards = (page: Page, tabLabel: string) => page.getByRole("list", { name: `${tabLabel} immunisations` }).getByRole("listitem");

/** Each card as "state|date label|DD-MM-YYYY" with its badge colour. */
const shown = (page: Page, tabLabel: string) =>
  cards(page, tabLabel).evaluateAll((items) =>
    items.map((li) => {
      const badge = li.querySelector("h3 + span")!;
      return { state: badge.textContent, colour: getComputedStyle(badge).backgroundColor, label: li.querySelector("dt")?.textContent, date: li.querySelector("dd")?.textContent };
    }),
  );

/** A card's date: DD-MM-YYYY, or "Not recorded" where the practice sent none (decisions/396). */
const DAY = new RegExp(`^(\\d{2}-\\d{2}-\\d{4}|${recordTexts.notRecorded})$`);

const RED = "rgb(213, 40, 27)";
const AMBER = "rgb(255, 184, 28)";
const GREEN = "rgb(0, 127, 59)";

test.describe("immunisation", () => {
  test("each tab asks again with its TypeID, page size 100, page 1, and shows its own date and colour with words; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Immunisation" }).click();
    await expect(page.getByRole("heading", { name: "Immunisation", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Immunisation")).toHaveAttribute("aria-current", "page");

    // Due first: solo's next flu vaccine (fixtures/builders/health.ts).
    await expect(tab(page, "Due")).toHaveAttribute("aria-selected", "true");
    const due = await shown(page, "Due");
    expect(due.length).toBeGreaterThan(0);
    for (const c of due) expect(c).toMatchObject({ state: "Due", colour: AMBER, label: "Due", date: expect.stringMatching(DAY) });
    await expectNoAxeViolations(page);

    await tab(page, "Overdue").click();
    await expect(page).toHaveURL(/\/immunisation\?tab=overdue$/);
    await expect(cards(page, "Overdue").first()).toBeVisible();
    for (const c of await shown(page, "Overdue")) expect(c).toMatchObject({ state: "Overdue", colour: RED, label: "Was Due", date: expect.stringMatching(DAY) });
    // The practice's message (position 13) is shown.
    await expect(cards(page, "Overdue").first().getByText("Please book with the practice nurse.")).toBeVisible();

    await tab(page, "Administered").click();
    await expect(page).toHaveURL(/\/immunisation\?tab=administered$/);
    await expect(cards(page, "Administered").first()).toBeVisible();
    for (const c of await shown(page, "Administered")) expect(c).toMatchObject({ state: "Administered", colour: GREEN, label: "Given", date: expect.stringMatching(DAY) });
    await expect(cards(page, "Administered").first().getByText("Vaccinator", { exact: true })).toBeVisible();

    await tab(page, "All").click();
    await expect(page).toHaveURL(/\/immunisation\?tab=all$/);
    await expect(cards(page, "All").first()).toBeVisible();
    const all = await shown(page, "All");
    expect(new Set(all.map((c) => c.state))).toEqual(new Set(["Due", "Overdue", "Administered"]));
    await expectNoAxeViolations(page);

    const calls = await world.requests({ method: "GET", path: "Patient/Immunization" });
    expect(calls.map((c) => c.query.TypeID)).toEqual(["3", "2", "1", "0"]);
    for (const c of calls) expect(c.query).toMatchObject({ PageSize: "100", PageNumber: "1" });

    await page.reload();
    await expect(tab(page, "All")).toHaveAttribute("aria-selected", "true");
  });

  test("by keyboard and at 390 px: the tabs are reached and chosen, the cards are one column", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openImmunisation(page, world.user("solo"), "?tab=administered");
    // Until the page is hydrated the arrow keys do nothing: the focus is moved again until they do.
    await expect(async () => {
      await tab(page, "Administered").focus();
      await page.keyboard.press("ArrowRight");
      await expect(tab(page, "All")).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/immunisation\?tab=all$/);
    const [a, b] = [await cards(page, "All").nth(0).boundingBox(), await cards(page, "All").nth(1).boundingBox()];
    expect(b!.y).toBeGreaterThan(a!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  // The failed load's page, its axe check and Retry are every-area.spec.ts's; here, that Retry brings back the tab that failed.
  test("after a failed load of a tab, Retry brings that tab's immunisations back; while a tab's list is on its way, the tab shows as chosen and the list says it is loading; Print prints the tab shown on A4 landscape, without the menu, tabs or buttons", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await test.step("after a failed load of a tab, Retry brings that tab's immunisations back", async () => {
      await signInDirectly(page, world.user("solo"));
      await world.fault({ path: "Patient/Immunization", status: 503, times: 1 });
      await page.goto("/immunisation?tab=all");
      await expect(page.getByRole("alert")).toHaveText(errorsTexts.practiceUnavailable);
      await page.getByRole("button", { name: errorsTexts.retry }).click();
      await expect(cards(page, "All").first()).toBeVisible();
    });

    await test.step("while a tab's list is on its way, the tab shows as chosen and the list says it is loading", async () => {
      const list = await world.hold({ path: "Patient/Immunization", times: 1 });
      await tab(page, "Administered").click();
      await list.arrived();
      await expect(tab(page, "Administered")).toHaveAttribute("aria-selected", "true");
      const loading = page.getByRole("status").filter({ hasText: healthTexts.loading });
      await expect(loading).toHaveCount(1);
      await list.release();
      await expect(cards(page, "Administered").first()).toBeVisible();
      await expect(loading).toHaveCount(0);
    });

    await test.step("Print prints the tab shown on A4 landscape, without the menu, tabs or buttons", async () => {
      await page.getByRole("button", { name: "Print administered immunisations" }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);

      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
      await expect(page.getByRole("tablist", { name: "Immunisations" })).toBeHidden();
      await expect(page.getByRole("button", { name: "Print administered immunisations" })).toBeHidden();
      await expect(page.getByRole("heading", { name: "Administered immunisations" })).toBeVisible();
      const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
      const { width, height } = printed.getPage(0).getSize();
      // A4 landscape: 842 x 595 points.
      expect([Math.round(width), Math.round(height)]).toEqual([842, 595]);
    });
  });

  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

// A family member chosen at sign-in, every call naming the member: records-member.test.ts › a family member chosen at sign-in.
