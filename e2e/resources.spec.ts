import type { Locator, Page } from "@playwright/test";
import { recordTexts } from "~/lib/texts/record";
import { resourcesTexts } from "~/areas/resources/texts";
import { PRACTICE_MEDIA, type MediaRecord } from "../fixtures/builders/documents";
import { expect, expectNoAxeViolations, openSignedIn, test, type World, type WorldUser } from "./fixtures";
import { fieldAfter, menuAsOurs, roomDrawn, shapeAt, textsShown } from "./room-drawn";

/**
 * /resources (2§2 Resources): PDFs in the viewer dialog, links in a new tab, in a fresh world of a practice
 * as the spec describes it: each resource in a shape of the room the spec leaves (contract/room/documents.ts,
 * decisions/396), its title perhaps "Not recorded" or with markup, its type or address missing or another.
 * The world's room summary says which shape each resource took, so each tile is expected precisely.
 */
test.use({ specPractice: true });

const t = resourcesTexts;

const openResources = (page: Page, user: WorldUser) => openSignedIn(page, user, "/resources", "Resources");

const items = (page: Page) => page.getByRole("list", { name: "Resources" }).getByRole("listitem");

/** A resource's tile as the portal shows it (app/areas/resources/view.ts), for the shape its record took. */
interface TileShown {
  /** Its place in the grid: the order the practice sent (several may share a title, "Not recorded"). */
  place: number;
  id: string;
  title: string;
  /** A PDF opens in the dialog, a link with a web address in a new tab; anything else cannot be opened. */
  opens: "pdf" | "link" | "none";
  url: string;
  /** The type shown as sent, when it is neither PDF nor link ("Type: …"); null when not shown. */
  type: string | null;
}

function tileAfter(m: MediaRecord, place: number, shape: string): TileShown {
  const [title] = textsShown(fieldAfter(shape, "content.title"), [m.title]);
  const typeAfter = fieldAfter(shape, "content.contentType");
  const type = typeAfter.is === "kept" ? (m.kind === "pdf" ? "application/pdf" : "link") : typeAfter.is === "changed" ? String(typeAfter.value) : "";
  const urlAfter = fieldAfter(shape, "content.url");
  const url = urlAfter.is === "kept" ? m.url : urlAfter.is === "changed" && typeof urlAfter.value === "string" ? urlAfter.value : "";
  const pdf = type.toLowerCase() === "application/pdf";
  return {
    place,
    id: m.id,
    title,
    opens: pdf ? "pdf" : /^https?:\/\//.test(url) ? "link" : "none",
    url,
    type: pdf || type.toLowerCase() === "link" ? null : type || recordTexts.notRecorded,
  };
}

/** Each resource's tile, in the order the practice sends them (PRACTICE_MEDIA's), as its shape leaves it. */
async function tilesShown(world: World): Promise<TileShown[]> {
  const drawn = await roomDrawn(world, "GET Patient/Media");
  return PRACTICE_MEDIA.map((m, i) => tileAfter(m, i, shapeAt(drawn, i)));
}

/** The tile's open control: a PDF's button, a link's link. */
function opener(page: Page, tile: TileShown): Locator {
  const scope = items(page).nth(tile.place);
  return tile.opens === "pdf" ? scope.getByRole("button", { name: `Open ${tile.title} (PDF)` }) : scope.getByRole("link", { name: `Open ${tile.title} (${t.newTab})` });
}

async function expectTile(page: Page, tile: TileShown) {
  const item = items(page).nth(tile.place);
  await expect(item.getByRole("heading", { level: 2 })).toHaveText(tile.title);
  await expect(item.getByRole("button", { name: /^Open / })).toHaveCount(tile.opens === "pdf" ? 1 : 0);
  await expect(item.getByRole("link", { name: /^Open / })).toHaveCount(tile.opens === "link" ? 1 : 0);
  if (tile.opens === "link") await expect(opener(page, tile)).toHaveAttribute("href", tile.url);
  else if (tile.opens === "pdf") await expect(opener(page, tile)).toBeVisible();
  else await expect(item.getByText(tile.type ? t.cannotOpen : t.linkUnavailable)).toBeVisible();
  await expect(item.getByText(/^Type: /)).toHaveText(tile.type ? [t.typeOf(tile.type)] : []);
}

/** The first resource the practice sent that opens as a PDF, or as a link. */
const firstOf = (tiles: TileShown[], opens: "pdf" | "link") => tiles.find((tile) => tile.opens === opens)!;

