import type { Frame, Page } from "@playwright/test";
import { videoTexts } from "~/areas/video/texts";
import { meetingTexts } from "~/areas/video/meeting-texts";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration, type WorldUser } from "./fixtures";

/**
 * /zoom, Join Meeting (1§2, issue 15): from a video appointment's Join link to the Zoom SDK's join
 * call. The SDK is replaced at its boundary inside the iframe (the video client's sdk chunk) by a
 * stand-in that records what it is given and answers as the test says; one test loads the real SDK
 * from the portal's own files and, with no way to Zoom here, sees the offline message.
 */

/** The stand-in for the SDK module (zoom-client/src/sdk.ts): ZoomMtg, recording its calls in the frame. */
const FAKE_SDK = `
const record = (window.__zoom = { calls: [], join: null });
export const ZoomMtg = {
  setZoomJSLib: (path, dir) => record.calls.push(["setZoomJSLib", path, dir]),
  preLoadWasm: () => record.calls.push(["preLoadWasm"]),
  prepareWebSDK: () => record.calls.push(["prepareWebSDK"]),
  init: (options) => { record.calls.push(["init", { leaveUrl: options.leaveUrl, patchJsMedia: options.patchJsMedia }]); options.success(); },
  join: (options) => { const { success, error, ...params } = options; record.calls.push(["join", params]); record.join = { success, error }; },
};
`;

async function replaceSdk(page: Page) {
  await page.route(/\/zoom-client\/assets\/sdk-[\w-]+\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: FAKE_SDK }));
}

/** Signs in and follows the first upcoming video consult's Join link; returns its meeting number. */
async function joinFromAppointments(page: Page, user: WorldUser) {
  await openSignedIn(page, user, "/appointments?id=2", "Appointments");
  const join = page.getByRole("link", { name: /^Join the video consult/ }).first();
  const href = (await join.getAttribute("href"))!;
  await join.click();
  await expect(page.getByRole("heading", { name: "Join Meeting", level: 1 })).toBeVisible();
  // The Join link loads /zoom afresh (decisions/130): Start Meeting does nothing until the page hydrates.
  await waitForHydration(page);
  return new URL(href, "http://portal.test").searchParams;
}

/** Signs in (as the `account`th of a holder's accounts) and answers the address of the first upcoming video consult's Join link, without following it. */
async function ownMeetingAddress(page: Page, user: WorldUser, account?: number): Promise<string> {
  await openSignedIn(page, user, "/appointments?id=2", "Appointments", { account });
  return (await page.getByRole("link", { name: /^Join the video consult/ }).first().getAttribute("href"))!;
}

async function clientFrame(page: Page): Promise<Frame> {
  await expect(page.locator('iframe[title="Video consult"]')).toBeAttached();
  let frame: Frame | null = null;
  await expect.poll(() => (frame = page.frames().find((f) => f.url().includes("/zoom-client/")) ?? null)).not.toBeNull();
  return frame!;
}

/** Whether the page's document is cross-origin isolated; null while the next document replaces it. */
const isolated = (page: Page) => page.evaluate(() => window.crossOriginIsolated).catch(() => null);

const jwtClaims = (jwt: string) => JSON.parse(Buffer.from(jwt.split(".")[1], "base64url").toString()) as Record<string, unknown>;

