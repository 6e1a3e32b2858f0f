import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, openSignedIn, test } from "./fixtures";

/**
 * The charts' words on a phone and on a desktop (issue 33, item 12; decisions/284): every label drawn
 * inside a chart (axis ticks, values) is written at 12 CSS px or more at 390 px and at 1280 px, and
 * no two of them overlap. A chart's SVG is scaled to its box, so what counts is the font size times
 * the drawing's scale on screen (`getScreenCTM()`), measured on the labels the patient can see.
 */

interface Label {
  text: string;
  px: number;
  box: { left: number; top: number; right: number; bottom: number };
}

/** The visible `<text>` of every chart drawing inside `scope`, each with its size on screen. */
async function labelsOf(scope: Locator): Promise<Label[]> {
  return scope.evaluateAll((svgs) =>
    svgs.flatMap((svg) =>
      Array.from(svg.querySelectorAll("text")).flatMap((text) => {
        const rect = text.getBoundingClientRect();
        const matrix = (text as SVGTextElement).getScreenCTM();
        if (rect.width === 0 || rect.height === 0 || matrix === null || !text.textContent?.trim()) return [];
        const scale = Math.hypot(matrix.a, matrix.b);
        return [{ text: text.textContent.trim(), px: parseFloat(getComputedStyle(text).fontSize) * scale, box: { left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom } }];
      }),
    ),
  );
}

/** Pairs of labels of one drawing whose boxes overlap (allowing a pixel of glyph slack). */
function overlapping(labels: Label[]): string[] {
  const found: string[] = [];
  labels.forEach((a, i) =>
    labels.slice(i + 1).forEach((b) => {
      const apart = a.box.right - 1 <= b.box.left || b.box.right - 1 <= a.box.left || a.box.bottom - 1 <= b.box.top || b.box.bottom - 1 <= a.box.top;
      if (!apart) found.push(`${a.text} / ${b.text}`);
    }),
  );
  return found;
}

async function expectReadable(page: Page, drawings: Locator, least: number) {
  await expect(drawings.first()).toBeVisible();
  const count = await drawings.count();
  let all: Label[] = [];
  for (let i = 0; i < count; i++) {
    const labels = await labelsOf(drawings.nth(i));
    expect(overlapping(labels), `labels overlap in drawing ${i}`).toEqual([]);
    all = all.concat(labels);
  }
  expect(all.length).toBeGreaterThanOrEqual(least);
  const small = all.filter((l) => l.px < 12).map((l) => `${l.text} at ${l.px.toFixed(1)} px`);
  expect(small, "labels drawn under 12 px").toEqual([]);
  // Nothing a patient needs is off to the side.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Only the drawings shown at this width (a chart may carry a phone drawing and a wide one). */
const shownDrawings = (scope: Locator) => scope.locator("svg[viewBox]:visible").filter({ has: scope.page().locator("text") });

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`chart labels at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the dashboard's charts write their axes at 12 px or more, without overlaps", async ({ page, world }) => {
      await openSignedIn(page, world.user("solo"), "/", "Dashboard");
      await expectReadable(page, shownDrawings(page.getByRole("figure")), 6);
      await expectNoAxeViolations(page);
    });

    test("the vitals' charts write their axes at 12 px or more, without overlaps", async ({ page, world }) => {
      await openSignedIn(page, world.user("solo"), "/vitals", "Vitals");
      await expectReadable(page, shownDrawings(page.getByRole("figure")), 20);
    });

    test("a result's chart writes its axes and values at 12 px or more, without overlaps", async ({ page, world }) => {
      await openSignedIn(page, world.user("solo"), "/reports", "Test Results");
      const card = page.getByRole("list", { name: "Test results" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "HbA1c", exact: true }) });
      await card.first().getByRole("button", { name: /^View result/ }).click();
      const result = page.getByRole("dialog", { name: "HbA1c" });
      await result.getByRole("button", { name: "Result Chart" }).click();
      const chart = page.getByRole("dialog", { name: "Result Chart" });
      await expect(chart.getByText("HbA1c, by date")).toBeVisible();
      await expectReadable(page, shownDrawings(chart), 6);
      await expectNoAxeViolations(page);
    });
  });
}
