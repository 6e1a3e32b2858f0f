import type { Page } from "@playwright/test";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { timelineTexts } from "~/lib/texts/timeline";
import { expect, expectNoAxeViolations, openSignedIn, test, type World, type WorldUser } from "./fixtures";

/**
 * /timeline (2§2 Timeline, 2§4 filter, 2§5 date rules): the badges, the Timeline Search Filter with
 * its rules, Reset and Close, entries grouped by date then provider, in fresh worlds whose clocks run
 * from real time, as the portal's does.
 */

// Every world here plays the spec practice (issue 68): the room's shapes at the test's room seed, the data seed 1's.
test.use({ specPractice: true });

const t = timelineTexts;

/** The practice's today, YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Auckland" }).format(new Date());
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const display = (iso: string) => iso.split("-").reverse().join("-");

const openTimeline = (page: Page, user: WorldUser, search = "") => openSignedIn(page, user, `/timeline${search}`, "Timeline");

const badges = (page: Page) => page.getByRole("group", { name: "Show entries" });
const timeline = (page: Page) => page.getByRole("list", { name: "Timeline" });
/** The days shown, as their YYYY-MM-DD. */
const dayDates = (page: Page) => timeline(page).locator(":scope > li > h2 time").evaluateAll((times) => times.map((el) => el.getAttribute("datetime")!));
const calls = (world: World) => world.requests({ method: "GET", path: "Patient/Timeline" });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Timeline Search Filter" });

async function fillFilter(page: Page, values: { from?: string; to?: string; q?: string }) {
  const d = dialog(page);
  if (values.from !== undefined) await d.getByLabel("Start date (DD-MM-YYYY)").fill(values.from);
  if (values.to !== undefined) await d.getByLabel("End date (DD-MM-YYYY)").fill(values.to);
  if (values.q !== undefined) await d.getByLabel("Search text").fill(values.q);
}