test.describe("resources", () => {
  test("the menu leads here; each resource is a tile, PDFs and links told apart in words; at 1280 px the tiles sit side by side; no axe violations", async ({ page, world }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const shown = await tilesShown(world);
    await menuAsOurs(world);
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Resources" }).click();
    await expect(page.getByRole("heading", { name: "Resources", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByText("Resources")).toHaveAttribute("aria-current", "page");
    await expect(items(page)).toHaveCount(PRACTICE_MEDIA.length);
    for (const tile of shown) await expectTile(page, tile);
    const [call] = await world.requests({ method: "GET", path: "Patient/Media" });
    expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
    const [a, b] = [await items(page).nth(0).boundingBox(), await items(page).nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(b!.y).toBe(a!.y);
    await expectNoAxeViolations(page);
  });

  // The failed page itself (its message, axe, Retry by keyboard bringing the screen back) is every-area.spec.ts's
  // row for /resources; here, a resource that fails in its dialog.
  test("a PDF resource opens in the viewer dialog; Close, and by keyboard Escape, give the focus back, then Tab goes on to the next; a PDF that fails to load stops its spinner and says so; a link opens in a new tab, marked as external in its text, icon and name", async ({ page, world, context }) => {
    const shown = await tilesShown(world);
    const first = firstOf(shown, "pdf");
    const link = firstOf(shown, "link");
    // The next tile that can be opened: a PDF's button or a link (a tile that cannot be opened has no control).
    const next = shown.slice(shown.indexOf(first) + 1).find((tile) => tile.opens !== "none")!;
    // The address is outside the portal and there is no internet here: the new tab gets a stand-in page.
    await context.route(`${link.url}**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Outside</title><p>Outside the portal</p>" }));
    await openResources(page, world.user("solo"));
    const open = opener(page, first);
    const dialog = page.getByRole("dialog", { name: first.title });

    await test.step("a PDF resource opens in the viewer dialog; Close gives the focus back", async () => {
      await open.click();
      await expect(dialog.getByRole("img", { name: `${first.title}, page 1 of 1` })).toBeVisible();
      await expect(dialog.getByText(t.loadingResource)).toHaveCount(0);
      await expect(dialog.getByRole("link", { name: `Download ${first.title}` })).toHaveAttribute("href", `/resources/file/${first.id}`);
      // Resources are read on screen: no Print here (2§2 prints letters).
      await expect(dialog.getByRole("button", { name: "Print" })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(open).toBeFocused();
    });

    await test.step("by keyboard: a PDF opened and closed, then on to the next", async () => {
      await open.focus();
      await page.keyboard.press("Enter");
      await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(open).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(opener(page, next)).toBeFocused();
    });

    await test.step("a PDF that fails to load stops its spinner and says so", async () => {
      // A page of its own, so that nothing of the PDF read above is reused.
      await page.reload();
      await world.fault({ path: "Patient/MediaByID", status: 500, times: 5 });
      await open.click();
      await expect(dialog.getByText(t.pdfFailed)).toBeVisible();
      await expect(dialog.getByText(t.loadingResource)).toHaveCount(0);
      await expect(dialog.getByRole("status")).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    });

    await test.step("a link opens in a new tab, marked as external in its text, icon and name", async () => {
      const outside = opener(page, link);
      await expect(outside).toHaveAttribute("target", "_blank");
      await expect(outside).toHaveAttribute("rel", /noopener/);
      await expect(outside).toHaveAttribute("href", link.url);
      await expect(outside).toContainText(`(${t.newTab})`);
      await expect(outside.locator("svg[aria-hidden='true']")).toHaveCount(1);
      const [tab] = await Promise.all([context.waitForEvent("page"), outside.click()]);
      await expect(tab).toHaveURL(link.url);
      expect(page.url()).toMatch(/\/resources$/);
    });
  });

  test("at 390 px: one column, nothing off to the side, the PDF fits its dialog", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const pdf = firstOf(await tilesShown(world), "pdf");
    await openResources(page, world.user("solo"));
    const [a, b] = [await items(page).nth(0).boundingBox(), await items(page).nth(1).boundingBox()];
    expect(a!.x).toBe(b!.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await opener(page, pdf).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("img", { name: /page 1 of 1/ })).toBeVisible();
    expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true);
    await expectNoAxeViolations(page);
  });

  // The empty account, No Records Found: empty-records.spec.ts, a step a screen.

  // A family member's resources, the list and a PDF opened, every call naming the member: records-member.test.ts › a family member chosen at sign-in.
});
