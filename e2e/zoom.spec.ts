import type { Frame, Page } from "@playwright/test";
import { videoTexts } from "~/areas/video/texts";
import { JOIN_TIMEOUT_MS, ZOOM_TEXT } from "~/areas/video/zoom";
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
  test("Join opens /zoom with the appointment; Start Meeting hands the SDK the meeting, signature, key, name, pass code and role 0 from local files; leaving returns to appointments", async ({ page, world }) => {
    await replaceSdk(page);
    const outside: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("http://127.0.0.1") && !r.url().startsWith("data:")) outside.push(r.url());
    });
    const link = await joinFromAppointments(page, world.user("solo"));
    const meetingNumber = link.get("meetingNumber")!;
    await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Appointments" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Video Consult, / })).toBeVisible();
    await expect(page.getByText(meetingNumber.replace(/^(\d{3})(\d{4})(\d{4})$/, "$1 $2 $3"))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Start Meeting" }).click();
    const frame = await clientFrame(page);
    await expect.poll(() => frame.evaluate(() => (window as unknown as { __zoom?: { calls: unknown[][] } }).__zoom?.calls.some((c) => c[0] === "join") ?? false)).toBe(true);
    const calls = await frame.evaluate(() => (window as unknown as { __zoom: { calls: unknown[][] } }).__zoom.calls);
    const origin = new URL(page.url()).origin;
    expect(calls.slice(0, 4)).toEqual([["setZoomJSLib", `${origin}/zoom-client/lib`, "/av"], ["preLoadWasm"], ["prepareWebSDK"], ["init", { leaveUrl: `${origin}/zoom-client/?left`, patchJsMedia: false }]]);
    const join = calls[4][1] as Record<string, string>;
    expect(join).toMatchObject({ meetingNumber, passWord: link.get("passCode"), sdkKey: "portalMockSdkKey0001" });
    expect(join.userName).toMatch(/\S/);
    expect(jwtClaims(join.signature)).toMatchObject({ mn: meetingNumber, role: 0, sdkKey: "portalMockSdkKey0001" });
    const [signed] = await world.requests({ path: "video/signature" });
    expect(signed.body).toEqual({ meetingNumber, role: 0 });
    await expectNoAxeViolations(page);

    // In the meeting the SDK's screen fills the window; when it ends the SDK sends the frame to leaveUrl.
    await frame.evaluate(() => (window as unknown as { __zoom: { join: { success: () => void } } }).__zoom.join.success());
    await expect(page.locator('iframe[title="Video consult"]')).toHaveClass(/fixed/);
    await frame.evaluate(() => window.location.assign("/zoom-client/?left"));
    await expect(page).toHaveURL(/\/appointments\?id=2$/);
    // Loaded afresh, not only routed to: the appointments page is not left cross-origin isolated.
    await expect.poll(() => isolated(page)).toBe(false);
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
    expect(outside).toEqual([]);
  });

  test("the join machine's code is not on the page's first load; Start Meeting pressed before it arrives is kept, shown as under way, and signs once when it does (decisions/347)", async ({ page, world }) => {
    await replaceSdk(page);
    // Hold the machine's code back until the test lets it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const fetched: string[] = [];
    await page.route(/\/assets\/join-machine-[\w-]+\.js$/, async (route) => {
      fetched.push(route.request().url());
      await released;
      await route.continue();
    });
    await joinFromAppointments(page, world.user("solo"));
    expect(fetched).toEqual([]);
    const start = page.getByRole("button", { name: "Start Meeting" });
    await start.focus();
    await expect.poll(() => fetched.length).toBe(1);
    await page.keyboard.press("Enter");
    await expect(start).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("status").filter({ hasText: "Getting the meeting ready…" })).toBeVisible();
    expect(await world.requests({ path: "video/signature" })).toHaveLength(0);
    release();
    await clientFrame(page);
    await expect.poll(async () => (await world.requests({ path: "video/signature" })).length).toBe(1);
    await expect(start).toBeFocused();
  });

  test("an SDK that cannot reach Zoom says so and offers Try again and Back to appointments", async ({ page, world }) => {
    await replaceSdk(page);
    await joinFromAppointments(page, world.user("solo"));
    await page.getByRole("button", { name: "Start Meeting" }).click();
    const frame = await clientFrame(page);
    await expect.poll(() => frame.evaluate(() => Boolean((window as unknown as { __zoom?: { join: unknown } }).__zoom?.join))).toBe(true);
    await frame.evaluate(() => (window as unknown as { __zoom: { join: { error: (e: unknown) => void } } }).__zoom.join.error({ errorCode: 1, reason: "Fail to join the meeting." }));
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.unreachable);
    await expect(page.getByRole("heading", { name: "The meeting did not start" })).toBeFocused();
    await expect(page.locator('iframe[title="Video consult"]')).toHaveCount(0);
    await expectNoAxeViolations(page);
    // Try again signs and loads afresh.
    await page.getByRole("button", { name: "Try again" }).click();
    await clientFrame(page);
    await expect.poll(async () => (await world.requests({ path: "video/signature" })).length).toBe(2);
  });

  test("an SDK that never answers the join is not waited for: after the timeout the page says so", async ({ page, world }) => {
    await page.clock.install();
    await replaceSdk(page);
    await joinFromAppointments(page, world.user("solo"));
    await page.getByRole("button", { name: "Start Meeting" }).click();
    const frame = await clientFrame(page);
    await expect.poll(() => frame.evaluate(() => Boolean((window as unknown as { __zoom?: { join: unknown } }).__zoom?.join))).toBe(true);
    await expect(page.getByRole("status").filter({ hasText: "Connecting to the meeting…" }).first()).toBeVisible();
    await page.clock.runFor(JOIN_TIMEOUT_MS + 1_000);
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.timedOut);
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.locator('iframe[title="Video consult"]')).toHaveCount(0);
  });

  test("a practice video function that fails is explained, with a way back", async ({ page, world }) => {
    await world.fault({ path: "video/signature", status: 500 });
    await joinFromAppointments(page, world.user("solo"));
    await page.getByRole("button", { name: "Start Meeting" }).click();
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.notSigned);
    await expect(page.locator('iframe[title="Video consult"]')).toHaveCount(0);
    await page.getByRole("link", { name: "Back to appointments" }).click();
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  });

  test("a missing or malformed meeting id is a clear message with a way back, axe-clean at 390 px", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInDirectly(page, world.user("solo"));
    await page.goto("/zoom");
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.missing);
    await expect(page.getByRole("button", { name: "Start Meeting" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.goto("/zoom?meetingNumber=12ab&passCode=x");
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.malformed);
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Back to appointments" }).click();
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  });

  test("keyboard alone reaches Start Meeting and Back to appointments", async ({ page, world }) => {
    await replaceSdk(page);
    await page.goto(await ownMeetingAddress(page, world.user("solo")));
    const start = page.getByRole("button", { name: "Start Meeting" });
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
    await expect(page.getByRole("alert")).toContainText(ZOOM_TEXT.unreachable, { timeout: 90_000 });
    expect(sdkFiles.some((p) => /^\/zoom-client\/assets\/sdk-[\w-]+\.js$/.test(p))).toBe(true);
    expect(sdkFiles.some((p) => p.startsWith("/zoom-client/lib/"))).toBe(true);
    await expect(page.getByRole("button", { name: "Try again" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to appointments" })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const logged of sdkLogged) consoleErrors.splice(consoleErrors.indexOf(logged), consoleErrors.includes(logged) ? 1 : 0);
  });

  test("only /zoom and the video client are cross-origin isolated; the client may be framed by the portal alone; a cross-site signature post is refused", async ({ page, world }) => {
    const zoom = (await page.goto(await ownMeetingAddress(page, world.user("solo"))))!.headers();
    expect(zoom["cross-origin-opener-policy"]).toBe("same-origin");
    expect(zoom["cross-origin-embedder-policy"]).toBe("require-corp");
    expect(zoom["x-frame-options"]).toBe("DENY");
    expect(zoom["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
    // A client-side link out of /zoom (here the breadcrumb) ends in a page loaded with its own headers,
    // so /accounts, say, could still show Stripe's card frames (decisions/130).
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Appointments" }).click();
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
    await expect.poll(() => isolated(page)).toBe(false);
    await page.goBack();
    await expect(page).toHaveURL(/\/zoom\?/);
    await expect.poll(() => isolated(page)).toBe(true);
    const client = (await page.request.get("/zoom-client/")).headers();
    expect(client["cross-origin-embedder-policy"]).toBe("require-corp");
    expect(client["x-frame-options"]).toBe("SAMEORIGIN");
    expect(client["content-security-policy"]).toContain("frame-ancestors 'self'");
    const appointments = (await page.request.get("/appointments")).headers();
    expect(appointments["cross-origin-embedder-policy"]).toBeUndefined();
    const crossSite = await page.request.post("/zoom/signature", { form: { step: "sign", input: JSON.stringify({ meetingNumber: new URL(page.url()).searchParams.get("meetingNumber")! }) }, headers: { Origin: "https://elsewhere.example" } });
    expect(crossSite.status()).toBe(403);
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
  });
});

test.describe("zoom: meetings that are not the patient's", () => {
  // A world whose family holder has an upcoming video consult of their own.
  test.use({ worldOptions: { seed: 15 } });

  test("another patient's meeting, or a made-up one, is not theirs: HTTP 404, plain words and the way back, nothing signed; axe-clean at 390 px and by keyboard", async ({ page, world }) => {
    // The family's holder has an upcoming video consult; Sam, signed in, tries its Join address.
    const theirs = await ownMeetingAddress(page, world.user("family"), 0);
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInDirectly(page, world.user("solo"));
    for (const address of [theirs, "/zoom?meetingNumber=81234567890&passCode=abc123"]) {
      const response = await page.goto(address);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("alert")).toContainText(videoTexts.notYours);
      await expect(page.getByRole("button", { name: "Start Meeting" })).toHaveCount(0);
      await expectNoAxeViolations(page);
    }
    // The step posted directly (as a script in the page could) is refused the same way.
    const meetingNumber = new URL(theirs, "http://portal.test").searchParams.get("meetingNumber")!;
    const posted = await page.request.post("/zoom/signature", { form: { step: "sign", input: JSON.stringify({ meetingNumber }) }, headers: { Origin: new URL(page.url()).origin } });
    expect(posted.status()).toBe(404);
    expect(await posted.json()).toEqual({ ok: false, failure: { kind: "refused", message: videoTexts.notYours } });
    expect(await world.requests({ path: "video/signature" })).toEqual([]);
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
});
