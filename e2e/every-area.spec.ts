import type { Page } from "@playwright/test";
import { AREAS, builtAreas } from "~/lib/areas";
import { errorsTexts } from "~/lib/texts/errors";
import { seededPng } from "../mock-server/documents/png";
import { expect, expectNoAxeViolations, signInDirectly, test, type World } from "./fixtures";

/**
 * What every signed-in screen shares, tested once per screen from the area registry
 * (app/lib/areas.ts, the access record among them) plus the dashboard and the profile; the area specs keep only what is their own.
 * For each screen, one test walking it three ways (each a step, so a failure names which):
 * - reached by the shell's own link, it asks the practice for nothing twice, and the menu marks it;
 * - when its own practice call fails, the failure is told inside the shell, and Retry pressed by
 *   keyboard asks again and brings the screen back (the failure state is the page frame's one
 *   ErrorBoundary for every screen, axe-scanned in page-failure.spec.ts);
 * - loaded in full at 390 px, as a phone loads it, it asks the practice for nothing twice
 *   (app/.server/practice/per-request-reads.server.ts), and only for what it shows itself: the shell's
 *   reads and the practice's settings, lists and texts are the session's, read on its first page
 *   (app/.server/practice/session-reads.server.ts, decisions/375); nothing is off to the side, axe finds
 *   nothing (here, unless the row names the test that scans the same state: axeAt390By), and Tab walks
 *   every control in view. (The full load is the phone's: a second one at 1280 px
 *   asked the practice the same, the width being the browser's alone.)
 * A screen added to the registry without a row here fails the first test, so none is left out.
 * Each test meets a practice as the spec describes it, at the next of five seeds in turn: the screens
 * meet all five, so each screen is drawn from replies in the room the spec leaves (contract/room,
 * issue 68, decisions/396) at no cost in tests.
 * Tagged @smoke: with the sign-in spec, this is the set that runs on the second Node version.
 */

interface Screen {
  /** The level-1 heading the screen shows. */
  heading: string;
  /** How the shell leads there: the main menu's link (by its label) or the account menu's item. */
  via: "menu" | "account menu";
  /** The account menu's item that leads there, for a screen reached through the account menu. */
  menuItem?: string;
  /**
   * The practice calls a full load makes after the session's first page, at least (each exactly once):
   * the screen's own, since the shell's are the session's (decisions/375).
   */
  calls: string[];
  /**
   * The screen's own call, which the shell does not share: failed once, the screen tells the problem
   * inside the shell. The dashboard and the profile have none: their page-failing calls are the
   * shell's own, whose failure is the whole page's (shell.spec.ts, page-failure.spec.ts).
   */
  own?: string;
  /**
   * The spec practice's seeds whose main menu links the screen, where not all five: the room's last
   * menu shapes leave an item out (no type code, one the portal does not know: contract/room/patient.ts),
   * and the items last in the menu's order meet them at the higher seeds.
   */
  linkedAt?: readonly number[];
  /**
   * The test that already scans this screen with axe at 390 px in the same state (loaded, no dialog open,
   * the patient's list as the practice sent it), where one does: this spec's scan would repeat it.
   */
  axeAt390By?: string;
}

