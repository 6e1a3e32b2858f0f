import path from "node:path";
import type { Page, Response, Route } from "@playwright/test";
import { browserFirstLoad, ceilingsToRemove, kb, measurePages, overBudget, readBrowserManifest, pagesOf, type BrowserLoad } from "../bench/first-load";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { messagingTexts } from "~/areas/messaging/texts";
import { signInTexts } from "~/areas/sign-in/texts";
import { expect, openSignedIn, signInDirectly, test, waitForHydration, type World } from "./fixtures";
import { buildDirectoryOf } from "../react-router.config";
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from "~/lib/language";

/**
 * The budgets (bench/first-load.ts) are held here to what a browser fetches (issue 35, decisions/345):
 * one visit of every page of the build, each in a fresh browser context (an empty cache), counting
 * every script until the network is quiet, code the page fetches by itself once it is up included.
 * The build-only measure (tests/integration/bundle-budgets.test.ts) is the floor of this one: the same
 * visits show that every script it counts is fetched, that on the pages whose code was moved out of
 * the first load it is exactly what a first visit fetches, and that none of that code comes with the
 * visit; the tests below show it arriving when the patient reaches for it.
 */
/** Each language's build (decisions/403): its client files, as the server sends them to a visit in that language. */
const clientOf = (language: Language) => path.resolve(buildDirectoryOf(language), "client");

function scriptsFetched(page: Page): Set<string> {
  const fetched = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/^\/assets\/.+\.m?js$/.test(pathname)) fetched.add(pathname);
  });
  return fetched;
}

/**
 * Code moved out of a page's first load, fetched only when the patient reaches for something (the tests
 * below, and e2e/accounts-first-load.spec.ts for /accounts): a first visit of the page fetches none of
 * it, and fetches exactly the scripts the build-only measure counts.
 */
const REACHED_FOR: Readonly<Record<string, RegExp>> = {
  "/login": /\/assets\/sign-in-steps-/,
  "/profile": /\/assets\/dialogs-/,
  "/letters": /\/assets\/schema-check-/,
  "/medications": /\/assets\/(repeat-actor|repeat-dialog)-/,
  "/emails": /\/assets\/(messaging-actor|steps|message-viewer|page-dialogs)-/,
  // The payment form's code: its machine, xstate, zod's schemas and the step client (decisions/348).
  "/accounts": /xstate|schemas|payment-engine/,
};
/** Reached for on every signed-in page: the header's account menu (radix DropdownMenu, Popper, floating-ui; decisions/070). */
const SIGNED_IN_REACHED_FOR = /\/assets\/account-menu-/;

/** Holds the scripts a pattern names until `release` is called; `requested` settles when the browser asks for one. */
function hold(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve) => (asked = resolve));
  void page.route(pattern, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, requested };
}

/** An address to visit for a page whose pattern has a parameter: a path no page has. */
const VISIT: Readonly<Record<string, string>> = { "/*": "/no-such-page" };
/**
 * Pages a visit cannot land on without more than a visit: /loginSwitch/:q needs a switch token issued
 * by the practice's other portal, and sends any other to /login. Held by the build-only measure alone.
 */
const NOT_VISITED = new Set(["/loginSwitch/:q"]);
/**
 * What a first visit downloads is compressed: the page as it streams, the scripts and styles from build
 * time (brotli, with Vary: Accept-Encoding). Small files (under 1 KB) gain nothing from compression and
 * are sent as they are. Why `response`, one of those, is not as it should be, or null when it is.
 */
const COMPRESSED = ["document", "script", "stylesheet"];
async function notCompressed(response: Response): Promise<string | null> {
  const type = response.request().resourceType();
  if (response.status() !== 200) return null;
  const headers = await response.allHeaders();
  const length = Number(headers["content-length"] ?? Infinity);
  const compressed = headers["content-encoding"] === "br" && /Accept-Encoding/i.test(headers.vary ?? "");
  return compressed || length < 1024 ? null : `${type} ${response.url()}: ${headers["content-encoding"] ?? "none"}, Vary ${headers.vary ?? "none"}`;
}

/** First visits made side by side, each in its own browser context. */
const VISITS_AT_ONCE = 4;

