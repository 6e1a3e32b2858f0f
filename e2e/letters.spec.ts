import type { Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { errorsTexts } from "~/lib/texts/errors";
import { lettersTexts } from "~/areas/letters/texts";
import { sessionTexts } from "~/lib/texts/session";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, type World, type WorldUser } from "./fixtures";
import { endSessionInAnotherTab, expectSignInAgain, signInThere } from "./session-ended";

/** /letters (2§2 Letters): tiles, the date range in the address, "more", the letter dialog and Print, in a fresh world. */

const t = lettersTexts;

const openLetters = (page: Page, user: WorldUser) => openSignedIn(page, user, "/letters", "Letters");

const grid = (page: Page) => page.getByRole("list", { name: "Letters" });
const tiles = (page: Page) => grid(page).getByRole("listitem");

/** Each tile as "type|DD-MM-YYYY|YYYY-MM-DD", in the order shown. */
async function tileList(page: Page): Promise<string[]> {
  return tiles(page).evaluateAll((items) => items.map((li) => `${li.querySelector("h2")?.textContent}|${li.querySelector("time")?.textContent}|${li.querySelector("time")?.getAttribute("datetime")}`));
}

async function searchRange(page: Page, from: string, to: string) {
  await page.getByLabel("From (DD-MM-YYYY)").fill(from);
  await page.getByLabel("To (DD-MM-YYYY)").fill(to);
  await page.getByRole("button", { name: "Search" }).click();
}

const letterCalls = (world: World) => world.requests({ method: "GET", path: "Patient/LetterAndDocument" });

