import type { Locator, Page } from "@playwright/test";
import { dashboardTexts } from "~/lib/texts/dashboard";
import { recordTexts } from "~/lib/texts/record";
import { reportsTexts } from "~/lib/texts/reports";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration, type World } from "./fixtures";
import { toBundle } from "@contract/fhir";
import { markedUp } from "@contract/room/shapes";
import { MOCK_PORT } from "../playwright.config";
import { labResultResource } from "../mock-server/resources/documents";
import type { LabResultRecord } from "../fixtures/builders/documents";

/**
 * /reports (2§2): result cards, the Unread/Read/All badges, the date range and search, the result
 * dialog in each kind (table, HTML, PDF), the Result Chart, a hostile HTML result, the empty and
 * failed states and a family member's results, each in a fresh world. solo's newest results are, by
 * the mock's showcase: Full Blood Count (a table with Low, High and Abnormal), Chest X-Ray (HTML),
 * HbA1c, Cervical Screening (PDF), HbA1c, HbA1c.
 *
 * Each world plays the practice as the spec describes it (decisions/396), its replies' shapes drawn by
 * the test's room seed: a card's title, date, laboratory or requester may be "Not recorded" or carry
 * markup as text, and a read flag may be spelt so that the result reads as unread, but the results, their
 * order and their content stay. So a test finds a result by its place in the list (NEWEST), or by a title
 * as the practice sent it, and names its dialog by the title its card shows.
 */
test.use({ specPractice: true });

/** The places of solo's newest results in the list (the showcase's order, which the room keeps). */
const NEWEST = { fullBloodCount: 0, chestXRay: 1, cervicalScreening: 3 } as const;

/** A result the practice receives while the patient has the list open. */
const NEW_RESULT: LabResultRecord = {
  id: "e2e-new-result",
  patientId: "",
  test: "Thyroid Function",
  laboratory: "Awanui Labs",
  folder: "Laboratory",
  atMs: Date.parse("2026-01-05T09:00:00Z"),
  author: { id: "e2e-staff", name: "Dr Aroha Ngata", roleId: "", roleName: "", lockedDown: false, onLeave: false },
  comments: "",
  read: false,
  content: { kind: "table", observations: [] },
};

