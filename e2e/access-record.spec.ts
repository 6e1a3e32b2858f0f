import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration } from "./fixtures";

/**
 * "Who has looked at my record" (issue 31, decisions/274): pages visited are listed newest first,
 * filtered in the address, printed and downloaded as CSV; a proxy's views are on the family member's
 * record. What every screen shares (390 px, axe, Tab, the shell's link) is every-area.spec.ts's.
 */

const TITLE = "Who has looked at my record";
const entries = (page: Page) => page.getByRole("list", { name: "Accesses to the record, newest first" }).getByRole("listitem");

/** Opens the screen from the account menu, as a patient would. */
async function openFromAccountMenu(page: Page) {
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: TITLE }).click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
}

/**
 * The record is written in the background (it never holds a page up): the screen is loaded again until
 * the entries the test is about are there, each check waiting on the page, never on a clock.
 */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
    await check();
  }).toPass({ timeout: 15_000 });
}

// One world and one walk for what is read off the listed record: the order and the device, Print, the
// filters, a wrong date and the CSV. The server's own refusal of dates in the address, a range of the
// practice's days, the area filter's rows, the CSV's rows and its 403, and the download being recorded are
// the loader's: tests/integration/access-record-recording.test.ts › reading the record.
test("pages visited are listed newest first, as you, with the device; Print is offered; filters by area in the address; a wrong date is told in the browser before anything is sent, keeping what was typed; Download CSV gives a file with a header row; another person's record is refused", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/letters", "Letters");
  await page.goto("/reports");
  await expect(page.getByRole("heading", { name: "Test Results", level: 1 })).toBeVisible();
  await openFromAccountMenu(page);

  await test.step("pages visited are listed newest first, as you, with the device; Print is offered", async () => {
    await reloadUntil(page, async () => {
      const texts = await entries(page).allInnerTexts();
      const results = texts.findIndex((t) => t.includes("Viewed Test Results"));
      const letters = texts.findIndex((t) => t.includes("Viewed Letters"));
      expect(results, "Test Results is listed").toBeGreaterThanOrEqual(0);
      expect(letters, "Letters is listed, after the later visit").toBeGreaterThan(results);
    });
    const letters = entries(page).filter({ hasText: "Viewed Letters" }).first();
    await expect(letters).toContainText("You");
    // The device as a person names it, from the browser's User-Agent: no version, no fingerprint.
    const platform = (await page.evaluate(() => navigator.userAgent)).includes("Windows") ? "Windows" : "Linux";
    await expect(letters).toContainText(`Chrome on ${platform}`);
    await expect(letters.getByRole("time")).toHaveText(/^\d{2}-\d{2}-\d{4} at \d{1,2}:\d{2} (am|pm)$/);
    await expect(page.getByRole("button", { name: "Print" })).toBeEnabled();
    await expectNoAxeViolations(page);

    // On paper: the entries, without the filters, the buttons or the shell's menu.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("search", { name: "Filter the access record" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(entries(page).first()).toBeVisible();
    await page.emulateMedia({ media: "screen" });
  });

  await test.step("filters by area in the address; a wrong date is told in the browser before anything is sent, keeping what was typed", async () => {
    // By keyboard: the area, then Tab on to Show.
    await page.getByLabel("Area").selectOption({ label: "Letters" });
    await page.getByLabel("Area").focus();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      if (await page.getByRole("button", { name: "Show" }).evaluate((b) => b === document.activeElement)) break;
    }
    await expect(page.getByRole("button", { name: "Show" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]area=letters/);
    // The address changes before the list is drawn again: read it once the answer has replaced it.
    await expect(entries(page)).not.toHaveCount(0);
    await expect(entries(page).filter({ hasNotText: "Letters" })).toHaveCount(0);
    // Clear filters is a new address on the same screen: the fields show it.
    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/[?&]area=/);
    await expect(page.getByLabel("Area")).toHaveValue("");

    // A day that does not exist: refused before anything is sent, the address unchanged, the text kept.
    const url = page.url();
    await page.getByLabel("From (DD-MM-YYYY)").fill("31-02-2026");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText("Enter the start date as DD-MM-YYYY, for example 01-03-2025")).toBeVisible();
    expect(page.url()).toBe(url);
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("31-02-2026");
    await expectNoAxeViolations(page);
  });

  await test.step("Download CSV gives the listed entries as a file with a header row; another person's record is refused", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^access-record-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, "utf8");
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"When (New Zealand time)","Who","What","Area","Action","Item","Device"');
    expect(lines.some((l) => l.includes('"You","Viewed Letters","Letters","view"'))).toBe(true);

    // An id in the address that is not this login's: the screen shows the refusal and lists nothing.
    await page.goto("/access-record?person=999999");
    await expect(page.getByText("You can see only your own record and the records of the people linked to your account.")).toBeVisible();
    await expect(entries(page)).toHaveCount(0);
  });
});

test("a choice made before the page has come alive is kept when it does", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/letters", "Letters");
  // The page's scripts are held until the area is chosen: the server's form is in use, React is not yet.
  let release!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // Module scripts hold the load event back, so the visit waits only for the server's HTML.
  await page.goto("/access-record", { waitUntil: "commit" });
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  await page.getByLabel("Area").selectOption({ label: "Letters" });
  release();
  await waitForHydration(page);
  await expect(page.getByLabel("Area")).toHaveValue("letters");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]area=letters/);
});

test("a proxy's view is on the family member's record, not the holder's", async ({ page, world }) => {
  // The holder of the family login viewing a linked family member's record.
  await openSignedIn(page, world.user("family"), "/immunisation", "Immunisation", { account: 1 });
  await openFromAccountMenu(page);
  const person = page.getByLabel("Whose record");
  const viewed = (await person.locator("option:checked").textContent())!;
  await reloadUntil(page, async () => expect(entries(page).filter({ hasText: "Viewed Immunisation" })).toHaveCount(1));
  await expect(entries(page).filter({ hasText: "Viewed Immunisation" })).toContainText("You");

  // The holder's own record has no view of Immunisation.
  const own = (await person.locator("option", { hasText: "(you)" }).textContent())!;
  expect(own).not.toBe(viewed);
  await person.selectOption({ label: own });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]person=/);
  await expect(page.getByLabel("Whose record")).toHaveValue(/.+/);
  await expect(entries(page).filter({ hasText: "Viewed Immunisation" })).toHaveCount(0);
});

// Each page of messages read being on the record as a view of Messages is the step's: tests/integration/
// access-record-recording.test.ts › records each further page of a message list read; that Show more and
// scrolling ask for those pages is messaging.spec.ts's.