const SCREENS: Record<string, Screen> = {
  "/": { heading: "Dashboard", via: "menu", calls: [] },
  "/profile": { heading: "User Profile", via: "account menu", menuItem: "Profile", calls: ["Patient/AccountBalance"] },
  "/medications": { heading: "Medications", via: "menu", calls: ["Patient/Medication"], own: "Patient/Medication" },
  "/reports": { heading: "Test Results", via: "menu", calls: ["Patient/LabResults"], own: "Patient/LabResults" },
  // The page's InboxCounter is the shell's read of RefreshCounter, kept by the session (decisions/047, 375).
  "/emails": { heading: "Messaging", via: "menu", calls: ["Patient/Messaging"], own: "Patient/Messaging" },
  "/appointments": { heading: "Appointments", via: "menu", calls: ["Patient/Appointments"], own: "Patient/Appointments" },
  "/diagnosis": { heading: "Diagnosis", via: "menu", calls: ["Patient/Condition"], own: "Patient/Condition" },
  "/allergies": {
    heading: "Allergies",
    via: "menu",
    calls: ["Patient/AllergyIntolerance"],
    own: "Patient/AllergyIntolerance",
    axeAt390By: "allergies.spec.ts › a severity the spec does not name is shown as written … no axe violations at 390 px",
  },
  "/immunisation": { heading: "Immunisation", via: "menu", calls: ["Patient/Immunization"], own: "Patient/Immunization" },
  "/vitals": {
    heading: "Vitals",
    via: "menu",
    calls: ["Patient/Observation"],
    own: "Patient/Observation",
    axeAt390By: "vitals.spec.ts › by keyboard the tables open with Enter; at 390 px the charts fit the screen",
  },
  "/timeline": { heading: "Timeline", via: "menu", calls: ["Patient/Timeline"], own: "Patient/Timeline" },
  "/reminders": {
    heading: "Reminders",
    via: "menu",
    linkedAt: [1, 2, 3, 4],
    calls: ["Patient/PatientAlerts"],
    own: "Patient/PatientAlerts",
    axeAt390By: "reminders.spec.ts › two columns at 1024 px, one at 1023 px and at 390 px",
  },
  "/resources": { heading: "Resources", via: "menu", calls: ["Patient/Media"], own: "Patient/Media" },
  "/letters": { heading: "Letters", via: "menu", linkedAt: [1, 2, 3], calls: ["Patient/LetterAndDocument"], own: "Patient/LetterAndDocument" },
  "/accounts": {
    heading: "Accounts",
    via: "menu",
    linkedAt: [1, 2],
    calls: ["Patient/PaymentNotice"],
    own: "Patient/PaymentNotice",
  },
  // The portal's own screen (issue 31): it reads the portal's store, not the practice, so it has no own call.
  "/access-record": { heading: "Who has looked at my record", via: "account menu", menuItem: "Who has looked at my record", calls: [] },
  // The young person's choices (issue 55): the portal's store and the shell's kept Patient, no own call.
  "/sharing": { heading: "Who can see my record", via: "account menu", menuItem: "Who can see my record", calls: [] },
  // The summary's Patient and Organization are the shell's reads, kept by the session (decisions/047, 275, 375).
  "/summary": {
    heading: "My health summary",
    via: "menu",
    calls: ["Patient/Condition", "Patient/Medication", "Patient/AllergyIntolerance", "Patient/Immunization", "Patient/LabResults", "Patient/Observation"],
    own: "Patient/AllergyIntolerance",
    axeAt390By: "summary.spec.ts › at 390 px, by keyboard: the links are in view and Enter downloads each",
  },
};

/**
 * What the session keeps of the practice (decisions/375): never asked again by a page of the session
 * after its first, within their times. (The token's check is held 20 s: on a slow machine a full load
 * may come later than that, so it is held to "at most once" with every other call.)
 */
const KEPT_BY_THE_SESSION = ["Patient/PatientMenu", "Patient", "Patient/Organization", "Patient/RefreshCounter", "Lookup/LoadPracticeSetting", "IndiciLookup", "Patient/LoadRoles", "Patient/TermsAndCondition"];

type Call = Awaited<ReturnType<World["requests"]>>[number];
const keyOf = (c: Call) => `${c.method} ${c.path} ${JSON.stringify(c.query)}`;

/** The calls the practice received while `load` ran; none may be made twice. */
async function callsOf(world: World, what: string, load: () => Promise<void>): Promise<string[]> {
  const before = (await world.requests()).length;
  await load();
  const calls = (await world.requests()).slice(before);
  const seen = new Set<string>();
  const repeated = calls.map(keyOf).filter((key) => (seen.has(key) ? true : (seen.add(key), false)));
  expect(repeated, `${what}: calls made more than once, of ${calls.map(keyOf).join(", ")}`).toEqual([]);
  return calls.map((c) => c.path);
}

/**
 * The profile photo is a request of its own (decisions/171), with its own session check, and a
 * LoadImage of its own when the page's read was not handed on: answered here in the browser, so that
 * only the page's own load is counted.
 */
const answerPhotoInBrowser = (page: Page) => page.route("**/profile/photo?*", (route) => route.fulfill({ status: 200, contentType: "image/png", body: seededPng(1, 2, 2) }));

const heading = (page: Page, name: string) => expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

/** The main menu's link to a screen, by its label (Messages carries its unread count after the label). */
const menuLinkName = (path: string) => new RegExp(`^${path === "/" ? "Dashboard" : AREAS.find((a) => a.path === path)!.label}`);

/** Follows the shell's own link to the screen, as a patient would. */
async function followShellLink(page: Page, path: string, screen: Screen) {
  if (screen.via === "account menu") {
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menuitem", { name: screen.menuItem }).click();
    return;
  }
  await page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: menuLinkName(path) }).click();
}

