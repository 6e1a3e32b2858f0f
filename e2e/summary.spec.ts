import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import type { Bundle, Patient } from "@medplum/fhirtypes";
import { summaryTexts } from "~/areas/summary/texts";
import { readPdf } from "../tests/helpers/pdf-text";
import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";

test.use({ specPractice: true });

/**
 * "My health summary" (issue 32, decisions/275): reached from the menu and the dashboard, what the
 * summary holds, and its two downloads read back (the JSON as a FHIR Bundle, the PDF as text), for the
 * patient, a new patient and a family member. What every screen shares (failed load with Retry, 390 px,
 * axe, the Tab walk) is e2e/every-area.spec.ts's row for /summary.
 */

const t = summaryTexts;
const SECTIONS = ["Problems", "Medication Summary", "Allergies and Intolerances", "Immunisations", "Results", "Vital Signs"];

const heading = (page: Page) => expect(page.getByRole("heading", { name: t.title, level: 1 })).toBeVisible();
const contents = (page: Page) => page.getByRole("table", { name: t.contentsHeading });
const pdfLink = (page: Page) => page.getByRole("link", { name: t.downloadPdf });
const fhirLink = (page: Page) => page.getByRole("link", { name: t.downloadFhir });
/** The NHI the screen shows for the person whose summary it is. */
const shownNhi = async (page: Page) => (await page.getByRole("main").getByRole("definition").nth(1).textContent())!.trim();

async function download(page: Page, press: (link: Locator) => Promise<void>, link: Locator): Promise<{ file: Download; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent("download"), press(link)]);
  const path = await file.path();
  return { file, bytes: await readFile(path) };
}
const click = (link: Locator) => link.click();

async function fhirDownload(page: Page, press: (link: Locator) => Promise<void> = click): Promise<Bundle> {
  const { file, bytes } = await download(page, press, fhirLink(page));
  expect(file.suggestedFilename()).toMatch(/^health-summary-\d{4}-\d{2}-\d{2}\.json$/);
  const bundle = JSON.parse(bytes.toString("utf8")) as Bundle;
  expect(bundle.resourceType).toBe("Bundle");
  expect(bundle.type).toBe("document");
  return bundle;
}

async function pdfDownload(page: Page, press: (link: Locator) => Promise<void> = click): Promise<string> {
  const { file, bytes } = await download(page, press, pdfLink(page));
  expect(file.suggestedFilename()).toMatch(/^health-summary-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return (await readPdf(new Uint8Array(bytes))).text.replace(/\s+/g, " ");
}

const nhiOf = (bundle: Bundle) => (bundle.entry!.find((e) => e.resource?.resourceType === "Patient")!.resource as Patient).identifier?.[0]?.value;

test.describe("my health summary", () => {
  // The empty record: every section None recorded on the screen, empty-records.spec.ts › … summary; in both downloads,
  // summary-downloads.test.ts › empty: a valid document whose six sections state they hold nothing, and a PDF saying None recorded for each.
  // A family member chosen at sign-in, the member's summary on the screen and in both downloads, every call naming the
  // member: summary-downloads.test.ts › a family member viewed by the account holder …, and › the screen's load … a
  // family member's are the member's; the member named in the header: sign-in.spec.ts.

  test("at 390 px, by keyboard: the links are in view and Enter downloads each", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openSignedIn(page, world.user("solo"), "/summary", t.title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const byKeyboard = async (link: Locator) => {
      await link.focus();
      await expect(link).toBeFocused();
      await page.keyboard.press("Enter");
    };
    for (const link of [pdfLink(page), fhirLink(page)]) {
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect((await pdfDownload(page, byKeyboard)).length).toBeGreaterThan(100);
    expect((await fhirDownload(page, byKeyboard)).entry!.length).toBeGreaterThan(3);
    await expectNoAxeViolations(page);
  });

  test("the dashboard's card and the menu lead here; the screen says whose summary it is and what each section holds; axe-clean; both downloads: the FHIR document and the PDF of the patient, the PDF with NHI and every section; a download the practice fails is a page saying so, with the way back; the next one works", async ({ page, world }) => {
    await test.step("the dashboard's card and the menu lead here; the screen says whose summary it is and what each section holds; axe-clean", async () => {
      await openSignedIn(page, world.user("solo"), "/", "Dashboard");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t.title }) });
      await card.getByRole("link", { name: "View health summary" }).click();
      await heading(page);
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByText(t.title)).toHaveAttribute("aria-current", "page");

      await breadcrumb.getByRole("link", { name: "Dashboard" }).click();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: t.title }).click();
      await heading(page);

      for (const section of SECTIONS) {
        const row = contents(page).getByRole("row", { name: new RegExp(`^${section}`) });
        // solo has a full record: every section holds items, counted.
        await expect(row.getByRole("cell")).toHaveText(/^\d+ \w/);
      }
      await expect(page.getByRole("main").getByText(/^[A-Z]{3}\d{2}[0-9A-Z]{2}$/)).toBeVisible();
      await expect(page.getByRole("main").getByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step("both downloads: the FHIR document and the PDF of the patient, the PDF with NHI and every section", async () => {
      const nhi = await shownNhi(page);
      const bundle = await fhirDownload(page);
      expect(nhiOf(bundle)).toBe(nhi);
      const text = await pdfDownload(page);
      expect(text).toContain(`NHI: ${nhi}`);
      for (const section of SECTIONS) expect(text).toContain(section);
      // The screen stays where it was.
      await heading(page);
    });

    await test.step("a download the practice fails is a page saying so, with the way back; the next one works", async () => {
      await world.fault({ path: "Patient/Condition", status: 503, times: 1 });
      await pdfLink(page).click();
      await expect(page.getByRole("heading", { name: t.downloadFailedTitle, level: 1 })).toBeVisible();
      await expect(page.getByRole("alert")).toHaveText(t.downloadFailed);
      await expectNoAxeViolations(page);
      await page.getByRole("link", { name: t.backToSummary }).click();
      await heading(page);
      expect(await pdfDownload(page)).toContain("Problems");
    });
  });
});
