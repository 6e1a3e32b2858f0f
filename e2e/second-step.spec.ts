import { createServer, type AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { MOCK_PORT, SMTP_PORT } from "../playwright.config";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { expect, expectNoAxeViolations, signIn, signInDirectly, test, waitForHydration, type World, type WorldUser } from "./fixtures";
import { secondStepTexts } from "~/lib/texts/second-step";
import { signInTexts } from "~/areas/sign-in/texts";
import { newestCode, turnOnInProfile } from "./second-step-helpers";

/**
 * The second step at sign-in (issue 31, decisions/277): turned on in the profile, then asked for at
 * sign-in with the code the mock's mail catcher caught (read from its admin API, as QA would), or a
 * recovery code. Sign-in itself is what is tested here, so it goes through the form.
 */

const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");


async function logOut(page: Page) {
  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs `user` in directly and turns the e-mailed code on through the profile's own steps, with the session's cookie; answers the recovery codes. */
async function turnOnOverHttp(page: Page, world: World, user: WorldUser): Promise<string[]> {
  await signInDirectly(page, user);
  const post = async (name: string, input: Record<string, string>) => (await page.request.post("/profile/step", { form: { step: name, input: JSON.stringify(input) }, headers: { "X-Portal-Step": "1" } })).json();
  expect(await post("send", {})).toMatchObject({ ok: true });
  const turnedOn = (await post("turn-on", { code: await newestCode(world, user.username) })) as { ok: boolean; reply: { codes: string[] } };
  expect(turnedOn).toMatchObject({ ok: true });
  return turnedOn.reply.codes;
}

test.describe("second step at sign-in", () => {
  test("turned on in the profile, the e-mailed code is asked for after the password, a wrong code refused in words and kept, and a new code sent signs in", async ({ page, world }) => {
    const user = world.user("solo");
    await turnOnInProfile(page, world, user, { axe: true });
    await logOut(page);

    await signIn(page, user);
    const step = page.getByRole("dialog", { name: "Enter the code we e-mailed you" });
    await expect(step).toBeVisible();
    await expect(step).toContainText(/We have sent a 6-digit code to s•••@/);
    // Scanned once, below, with the wrong code's message in it.
    const code = await newestCode(world, user.username);
    const field = step.getByLabel("6-digit code");
    await field.fill(otherThan(code));
    await step.getByRole("button", { name: "Continue" }).click();
    await expect(step.getByText(secondStepTexts.wrongCode)).toBeVisible();
    await expect(field).toHaveValue(otherThan(code));
    await expectNoAxeViolations(page);

    // Send a new code: only the newest one works.
    await step.getByRole("button", { name: "Send a new code" }).click();
    await expect(step.getByText(/We have sent a new code to s•••@/)).toBeVisible();
    const fresh = await newestCode(world, user.username);
    await field.fill(fresh);
    await field.press("Enter");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  // The recovery code and the profile's changes start from the code turned on over the profile's own steps
  // (the dialogs that do it are the test above's), so that no walk nears the test's time limit on a loaded machine.
  test("at 390 px, with nothing off to the side, a recovery code is taken instead of the e-mailed one, a wrong one refused in words", async ({ page, world }) => {
    const user = world.user("solo");
    await page.setViewportSize({ width: 390, height: 844 });
    const codes = await turnOnOverHttp(page, world, user);
    await page.context().clearCookies({ name: "__portal" });

    await signIn(page, user);
    const step = page.getByRole("dialog", { name: "Enter the code we e-mailed you" });
    await expect(step).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the page's width at 390 px").toBeLessThanOrEqual(390);
    await step.getByRole("button", { name: "Use a recovery code" }).click();
    const recovery = page.getByRole("dialog", { name: "Enter a recovery code" });
    await recovery.getByLabel("Recovery code").fill("ABCDE-FGHJK");
    await recovery.getByRole("button", { name: "Continue" }).click();
    await expect(recovery.getByText(secondStepTexts.wrongRecoveryCode)).toBeVisible();
    await expectNoAxeViolations(page);
    await recovery.getByLabel("Recovery code").fill(codes[0].toLowerCase());
    await recovery.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await page.goto("/profile");
    const section = page.getByRole("region", { name: "Sign-in security" });
    await expect(section).toContainText("Recovery codes left: 9 of 10");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the profile's width at 390 px").toBeLessThanOrEqual(390);
  });

  test("at 390 px, in the profile, new recovery codes and turning the e-mailed code off each ask for fresh proof, a wrong code refused in words and kept", async ({ page, world }) => {
    const user = world.user("solo");
    await page.setViewportSize({ width: 390, height: 844 });
    const codes = await turnOnOverHttp(page, world, user);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "User Profile", level: 1 })).toBeVisible();
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Sign-in security" });
    await expect(section).toContainText("Recovery codes left: 10 of 10");

    // New recovery codes, then off: each weakens sign-in, so each asks for fresh proof (decisions/312).
    await section.getByRole("button", { name: "Make new recovery codes" }).click();
    const confirm = page.getByRole("dialog", { name: "Make new recovery codes?" });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Use a recovery code" }).click();
    await confirm.getByLabel("Recovery code").fill(codes[1]);
    await confirm.getByRole("button", { name: "Make new codes" }).click();
    const renewed = page.getByRole("dialog", { name: "Your new recovery codes" });
    await expect(renewed.getByRole("listitem")).toHaveCount(10);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the codes' width at 390 px").toBeLessThanOrEqual(390);
    await renewed.getByRole("button", { name: "I have kept my codes: done" }).click();
    await expect(section).toContainText("Recovery codes left: 10 of 10");

    await section.getByRole("button", { name: "Turn off the e-mailed code" }).click();
    const off = page.getByRole("dialog", { name: "Turn off the e-mailed code?" });
    // Scanned once, below, with its code field and the wrong code's message.
    await off.getByRole("button", { name: "Send the code" }).click();
    await expect(off.getByText(/We have sent a 6-digit code to s•••@.*Enter it to confirm/)).toBeVisible();
    const offCode = await newestCode(world, user.username, secondStepTexts.confirmSubject);
    const offField = off.getByLabel("6-digit code");
    await offField.fill(otherThan(offCode));
    await off.getByRole("button", { name: "Turn off", exact: true }).click();
    await expect(off.getByText(secondStepTexts.wrongCode)).toBeVisible();
    await expect(offField).toHaveValue(otherThan(offCode));
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), "the proof's width at 390 px").toBeLessThanOrEqual(390);
    await offField.fill(offCode);
    await offField.press("Enter");
    await expect(section).toContainText("Code by e-mail: Off");
  });

  test("half-way (password accepted, code not given) no page is served: a page asked for goes to sign in, and the sign-in starts again", async ({ page, world }) => {
    const user = world.user("solo");
    // Turned on through the profile's own steps, with the session's cookie, to keep to what is tested here.
    await signInDirectly(page, user);
    const post = async (name: string, input: Record<string, string>) => (await page.request.post("/profile/step", { form: { step: name, input: JSON.stringify(input) }, headers: { "X-Portal-Step": "1" } })).json();
    expect(await post("send", {})).toMatchObject({ ok: true });
    expect(await post("turn-on", { code: await newestCode(world, user.username) })).toMatchObject({ ok: true });
    await page.context().clearCookies({ name: "__portal" });

    await signIn(page, user);
    const step = page.getByRole("dialog", { name: "Enter the code we e-mailed you" });
    await expect(step).toBeVisible();
    for (const path of ["/", "/profile", "/access-record"]) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      expect(res.status(), `${path} half signed in`).toBe(302);
      expect(res.headers().location).toMatch(/^\/login/);
    }
    // A data request (what client navigation asks for) is answered with the same redirect, not the page's data.
    const data = await page.request.get("/profile.data", { maxRedirects: 0 });
    expect(data.status()).not.toBe(200);
    expect(await data.text()).not.toContain("emergencyContacts");
    // The page asked for ended the half-finished sign-in: the code is no longer asked for.
    await step.getByLabel("6-digit code").fill(await newestCode(world, user.username));
    await step.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText(signInTexts.signInExpired)).toBeVisible();
  });
});

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe("second step required by the practice (REQUIRE_SECOND_STEP=1)", () => {
  // A portal of its own with the setting, against the suite's mock and its mail catcher.
  let portal: PortalProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortalProcess(await freePort(), {
      PRACTICE_IDENTITY_URL: `http://127.0.0.1:${MOCK_PORT}`,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      REQUIRE_SECOND_STEP: "1",
      LOG_LEVEL: "warn",
    });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test("a patient without one sets up the e-mailed code at sign-in, keeps the recovery codes shown, and is then signed in", async ({ page, world }) => {
    const user = world.user("solo");
    await page.goto(`${portal.url}/login`);
    await page.getByLabel("Email").fill(user.username);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    const setup = page.getByRole("dialog", { name: "Set up a code by e-mail" });
    await expect(setup).toBeVisible();
    await expect(setup).toContainText(secondStepTexts.setupRequired);
    // No recovery codes exist yet to offer instead.
    await expect(setup.getByRole("button", { name: "Use a recovery code" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await setup.getByLabel("6-digit code").fill(await newestCode(world, user.username));
    await setup.getByRole("button", { name: "Continue" }).click();
    const codes = page.getByRole("dialog", { name: "Your recovery codes" });
    await expect(codes.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await expectNoAxeViolations(page);
    await codes.getByRole("button", { name: "I have kept my codes: continue" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await page.goto(`${portal.url}/profile`);
    await expect(page.getByRole("region", { name: "Sign-in security" })).toContainText("Code by e-mail: On");
  });
});
