import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { recordTexts } from "~/lib/texts/record";
import { previewTexts } from "~/lib/texts/preview";
import { LETTER_TYPES } from "../fixtures/builders/documents";
import { expect, expectNoAxeViolations, openSignedIn, test, type World } from "./fixtures";
import { fieldAfter, roomDrawn, shapeAt, textAfterShape } from "./room-drawn";

/**
 * /preview (1§2): one document full page, opened from its dialog; printable; the patient's own only.
 *
 * Each world plays the practice as the spec describes it (decisions/396): a letter's type or date, a
 * result's title, an invoice's reference may be "Not recorded" or carry markup as text, in the listing and
 * again, drawn apart, in the one record the full page reads. So a test finds a document by what stays (a
 * result by its place in the list, a letter by its type as sent) and expects the full page's words from
 * the shape its record drew.
 */
test.use({ specPractice: true });

const t = previewTexts;

/** solo's newest results, by their places in the list (the showcase's order, which the room keeps: e2e/reports.spec.ts). */
const NEWEST = { chestXRay: 1, cervicalScreening: 3 } as const;

const results = (page: Page) => page.getByRole("list", { name: "Test results" }).getByRole("listitem");

/** The title a result's full page shows: the test's name as the practice sent it, in the shape its one record (LabResultByID) drew. */
async function resultPageTitle(world: World, sent: string): Promise<string> {
  return textAfterShape("labResultById", shapeAt(await roomDrawn(world, "GET Patient/LabResultByID"), 0), "description", sent);
}

/** The card at `place` in the list, and the title it shows: the test sent as `sent`, perhaps not recorded or with markup as text (the room keeps the order). */
async function resultAt(page: Page, place: number, sent: string): Promise<{ card: Locator; title: string }> {
  const card = results(page).nth(place);
  const title = (await card.getByRole("heading").textContent())!;
  expect([sent, recordTexts.notRecorded].includes(title) || title.startsWith(`<b>${sent}</b>`), `the card at ${place} is ${sent}: "${title}"`).toBe(true);
  return { card, title };
}

/** Whether a canvas has anything drawn on it: some pixel that is not white or transparent. */
async function drawn(canvas: Locator): Promise<boolean> {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3] > 0 && (pixels[i] < 200 || pixels[i + 1] < 200 || pixels[i + 2] < 200)) return true;
    return false;
  });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}