test.describe("zoom", () => {
  // A practice as the spec describes it, each test at its room seed (issue 68, decisions/396): these flows read only what 1§7 and 2§7 give.
  test.use({ specPractice: true });
  test("Join opens /zoom with the appointment; Start Meeting pressed before the join machine's code arrives is kept and signs once (decisions/347); the SDK gets the meeting, signature, key, name, pass code and role 0 from local files; leaving returns to appointments; keyboard alone reaches Start Meeting and Back to appointments, a link out of /zoom loads the next page afresh, no longer cross-origin isolated, and Back returns to an isolated /zoom", async ({ page, world }) => {
    await replaceSdk(page);
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("data:")) outside.push(r.url());
    });
    // Hold the machine's code back until the test lets it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetched: string[] = [];
    await page.route(/\/assets\/join-machine-[\w-]+\.js$/, async (route) => {
      fetched.push(route.request().url());
      await released;
      await route.continue();
    });
    const link = await joinFromAppointments(page, world.user("solo"));
    const meetingNumber = link.get("meetingNumber")!;
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Appointments" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Video Consult, / })).toBeVisible();
    await expect(page.getByText(meetingNumber.replace(/^(\d{3})(\d{4})(\d{4})$/, "$1 $2 $3"))).toBeVisible();
    await expectNoAxeViolations(page);

    // The join machine's code is not on the page's first load: it is fetched when the patient reaches for Start Meeting.
    expect(fetched).toEqual([]);
    const start = page.getByRole("button", { name: "Start Meeting" });
    await start.focus();
    await expect.poll(() => fetched.length).toBe(1);
    await page.keyboard.press("Enter");
    await expect(start).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("status").filter({ hasText: "Getting the meeting ready…" })).toBeVisible();
    expect(await world.requests({ path: "video/signature" })).toHaveLength(0);
    release();
    const frame = await clientFrame(page);
    await expect.poll(() => frame.evaluate(() => (window as unknown as { __zoom?: { calls: unknown[][] } }).__zoom?.calls.some((c) => c[0] === "join") ?? false)).toBe(true);
    await expect(start).toBeFocused();
    const calls = await frame.evaluate(() => (window as unknown as { __zoom: { calls: unknown[][] } }).__zoom.calls);
    const origin = new URL(page.url()).origin;
    expect(calls.slice(0, 4)).toEqual([["setZoomJSLib", `${origin}/zoom-client/lib`, "/av"], ["preLoadWasm"], ["prepareWebSDK"], ["init", { leaveUrl: `${origin}/zoom-client/?left`, patchJsMedia: false }]]);
    const join = calls[4][1] as Record<string, string>;
    expect(join).toMatchObject({ meetingNumber, passWord: link.get("passCode"), sdkKey: "portalMockSdkKey0001" });
    expect(join.userName).toMatch(/\S/);
    expect(jwtClaims(join.signature)).toMatchObject({ mn: meetingNumber, role: 0, sdkKey: "portalMockSdkKey0001" });
    // Signed once, though Start Meeting was pressed before the code arrived.
    const signed = await world.requests({ path: "video/signature" });
    expect(signed.map((r) => r.body)).toEqual([{ meetingNumber, role: 0 }]);
    await expectNoAxeViolations(page);

    // In the meeting the SDK's screen fills the window; when it ends the SDK sends the frame to leaveUrl.
    await frame.evaluate(() => (window as unknown as { __zoom: { join: { success: () => void } } }).__zoom.join.success());
    await expect(page.locator('iframe[title="Video consult"]')).toHaveClass(/fixed/);
    await frame.evaluate(() => window.location.assign("/zoom-client/?left"));
    await expect(page).toHaveURL(/\/appointments\?id=2$/);
    // Loaded afresh, not only routed to: the appointments page is not left cross-origin isolated.
    await expect.poll(() => isolated(page)).toBe(false);
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();

    await test.step("keyboard alone reaches Start Meeting and Back to appointments; that link out of /zoom loads the next page afresh, no longer cross-origin isolated, and Back returns to an isolated /zoom", async () => {
      await page.goto((await page.getByRole("link", { name: /^Join the video consult/ }).first().getAttribute("href"))!);
      // /zoom's headers are the server's (tests/integration/request-hardening.test.ts); the document is isolated by them.
      expect(await isolated(page)).toBe(true);
      let reached = false;
      for (let i = 0; i < 40 && !reached; i++) {
        await page.keyboard.press("Tab");
        reached = await start.evaluate((el) => el === document.activeElement);
      }
      expect(reached, "Tab reaches Start Meeting").toBe(true);
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Back to appointments" })).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await page.keyboard.press("Enter");
      await clientFrame(page);
      await page.getByRole("link", { name: "Back to appointments" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
      // A client-side link out of /zoom ends in a page loaded with its own headers, so /accounts, say,
      // could still show Stripe's card frames (decisions/130).
      await expect.poll(() => isolated(page)).toBe(false);
      await page.goBack();
      await expect(page).toHaveURL(/\/zoom\?/);
      await expect.poll(() => isolated(page)).toBe(true);
    });
    expect(outside).toEqual([]);
  });

  test("when the meeting does not start the page says why and offers Try again: the practice's video function failing, an SDK that cannot reach Zoom (its heading takes the focus); Back to appointments", async ({ page, world }) => {
    // That an SDK that never answers the join is not waited for is the join machine's timer
    // (tests/unit/zoom-join.machine.test.ts › does not wait for ever…); its words show in the same alert as these.
    await replaceSdk(page);
    await world.fault({ path: "video/signature", status: 500, times: 1 });
    await joinFromAppointments(page, world.user("solo"));
    const iframe = page.locator('iframe[title="Video consult"]');
    const sdkJoined = async () => {
      const frame = await clientFrame(page);
      await expect.poll(() => frame.evaluate(() => Boolean((window as unknown as { __zoom?: { join: unknown } }).__zoom?.join))).toBe(true);
      return frame;
    };
    await page.getByRole("button", { name: "Start Meeting" }).click();
    await expect(page.getByRole("alert")).toContainText(meetingTexts.notSigned);
    await expect(iframe).toHaveCount(0);

    // Try again signs and loads afresh; this time the SDK cannot reach Zoom.
    await page.getByRole("button", { name: "Try again" }).click();
    const frame = await sdkJoined();
    await expect.poll(async () => (await world.requests({ path: "video/signature" })).length).toBe(2);
    // While the SDK has not answered the join, the page says it is connecting.
    await expect(page.getByRole("status").filter({ hasText: "Connecting to the meeting…" }).first()).toBeVisible();
    await frame.evaluate(() => (window as unknown as { __zoom: { join: { error: (e: unknown) => void } } }).__zoom.join.error({ errorCode: 1, reason: "Fail to join the meeting." }));
    await expect(page.getByRole("alert")).toContainText(meetingTexts.unreachable);
    await expect(page.getByRole("heading", { name: "The meeting did not start" })).toBeFocused();
    await expect(iframe).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Back to appointments" }).click();
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  });

  test("a missing, malformed or someone else's meeting id is a clear message with the way back: axe-clean at 390 px, someone else's answered with HTTP 404, Back to appointments reached by keyboard", async ({ page, world }) => {
    // Which meetings are the patient's is the loader's and the signature step's rule (tests/integration/zoom-signature.test.ts),
    // the 404 the route's (tests/integration/request-hardening.test.ts); here, what the patient is shown.
    await page.setViewportSize({ width: 390, height: 844 });
    await signInDirectly(page, world.user("solo"));
    await page.goto("/zoom");
    await expect(page.getByRole("alert")).toContainText(meetingTexts.missing);
    await expect(page.getByRole("button", { name: "Start Meeting" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto("/zoom?meetingNumber=12ab&passCode=x");
    await expect(page.getByRole("alert")).toContainText(meetingTexts.malformed);
    const response = await page.goto("/zoom?meetingNumber=81234567890&passCode=abc123");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText(videoTexts.notYours);
    await expect(page.getByRole("button", { name: "Start Meeting" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await waitForHydration(page);
    const back = page.getByRole("link", { name: "Back to appointments" });
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await back.evaluate((el) => el === document.activeElement);
    }
    expect(reached, "Tab reaches Back to appointments").toBe(true);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  });

  test("the real SDK loads from the portal's own files and, with no way to Zoom, says the meeting service cannot be reached", async ({ page, world, consoleErrors }) => {
    test.setTimeout(120_000);
    // The SDK logs its own failures to the console from inside the frame; they are its, not the portal's.
    const sdkLogged: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && message.location().url.includes("/zoom-client/")) sdkLogged.push(message.text());
    });
    const sdkFiles: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/zoom-client/")) sdkFiles.push(new URL(r.url()).pathname);
    });
    await page.goto(await ownMeetingAddress(page, world.user("solo")));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Start Meeting" }).click();
    await expect(page.getByRole("alert")).toContainText(meetingTexts.unreachable, { timeout: 90_000 });
    expect(sdkFiles.some((p) => /^\/zoom-client\/assets\/sdk-[\w-]+\.js$/.test(p))).toBe(true);
    expect(sdkFiles.some((p) => p.startsWith("/zoom-client/lib/"))).toBe(true);
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to appointments" })).toBeVisible();
    // The page in this state (the meeting service unreachable, Try again, Back) is scanned by "when the meeting does not start…".
    for (const logged of sdkLogged) consoleErrors.splice(consoleErrors.indexOf(logged), consoleErrors.includes(logged) ? 1 : 0);
  });
});
