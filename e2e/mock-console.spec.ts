import type { Locator, Page } from "@playwright/test";
import { forgotPasswordTexts } from "~/areas/sign-in/forgot-password-texts";
import { MOCK_PORT } from "../playwright.config";
import { expect, expectNoAxeViolations, solveCaptcha, test, waitForHydration } from "./fixtures";

/**
 * The mock's console at the mock's own address (issue 56, decisions/381), walked as a QA engineer new
 * to it would: every step through the console, the portal in a second tab signed in from the console's
 * link. The console is a client of the admin API only, so what it shows is what the mock holds.
 */
const CONSOLE = `http://127.0.0.1:${MOCK_PORT}/`;

const tab = (page: Page, name: string) => page.getByRole("tab", { name });
const status = (page: Page, text: string | RegExp) => page.getByRole("status").filter({ hasText: text });
const upcoming = (portal: Page) => portal.getByRole("list", { name: "Upcoming appointments" }).locator(":scope > li");
const past = (portal: Page) => portal.getByRole("list", { name: "Past appointments" }).locator(":scope > li");

async function openConsole(page: Page) {
  await page.goto(CONSOLE);
  await expect(page.getByRole("heading", { name: "Mock practice console", level: 1 })).toBeVisible();
  // Loaded: the scenarios are listed once the admin API has answered.
  await expect(page.getByLabel("Scenario").locator("option")).not.toHaveCount(0);
}