/** The words a card shows for a field the practice sent as `value`, in each way the room lets it word one: as sent, with markup and macrons (shown as text), or left out. */
function shownAs(value: string): RegExp {
  const marked = (markedUp("field").apply({ field: value }, { body: null }) as { field: string }).field;
  return new RegExp(`^(${[value, marked, recordTexts.notRecorded].map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
}

const openReports = (page: Page, world: World, label = "solo") => openSignedIn(page, world.user(label), "/reports", "Test Results");

const cards = (page: Page) => page.getByRole("list", { name: "Test results" }).getByRole("listitem");
/** The cards whose title is `test` as the practice sent it (not left out, nor with markup). */
const card = (page: Page, test: string) => cards(page).filter({ has: page.getByRole("heading", { name: test, exact: true }) });
const badge = (page: Page, name: "Unread" | "Read" | "All") => page.getByRole("group", { name: "Show results" }).getByRole("button", { name: new RegExp(`^${name} `) });
const resultCalls = async (world: World) => world.requests({ method: "GET", path: "Patient/LabResults" });
/** The title a card shows: the test's name as the practice sent it, "Not recorded", or the name with markup as text. */
const titleOf = async (result: Locator) => (await result.getByRole("heading").textContent())!;

/** Opens a card's result: its dialog is named by the card's title. */
async function openResult(page: Page, result: Locator): Promise<Locator> {
  const test = await titleOf(result);
  await result.getByRole("button", { name: /^View result/ }).click();
  const dialog = page.getByRole("dialog", { name: test, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("status").filter({ hasText: "Loading the result" })).toBeHidden();
  return dialog;
}

/** The dashboard's New Results card. */
const newResultsCard = (page: Page) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "New Results" }) });
/** What the card says: the practice's count (0 as "No new results"), or "Not recorded" where its counter leaves the count out or null. */
async function newResultsCount(page: Page): Promise<number | typeof recordTexts.notRecorded> {
  const said = (await newResultsCard(page).getByRole("paragraph").textContent())!.trim();
  if (said === recordTexts.notRecorded) return recordTexts.notRecorded;
  if (said === dashboardTexts.noNewResults) return 0;
  const count = /^(\d+) new results$/.exec(said);
  expect(count, `the New Results card says "${said}"`).not.toBeNull();
  return Number(count![1]);
}

/** The shapes the world's spec practice drew for each call, by "METHOD path" (decisions/396). */
async function roomOf(world: World): Promise<Record<string, { reply: string; records?: string[] }>> {
  const res = await fetch(`http://127.0.0.1:${MOCK_PORT}/__admin/worlds/${world.id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { room: Record<string, { reply: string; records?: string[] }> }).room;
}

test.describe("test results", () => {
  test("the dashboard's New Results card leads to the unread results; badges filter in the page and the address keeps them", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    // solo has new results: the card says how many, or "Not recorded" where the practice's counter leaves the count out.
    const counted = await newResultsCount(page);
    expect(counted === recordTexts.notRecorded || counted > 0, `the New Results card says ${counted}`).toBe(true);
    await newResultsCard(page).getByRole("link", { name: "View results" }).click();
    await expect(page).toHaveURL(/\/reports\?show=unread$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dashboard/Test Results");
    await expect(badge(page, "Unread")).toHaveAttribute("aria-pressed", "true");
    // The count reads in brackets with no spaces inside them: "Unread (3)", not "Unread ( 3 )" (issue 33).
    // It counts the results read as unread by their own flags (2§4: read only if True), which a practice
    // may spell otherwise than its counter counts, so it is the unread cards' count, not the dashboard's.
    await expect(badge(page, "Unread")).toHaveAccessibleName(/^Unread \(\d+\)$/);
    const unreadCount = Number(/\d+/.exec((await badge(page, "Unread").textContent())!)![0]);
    expect(unreadCount).toBeGreaterThan(0);
    await expect(cards(page)).toHaveCount(unreadCount);
    for (const c of await cards(page).all()) await expect(c).toContainText("Unread");
    await expectNoAxeViolations(page);

    const before = (await resultCalls(world)).length;
    await badge(page, "Read").click();
    await expect(badge(page, "Read")).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/\/reports\?show=read$/);
    await expect(cards(page).first()).toContainText("Read");
    await expect(cards(page).filter({ hasText: "Unread" })).toHaveCount(0);
    // Applied in the page: the practice was not asked again.
    expect((await resultCalls(world)).length).toBe(before);

    await page.reload();
    await expect(badge(page, "Read")).toHaveAttribute("aria-pressed", "true");
    await expect(cards(page).filter({ hasText: "Unread" })).toHaveCount(0);
    await badge(page, "All").click();
    await expect(page).toHaveURL(/\/reports$/);
    // The address changes before the list is drawn again: count once the unread ones are back in it.
    await expect(cards(page).filter({ hasText: "Unread" })).toHaveCount(unreadCount);
    const all = await cards(page).count();
    expect(all).toBeGreaterThan(unreadCount);
    await expect(page.getByText(`${all} of ${all} results shown`)).toBeVisible();
  });

  test("searches by subject and by a date range (DD-MM-YYYY shown, YYYY-MM-DD sent); reload and back keep the view", async ({ page, world }) => {
    await openReports(page, world);
    const everything = await cards(page).count();
    await page.getByLabel("Search by subject").fill("hba1c");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/reports\?q=hba1c$/);
    // The address changes before the list is drawn again: read it once the search's answer has replaced it.
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole("heading").filter({ hasNotText: shownAs("HbA1c") })).toHaveCount(0);
    const searched = (await resultCalls(world)).at(-1)!;
    expect(searched.query).toMatchObject({ searchText: "hba1c", PageSize: "100", PageNumber: "1" });

    // The day of the newest HbA1c whose date is recorded, as its card shows it.
    const shown = (await cards(page).getByText(/^\d{2}-\d{2}-\d{4}/).first().textContent())!.slice(0, 10);
    const [dd, mm, yyyy] = shown.split("-");
    await page.getByLabel("Search by subject").fill("");
    await page.getByLabel("From (DD-MM-YYYY)").fill(shown);
    await page.getByLabel("To (DD-MM-YYYY)").fill(shown);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${shown}&to=${shown}$`));
    // The list of that day alone, once the search's answer has replaced the whole list: each card's date
    // (the last words of its View button's name) is that day, or not recorded.
    await expect(cards(page).first()).toBeVisible();
    await expect(cards(page).getByRole("button", { name: /^View result/ }).filter({ hasNotText: new RegExp(`, (${shown}|${recordTexts.notRecorded})$`) })).toHaveCount(0);
    const ranged = (await resultCalls(world)).at(-1)!;
    expect(ranged.query).toMatchObject({ fromdate: `${yyyy}-${mm}-${dd}`, todate: `${yyyy}-${mm}-${dd}` });
    expect(ranged.query.searchText).toBeUndefined();
    const inRange = await cards(page).count();
    expect(inRange).toBeLessThan(everything);

    await page.reload();
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue(shown);
    await expect(cards(page)).toHaveCount(inRange);
    // Back on a page React has taken over (a Back before then leaves the server's page under the new address).
    await waitForHydration(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/reports\?q=hba1c$/);
    await expect(page.getByLabel("Search by subject")).toHaveValue("hba1c");
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("");

    // A date that is not a day, and an end before the start, are refused before anything is sent.
    const calls = (await resultCalls(world)).length;
    await page.getByLabel("From (DD-MM-YYYY)").fill("31-02-2025");
    await page.getByLabel("To (DD-MM-YYYY)").fill("01-01-2020");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("Enter the start date as DD-MM-YYYY, for example 01-03-2025")).toBeVisible();
    await page.getByLabel("From (DD-MM-YYYY)").fill("01-03-2025");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("The end date cannot be before the start date")).toBeVisible();
    expect((await resultCalls(world)).length).toBe(calls);
    await expectNoAxeViolations(page);

    // Nothing matching is the plain empty state.
    await page.goto("/reports?q=no-such-test");
    await expect(page.getByText("No Records Found")).toBeVisible();
  });

  test("a table result: Low, High and Abnormal in red and in words, Print offered; opening marks it read, closing refreshes the list and the counter", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    // The card shows the count, or "No new results" at 0.
    const unreadBefore = await newResultsCount(page);
    await page.goto("/reports");
    const fbc = cards(page).nth(NEWEST.fullBloodCount);
    await expect(fbc.getByRole("heading")).toHaveText(shownAs("Full Blood Count"));
    await expect(fbc).toContainText("Unread");
    const title = await titleOf(fbc);
    const dialog = await openResult(page, fbc);
    const table = dialog.getByRole("table", { name: `Results of ${title}`, exact: true });
    for (const [row, flag] of [["Haemoglobin", "Low"], ["White cell count", "High"], ["Blood film", "Abnormal"]]) {
      const cell = table.getByRole("row", { name: new RegExp(row) }).getByRole("cell").filter({ hasText: flag });
      await expect(cell).toBeVisible();
      await expect(cell.locator("span").first()).toHaveCSS("color", "rgb(213, 40, 27)");
    }
    await expect(table.getByRole("row", { name: /Platelets/ })).toContainText("None");
    // The wide dialog lies over the side menu, not under it.
    const box = (await dialog.boundingBox())!;
    expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest('[role="dialog"]'), [box.x + 4, box.y + box.height / 2])).toBe(true);
    await expect(dialog.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(fbc).toContainText("Read");
    await expect(fbc).not.toContainText("Unread");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }).click();
    await expect.poll(() => newResultsCount(page)).toBe(unreadBefore === recordTexts.notRecorded ? unreadBefore : unreadBefore - 1);
  });

  test("opening a result refreshes the list under it: the result now read, and a result the practice added since", async ({ page, world }) => {
    await openReports(page, world);
    const fbc = cards(page).nth(NEWEST.fullBloodCount);
    await expect(fbc).toContainText("Unread");
    // The modal dialog hides the page from screen readers while it is open: the list under it is read
    // with the hidden included, to see what a patient sees around the dialog and after it.
    const under = page.getByRole("list", { name: "Test results", includeHidden: true });
    const underCards = under.getByRole("listitem", { includeHidden: true });
    // The next result's button, which a refresh must not move: a click between a refresh's start and
    // its end would land beside it (a card turned read, or the words saying the list is loading).
    const nextView = underCards.nth(NEWEST.chestXRay).getByRole("button", { name: /^View result/, includeHidden: true });
    // Its place on the page, not in the window: closing the dialog scrolls back to the button it came from.
    const placeOf = () => nextView.evaluate((button) => [button.getBoundingClientRect().top + window.scrollY, button.getBoundingClientRect().left + window.scrollX]);
    const where = await placeOf();
    const first = await openResult(page, fbc);
    await expect(underCards.nth(NEWEST.fullBloodCount)).toContainText("Read");
    await expect(underCards.nth(NEWEST.fullBloodCount)).not.toContainText("Unread");
    await expect(first).toBeVisible();
    // The closing's refresh, held at the practice: the list says it is loading, and nothing moves.
    const refresh = await world.hold({ path: "Patient/LabResults", method: "GET", times: 1 });
    await first.getByRole("button", { name: "Close" }).click();
    await expect(first).toBeHidden();
    await refresh.arrived();
    const loading = page.getByRole("status").filter({ hasText: reportsTexts.loadingResults });
    await expect(loading).toBeVisible();
    expect(await placeOf()).toEqual(where);
    await refresh.release();
    await expect(loading).toBeHidden();
    expect(await placeOf()).toEqual(where);

    // The list was read three times: the page, the opening and the closing (2§4), no more.
    await expect.poll(async () => (await resultCalls(world)).length).toBe(3);

    // Meanwhile the practice has a new result: its next list (and only that one) says so.
    await world.fault({ path: "Patient/LabResults", method: "GET", answer: toBundle([labResultResource(NEW_RESULT)]), times: 1 });
    const second = await openResult(page, cards(page).nth(NEWEST.chestXRay));
    // The test's own answer, as our practice words it.
    await expect(underCards.filter({ has: page.getByRole("heading", { name: NEW_RESULT.test, exact: true, includeHidden: true }) })).toContainText("Unread");
    await expect(underCards).toHaveCount(1);
    await expect(second.getByRole("heading", { name: "Chest X-Ray", level: 3 })).toBeVisible();
    // One list read for the opening, and the result itself read once: the refresh does not read it again.
    expect(await resultCalls(world)).toHaveLength(4);
    expect(await world.requests({ method: "GET", path: "Patient/LabResultByID" })).toHaveLength(2);
  });

  // React Router finds the chart's route only when it is first asked for (lazy route discovery). A
  // refresh that starts while it is still being found sent the chart's request to the not-found route,
  // and the page fell to "Something went wrong" (React Router issue 15326). Held first here: the route's
  // discovery, while the result given asks for the list's refresh. Then, with the route found, the
  // refresh that opening a result asks for (2§4, decisions/325) can still be at the practice when the
  // patient opens the Result Chart, and the chart's own read can still be there when the refresh starts.
  // Each way the chart is drawn once its values come, and the list is refreshed.
  test("the Result Chart asked for while the result is still coming is drawn after the refresh the result asks for; opened while the list's refresh is at the practice it is drawn, and so is one asked for before the refresh", async ({ page, world }) => {
    await openReports(page, world);

    await test.step("the Result Chart asked for while the result is still coming is drawn after the refresh the result asks for", async () => {
      let discovered: () => void = () => undefined;
      const discovery = new Promise<void>((resolve) => (discovered = resolve));
      const asked = new Promise<void>((resolve) =>
        void page.route(/__manifest\?paths=[^&]*reports%2Fchart/, async (route) => {
          resolve();
          await discovery;
          await route.continue();
        }),
      );
      const content = await world.hold({ path: "Patient/LabResultByID", method: "GET", times: 1 });
      await card(page, "HbA1c").first().getByRole("button", { name: /^View result/ }).click();
      const result = page.getByRole("dialog", { name: "HbA1c" });
      await content.arrived();
      await result.getByRole("button", { name: "Result Chart" }).click();
      await asked;
      // The result is given (and so read) while the chart's route is still being found.
      await content.release();
      await expect(result.getByRole("table", { name: "Results of HbA1c" })).toBeVisible();
      discovered();
      const chart = page.getByRole("dialog", { name: "Result Chart" });
      await expect(chart.getByText("HbA1c, by date")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Sorry, there is a problem" })).toHaveCount(0);
      // The list is still refreshed for the result read (2§4): the page's read and this one.
      await expect.poll(async () => (await resultCalls(world)).length).toBe(2);
      await chart.getByRole("button", { name: "Close" }).click();
      await result.getByRole("button", { name: "Close" }).click();
      await expect(result).toBeHidden();
      // The closing's refresh (2§4) is answered before the next step holds the list.
      await expect.poll(async () => (await resultCalls(world)).length).toBe(3);
    });

    await test.step("the Result Chart opened while the list's refresh is at the practice is drawn, and so is one asked for before the refresh", async () => {
      const list = await world.hold({ path: "Patient/LabResults", method: "GET", times: 1 });
      const result = await openResult(page, card(page, "HbA1c").first());
      await list.arrived();
      await result.getByRole("button", { name: "Result Chart" }).click();
      const chart = page.getByRole("dialog", { name: "Result Chart" });
      await expect(chart.getByText("HbA1c, by date")).toBeVisible();
      await list.release();
      await expect(chart.getByText("HbA1c, by date")).toBeVisible();
      await chart.getByRole("button", { name: "Close" }).click();
      await result.getByRole("button", { name: "Close" }).click();
      await expect(result).toBeHidden();
      const before = (await resultCalls(world)).length;

      // The chart asked for while the result's own read (and so the refresh it starts) is still to come.
      const content = await world.hold({ path: "Patient/LabResultByID", method: "GET", times: 1 });
      const values = await world.hold({ path: "Patient/LabResultChartById", method: "GET", times: 1 });
      await card(page, "HbA1c").first().getByRole("button", { name: /^View result/ }).click();
      const again = page.getByRole("dialog", { name: "HbA1c" });
      await content.arrived();
      await content.release();
      await again.getByRole("button", { name: "Result Chart" }).click();
      await values.arrived();
      // The refresh the given result asked for is under way before the chart's values come.
      await expect.poll(async () => (await resultCalls(world)).length).toBeGreaterThanOrEqual(before + 1);
      await values.release();
      await expect(page.getByRole("dialog", { name: "Result Chart" }).getByText("HbA1c, by date")).toBeVisible();
    });
  });

  test("an HTML result is shown with Print; a PDF result in the portal's own viewer, without Print, its worker from the portal", async ({ page, world, baseURL }) => {
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) outside.push(r.url());
    });
    await openReports(page, world);
    const html = await openResult(page, cards(page).nth(NEWEST.chestXRay));
    await expect(html.getByRole("heading", { name: "Chest X-Ray", level: 3 })).toBeVisible();
    await expect(html.getByText("The lungs are clear. Heart size is normal.")).toBeVisible();
    await expect(html.getByRole("button", { name: "Print" })).toBeVisible();
    await expectNoAxeViolations(page);
    // Printed, the result is alone on the page: no page behind it, no buttons.
    await page.emulateMedia({ media: "print" });
    await expect(html.getByText("The lungs are clear. Heart size is normal.")).toBeVisible();
    expect((await html.boundingBox())?.y).toBeLessThanOrEqual(1);
    await expect(page.getByRole("heading", { name: "Test Results", level: 1 })).toBeHidden();
    await expect(html.getByRole("button", { name: "Print" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await page.keyboard.press("Escape");
    await expect(html).toBeHidden();

    const worker = page.waitForRequest(/pdf\.worker/);
    const cervical = cards(page).nth(NEWEST.cervicalScreening);
    const title = await titleOf(cervical);
    const pdf = await openResult(page, cervical);
    await expect(pdf.getByRole("img", { name: `${title}, page 1 of 1`, exact: true })).toBeVisible({ timeout: 15_000 });
    expect((await worker).url()).toMatch(new RegExp(`^${baseURL}/assets/`));
    await expect(pdf.locator("canvas")).toBeVisible();
    await expect(pdf.getByRole("button", { name: "Print" })).toHaveCount(0);
    await expect(pdf.getByRole("button", { name: "Close" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(outside).toEqual([]);
  });

  // The failed page itself (its message, axe, Retry by keyboard bringing the screen back) is every-area.spec.ts's row for /reports.
  test("the Result Chart draws a test's values by date with a table for screen readers; a result without values says so; a result the practice fails to give says so in the dialog, with Retry", async ({ page, world }) => {
    await openReports(page, world);
    const result = await openResult(page, card(page, "HbA1c").first());
    await result.getByRole("button", { name: "Result Chart" }).click();
    const chart = page.getByRole("dialog", { name: "Result Chart" });
    await expect(chart).toBeVisible();
    await expect(chart.getByText("HbA1c, by date")).toBeVisible();
    // The practice's chart reply, as the world's room drew it: its points (each worded in its own way), or
    // an empty list, which is no data, as for a result without values.
    const noValues = (await roomOf(world))["GET Patient/LabResultChartById"].reply === "an empty list";
    if (noValues) await expect(chart.getByText("No Data Available")).toBeVisible();
    else {
      // A figure per observation as the practice names it (HbA1c, or "Not recorded", or its name with markup).
      await expect(chart.getByRole("table", { name: "HbA1c (HbA1c) by date", exact: true })).toBeAttached();
      // Each figure's listed dates and values, and the points of its drawing shown (drawn for a phone and
      // for a wide box, one shown), read at once.
      const figures = await chart.getByRole("figure").evaluateAll((all) =>
        all.map((f) => ({
          dates: [...f.querySelectorAll("tbody tr td:first-child")].map((td) => td.textContent ?? ""),
          values: [...f.querySelectorAll("tbody tr td:nth-child(2)")].map((td) => td.textContent ?? ""),
          circles: [...f.querySelectorAll("svg[viewBox]")].filter((svg) => svg.checkVisibility()).reduce((n, svg) => n + svg.querySelectorAll("circle").length, 0),
        })),
      );
      for (const { dates, values, circles } of figures) {
        // A point per value with a date and a number; a value in words or without a date is listed, not drawn (decisions/396).
        expect(circles).toBe(dates.filter((d, i) => /^\d{2}-\d{2}-\d{4}$/.test(d) && /^\s*[<>≤≥]?\s*-?\d/.test(values[i])).length);
        // Oldest first, a value without a date last.
        const dated = dates.filter((d) => d !== recordTexts.notRecorded).map((d) => d.split("-").reverse().join("-"));
        expect([...dated].sort()).toEqual(dated);
        expect(dates.slice(dated.length).every((d) => d === recordTexts.notRecorded)).toBe(true);
      }
      expect(figures.reduce((n, f) => n + f.dates.length, 0)).toBeGreaterThanOrEqual(3);
      expect(figures.reduce((n, f) => n + f.circles, 0)).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(page);
    await chart.getByRole("button", { name: "Close" }).click();
    await expect(chart).toBeHidden();
    await expect(result.getByRole("button", { name: "Result Chart" })).toBeFocused();
    if (noValues) {
      // The notice lies above the result: the first Escape dismisses it.
      await page.keyboard.press("Escape");
      await expect(page.getByText("No Chart Data Available")).toHaveCount(0);
    }
    await page.keyboard.press("Escape");
    await expect(result).toBeHidden();

    // A narrative result has no values to chart: the first whose title the practice sent.
    const xray = await openResult(page, cards(page).filter({ has: page.getByRole("heading", { name: /^(Chest X-Ray|Urine Culture)$/ }) }).first());
    await xray.getByRole("button", { name: "Result Chart" }).click();
    // The notice, and radix's copy of it for screen readers.
    const notice = page.getByText("No Chart Data Available").first();
    await expect(notice).toBeVisible();
    // At the top right (2§8), inside the window.
    const box = (await notice.boundingBox())!;
    const view = page.viewportSize()!;
    expect(box.y).toBeLessThan(view.height / 4);
    expect(box.x).toBeGreaterThan(view.width / 2);
    expect(box.x + box.width).toBeLessThanOrEqual(view.width);
    const empty = page.getByRole("dialog", { name: "Result Chart" });
    await expect(empty.getByText("No Data Available")).toBeVisible();
    await expectNoAxeViolations(page);

    // A chart the practice fails to give is no data, too.
    await empty.getByRole("button", { name: "Close" }).click();
    await xray.getByRole("button", { name: "Close" }).click();
    await expect(xray).toBeHidden();
    await world.fault({ path: "Patient/LabResultChartById", status: 500 });
    // A result the practice fails to give says so in the dialog, with Retry, which brings it.
    await world.fault({ path: "Patient/LabResultByID", status: 503, times: 1 });
    await card(page, "HbA1c").first().getByRole("button", { name: /^View result/ }).click();
    const again = page.getByRole("dialog", { name: "HbA1c" });
    await expect(again.getByText("The result could not be loaded from the practice. Please try again.")).toBeVisible();
    await again.getByRole("button", { name: "Retry" }).click();
    await expect(again.getByRole("table", { name: "Results of HbA1c" })).toBeVisible();
    await again.getByRole("button", { name: "Result Chart" }).click();
    await expect(page.getByRole("dialog", { name: "Result Chart" }).getByText("No Data Available")).toBeVisible();
  });

  test("every task by keyboard: a badge, the search, a result opened and closed with the focus back on its button", async ({ page, world }) => {
    await openReports(page, world);
    await badge(page, "Unread").focus();
    await page.keyboard.press("Enter");
    await expect(badge(page, "Unread")).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Search by subject").focus();
    await page.keyboard.type("Full Blood");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/q=Full\+Blood/);
    await expect(badge(page, "Unread")).toHaveAttribute("aria-pressed", "true");
    // The list is the search's once every card is a Full Blood Count.
    await expect(cards(page).getByRole("heading").filter({ hasNotText: shownAs("Full Blood Count") })).toHaveCount(0);
    // The newest Full Blood Count, first in the list found.
    const open = () => cards(page).first().getByRole("button", { name: /^View result/ });
    const dialog = page.getByRole("dialog", { name: await titleOf(cards(page).first()), exact: true });
    await open().focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("table")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Read now, it has left the Unread view: the focus goes to the list's summary, not to nowhere.
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(/ 0 of \d+ results? shown/)).toBeFocused();

    await badge(page, "All").focus();
    await page.keyboard.press("Enter");
    await open().focus();
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("table")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open()).toBeFocused();
  });

  test("at 390 px nothing a patient needs scrolls sideways, on the page or in a result", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openReports(page, world);
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const dialog = await openResult(page, cards(page).nth(NEWEST.fullBloodCount));
    const wider = await dialog.evaluate((d) => [...d.querySelectorAll("*")].filter((e) => e.getBoundingClientRect().right > d.getBoundingClientRect().right + 1).map((e) => e.tagName));
    expect(wider).toEqual([]);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    const cervical = cards(page).nth(NEWEST.cervicalScreening);
    const title = await titleOf(cervical);
    const pdf = await openResult(page, cervical);
    const pageImage = pdf.getByRole("img", { name: `${title}, page 1 of 1`, exact: true });
    await expect(pageImage).toBeVisible({ timeout: 15_000 });
    const [img, box] = await Promise.all([pageImage.boundingBox(), pdf.boundingBox()]);
    expect(img!.x + img!.width).toBeLessThanOrEqual(box!.x + box!.width);
  });

});

test.describe("hostile HTML", () => {
  test.use({ worldOptions: { scenario: "hostile-result" } });

  test("a result's scripts, handlers, frames, styles and outside images never run or load; its words are shown", async ({ page, world, baseURL }) => {
    const outside: string[] = [];
    page.on("request", (r) => {
      const url = r.url();
      if (!url.startsWith(baseURL!) && !url.startsWith("data:")) outside.push(url);
    });
    page.on("dialog", (d) => {
      outside.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    await openReports(page, world);
    // What the portal hands the page for the dialog, exactly as the page receives it.
    let received = "";
    await page.route("**/reports/result/**", async (route) => {
      const response = await route.fetch();
      received += await response.text();
      await route.fulfill({ response });
    });
    // The scenario's newest result.
    const dialog = await openResult(page, cards(page).first());
    await expect(dialog.getByText("ALT and AST are within the normal range.")).toBeVisible();
    await expect(dialog.getByText("Bilirubin is slightly raised; this is common and usually harmless.")).toBeVisible();
    // Every active part of the result sets window.__hostile or reaches evil.example.invalid: none of them
    // reached the browser, so nothing is left that could run later (no waiting for it to try).
    expect(received).toContain("Bilirubin is slightly raised");
    expect(received).not.toContain("__hostile");
    expect(received).not.toContain("evil.example");
    expect(await page.evaluate(() => (window as unknown as { __hostile?: unknown }).__hostile)).toBeUndefined();
    // Anything active left of the report (the dialog's own buttons, with their icons, aside).
    const active = await dialog.evaluate((d) =>
      [...d.querySelectorAll("script, style, iframe, img, svg, object, embed, form, input, link, meta, base, [style], [onerror], [onclick], [onload]")].filter((e) => !e.closest("button")).map((e) => e.outerHTML),
    );
    expect(active).toEqual([]);
    await expect(dialog.getByRole("link", { name: "See the full report" })).toHaveCount(0);
    // The markup's class and id did not reach the page: nothing covers it.
    expect(await dialog.locator(".fixed.inset-0, #main-content").count()).toBe(0);
    await expectNoAxeViolations(page);
    expect(outside).toEqual([]);
  });
});

// A new patient's No Records Found in every badge: empty-records.spec.ts › … test results: every badge.
// A family member chosen at sign-in, the member's results and every call with the member's id: reports.test.ts ›
// a family member's results › chosen at sign-in: the Test Results page and a result opened ask for the member's.
// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.