/**
 * The main menu marks where the patient is (aria-current="page"): the screen's own link, and no link for a
 * screen reached through the account menu. Below 993 px the menu is folded away (shell.spec.ts), and its
 * marks are read all the same.
 */
async function expectMarkedInMenu(page: Page, path: string, screen: Screen) {
  const menu = page.getByRole("navigation", { name: "Main menu", includeHidden: true });
  const marked = menu.locator('[aria-current="page"]');
  if (screen.via === "account menu") {
    await expect(marked).toHaveCount(0);
    return;
  }
  await expect(marked).toHaveCount(1);
  await expect(menu.getByRole("link", { name: menuLinkName(path), includeHidden: true })).toHaveAttribute("aria-current", "page");
}

/**
 * Tab from the top of the page until the focus comes round again: every control reached is shown,
 * inside the 390 px width, and the screen's own content (inside <main>) is reached, not only the shell.
 * The page records each focus itself, so the keys are pressed in batches between reads.
 */
async function walkByKeyboard(page: Page) {
  interface Reached { tag: string; name: string; inMain: boolean; left: number; right: number; width: number; height: number; again: boolean }
  await page.evaluate(() => {
    const reached: Reached[] = [];
    const seen = new WeakSet<Element>();
    (window as unknown as { __reached: Reached[] }).__reached = reached;
    document.addEventListener("focusin", (event) => {
      const el = event.target as Element;
      const box = el.getBoundingClientRect();
      reached.push({
        tag: el.tagName.toLowerCase(),
        name: (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40),
        inMain: !!el.closest("main"),
        left: box.left,
        right: box.right,
        width: box.width,
        height: box.height,
        again: seen.has(el),
      });
      seen.add(el);
    });
    (document.activeElement as HTMLElement | null)?.blur();
  });
  let reached: Reached[] = [];
  for (let batch = 0; batch < 15 && !reached.some((r) => r.again); batch++) {
    for (let i = 0; i < 10; i++) await page.keyboard.press("Tab");
    reached = await page.evaluate(() => (window as unknown as { __reached: Reached[] }).__reached);
  }
  const round = reached.slice(0, reached.findIndex((r) => r.again));
  expect(reached.some((r) => r.again), "Tab comes round again (no trap)").toBe(true);
  expect(round.length, "Tab reaches the page's controls").toBeGreaterThan(1);
  const hidden = round.filter((r) => r.width === 0 || r.height === 0).map((r) => `${r.tag} "${r.name}"`);
  expect(hidden, "controls that take the focus but are not shown").toEqual([]);
  const aside = round.filter((r) => r.left < 0 || r.right > 390 + 0.5).map((r) => `${r.tag} "${r.name}" at ${Math.round(r.left)}–${Math.round(r.right)}`);
  expect(aside, "controls off to the side at 390 px").toEqual([]);
  expect(round.some((r) => r.inMain), `Tab reaches the screen's own content (reached: ${reached.map((r) => `${r.tag} "${r.name}"${r.again ? " again" : ""}`).join(", ")})`).toBe(true);
}

/**
 * Boxes in the page whose content is wider than they are and that scroll sideways: the page itself can
 * be 390 px wide while a table scrolls inside its box with what matters out of sight (issue 33, item 7,
 * the medications' instructions). Each is named by its tag, class and first words.
 */