/** Nothing a user needs sits off to the side: the page is no wider than the screen. */
async function expectNoSideways(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function scanEveryTab(page: Page) {
  for (const name of ["Worlds and users", "Faults", "Clock", "Chaos", "Request journal", "Mail and Login Help"]) {
    await tab(page, name).click();
    await expect(tab(page, name)).toHaveAttribute("aria-selected", "true");
    await expectNoAxeViolations(page);
    await expectNoSideways(page);
  }
}

const heading = async (card: Locator) => (await card.getByRole("heading").first().innerText()).trim();

test("a QA engineer makes a world, signs in from the console, takes the practice down, watches the journal, moves the clock a week and reads a caught mail", async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: CONSOLE.slice(0, -1),
  });
  await openConsole(page);
  await expect(page.getByText(/the mock listens on loopback only \(127\.0\.0\.1\): only this machine can reach this console/)).toBeVisible();

  // A world from a scenario and a seed (seed 6: solo's soonest appointment is two to four days ahead).
  await page.getByLabel("Scenario").selectOption("default");
  await expect(page.getByLabel("Scenario")).toHaveAccessibleDescription(/An account for each sign-in path/);
  await page.getByLabel("Seed").fill("6");
  await page.getByRole("button", { name: "Make the world" }).click();
  const made = status(page, /^World w\w+ made from default, seed 6/);
  await expect(made).toBeVisible();
  const worldId = /^World (w\w+)/.exec(await made.innerText())![1];
  try {
    await expect(page.getByLabel("World shown")).toHaveValue(worldId);
    await expect(page.getByRole("heading", { name: `World ${worldId}` })).toBeVisible();
    await page.getByText("Every scenario, with what it is").click();
    await expect(
      page.getByRole("definition").filter({
        hasText: /Whānau access|whānau|linked to the same three children/,
      }),
    ).toBeVisible();

    // Its users, with passwords, and a single-use link that signs into the portal in a new tab.
    const username = `solo+${worldId}@demo.nz`;
    const solo = page.getByRole("listitem").filter({ hasText: username });
    await expect(solo).toContainText("Kiaora2024");
    await solo.getByRole("button", { name: "Make a sign-in link for solo" }).click();
    const [portal] = await Promise.all([
      context.waitForEvent("page"),
      solo
        .getByRole("link", {
          name: `Sign in to the portal as ${username} (new tab; the link works once)`,
        })
        .click(),
    ]);
    // A link followed from another site (the console) is confirmed first: the portal's guard against a
    // sign-in someone else started.
    await expect(portal.getByRole("heading", { name: "Sign in with this link?", level: 1 })).toBeVisible();
    await portal.getByRole("button", { name: "Continue to the portal" }).click();
    await expect(portal.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const portalAt = (path: string) => new URL(path, portal.url()).href;

    // The journal, live: open before the calls are made, it shows them as they end.
    await tab(page, "Request journal").click();
    await expect(status(page, "Live: each call appears here as it ends.")).toBeVisible();
    await page.getByLabel("Path contains").fill("Medication");
    const calls = page.getByRole("list", { name: "Calls, newest first" }).getByRole("listitem");
    await expect(calls).toHaveCount(0);

    // "The practice is down" on medications, one click: the portal's failure on /medications.
    await tab(page, "Faults").click();
    await page.getByLabel("Path").selectOption("Patient/Medication");
    await page.getByRole("button", { name: /^The practice is down/ }).click();
    await expect(status(page, /^Fault \d+ added on Patient\/Medication: status 503; until cleared\.$/)).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({
        hasText: /^Fault \d+ on Patient\/Medication: status 503; until cleared/,
      }),
    ).toBeVisible();
    await portal.goto(portalAt("/medications"));
    await expect(
      portal.getByRole("heading", {
        name: "Sorry, there is a problem",
        level: 1,
      }),
    ).toBeVisible();
    await expect(portal.getByText("The practice's system is not answering just now. Please try again in a few minutes.")).toBeVisible();

    await tab(page, "Request journal").click();
    const failed = calls
      .filter({
        hasText: /GET Patient\/Medication\s+503 \(fault: status 503\)/,
      })
      .first();
    await expect(failed).toBeVisible();
    // Each call's summary line, not its folded details, whose ids and bodies may hold the digits 503.
    const failedLines = calls.locator("summary").filter({ hasText: /\b503\b/ });
    await expect(failedLines.first()).toBeVisible();
    await page.getByLabel("Status").selectOption("2");
    await expect(failedLines).toHaveCount(0);
    await page.getByLabel("Status").selectOption("5");
    await failed.locator("summary").click();
    await expect(failed.getByRole("figure", { name: "As curl" }).locator("pre")).toHaveText(
      new RegExp(`^curl -X GET 'http://127\\.0\\.0\\.1:${MOCK_PORT}/worlds/${worldId}/api/Patient/Medication\\?PatientID=\\d+.*' -H "Token: \\$TOKEN"$`),
    );
    await failed.getByRole("button", { name: "Copy as curl" }).click();
    await expect(failed.getByRole("status")).toHaveText("Copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await failed.getByRole("figure", { name: "As curl" }).locator("pre").innerText());
    await page.getByLabel("Status").selectOption("");
    await page.getByLabel("Path contains").fill("");

    await tab(page, "Faults").click();
    await page.getByRole("button", { name: "Clear every fault" }).click();
    await expect(page.getByText("None: every call is answered normally.")).toBeVisible();

    // The clock a week on: the soonest upcoming appointment becomes history.
    await portal.goto(portalAt("/appointments?id=2"));
    await expect(upcoming(portal).first()).toBeVisible();
    const soonest = await heading(upcoming(portal).first());
    await tab(page, "Clock").click();
    await expect(page.getByText("running with real time")).toBeVisible();
    await page.getByRole("button", { name: "1 week on" }).click();
    await expect(status(page, "Moved 1 week on.")).toBeVisible();
    await portal.reload();
    await expect(upcoming(portal).first()).toBeVisible();
    expect(await heading(upcoming(portal).first())).not.toBe(soonest);
    await portal.goto(portalAt("/appointments?id=3&show=completed"));
    await expect(
      past(portal).filter({
        has: portal.getByRole("heading", { name: soonest }),
      }),
    ).toContainText("Completed");

    // A caught mail: Forgot Password sends solo a temporary password, read in the console.
    const signedOut = await context.newPage();
    await signedOut.goto("/login");
    await signedOut.getByRole("link", { name: "Forgot Password?" }).click();
    await expect(signedOut.getByRole("heading", { name: "Forgot your password?", level: 1 })).toBeVisible();
    await waitForHydration(signedOut);
    await signedOut.getByLabel("Email").fill(username);
    await solveCaptcha(signedOut);
    await signedOut.getByRole("button", { name: "Send Password" }).click();
    await expect(signedOut.getByRole("status").filter({ hasText: forgotPasswordTexts.neutral })).toBeVisible();
    await tab(page, "Mail and Login Help").click();
    const mail = page.getByRole("listitem").filter({ hasText: `Your temporary password to ${username}` });
    await expect(mail).toBeVisible();
    const body = mail.getByText(/^Your temporary password is \S+\. You will be asked to choose a new one when you sign in\.$/);
    await expect(body).toBeHidden();
    await mail.getByText("Your temporary password", { exact: true }).click();
    await expect(body).toBeVisible();
  } finally {
    await fetch(`${CONSOLE}__admin/worlds/${worldId}`, { method: "DELETE" });
  }
});