test.describe("a document full page", () => {
  test("a letter opened full page from its dialog: named, drawn, Print and Download, Back to the view it came from", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await openSignedIn(page, world.user("solo"), "/letters?pages=1", "Letters");
    // The first letter that is a PDF (its tile offers Print), dated, its type as the practice sent it.
    const tile = page
      .getByRole("list", { name: "Letters" })
      .getByRole("listitem")
      .filter({ has: page.getByRole("button", { name: /^Print / }) })
      .filter({ has: page.locator("time") })
      .filter({ has: page.getByRole("heading", { name: new RegExp(`^(${LETTER_TYPES.map((l) => l.type).join("|")})$`) }) })
      .first();
    const type = (await tile.getByRole("heading").innerText()).trim();
    const date = (await tile.locator("time").innerText()).trim();
    await tile.getByRole("button", { name: /^View / }).click();
    const dialog = page.getByRole("dialog", { name: type });
    // As a patient would: the letter is there in the dialog, then opened full page (decisions/172).
    await expect(dialog.getByRole("img", { name: `${type}, page 1 of 1` })).toBeVisible();
    await dialog.getByRole("link", { name: t.openFullPage }).click();

    // The full page reads the letter again (LetterAndDocumentByID), its type and date in the shape that record drew.
    const shape = shapeAt(await roomDrawn(world, "GET Patient/LetterAndDocumentByID"), 0);
    const title = textAfterShape("letterById", shape, "type.coding.0.display", type);
    const dated = fieldAfter(shape, "extension.0.valueDateTime").is === "missing" ? recordTexts.notRecorded : date;
    await expect(page).toHaveURL(/\/preview\?type=letter&id=[^&]+&back=%2Fletters%3Fpages%3D1$/);
    await expect(page.getByRole("heading", { name: title, level: 1, exact: true })).toBeVisible();
    await expect(page.getByText(`Dated ${dated}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Letters" })).toBeVisible();
    const sheet = page.getByRole("img", { name: `${title}, page 1 of 1`, exact: true });
    await expect(sheet).toBeVisible();
    await expect.poll(() => drawn(sheet.locator("canvas"))).toBe(true);
    await expect(page.getByRole("link", { name: `${t.download} ${title}`, exact: true })).toHaveAttribute("href", /^\/letters\/letter\//);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: t.print }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
    // On paper: the letter alone, on one A4 sheet; no menu, header, heading or buttons.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("heading", { name: title, level: 1, exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: t.print })).toBeHidden();
    await expect(sheet).toBeVisible();
    const printed = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true }));
    expect(printed.getPageCount()).toBe(1);
    const { width, height } = printed.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("link", { name: t.backTo("Letters") }).click();
    await expect(page).toHaveURL(/\/letters\?pages=1$/);
    await expect(page.getByRole("heading", { name: "Letters", level: 1 })).toBeVisible();
  });

  test("a test result full page, reached by keyboard: Open full page from the dialog, the heading takes the focus, then Back and Print in order; its HTML under its heading, Print, no Download without a file; a PDF result offers Download", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await openSignedIn(page, world.user("solo"), "/reports", "Test Results");
    const html = await resultAt(page, NEWEST.chestXRay, "Chest X-Ray");
    await html.card.getByRole("button", { name: /^View result/ }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: html.title, exact: true });
    await expect(dialog.getByText("The lungs are clear. Heart size is normal.")).toBeVisible();
    const fullPage = dialog.getByRole("link", { name: t.openFullPage });
    for (let i = 0; i < 10 && !(await fullPage.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    await expect(fullPage).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/preview\?type=result&/);
    // The full page reads the result again (LabResultByID): its title in the shape that record drew.
    const htmlTitle = await resultPageTitle(world, "Chest X-Ray");
    await expect(page.getByRole("heading", { name: htmlTitle, level: 1, exact: true })).toBeFocused();
    await expect(page.getByText("The lungs are clear. Heart size is normal.")).toBeVisible();
    await expect(page.getByRole("button", { name: t.print })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`^${t.download}`) })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: t.backTo("Test Results") })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: t.print })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);

    await page.getByRole("link", { name: t.backTo("Test Results") }).click();
    const pdf = await resultAt(page, NEWEST.cervicalScreening, "Cervical Screening");
    await pdf.card.getByRole("button", { name: /^View result/ }).click();
    const pdfDialog = page.getByRole("dialog", { name: pdf.title, exact: true });
    await expect(pdfDialog.getByRole("img", { name: `${pdf.title}, page 1 of 1`, exact: true })).toBeVisible({ timeout: 15_000 });
    await pdfDialog.getByRole("link", { name: t.openFullPage }).click();
    const pdfTitle = await resultPageTitle(world, "Cervical Screening");
    const sheet = page.getByRole("img", { name: `${pdfTitle}, page 1 of 1`, exact: true });
    await expect(sheet).toBeVisible({ timeout: 15_000 });
    await expect.poll(() => drawn(sheet.locator("canvas"))).toBe(true);
    await expect(page.getByRole("link", { name: `${t.download} ${pdfTitle}`, exact: true })).toHaveAttribute("href", /^data:application\/pdf;base64,/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("an invoice full page at 390 px: drawn to the width, nothing off to the side, axe clean", async ({ page, world }) => {
      await openSignedIn(page, world.user("solo"), "/accounts", "Accounts");
      const viewInvoice = page.getByRole("button", { name: /^View invoice .* \(PDF\)$/ }).first();
      const reference = /^View invoice (.*) \(PDF\)$/.exec((await viewInvoice.getAttribute("aria-label"))!)![1];
      await viewInvoice.click();
      const dialog = page.getByRole("dialog", { name: "INVOICE" });
      await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
      await dialog.getByRole("link", { name: t.openFullPage }).click();
      await expect(page.getByRole("heading", { name: `Invoice ${reference}`, level: 1 })).toBeVisible();
      const sheet = page.getByRole("img", { name: `Invoice ${reference}, page 1 of 1` });
      await expect(sheet).toBeVisible();
      await expect.poll(() => drawn(sheet.locator("canvas"))).toBe(true);
      expect((await sheet.boundingBox())!.width).toBeLessThanOrEqual(390);
      await expect(page.getByRole("button", { name: t.print })).toBeVisible();
      await expect(page.getByRole("link", { name: `${t.download} Invoice ${reference}` })).toHaveAttribute("href", /^\/accounts\/invoice\//);
      await noSidewaysScroll(page);
      await expectNoAxeViolations(page);
    });
  });

  // Which addresses find nothing (another patient's letter or invoice, an unknown id or kind) and where
  // Back may lead are the loader's rules: tests/integration/preview-access.test.ts, tests/unit/preview.test.ts.
  test("a document not found by its address says so with a 404 and nothing drawn; Back stays in the portal's own area", async ({ page, world }) => {
    const address = `/preview?type=letter&id=${encodeURIComponent("not a letter")}&back=${encodeURIComponent("https://example.com/phish")}`;
    const reply = page.waitForResponse((r) => r.request().resourceType() === "document" && r.url().includes("/preview?"));
    await openSignedIn(page, world.user("empty"), address, t.notFoundTitle);
    expect((await reply).status()).toBe(404);
    await expect(page.getByRole("alert")).toHaveText(t.notFound);
    await expect(page.getByRole("img", { name: /page 1 of/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: t.backTo("Letters") })).toHaveAttribute("href", "/letters");
    await expectNoAxeViolations(page);
  });
});