test.describe("first-load JavaScript, as the browser loads it", () => {
  for (const language of LANGUAGES) {
    test(`${language === "en" ? "" : "in te reo, "}every page's first visit fits its budget, counted until the network is quiet, and arrives compressed`, async ({ browser, page, world, baseURL }) => {
      test.setTimeout(120_000);
      const client = clientOf(language);
      await signInDirectly(page, world.user("solo"));
      const signedIn = await page.context().storageState();
      const pages = pagesOf(readBrowserManifest(client)).filter((p) => !NOT_VISITED.has(p.url));
      // Each visit in a browser context of its own (an empty cache, its own network), a few at a time: a
      // visit is mostly waiting (the network's quiet half second, a context made and closed), and one
      // visit's requests are not another's, so visiting them side by side measures the same.
      const visit = async ({ url, routeIds }: (typeof pages)[number]): Promise<BrowserLoad> => {
        const inShell = routeIds.some((id) => id.includes("shell/layout.route"));
        const context = await browser.newContext({ baseURL, ...(inShell ? { storageState: signedIn } : {}) });
        if (language !== "en") await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL! }]);
        try {
          const tab = await context.newPage();
          tab.on("response", (response) => {
            if (COMPRESSED.includes(response.request().resourceType())) compression.push(notCompressed(response));
          });
          const load = await browserFirstLoad(client, tab, VISIT[url] ?? url);
          // A visit that ended somewhere else (a redirect to sign-in) would measure another page.
          expect(new URL(tab.url()).pathname, `the visit of ${url}`).toBe(VISIT[url] ?? url);
          return { ...load, url };
        } finally {
          await context.close();
        }
      };
      const compression: Promise<string | null>[] = [];
      const loads: BrowserLoad[] = new Array(pages.length);
      let next = 0;
      const visitor = async () => {
        while (next < pages.length) {
          const i = next++;
          loads[i] = await visit(pages[i]);
        }
      };
      await Promise.all(Array.from({ length: VISITS_AT_ONCE }, visitor));
      // What the build-only measure counts, page by page, against what the browser fetched.
      const built = new Map((await measurePages(client)).map((p) => [p.url, p.scripts]));
      const signedInPages = new Set(pages.filter((p) => p.routeIds.some((id) => id.includes("shell/layout.route"))).map((p) => p.url));
      const unlike = loads.flatMap(({ url, scripts }) => {
        const counted = built.get(url) ?? [];
        const notFetched = counted.filter((s) => !scripts.includes(s));
        const moreFetched = url in REACHED_FOR ? scripts.filter((s) => !counted.includes(s)) : [];
        const reachedFor = scripts.filter((s) => REACHED_FOR[url]?.test(s) || (signedInPages.has(url) && SIGNED_IN_REACHED_FOR.test(s)));
        return [
          ...notFetched.map((s) => `${url}: ${s} counted from the build but not fetched`),
          ...moreFetched.map((s) => `${url}: ${s} fetched but not counted from the build`),
          ...reachedFor.map((s) => `${url}: ${s} fetched by a visit, before the patient reached for it`),
        ];
      });
      expect(unlike).toEqual([]);
      expect(Object.keys(REACHED_FOR).filter((url) => !loads.some((l) => l.url === url))).toEqual([]);
      expect(signedInPages.size).toBeGreaterThan(10);
      const report = loads.map((l) => `${l.url} ${kb(l.gzipBytes)} (${l.gzipBytes} bytes) in ${l.scripts.length} files${l.afterLoad.length > 0 ? ` (${kb(l.afterLoadBytes)} after the load)` : ""}`).join("\n");
      console.log(`First-load JavaScript as the browser fetches it, gzip:\n${report}`);
      expect(overBudget(loads), report).toEqual([]);
      // Every document, script and stylesheet of every visit (a signed-in page streams as the sign-in page does).
      expect(compression.length).toBeGreaterThan(pages.length * 3);
      expect((await Promise.all(compression)).filter((why) => why !== null)).toEqual([]);
      expect(ceilingsToRemove(loads), report).toEqual([]);
    });
  }


  test("the sign-in page fetches the sign-in steps once the patient starts on the form: steps that cannot be fetched are told, and the form fetches them again; a Login pressed before they arrive signs in once they do", async ({ page, world }) => {
    const user = world.user("solo");
    const steps = /\/assets\/sign-in-steps-[\w-]+\.js$/;
    // The connection drops as the patient starts on the form: the form says so.
    await page.route(steps, (route) => route.abort("internetdisconnected"), { times: 1 });
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel("Email").focus();
    await expect(page.getByRole("alert").filter({ hasText: signInTexts.networkFailure })).toBeVisible();

    // Back on the form, the steps are fetched again (held here): Login pressed before they arrive signs in once they do.
    const held = hold(page, steps);
    await page.getByLabel("Email").blur();
    await page.getByLabel("Email").fill(user.username);
    await held.requested;
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Email")).toHaveValue(user.username);
    held.release();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("the profile fetches its dialogs when the patient reaches for a button", async ({ page, world }) => {
    const fetched = scriptsFetched(page);
    await openSignedIn(page, world.user("solo"), "/profile", "User Profile");

    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("dialog", { name: "Change your password" })).toBeVisible();
    expect([...fetched].some((f) => /\/assets\/dialogs-/.test(f)), [...fetched].join(", ")).toBe(true);
  });

  test("letters fetch the date check when the patient reaches for the form; a search pressed before it arrives is checked then, and nothing wrong is asked for", async ({ page, world }) => {
    const check = hold(page, /\/assets\/schema-check-[\w-]+\.js$/);
    await openSignedIn(page, world.user("solo"), "/letters", "Letters");

    const from = page.getByLabel("From (DD-MM-YYYY)");
    await from.focus();
    await check.requested;
    await page.keyboard.type("31-02-2026");
    await page.getByLabel("To (DD-MM-YYYY)").fill("01-03-2026");
    await page.keyboard.press("Enter");
    check.release();
    await expect(page.getByText(dateRangeTexts.fromInvalid)).toBeVisible();
    // The focus stays where the patient pressed Enter, and no search was made.
    await expect(page.getByLabel("To (DD-MM-YYYY)")).toBeFocused();
    await expect(page).toHaveURL(/\/letters$/);
  });

  test("medications fetch the repeat machine when the patient reaches for a medicine and the repeat dialog when they reach for Repeat; a choice made before the machine arrives is kept and requested", async ({ page, world }) => {
    const fetched = scriptsFetched(page);
    const machine = hold(page, /\/assets\/repeat-actor-[\w-]+\.js$/);
    await openSignedIn(page, world.user("solo"), "/medications", "Medications");

    const box = page.getByRole("checkbox").nth(1);
    const medicine = (await box.getAttribute("aria-label"))!.replace(/^Select /, "");
    await box.focus();
    await machine.requested;
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await expect(page.getByText("1 medicine selected.")).toBeVisible();
    machine.release();
    await page.getByRole("button", { name: "Repeat", exact: true }).press("Enter");
    const dialog = page.getByRole("dialog", { name: "Request repeat medication" });
    await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
    await expect(dialog.getByText(medicine)).toBeVisible();
    expect([...fetched].some((f) => /\/assets\/repeat-dialog-/.test(f)), [...fetched].join(", ")).toBe(true);
  });

  test("messaging fetches the writing machine when the patient reaches for Compose; a Compose pressed before it arrives opens the dialog, its form follows, and the message is sent once", async ({ page, world }) => {
    const machine = hold(page, /\/assets\/messaging-actor-[\w-]+\.js$/);
    await openSignedIn(page, world.user("solo"), "/emails", "Messaging");

    await page.getByRole("button", { name: "Compose Message" }).focus();
    await machine.requested;
    await page.keyboard.press("Enter");
    const compose = page.getByRole("dialog", { name: "Compose Message" });
    await expect(compose.getByRole("status")).toHaveText("Loading…");
    machine.release();
    // The form arrives with the machine, the focus on its first field, and is written and sent by keyboard.
    const role = compose.getByLabel("Role");
    await expect(role).toBeFocused();
    await role.selectOption({ label: "Doctor" });
    const practitioner = compose.getByLabel("Practitioner");
    await expect(practitioner.getByRole("option")).not.toHaveCount(1);
    await practitioner.selectOption({ index: 1 });
    await compose.getByLabel("Subject").fill("Held machine");
    await compose.getByLabel("Message", { exact: true }).fill("Written while the code was on its way.");
    await compose.getByRole("button", { name: "Send" }).press("Enter");
    await expect(compose).toHaveCount(0);
    await expect(page.getByRole("region", { name: /^Notifications/ }).getByText(messagingTexts.sent, { exact: true }).first()).toBeVisible();
    expect((await world.sentMessages()).map((m) => [m.box, m.subject])).toEqual([["sent", "Held machine"]]);
  });

  test("messaging: a draft's Send Message and Send pressed before the writing machine arrives are kept, and the draft is sent once", async ({ page, world }) => {
    await saveDraft(page, world, "Held draft", "Saved first, sent later.");

    // A new visit of the drafts, the machine's code held (routing leaves the browser's cache aside).
    const machine = hold(page, /\/assets\/messaging-actor-[\w-]+\.js$/);
    await page.goto("/emails?box=drafts");
    await page.getByRole("list", { name: "Draft messages" }).getByRole("button").filter({ hasText: "Held draft" }).click();
    const sendMessage = page.getByRole("button", { name: "Send Message" });
    await sendMessage.focus();
    await machine.requested;
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Send Message" });
    await expect(confirm.getByText("Send this draft to the practice now?")).toBeVisible();
    await confirm.getByRole("button", { name: "Send" }).press("Enter");
    await expect(confirm.getByRole("status")).toHaveText("Sending…");
    expect((await world.sentMessages()).map((m) => m.box)).toEqual(["drafts"]);
    machine.release();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Draft messages" }).getByRole("button").filter({ hasText: "Held draft" })).toHaveCount(0);
    expect((await world.sentMessages()).map((m) => [m.box, m.subject, m.deleted])).toEqual([
      ["drafts", "Held draft", true],
      ["sent", "Held draft", false],
    ]);
  });

  test("messaging: a draft's Send whose writing code could not be fetched is told as not sent, and Try again sends it once", async ({ page, world }) => {
    await saveDraft(page, world, "Offline draft", "Sent once the network is back.");

    // A new visit of the drafts whose first fetch of the machine's code fails once it has been pressed for.
    let fail!: () => void;
    const failing = new Promise<void>((resolve) => (fail = resolve));
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    await page.route(
      /\/assets\/messaging-actor-[\w-]+\.js$/,
      async (route) => {
        asked();
        await failing;
        await route.abort("internetdisconnected");
      },
      { times: 1 },
    );
    await page.goto("/emails?box=drafts");
    await page.getByRole("list", { name: "Draft messages" }).getByRole("button").filter({ hasText: "Offline draft" }).click();
    await page.getByRole("button", { name: "Send Message" }).focus();
    await requested;
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Send Message" });
    await confirm.getByRole("button", { name: "Send" }).press("Enter");
    await expect(confirm.getByRole("status")).toHaveText("Sending…");
    fail();
    await expect(confirm.getByRole("alert")).toContainText(messagingTexts.sendFailed);
    await expect(confirm.getByRole("alert")).toContainText("Nothing was sent and the draft is still in Drafts.");
    expect((await world.sentMessages()).map((m) => m.box)).toEqual(["drafts"]);
    await confirm.getByRole("button", { name: "Try again" }).click();
    await expect(confirm).toHaveCount(0);
    expect((await world.sentMessages()).map((m) => [m.box, m.subject, m.deleted])).toEqual([
      ["drafts", "Offline draft", true],
      ["sent", "Offline draft", false],
    ]);
  });

  test("messaging fetches the steps, the viewer and the dialogs when the patient reaches for the messages; a message opened and a Delete pressed before they arrive are kept", async ({ page, world }) => {
    // None of these is fetched by a visit of /emails (REACHED_FOR, held by the first test): each waits for the patient.
    const steps = hold(page, /\/assets\/(steps|message-viewer)-[\w-]+\.js$/);
    const dialogs = hold(page, /\/assets\/page-dialogs-[\w-]+\.js$/);
    await openSignedIn(page, world.user("solo"), "/emails", "Messaging");
    const rows = page.getByRole("list", { name: "Inbox messages" }).getByRole("listitem");
    const before = await rows.count();
    const first = rows.first().getByRole("button");
    const subject = (await first.innerText()).split("\n").pop()!.replace(/^Unread/, "").trim();
    await first.focus();
    await Promise.all([steps.requested, dialogs.requested]);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: messagingTexts.loadingMessage })).toBeVisible();
    steps.release();
    const viewer = page.getByRole("region", { name: subject });
    await expect(viewer.getByRole("heading", { name: subject, level: 2 })).toBeFocused();

    await viewer.getByRole("button", { name: "Delete" }).press("Enter");
    expect(await world.requests({ method: "DELETE", path: "Patient/DeleteMessage" })).toHaveLength(0);
    dialogs.release();
    const remove = page.getByRole("dialog", { name: "Delete Message" });
    await remove.getByRole("button", { name: "Delete" }).click();
    await expect(remove).toHaveCount(0);
    await expect(page.getByText(messagingTexts.nothingOpen)).toBeVisible();
    await expect(rows).toHaveCount(before - 1);
    expect(await world.requests({ method: "DELETE", path: "Patient/DeleteMessage" })).toHaveLength(1);
  });
});

/** Signs `solo` in and saves a draft to the doctor through Compose Message, the machine's code arriving as usual. */
async function saveDraft(page: Page, world: World, subject: string, body: string) {
  await signInDirectly(page, world.user("solo"));
  await page.goto("/emails");
  await page.getByRole("button", { name: "Compose Message" }).click();
  const compose = page.getByRole("dialog", { name: "Compose Message" });
  await compose.getByLabel("Role").selectOption({ label: "Doctor" });
  await expect(compose.getByLabel("Practitioner").getByRole("option")).not.toHaveCount(1);
  await compose.getByLabel("Practitioner").selectOption({ index: 1 });
  await compose.getByLabel("Subject").fill(subject);
  await compose.getByLabel("Message", { exact: true }).fill(body);
  await compose.getByRole("button", { name: "Draft" }).click();
  await expect(compose).toHaveCount(0);
}
