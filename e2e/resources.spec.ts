import type { Page } from "@playwright/test";
import { errorsTexts } from "~/lib/texts/errors";
import { resourcesTexts } from "~/areas/resources/texts";
import { PRACTICE_MEDIA } from "../fixtures/builders/documents";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, type WorldUser } from "./fixtures";

/** /resources (2§2 Resources): PDFs in the viewer dialog, links in a new tab, in a fresh world. */

const t = resourcesTexts;
const pdfs = PRACTICE_MEDIA.filter((m) => m.kind === "pdf");
const links = PRACTICE_MEDIA.filter((m) => m.kind === "link");

const openResources = (page: Page, user: WorldUser) => openSignedIn(page, user, "/resources", "Resources");

const items = (page: Page) => page.getByRole("list", { name: "Resources" }).getByRole("listitem");

test.describe("resources", () => {
  test("the menu leads here; each resource is a tile, PDFs and links told apart in words; no axe violations", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Resources" }).click();
    await expect(page.getByRole("heading", { name: "Resources", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Resources")).toHaveAttribute("aria-current", "page");
    await expect(items(page)).toHaveCount(PRACTICE_MEDIA.length);
    for (const m of pdfs) await expect(page.getByRole("button", { name: `Open ${m.title} (PDF)` })).toBeVisible();
    for (const m of links) await expect(page.getByRole("link", { name: `Open ${m.title} (${t.newTab})` })).toBeVisible();
    const [call] = await world.requests({ method: "GET", path: "Patient/Media" });
    expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
    await expectNoAxeViolations(page);
  });

  test("a PDF resource opens in the viewer dialog; Close gives the focus back", async ({ page, world }) => {
    await openResources(page, world.user("solo"));
    const [first] = pdfs;
    const open = page.getByRole("button", { name: `Open ${first.title} (PDF)` });
    await open.click();
    const dialog = page.getByRole("dialog", { name: first.title });
    await expect(dialog.getByRole("img", { name: `${first.title}, page 1 of 1` })).toBeVisible();
    await expect(dialog.getByText(t.loadingResource)).toHaveCount(0);
    await expect(dialog.getByRole("link", { name: `Download ${first.title}` })).toHaveAttribute("href", `/resources/file/${first.id}`);
    // Resources are read on screen: no Print here (2§2 prints letters).
    await expect(dialog.getByRole("button", { name: "Print" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(open).toBeFocused();
  });

  test("a link opens in a new tab, marked as external in its text, icon and name", async ({ page, world, context }) => {
    const [first] = links;
    // The address is outside the portal and there is no internet here: the new tab gets a stand-in page.
    await context.route(`${first.url}**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Outside</title><p>Outside the portal</p>" }));
    await openResources(page, world.user("solo"));
    const link = page.getByRole("link", { name: `Open ${first.title} (${t.newTab})` });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", /noopener/);
    await expect(link).toHaveAttribute("href", first.url);
    await expect(link).toContainText(`(${t.newTab})`);
    await expect(link.locator("svg[aria-hidden='true']")).toHaveCount(1);
    const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await expect(tab).toHaveURL(first.url);
    expect(page.url()).toMatch(/\/resources$/);
  });

  test("a failed load's Retry brings the resources back; a media item that fails to load stops its spinner and says so", async ({ page, world }) => {
    // The failed page itself (its message, axe, Retry by keyboard) is every-area.spec.ts's; here, what Retry brings back.
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "Patient/Media", status: 503, times: 1 });
    await page.goto("/resources");
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await page.getByRole("button", { name: errorsTexts.retry }).click();
    await expect(items(page)).toHaveCount(PRACTICE_MEDIA.length);

    await world.fault({ path: "Patient/MediaByID", status: 500, times: 5 });
    await page.getByRole("button", { name: `Open ${pdfs[1].title} (PDF)` }).click();
    const dialog = page.getByRole("dialog", { name: pdfs[1].title });
    await expect(dialog.getByText(t.pdfFailed)).toBeVisible();
    await expect(dialog.getByText(t.loadingResource)).toHaveCount(0);
    await expect(dialog.getByRole("status")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("by keyboard: a PDF opened and closed, then on to the next", async ({ page, world }) => {
    await openResources(page, world.user("solo"));
    const open = page.getByRole("button", { name: `Open ${pdfs[0].title} (PDF)` });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: pdfs[0].title });
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: `Open ${pdfs[1].title} (PDF)` })).toBeFocused();
  });

  test("at 390 px: one column, nothing off to the side, the PDF fits its dialog", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openResources(page, world.user("solo"));
    const [a, b] = [await items(page).nth(0).boundingBox(), await items(page).nth(1).boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole("button", { name: `Open ${pdfs[0].title} (PDF)` }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  test("at 1280 px the tiles sit side by side", async ({ page, world }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openResources(page, world.user("solo"));
    const [a, b] = [await items(page).nth(0).boundingBox(), await items(page).nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(b!.y).toBe(a!.y);
  });

  test("the empty account: No Records Found", async ({ page, world }) => {
    await openResources(page, world.user("empty"));
    await expect(page.getByText(t.noRecords, { exact: true })).toBeVisible();
    await expect(items(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("a family member's resources: every call names the member", async ({ page, world }) => {
    const memberId = await openSignedIn(page, world.user("family"), "/resources", "Resources", { account: 1 });
    await page.getByRole("button", { name: `Open ${pdfs[0].title} (PDF)` }).click();
    await expect(page.getByRole("dialog").getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    const calls = [...(await world.requests({ method: "GET", path: "Patient/Media" })), ...(await world.requests({ method: "GET", path: "Patient/MediaByID" }))];
    expect(calls.length).toBe(2);
    for (const c of calls) expect(c.query.PatientID).toBe(memberId);
  });
});