test.describe("letters", () => {
  test("the menu leads here; the tiles show type and date, newest first; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Letters" }).click();
    await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeVisible();
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(breadcrumb.getByText("Letters")).toHaveAttribute("aria-current", "page");

    const shown = await tileList(page);
    // solo's letters span more than a year (fixtures/builders/documents.ts).
    expect(shown.length).toBeGreaterThanOrEqual(12);
    for (const tile of shown) expect(tile).toMatch(/^[A-Z][\w ]+\|\d{2}-\d{2}-\d{4}\|\d{4}-\d{2}-\d{2}$/);
    const iso = shown.map((s) => s.split("|")[2]);
    expect([...iso].sort().reverse()).toEqual(iso);
    const days = (Date.parse(iso[0]) - Date.parse(iso[iso.length - 1])) / 86_400_000;
    expect(days).toBeGreaterThan(365);
    await expect(page.getByText(`Showing ${shown.length} of ${shown.length} letters`)).toBeVisible();
    // Page size 100 (2§9), no range.
    const [call] = await letterCalls(world);
    expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
    await expectNoAxeViolations(page);
  });

  test("a date range sends 00:00:00 to 23:59:59, lives in the address, and clearing it reloads every letter", async ({ page, world }) => {
    await openLetters(page, world.user("solo"));
    const all = await tileList(page);
    const [, toDisplay, toIso] = all[2].split("|");
    const [, fromDisplay, fromIso] = all[6].split("|");
    const expected = all.filter((tile) => {
      const iso = tile.split("|")[2];
      return iso >= fromIso && iso <= toIso;
    });
    expect(expected.length).toBeLessThan(all.length);

    await searchRange(page, fromDisplay, toDisplay);
    await expect(page).toHaveURL(new RegExp(`/letters\\?from=${fromDisplay}&to=${toDisplay}$`));
    await expect(page.getByText(`${expected.length} letters from ${fromDisplay} to ${toDisplay}`)).toBeVisible();
    expect(await tileList(page)).toEqual(expected);
    const calls = await letterCalls(world);
    expect(calls.at(-1)!.query).toMatchObject({ StartDate: `${fromIso} 00:00:00`, EndDate: `${toIso} 23:59:59` });
    expect(calls.at(-1)!.query).not.toHaveProperty("PageSize");

    // A reload shows the same view, the dates still in the form.
    await page.reload();
    expect(await tileList(page)).toEqual(expected);
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue(fromDisplay);
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toHaveValue(toDisplay);
    await expectNoAxeViolations(page);

    // Clearing the range reloads all letters (2§5); back shows the range again.
    await page.getByRole("link", { name: "Clear dates" }).click();
    await expect(page).toHaveURL(/\/letters$/);
    await expect(page.getByText(`Showing ${all.length} of ${all.length} letters`)).toBeVisible();
    expect(await tileList(page)).toEqual(all);
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("");
    expect((await letterCalls(world)).at(-1)!.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
    await page.goBack();
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue(fromDisplay);
    expect(await tileList(page)).toEqual(expected);

    // Emptying both dates and searching is clearing too.
    await searchRange(page, "", "");
    await expect(page).toHaveURL(/\/letters$/);
    await expect(page.getByText(`Showing ${all.length} of ${all.length} letters`)).toBeVisible();
  });

  test("a wrong range is refused in the browser with clear messages, nothing sent, nothing typed lost", async ({ page, world }) => {
    await openLetters(page, world.user("solo"));
    const before = (await letterCalls(world)).length;
    await searchRange(page, "10-03-2026", "01-03-2026");
    await expect(page.getByText(dateRangeTexts.toBeforeFrom)).toBeVisible();
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("10-03-2026");
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toHaveValue("01-03-2026");
    await expectNoAxeViolations(page);

    await searchRange(page, "31-02-2026", "");
    await expect(page.getByText(dateRangeTexts.fromInvalid)).toBeVisible();
    await expect(page.getByText(t.toMissing)).toBeVisible();
    // Editing a field clears its message.
    await page.getByLabel("To (DD-MM-YYYY)").fill("0");
    await expect(page.getByText(t.toMissing)).toHaveCount(0);
    expect((await letterCalls(world)).length).toBe(before);
    await expect(page).toHaveURL(/\/letters$/);

    // The address is checked by the same schema: a wrong range typed there is refused with the same words, as typed.
    await page.goto("/letters?from=05-05-2025&to=01-01-2025");
    await expect(page.getByText(dateRangeTexts.toBeforeFrom)).toBeVisible();
    await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("05-05-2025");
    expect((await letterCalls(world)).some((c) => "StartDate" in c.query)).toBe(false);
  });

  test("View opens the letter's PDF in the dialog, with Print and Download; Close gives the focus back", async ({ page, world }) => {
    await openLetters(page, world.user("solo"));
    const [first] = await tileList(page);
    const [type, date] = first.split("|");
    const view = page.getByRole("button", { name: `View ${type}, ${date}` });
    await view.click();
    const dialog = page.getByRole("dialog", { name: type });
    await expect(dialog.getByText(`Dated ${date}`)).toBeVisible();
    await expect(dialog.getByRole("img", { name: `${type}, page 1 of 1` })).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: `Download ${type}` })).toHaveAttribute("href", /^\/letters\/letter\//);
    await expectNoAxeViolations(page);
    const [byId] = await world.requests({ method: "GET", path: "Patient/LetterAndDocumentByID" });
    expect(byId.query.Token).toBeDefined();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();
  });

  test("Print opens the letter and prints it once drawn; on paper only the letter is shown", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await openLetters(page, world.user("solo"));
    const [type, date] = (await tileList(page))[1].split("|");
    await page.getByRole("button", { name: `Print ${type}, ${date}` }).click();
    const dialog = page.getByRole("dialog", { name: type });
    const sheet = dialog.getByRole("img", { name: `${type}, page 1 of 1` });
    await expect(sheet).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    await expect(sheet).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Print" })).toBeHidden();
    // What the browser prints: the one-page letter on one A4 sheet (595 x 842 points).
    const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
    expect(printed.getPageCount()).toBe(1);
    const { width, height } = printed.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    await page.emulateMedia({ media: "screen" });

    await dialog.getByRole("button", { name: "Print" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(2);
  });

  test("a failed load's Retry brings the letters back; a letter that fails to load stops its spinner and says so", async ({ page, world }) => {
    // The failed page itself (its message, axe, Retry by keyboard) is every-area.spec.ts's; here, what Retry brings back.
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "Patient/LetterAndDocument", status: 503, times: 1 });
    await page.goto("/letters");
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: errorsTexts.retry }).click();
    await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeVisible();
    await expect(tiles(page).first()).toBeVisible();

    await world.fault({ path: "Patient/LetterAndDocumentByID", status: 500, times: 5 });
    await page.getByRole("button", { name: /^View / }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByText(t.pdfFailed)).toBeVisible();
    await expect(dialog.getByText(t.loadingLetter)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("at 390 px, by keyboard: a letter opened after the sign-in ended says so, with Sign in again; after signing in it opens", async ({ page, world, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = world.user("solo");
    await openLetters(page, user);
    const other = await endSessionInAnotherTab(context, "/letters");

    const [type, date] = (await tileList(page))[0].split("|");
    const view = page.getByRole("button", { name: `View ${type}, ${date}` });
    await view.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: type });
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText(sessionTexts.documentSessionEnded);
    await expect(dialog.getByText(t.pdfFailed)).toHaveCount(0);
    await expect(dialog.getByText(t.loadingLetter)).toHaveCount(0);
    await expectSignInAgain(alert, "/letters");
    await expect(page).toHaveURL(/\/letters$/);
    // The message and its link fit the phone: nothing sits off to the side.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const again = alert.getByRole("link", { name: /Sign in again in a new tab/ });
    for (let i = 0; i < 10 && !(await again.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(again).toBeFocused();
    await expect(again).toBeInViewport();
    await expectNoAxeViolations(page);

    await signInThere(other, user);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: type }).getByRole("img", { name: `${type}, page 1 of 1` })).toBeVisible();
  });

  test("by keyboard: a range typed and sent with Enter, a letter opened and closed", async ({ page, world }) => {
    await openLetters(page, world.user("solo"));
    const all = await tileList(page);
    const [, date] = all[0].split("|");
    await page.getByLabel("From (DD-MM-YYYY)").focus();
    await page.keyboard.type(date);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toBeFocused();
    await page.keyboard.type(date);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`from=${date}&to=${date}`));
    await expect(page.getByText(/letters? from/)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
    // On to the first tile's View, past the Clear dates link.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Clear dates" })).toBeFocused();
    await page.keyboard.press("Tab");
    const view = page.getByRole("button", { name: /^View / }).first();
    await expect(view).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();
  });

  test("at 390 px: one column, nothing off to the side, and the letter fits its dialog", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openLetters(page, world.user("solo"));
    const [a, b] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: /^View / }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("at 1280 px the tiles sit side by side", async ({ page, world }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLetters(page, world.user("solo"));
    const [a, b] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(b!.y).toBe(a!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    // 1§9: a document's dialog is 1000 px wide on a wide screen, the letter drawn across it (issue 52).
    await page.getByRole("button", { name: /^View / }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    expect((await dialog.boundingBox())!.width).toBe(1000);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("the empty account: No Records Found", async ({ page, world }) => {
    await openLetters(page, world.user("empty"));
    await expect(page.getByText(t.noRecords, { exact: true })).toBeVisible();
    await expect(grid(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Show more letters" })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe("letters of a large record", () => {
  test.use({ worldOptions: { scenario: "many-records" } });

  test("the first page of 100 with \"more\", which adds the next page, keeps it in the address and moves the focus to it", async ({ page, world }) => {
    await openLetters(page, world.user("many"));
    await expect(tiles(page)).toHaveCount(100);
    await expect(page.getByText("Showing 100 of 1000 letters")).toBeVisible();
    const firstPage = await tileList(page);
    await page.getByRole("link", { name: "Show more letters" }).click();
    await expect(page).toHaveURL(/\/letters\?pages=2$/);
    await expect(tiles(page)).toHaveCount(200);
    expect((await tileList(page)).slice(0, 100)).toEqual(firstPage);
    await expect(tiles(page).nth(100).getByRole("button", { name: /^View / })).toBeFocused();
    const pages = (await letterCalls(world)).map((c) => c.query.PageNumber);
    expect(pages).toEqual(["1", "1", "2"]);
    // Reloaded, the address shows the same 200.
    await page.reload();
    await expect(tiles(page)).toHaveCount(200);
  });
});

test.describe("a family member's letters", () => {
  test("chosen at sign-in, the member's letters are shown and every letter call names the member", async ({ page, world }) => {
    const memberId = await openSignedIn(page, world.user("family"), "/letters", "Letters", { account: 2 });
    await expect(tiles(page).first()).toBeVisible();
    await page.getByRole("button", { name: /^View / }).first().click();
    await expect(page.getByRole("dialog").getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    const calls = [...(await letterCalls(world)), ...(await world.requests({ method: "GET", path: "Patient/LetterAndDocumentByID" }))];
    expect(calls.length).toBe(2);
    for (const c of calls) expect(c.query.PatientID).toBe(memberId);
  });
});
