import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { recordTexts } from "~/lib/texts/record";
import { lettersTexts } from "~/areas/letters/texts";
import { sessionTexts } from "~/lib/texts/session";
import { LETTER_TYPES } from "../fixtures/builders/documents";
import { expect, expectNoAxeViolations, openSignedIn, test, type World, type WorldUser } from "./fixtures";
import { fieldAfter, menuAsOurs, roomDrawn, shapeAt, textsShown, type Drawn } from "./room-drawn";
import { endSessionInAnotherTab, expectSignInAgain, signInThere } from "./session-ended";

/**
 * /letters (2§2 Letters): tiles, the date range in the address, "more", the letter dialog and Print, in a
 * fresh world of a practice as the spec describes it: each letter in a shape of the room the spec leaves
 * (contract/room/documents.ts, decisions/396), its type or date perhaps "Not recorded", its type with
 * markup, its file not a PDF. A test that opens a letter opens the first the practice sent as a PDF.
 */
test.use({ specPractice: true });

const t = lettersTexts;
const LETTERS = "GET Patient/LetterAndDocument";
/** A letter's fields as 2§3 names them (contract/documents.ts LetterSlots). */
const TYPE = "type.coding.0.display";
const DATE = "extension.0.valueDateTime";
const CONTENT_TYPE = "content.0.attachment.contentType";

const openLetters = (page: Page, user: WorldUser) => openSignedIn(page, user, "/letters", "Letters");

const grid = (page: Page) => page.getByRole("list", { name: "Letters" });
const tiles = (page: Page) => grid(page).getByRole("listitem");
/** The tiles of letters sent as PDFs: they have Print (2§2), the others only View and Download. */
const pdfTiles = (page: Page) => tiles(page).filter({ has: page.getByRole("button", { name: /^Print / }) });

interface Tile {
  type: string;
  /** DD-MM-YYYY, or "Not recorded". */
  date: string;
  /** The <time>'s YYYY-MM-DD; "" for a letter without a date. */
  iso: string;
  /** The line saying the letter is not a PDF, or null. */
  format: string | null;
}

/** The tiles shown, in order. */
async function tileList(page: Page): Promise<Tile[]> {
  return tiles(page).evaluateAll((items) =>
    items.map((li) => {
      const time = li.querySelector("time");
      const [dated, format] = [...li.querySelectorAll("p")].map((p) => p.textContent ?? "");
      return { type: li.querySelector("h2")?.textContent ?? "", date: time?.textContent ?? dated.replace(/^Date: /, ""), iso: time?.getAttribute("datetime") ?? "", format: format ?? null };
    }),
  );
}

/** A tile's type and date, as its View and Print buttons and its dialog name it. */
async function tileOf(tile: Locator): Promise<Pick<Tile, "type" | "date">> {
  return tile.evaluate((li) => ({ type: li.querySelector("h2")?.textContent ?? "", date: li.querySelector("time")?.textContent ?? li.querySelector("p")?.textContent?.replace(/^Date: /, "") ?? "" }));
}

/** Whether the letter the shape leaves is a PDF: as sent, or its type in other letters (2§3). */
function pdfAfter(shape: string): boolean {
  const after = fieldAfter(shape, CONTENT_TYPE);
  return after.is === "kept" || (after.is === "changed" && String(after.value).toLowerCase() === "application/pdf");
}

/** What a tile says of a letter the shape leaves not a PDF, in the practice's words; null for a PDF. */
function formatAfter(shape: string): string | null {
  if (pdfAfter(shape)) return null;
  const after = fieldAfter(shape, CONTENT_TYPE);
  return t.otherFormat(after.is === "changed" && typeof after.value === "string" ? after.value : recordTexts.notRecorded);
}

/**
 * Where each tile's letter sits in the practice's reply (sent newest first): the dated letters in that
 * order, then those the shape left without a date, in the order sent (decisions/396).
 */
function placesShown(drawn: Drawn, count: number): number[] {
  const places = Array.from({ length: count }, (_, n) => n);
  const dated = (n: number) => fieldAfter(shapeAt(drawn, n), DATE).is !== "missing";
  return [...places.filter(dated), ...places.filter((n) => !dated(n))];
}

/** The day of a world's clock, as the form takes it and as the practice's query carries it. */
async function today(world: World): Promise<{ display: string; iso: string }> {
  const iso = (await world.clock()).now.slice(0, 10);
  return { iso, display: iso.split("-").reverse().join("-") };
}