// One world and one console for what is done by hand in it: by keyboard first (from the top of the page), then by pointer.
test("by keyboard alone: into the tabs, along them with the arrows, and the clock frozen and moved on, the focus always shown; faults one click away, a held call released by its fault's number, faults removed and cleared; the clock to a date; a world reset and deleted", async ({ page, world }) => {
  await openConsole(page);
  await page.getByLabel("World shown").selectOption(world.id);
  await test.step("by keyboard alone: into the tabs, along them with the arrows, and the clock frozen and moved on, the focus always shown", async () => {
    const focused = () => page.locator(":focus");
    const worldsTab = tab(page, "Worlds and users");
    for (let presses = 0; presses < 10 && !(await worldsTab.evaluate((el) => el === document.activeElement)); presses++) await page.keyboard.press("Tab");
    await expect(worldsTab).toBeFocused();
    // The focus is drawn: the yellow ring.
    await expect(focused()).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(tab(page, "Clock")).toBeFocused();
    await expect(tab(page, "Clock")).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Clock" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Freeze the clock" })).toBeFocused();
    await expect(focused()).toHaveCSS("outline-style", "solid");
    await page.keyboard.press("Enter");
    await expect(status(page, "The clock is frozen where it stood.")).toBeVisible();
    expect((await world.clock()).mode).toBe("fixed");
    // The button became its opposite in place, keeping the focus; the next stop is the first step on.
    await expect(page.getByRole("button", { name: "Let the clock run" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "1 hour on" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "1 day on" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(status(page, "Moved 1 day on.")).toBeVisible();
    expect((await world.clock()).advanced).toBe("P1D");
  });

  // Then by pointer, on the same world (the clock moved above is reset with it below).
  await tab(page, "Faults").click();
  await page.getByLabel("Path").selectOption("Patient/Medication");
  await page.getByRole("checkbox", { name: "Hold each call until released" }).check();
  await page.getByLabel("Times (empty: until cleared)").fill("1");
  await page.getByRole("button", { name: "Add the fault" }).click();
  const added = status(page, /^Fault \d+ added on Patient\/Medication: held until released; 1 more call\.$/);
  await expect(added).toBeVisible();
  const held = /^Fault (\d+)/.exec(await added.innerText())![1];
  // A call of the path (faults come before the token check) waits at the fault until released.
  const call = fetch(`${CONSOLE}worlds/${world.id}/api/Patient/Medication?PatientID=1&PageSize=1&PageNumber=1&TypeID=1`);
  expect((await fetch(`${CONSOLE}__admin/worlds/${world.id}/faults/${held}/held?atLeast=1`)).status).toBe(200);
  await page.getByLabel("Held fault's number").fill(held);
  await page.getByRole("button", { name: "Release its held calls" }).click();
  await expect(status(page, `Fault ${held} released 1 held call.`)).toBeVisible();
  expect((await call).status).toBe(401);

  await page.getByRole("button", { name: /^Slow practice/ }).click();
  const slow = status(page, /^Fault \d+ added on Patient\/Medication: delay 3000 ms; until cleared\.$/);
  await expect(slow).toBeVisible();
  const slowId = /^Fault (\d+)/.exec(await slow.innerText())![1];
  await page.getByRole("button", { name: /^Lost reply/ }).click();
  await expect(status(page, /^Fault \d+ added on Patient\/Medication: body lost-reply; 1 more call\.$/)).toBeVisible();
  const waiting = page.getByRole("listitem").filter({ hasText: /^Fault \d+ on Patient\/Medication/ });
  await expect(waiting).toHaveCount(2);
  await page.getByRole("button", { name: `Remove fault ${slowId}` }).click();
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText("body lost-reply; 1 more call");
  await page.getByRole("button", { name: "Clear every fault" }).click();
  await expect(page.getByText("None: every call is answered normally.")).toBeVisible();
  expect((await (await fetch(`${CONSOLE}__admin/worlds/${world.id}/faults`)).json()) as unknown).toEqual({ faults: [] });

  await tab(page, "Clock").click();
  const later = new Date(Date.parse((await world.clock()).now) + 40 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("To a date (midnight in New Zealand)").fill(later);
  await page.getByRole("button", { name: "Move to this date" }).click();
  await expect(status(page, `Moved to ${later} (midnight in New Zealand).`)).toBeVisible();
  expect((await world.clock()).now).toMatch(new RegExp(`^${later}T00:00:0`));

  await tab(page, "Worlds and users").click();
  await page.getByRole("button", { name: `Reset world ${world.id}` }).click();
  await expect(status(page, `World ${world.id} is back at its start: data, clock, sign-ins, faults and journal.`)).toBeVisible();
  expect((await world.clock()).advanced).toBe("PT0S");
  await page.getByRole("button", { name: `Delete world ${world.id}` }).click();
  await expect(status(page, `World ${world.id} was deleted; the default world is shown.`)).toBeVisible();
  await expect(page.getByLabel("World shown")).toHaveValue("default");
  expect((await fetch(`${CONSOLE}__admin/worlds/${world.id}`)).status).toBe(404);
});

// One world and one console for the chaos and for the scans of every tab, each tab scanned once at each width
// with something in it: a fault, chaos set, the journal's entry of a call chaos hit opened, a mail, a sign-in link.
test("seeded chaos set by keyboard in the console, each hit marked in the journal in words, and cleared; the console passes every axe WCAG A/AA rule on each of its tabs at 1280 px and at 390 px, nothing off to the side", async ({ page, world }) => {
  await openConsole(page);
  await page.getByLabel("World shown").selectOption(world.id);
  // Something in each list (before the chaos, which would hit the mail's call): a fault, a mail.
  await world.fault({ path: "Patient/Medication", status: 503 });
  await fetch(`${CONSOLE}api/Patient/ForgotPassword?Username=${encodeURIComponent(world.user("solo").username)}`, { method: "POST" });

  await tab(page, "Chaos").click();
  await expect(status(page, "No chaos: every call answers as usual, unless a fault says otherwise.")).toBeVisible();
  await page.getByLabel("Chaos seed").fill("42");
  await page.getByLabel("Calls hit (percent)").fill("100");
  // Slow is on by default: off by keyboard, leaving 503 alone.
  const slow = page.getByRole("checkbox", { name: "Slow: the normal answer, after the latency" });
  await slow.focus();
  await expect(page.locator(":focus")).toHaveCSS("outline-style", "solid");
  await page.keyboard.press("Space");
  await expect(slow).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "503: the practice answers 503" })).toBeChecked();
  await page.getByLabel("Latency from (milliseconds)").fill("5");
  await page.getByLabel("Latency to (milliseconds)").fill("5");
  await page.keyboard.press("Enter");
  await expect(status(page, "Chaos set: seed 42, 100% of calls hit by 503, after 5 to 5 ms.")).toBeVisible();
  expect(await (await fetch(`${CONSOLE}__admin/worlds/${world.id}/chaos`)).json()).toEqual({ chaos: { seed: 42, rate: 1, kinds: ["503"], latency: { min: 5, max: 5 } }, calls: 0 });

  // Chaos comes before the token check, as faults do: a call without a token is hit all the same.
  expect((await fetch(`${CONSOLE}worlds/${world.id}/api/ValidateToken`)).status).toBe(503);
  await tab(page, "Request journal").click();
  const calls = page.getByRole("list", { name: "Calls, newest first" });
  await expect(calls.getByText("Chaos: 503 after 5 ms", { exact: true })).toBeVisible();
  await calls.locator("summary").first().click();
  await expect(calls.getByText("Chaos: 503 after 5 ms: call 1 of the world's chaos sequence.")).toBeVisible();

  await tab(page, "Mail and Login Help").click();
  await page.getByText("Your temporary password", { exact: false }).first().click();
  await tab(page, "Worlds and users").click();
  await page.getByText("Every scenario, with what it is").click();
  await page.getByRole("button", { name: "Make a sign-in link for solo" }).click();
  await expect(page.getByRole("link", { name: /^Sign in to the portal as solo/ })).toBeVisible();
  await scanEveryTab(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await scanEveryTab(page);

  await tab(page, "Chaos").click();
  await page.getByRole("button", { name: "Clear the chaos" }).focus();
  await page.keyboard.press("Enter");
  await expect(status(page, "Chaos cleared: calls answer as usual.")).toBeVisible();
  await expect(status(page, "No chaos: every call answers as usual, unless a fault says otherwise.")).toBeVisible();
  expect((await fetch(`${CONSOLE}worlds/${world.id}/api/ValidateToken`)).status).toBe(401);
  // The journal's filter finds the calls chaos hit, and only those.
  const journaled = (await world.requests()).length;
  expect((await world.requests()).filter((r) => r.chaos)).toHaveLength(1);
  await tab(page, "Request journal").click();
  await expect(page.getByText(`${journaled} of ${journaled} calls match.`)).toBeVisible();
  await page.getByLabel("Status").selectOption("Hit by chaos");
  await expect(page.getByText(`1 of ${journaled} calls match.`)).toBeVisible();
  await expect(calls.getByText("Chaos: 503 after 5 ms", { exact: true })).toBeVisible();
});