function sidewaysScrollers(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && ["auto", "scroll"].includes(getComputedStyle(el).overflowX))
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").trim().slice(0, 40)}"`),
  );
}

/** The spec practice's seeds the screens' tests take in turn. */
const SPEC_SEEDS = [1, 2, 3, 4, 5] as const;
let taken = 0;

/**
 * `body`'s tests against a spec world of the next seed in turn (the next of `among`, when given), named
 * by it so a failure says which.
 */
function atTheNextSpecSeed(body: () => void, among: readonly number[] = SPEC_SEEDS) {
  while (!among.includes(SPEC_SEEDS[taken % SPEC_SEEDS.length])) taken++;
  const seed = SPEC_SEEDS[taken++ % SPEC_SEEDS.length];
  test.describe(`at the spec practice, seed ${seed}`, () => {
    test.use({ worldOptions: { scenario: "default", practice: "spec", seed } });
    body();
  });
}

test.describe("every screen", { tag: "@smoke" }, () => {
  test("every built area of the registry has a row here", () => {
    const missing = builtAreas().filter((a) => !SCREENS[a.path]).map((a) => a.path);
    expect(missing, "areas with no row in this spec's table").toEqual([]);
  });

  // One test a screen, its three walks as steps (a failure names the step): the screen reached by the
  // shell's link at 1280 px, its own call failing on a load of it, then the screen loaded in full at 390 px. The sign-in, the world and the session's first page are paid once, not three
  // times. The failure's words and Retry are the page frame's one ErrorBoundary for every screen: what
  // each screen adds is that its loader's failure reaches it, inside the shell, and that its call is
  // asked again; that state's axe scan is page-failure.spec.ts's (the same boundary at /accounts).
  for (const [path, screen] of Object.entries(SCREENS)) {
    const axe = screen.axeAt390By ? "" : " axe finds nothing, and";
    const title = `${screen.heading} (${path}): reached by the shell's link and loaded in full, it asks the practice for nothing twice${screen.own ? "; its own call failing is told inside the shell, and Retry by keyboard brings it back" : ""}; at 390 px nothing is off to the side,${axe} Tab walks every control in view`;
    atTheNextSpecSeed(() => test(title, async ({ page, world }) => {
      // Three walks of one screen: on a loaded machine the Tab walk alone of a long screen can take 10 s.
      test.setTimeout(60_000);
      await answerPhotoInBrowser(page);
      await signInDirectly(page, world.user("solo"));

      await test.step("reached by the shell's link, it asks the practice for nothing twice", async () => {
        // Start on another screen and follow the shell's link: a client-side navigation.
        const start = path === "/" ? { path: "/profile", heading: "User Profile" } : { path: "/", heading: "Dashboard" };
        await page.goto(start.path);
        await heading(page, start.heading);
        const navigation = await callsOf(world, `the shell's link to ${path}`, async () => {
          await followShellLink(page, path, screen);
          await heading(page, screen.heading);
        });
        expect(navigation).toEqual(expect.arrayContaining(screen.own ? [screen.own] : []));
        await expectMarkedInMenu(page, path, screen);
      });

      const own = screen.own;
      if (own) {
        await test.step("its own call failing is told inside the shell, and Retry by keyboard brings it back", async () => {
          await world.fault({ path: own, status: 503, times: 1 });
          const before = (await world.requests({ path: own })).length;
          await page.reload();
          await heading(page, errorsTexts.problemTitle);
          await expect(page.getByRole("alert")).toHaveText(errorsTexts.practiceUnavailable);
          await expect(page.getByRole("banner").getByRole("link", { name: "Patient Portal", exact: true })).toBeVisible();
          await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
          const failed = await world.requests({ path: own });
          expect(failed.slice(before).map((c) => c.status), `${own} on the failing load`).toContain(503);
          await page.getByRole("button", { name: errorsTexts.retry }).press("Enter");
          await heading(page, screen.heading);
          await expect(page.getByRole("heading", { name: errorsTexts.problemTitle })).toHaveCount(0);
          // Retry asked the practice again, and the screen was drawn from its answer.
          const retried = (await world.requests({ path: own })).slice(failed.length);
          expect(retried.length, `${own} asked again on Retry`).toBeGreaterThan(0);
          expect(retried.map((c) => c.status)).toEqual(retried.map(() => 200));
        });
      }

      await test.step(`loaded in full at 390 px, it asks the practice for nothing twice; nothing is off to the side,${axe} Tab walks every control in view`, async () => {
        // Loaded in full at a phone's width, as a phone loads it (the server's page and its hydration at 390 px).
        await page.setViewportSize({ width: 390, height: 844 });
        const load = await callsOf(world, `a full load of ${path}`, async () => {
          await page.reload();
          await heading(page, screen.heading);
        });
        expect(load).toEqual(expect.arrayContaining(screen.calls));
        expect(load.filter((call) => KEPT_BY_THE_SESSION.includes(call)), `a full load of ${path} asks again for what the session keeps`).toEqual([]);
        await expectMarkedInMenu(page, path, screen);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width at 390 px").toBeLessThanOrEqual(390);
        expect(await sidewaysScrollers(page), "boxes that scroll sideways at 390 px").toEqual([]);
        // Scanned here unless another test scans the same state (axeAt390By, named in the test's annotations).
        if (screen.axeAt390By) test.info().annotations.push({ type: "axe at 390 px", description: screen.axeAt390By });
        else await expectNoAxeViolations(page);
        await walkByKeyboard(page);
      });
    }), screen.linkedAt);
  }
});
