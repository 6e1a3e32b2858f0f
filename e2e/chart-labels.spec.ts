import type { Locator, Page } from "@playwright/test";
import { ROOM } from "@contract/room";
import { asSent, inRoom } from "@contract/room/shapes";
import { MOCK_PORT } from "../playwright.config";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration, type World } from "./fixtures";

/**
 * The charts' words on a phone and on a desktop (issue 33, item 12; decisions/284): every label drawn
 * inside a chart (axis ticks, values) is written at 12 CSS px or more at 390 px and at 1280 px, and
 * no two of them overlap. A chart's SVG is scaled to its box, so what counts is the font size times
 * the drawing's scale on screen (`getScreenCTM()`), measured on the labels the patient can see.
 *
 * Each world plays the practice as the spec describes it (decisions/396): its counts, readings and a
 * result's values in the shapes the test's room seed draws (a value in words or without a date is listed,
 * not drawn), so the labels measured are those that practice's words make.
 */
test.use({ specPractice: true });

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

const ADMIN = `http://127.0.0.1:${MOCK_PORT}/__admin`;

/**
 * A spec practice's chart reply may be an empty list (contract/room/documents.ts), which draws nothing and
 * so leaves no label to measure (e2e/reports.spec.ts tests that reply). At a seed that drew it, the chart
 * call is answered with the values the world's data holds for `labcode`, read from our practice in a world
 * of the same scenario and seed, each value still in the shape the room draws for its place.
 */
async function chartWithValues(world: World, label: string, labcode: string): Promise<void> {
  const summary = (await (await fetch(`${ADMIN}/worlds/${world.id}`)).json()) as { scenario: string; seed: number; roomSeed: number; room: Record<string, { reply: string }> };
  if (summary.room["GET Patient/LabResultChartById"].reply !== "an empty list") return;
  const created = await fetch(`${ADMIN}/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario: summary.scenario, seed: summary.seed, practice: "mock" }) });
  expect(created.status).toBe(201);
  const ours = (await created.json()) as { id: string; apiUrl: string; users: { label: string; username: string; password: string }[] };
  try {
    const user = ours.users.find((u) => u.label === label)!;
    const signIn = await fetch(`${ours.apiUrl}Patient/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: user.username, Password: user.password, q: "" }) });
    const [patient] = (await signIn.json()) as { id: string; extension: { url?: string; valueString?: string }[] }[];
    const token = patient.extension.find((e) => e.url === "Token")!.valueString!;
    const values = (await (await fetch(`${ours.apiUrl}Patient/LabResultChartById?${new URLSearchParams({ PatientID: patient.id, labcode })}`, { headers: { Token: token } })).json()) as unknown[];
    expect(values.length, `our practice's ${labcode} values`).toBeGreaterThan(0);
    await world.fault({ path: "Patient/LabResultChartById", method: "GET", answer: inRoom({ ...ROOM.labChart, replies: [asSent] }, values, summary.roomSeed, { body: null }) });
  } finally {
    await fetch(`${ADMIN}/worlds/${ours.id}`, { method: "DELETE" });
  }
}

/** Only the drawings shown at this width (a chart may carry a phone drawing and a wide one). */
const shownDrawings = (scope: Locator) => scope.locator("svg[viewBox]:visible").filter({ has: scope.page().locator("text") });

// One test a width, its three screens as steps: the world, the sign-in and the session's first page are paid
// once. The dashboard is scanned here at 1280 px (for dashboard.spec.ts too, which names this test); at 390 px
// every-area.spec.ts's Dashboard test scans it (the same screen, loaded, no dialog). The Result Chart's scan at
// 1280 px is reports.spec.ts's (the Result Chart draws a test's values by date …); at 390 px it is scanned here alone.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`chart labels at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the dashboard's charts write their axes at 12 px or more, without overlaps, and so do the vitals' and a result's chart, its values too", async ({ page, world }) => {
      await chartWithValues(world, "solo", "HbA1c");

      await test.step("the dashboard's charts write their axes at 12 px or more, without overlaps", async () => {
        await openSignedIn(page, world.user("solo"), "/", "Dashboard");
        await expectReadable(page, shownDrawings(page.getByRole("figure")), 6);
        if (viewport.width === 1280) await expectNoAxeViolations(page);
      });

      await test.step("the vitals' charts write their axes at 12 px or more, without overlaps", async () => {
        await page.goto("/vitals");
        await expect(page.getByRole("heading", { name: "Vitals", level: 1 })).toBeVisible();
        await expectReadable(page, shownDrawings(page.getByRole("figure")), 20);
      });

      await test.step("a result's chart writes its axes and values at 12 px or more, without overlaps", async () => {
        await page.goto("/reports");
        await expect(page.getByRole("heading", { name: "Test Results", level: 1 })).toBeVisible();
        await waitForHydration(page);
        // An HbA1c whose card names it as the practice sent it (the chart is asked for by that name): the room
        // words some cards' titles otherwise, never all of solo's HbA1c results at once.
        const card = page.getByRole("list", { name: "Test results" }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "HbA1c", exact: true }) });
        await card.first().getByRole("button", { name: /^View result/ }).click();
        const result = page.getByRole("dialog", { name: "HbA1c" });
        await result.getByRole("button", { name: "Result Chart" }).click();
        const chart = page.getByRole("dialog", { name: "Result Chart" });
        await expect(chart.getByText("HbA1c, by date")).toBeVisible();
        await expectReadable(page, shownDrawings(chart), 6);
        if (viewport.width === 390) await expectNoAxeViolations(page);
      });
    });
  });
}