test("a practice recorded from the console, and a world made from the recording with a click, axe-clean", async ({ page, world }) => {
  await openConsole(page);
  // The mock records itself here: its own identity server stands for the practice (decisions/384).
  await page.getByLabel("The practice's identity server").fill(CONSOLE.slice(0, -1));
  await page.getByRole("button", { name: "Start recording" }).click();
  const started = status(page, /^Recording r\w+: point the portal's PRACTICE_IDENTITY_URL at /);
  await expect(started).toBeVisible();
  const [, recordingId, identityUrl] = /^Recording (r\w+): point the portal's PRACTICE_IDENTITY_URL at (\S+)$/.exec(await started.innerText())!;
  try {
    // A portal would do this: ask the identity server, sign in at the address it names, read the profile.
    const solo = world.user("solo");
    const post = (url: string, body: unknown) => fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const { ACCAPIURL } = (await (await post(`${identityUrl}/api/Authentication`, { UserName: solo.username, Password: solo.password })).json()) as { ACCAPIURL: string };
    expect(ACCAPIURL).toContain(`/recordings/${recordingId}/practice/`);
    const [patient] = (await (await post(`${ACCAPIURL}Patient/Authentication`, { UserName: solo.username, Password: solo.password, q: "" })).json()) as { id: string; extension: { url: string; valueString?: string }[] }[];
    const token = patient.extension.find((e) => e.url === "Token")!.valueString!;
    expect((await fetch(`${ACCAPIURL}Patient?PatientID=${patient.id}`, { headers: { Token: token } })).status).toBe(200);

    await page.getByRole("button", { name: "Refresh the recordings" }).click();
    await expect(page.getByText(`Recording ${recordingId}: 3 calls`)).toBeVisible();
    // Scanned once, below, with the replay's world shown beside this same list of recordings (the world
    // shown before it is the every-tab scan's).
    await page.getByRole("button", { name: `Make a world from recording ${recordingId}` }).click();
    const made = status(page, new RegExp(`^World (w\\w+) answers as recording ${recordingId} did: it is shown now\\.$`));
    await expect(made).toBeVisible();
    const replayId = /^World (w\w+)/.exec(await made.innerText())![1];
    try {
      await expect(page.getByRole("heading", { name: `World ${replayId}` })).toBeVisible();
      await expect(page.getByText(new RegExp(`^${replayId}: a replay of 3 calls recorded from ${CONSOLE.slice(0, -1)}`))).toBeVisible();
      // Its one user is the recorded one, made up: not solo's address.
      await expect(page.getByRole("listitem").filter({ hasText: "recorded-1" }).getByText("Kiaora2024")).toBeVisible();
      await expect(page.getByText(solo.username)).toHaveCount(0);
      await expectNoAxeViolations(page);
    } finally {
      await fetch(`${CONSOLE}__admin/worlds/${replayId}`, { method: "DELETE" });
    }
    await page.getByRole("button", { name: `Stop recording ${recordingId}` }).click();
    await expect(status(page, `Recording ${recordingId} stopped.`)).toBeVisible();
  } finally {
    await fetch(`${CONSOLE}__admin/recordings/${recordingId}`, { method: "DELETE" });
  }
});