test.describe("timeline", () => {
  test("the menu leads here; All by default, entries grouped by date then provider; the badges ask for their ranges; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Timeline" }).click();
    await expect(page.getByRole("heading", { name: "Timeline", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Timeline")).toHaveAttribute("aria-current", "page");

    await expect(badges(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
    const all = await dayDates(page);
    expect(all.length).toBeGreaterThan(5);
    expect([...all].sort().reverse()).toEqual(all);
    // Each day's providers are headings under its date, each once.
    const firstDay = timeline(page).locator(":scope > li").first();
    const providers = await firstDay.getByRole("heading", { level: 3 }).allTextContents();
    expect(new Set(providers).size).toBe(providers.length);
    await expect(firstDay.locator("h3 + ul > li").first()).toContainText(/^(Appointment|Lab Result|Medication|Immunisation):/);
    await expectNoAxeViolations(page);
    const [first] = await calls(world);
    // 2§7: FromDate and toDate are sent for All too: the whole record, to the practice's today (decisions/247).
    expect(first.query).toMatchObject({ PageSize: "100", PageNumber: "1", FromDate: "1900-01-01", toDate: today() });

    await badges(page).getByRole("link", { name: "60D (the last 60 days)" }).click();
    await expect(page).toHaveURL(/\/timeline\?range=60$/);
    await expect(badges(page).getByRole("link", { name: /^60D/ })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText(`from ${display(addDays(today(), -60))} to ${display(today())}`)).toBeVisible();
    const sixty = await dayDates(page);
    for (const d of sixty) expect(d >= addDays(today(), -60)).toBe(true);
    expect(sixty.length).toBeLessThan(all.length);

    await badges(page).getByRole("link", { name: /^180D/ }).click();
    await expect(page).toHaveURL(/\/timeline\?range=180$/);
    await badges(page).getByRole("link", { name: /^365D/ }).click();
    await expect(page).toHaveURL(/\/timeline\?range=365$/);
    await expect(badges(page).getByRole("link", { name: /^365D/ })).toHaveAttribute("aria-current", "true");
    const ranged = (await calls(world)).slice(1).map((c) => [c.query.FromDate, c.query.toDate]);
    expect(ranged).toEqual([60, 180, 365].map((days) => [addDays(today(), -days), today()]));
    await page.reload();
    await expect(badges(page).getByRole("link", { name: /^365D/ })).toHaveAttribute("aria-current", "true");
  });

  test("the filter refuses dates outside 2§5's rules with clear messages and asks for nothing, typed or in the address; Close, and Escape, cancel it: back to All; no axe violations in the dialog; a filter of dates, words and a provider is sent as such, kept in the address, and shows only what matches", async ({ page, world }) => {
    await test.step("typed in the dialog", async () => {
      await openTimeline(page, world.user("solo"));
      const before = (await calls(world)).length;
      await badges(page).getByRole("button", { name: "Filter" }).click();
      await expect(dialog(page)).toBeVisible();
      await expect(dialog(page).getByLabel("Provider")).toHaveValue("");

      // The dialog is scanned once, with its messages shown below; empty, at 390 px (the test of that width).
      const filter = dialog(page).getByRole("button", { name: "Filter" });
      await fillFilter(page, { from: display(addDays(today(), 1)), to: display(addDays(today(), 2)) });
      await filter.click();
      await expect(dialog(page).getByText(t.fromAfterToday)).toBeVisible();
      await expect(dialog(page).getByText(t.toAfterToday)).toBeVisible();
      await expectNoAxeViolations(page);

      await fillFilter(page, { from: display(addDays(today(), -400)), to: display(today()) });
      await filter.click();
      await expect(dialog(page).getByText(t.fromTooEarly)).toBeVisible();

      await fillFilter(page, { from: display(addDays(today(), -10)), to: display(addDays(today(), -10)) });
      await filter.click();
      await expect(dialog(page).getByText(t.toNotAfterFrom)).toBeVisible();
      await expect(dialog(page).getByLabel("End date (DD-MM-YYYY)")).toHaveAttribute("aria-invalid", "true");

      await fillFilter(page, { from: "31-02-2026", to: "" });
      await filter.click();
      await expect(dialog(page).getByText(dateRangeTexts.fromInvalid)).toBeVisible();
      await expect(dialog(page).getByText(t.toMissing)).toBeVisible();

      expect((await calls(world)).length).toBe(before);
      await expect(page).toHaveURL(/\/timeline$/);
    });

    await test.step("typed into the address: shown in the dialog with the same words, and All is listed", async () => {
      await page.goto(`/timeline?from=${display(addDays(today(), 3))}&to=${display(addDays(today(), 5))}`);
      // The dialog opens with the page, and as a modal hides the page's heading from the accessibility tree.
      await expect(dialog(page).getByText(t.fromAfterToday)).toBeVisible();
      // All is asked for, with the whole record's range; never the refused dates.
      const asked = (await calls(world)).map((c) => [c.query.FromDate, c.query.toDate]);
      expect(asked.length).toBeGreaterThan(0);
      for (const range of asked) expect(range).toEqual(["1900-01-01", today()]);
      await page.keyboard.press("Escape");
      await expect(page.getByRole("heading", { name: "Timeline", level: 1 })).toBeVisible();
      await expect(timeline(page)).toBeVisible();
    });

    await test.step("Close, and Escape, cancel the filter: back to All", async () => {
      await page.goto("/timeline?range=60");
      await badges(page).getByRole("button", { name: "Filter" }).click();
      await dialog(page).getByRole("button", { name: "Close" }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/timeline$/);
      await expect(badges(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "true");
      // By keyboard: the badge opens the dialog, Escape cancels and the focus comes back to it.
      await page.goto("/timeline?range=180");
      const filter = badges(page).getByRole("button", { name: "Filter" });
      await filter.focus();
      await page.keyboard.press("Enter");
      await expect(dialog(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page).toHaveURL(/\/timeline$/);
      await expect(filter).toBeFocused();
    });

    await test.step("a filter of dates, words and a provider is sent as such, kept in the address, and shows only what matches", async () => {
      await badges(page).getByRole("button", { name: "Filter" }).click();
      const from = addDays(today(), -364);
      await fillFilter(page, { from: display(from), to: display(today()), q: "Lab" });
      const provider = dialog(page).getByLabel("Provider");
      const options = await provider.locator("option").allTextContents();
      expect(options[0]).toBe("All");
      expect(options.length).toBeGreaterThan(2);
      const chosen = options[1];
      await provider.selectOption({ label: chosen });
      await dialog(page).getByRole("button", { name: "Filter" }).click();
      await expect(dialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/timeline\\?from=${display(from)}&to=${display(today())}&q=Lab&provider=\\d+$`));
      await expect(badges(page).getByRole("button", { name: "Filter" })).toHaveAttribute("aria-pressed", "true");
      const last = (await calls(world)).at(-1)!;
      expect(last.query).toMatchObject({ FromDate: from, toDate: today(), SearchText: "Lab" });
      expect(last.query.ProviderID).toMatch(/^\d+$/);
      await expect(page.getByText(`containing “Lab”, with ${chosen}`)).toBeVisible();
      const providers = await timeline(page).getByRole("heading", { level: 3 }).allTextContents();
      expect(providers.length).toBeGreaterThan(0);
      expect(new Set(providers)).toEqual(new Set([chosen]));
      for (const entry of await timeline(page).locator("h3 + ul > li").allTextContents()) expect(entry.toLowerCase()).toContain("lab");

      // The dialog shows the filter again; Reset empties it, and Provider All then sends no provider.
      await badges(page).getByRole("button", { name: "Filter" }).click();
      await expect(dialog(page).getByLabel("Search text")).toHaveValue("Lab");
      await dialog(page).getByRole("button", { name: "Reset" }).click();
      await expect(dialog(page).getByLabel("Search text")).toHaveValue("");
      await expect(dialog(page).getByLabel("Start date (DD-MM-YYYY)")).toHaveValue("");
      await expect(dialog(page).getByLabel("Provider")).toHaveValue("");
      await fillFilter(page, { q: "appointment" });
      await dialog(page).getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/\/timeline\?q=appointment$/);
      const text = (await calls(world)).at(-1)!;
      expect(text.query).toMatchObject({ SearchText: "appointment" });
      expect(text.query).not.toHaveProperty("ProviderID");
      // A filter without dates still sends the whole record's range.
      expect(text.query).toMatchObject({ FromDate: "1900-01-01", toDate: today() });
    });
  });

  test("at 390 px: the badges wrap and nothing is off to the side; the dialog fits", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTimeline(page, world.user("solo"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await badges(page).getByRole("button", { name: "Filter" }).click();
    const box = await dialog(page).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });

  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

// A family member chosen at sign-in, every call naming the member: records-member.test.ts › a family member chosen at sign-in.