async function searchRange(page: Page, from: string, to: string) {
  await page.getByLabel("From (DD-MM-YYYY)").fill(from);
  await page.getByLabel("To (DD-MM-YYYY)").fill(to);
  await page.getByRole("button", { name: "Search" }).click();
}

const letterCalls = (world: World) => world.requests({ method: "GET", path: "Patient/LetterAndDocument" });

test.describe("letters", () => {
  test("the menu leads here; the tiles show type and date, newest first; no axe violations; by keyboard, a range typed and sent with Enter, a letter opened and closed", async ({ page, world }) => {
    const drawn = await roomDrawn(world, LETTERS);
    await test.step("the menu leads here; the tiles, newest first", async () => {
      await menuAsOurs(world);
      await openSignedIn(page, world.user("solo"), "/", "Dashboard");
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Letters" }).click();
      await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeVisible();
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(breadcrumb.getByText("Letters")).toHaveAttribute("aria-current", "page");

      const shown = await tileList(page);
      // solo's letters span more than a year (fixtures/builders/documents.ts).
      expect(shown.length).toBeGreaterThanOrEqual(12);
      // Each tile's words as its letter's shape leaves them: the type, or Not recorded, or with markup as text; the
      // date, or Not recorded; a letter not sent as a PDF says so in the practice's words, and has no Print.
      const places = placesShown(drawn, shown.length);
      shown.forEach((tile, i) => {
        const shape = shapeAt(drawn, places[i]);
        expect(textsShown(fieldAfter(shape, TYPE), LETTER_TYPES.map((l) => l.type)), shape).toContain(tile.type);
        if (fieldAfter(shape, DATE).is === "missing") expect({ date: tile.date, iso: tile.iso }, shape).toEqual({ date: recordTexts.notRecorded, iso: "" });
        else expect(`${tile.date}|${tile.iso}`, shape).toMatch(/^(\d{2})-(\d{2})-(\d{4})\|\3-\2-\1$/);
        expect(tile.format, shape).toBe(formatAfter(shape));
      });
      await expect(pdfTiles(page)).toHaveCount(shown.filter((tile) => tile.format === null).length);
      // Newest first; the letters without a date last.
      const iso = shown.map((s) => s.iso).filter((d) => d !== "");
      expect(shown.slice(0, iso.length).every((s) => s.iso !== "")).toBe(true);
      expect([...iso].sort().reverse()).toEqual(iso);
      const days = (Date.parse(iso[0]) - Date.parse(iso[iso.length - 1])) / 86_400_000;
      expect(days).toBeGreaterThan(365);
      await expect(page.getByText(`Showing ${shown.length} of ${shown.length} letters`)).toBeVisible();
      // Page size 100 (2§9), no range.
      const [call] = await letterCalls(world);
      expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
      await expectNoAxeViolations(page);
    });

    await test.step("by keyboard: a range typed and sent with Enter, a letter opened and closed", async () => {
      const { date } = (await tileList(page)).find((tile) => tile.iso !== "")!;
      await page.getByLabel("From (DD-MM-YYYY)").focus();
      await page.keyboard.type(date);
      await page.keyboard.press("Tab");
      await expect(page.getByLabel("To (DD-MM-YYYY)")).toBeFocused();
      await page.keyboard.type(date);
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(new RegExp(`from=${date}&to=${date}`));
      await expect(page.getByText(`1 letter from ${date} to ${date}`)).toBeVisible();
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
      // The range's one letter comes first in its reply, in that place's shape: a PDF is shown, any other file is offered to download.
      if (pdfAfter(shapeAt(drawn, 0))) await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
      else await expect(dialog.getByText(t.notPdf)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(view).toBeFocused();
    });
  });

  test("a date range sends 00:00:00 to 23:59:59, lives in the address, and clearing it reloads every letter; a wrong range is refused in the browser with clear messages, nothing sent, nothing typed lost", async ({ page, world }) => {
    await test.step("a date range sends 00:00:00 to 23:59:59, lives in the address, and clearing it reloads every letter", async () => {
      const drawn = await roomDrawn(world, LETTERS);
      await openLetters(page, world.user("solo"));
      const all = await tileList(page);
      // From the sixth dated letter to today: the range's reply holds the newest letters in the places they
      // had in the whole listing's, so each in the same shape (contract/room: by its place); the letters
      // without a date among them are known by their places (the world's room summary).
      const places = placesShown(drawn, all.length);
      const from = all.filter((tile) => tile.iso !== "")[5];
      const [fromDisplay, fromIso] = [from.date, from.iso];
      const { display: toDisplay, iso: toIso } = await today(world);
      const expected = all.filter((_, i) => places[i] <= places[all.indexOf(from)]);
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

    await test.step("a wrong range is refused in the browser with clear messages, nothing sent, nothing typed lost", async () => {
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
      const ranged = (await letterCalls(world)).filter((c) => "StartDate" in c.query).length;
      await page.goto("/letters?from=05-05-2025&to=01-01-2025");
      await expect(page.getByText(dateRangeTexts.toBeforeFrom)).toBeVisible();
      await expect(page.getByLabel("From (DD-MM-YYYY)")).toHaveValue("05-05-2025");
      expect((await letterCalls(world)).filter((c) => "StartDate" in c.query).length).toBe(ranged);
    });
  });

  // The failed page itself (its message, axe, Retry by keyboard bringing the screen back) is every-area.spec.ts's row for /letters.
  test("at 1280 px the tiles sit side by side; View opens the letter's PDF in a 1000 px dialog, with Print and Download; Close gives the focus back; Print prints a letter once drawn, on paper only the letter; a letter that fails to load stops its spinner and says so", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await page.setViewportSize({ width: 1280, height: 900 });
    await openLetters(page, world.user("solo"));
    const [a, b] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(b!.y).toBe(a!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    const { type, date } = await tileOf(pdfTiles(page).first());
    const view = page.getByRole("button", { name: `View ${type}, ${date}` });
    await view.click();
    const dialog = page.getByRole("dialog", { name: type });
    await expect(dialog.getByText(`Dated ${date}`)).toBeVisible();
    await expect(dialog.getByRole("img", { name: `${type}, page 1 of 1` })).toBeVisible();
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Print" })).toBeVisible();
    await expect(dialog.getByRole("link", { name: `Download ${type}` })).toHaveAttribute("href", /^\/letters\/letter\//);
    // 1§9: a document's dialog is 1000 px wide on a wide screen, the letter drawn across it (issue 52).
    expect((await dialog.boundingBox())!.width).toBe(1000);
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
    const [byId] = await world.requests({ method: "GET", path: "Patient/LetterAndDocumentByID" });
    expect(byId.query.Token).toBeDefined();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(view).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(0);

    // Print: the next letter opens and is printed once drawn.
    const next = await tileOf(pdfTiles(page).nth(1));
    await page.getByRole("button", { name: `Print ${next.type}, ${next.date}` }).click();
    const printing = page.getByRole("dialog", { name: next.type });
    const sheet = printing.getByRole("img", { name: `${next.type}, page 1 of 1` });
    await expect(sheet).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);

    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    await expect(sheet).toBeVisible();
    await expect(printing.getByRole("button", { name: "Print" })).toBeHidden();
    // What the browser prints: the one-page letter on one A4 sheet (595 x 842 points).
    const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
    expect(printed.getPageCount()).toBe(1);
    const { width, height } = printed.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    await page.emulateMedia({ media: "screen" });

    await printing.getByRole("button", { name: "Print" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(2);

    // A letter that fails to load stops its spinner and says so (on a page of its own, nothing of the letters read above reused).
    await page.reload();
    await world.fault({ path: "Patient/LetterAndDocumentByID", status: 500, times: 5 });
    await view.click();
    const failed = page.getByRole("dialog", { name: type });
    await expect(failed.getByText(t.pdfFailed)).toBeVisible();
    await expect(failed.getByText(t.loadingLetter)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("at 390 px: one column, nothing off to the side; by keyboard, a letter opened after the sign-in ended says so, with Sign in again; after signing in it opens and fits its dialog", async ({ page, world, context }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const user = world.user("solo");
    await openLetters(page, user);
    const [a, b] = [await tiles(page).nth(0).boundingBox(), await tiles(page).nth(1).boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const other = await endSessionInAnotherTab(context, "/letters");

    const { type, date } = await tileOf(pdfTiles(page).first());
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
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.
});

// A long record's pages, the more control and the address: long-records.spec.ts, a step a screen.

// A family member's letters, the list and a letter asked for with the member's id: letters-resources.test.ts ›
// the letters page › for a family member, asks for the member's letters, and › for a family member chosen at
// sign-in, the letter opened is the member's, asked for with the member's id.
