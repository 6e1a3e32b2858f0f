import { errorsTexts } from "~/lib/texts/errors";
import { expect, expectNoAxeViolations, signInDirectly, test } from "./fixtures";

/**
 * A page whose own practice call fails shows the failure inside the shell (shell/page-frame.route.tsx):
 * the header and menu stay, and Retry loads the page again once the practice answers.
 */

test.describe("a failed page inside the shell", () => {
  // One world and one sign-in for the page's practice call failing on a load, on a client-side navigation, and answering 401.
  test("a page's failed load keeps the shell, says what happened, and Retry brings the page back; a failed client-side navigation shows the failure in the shell, whose menu still leads on; a 401 on a page's own call still ends the session and goes to sign in", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "Patient/PaymentNotice", status: 503 });
    const response = await page.goto("/accounts");
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: "Sorry, there is a problem", level: 1 })).toBeVisible();
    await expect(page.getByText("The practice's system is not answering just now. Please try again in a few minutes.")).toBeVisible();
    // The shell is intact: its menu, header and own links still work.
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Accounts" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Patient Portal", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /account menu/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Retry while the practice still fails: the same message, still in the shell. The test waits
    // for the retry's reply itself: a button that is merely enabled may not have started yet, and a
    // fault cleared under a retry in flight would let that retry succeed.
    await Promise.all([
      page.waitForResponse((reply) => new URL(reply.url()).pathname === "/accounts.data"),
      page.getByRole("button", { name: "Retry" }).click(),
    ]);
    await expect(page.getByRole("button", { name: "Retry" })).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Sorry, there is a problem" })).toBeVisible();

    await world.clearFaults();
    await page.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Sorry, there is a problem" })).toBeHidden();

    const menu = page.getByRole("navigation", { name: "Main menu" });
    await test.step("a failed client-side navigation shows the failure in the shell, whose menu still leads on", async () => {
      await menu.getByRole("link", { name: "Dashboard" }).click();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      await world.fault({ path: "Patient/PaymentNotice", body: "malformed" });
      await menu.getByRole("link", { name: "Accounts" }).click();
      await expect(page.getByRole("heading", { name: "Sorry, there is a problem", level: 1 })).toBeVisible();
      await expect(page.getByText(/sent a reply we could not read/)).toBeVisible();
      // The same failure inside the shell at /accounts, 1280 px, other words in the same place: scanned above.
      await menu.getByRole("link", { name: "Dashboard" }).click();
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    });

    await test.step("a 401 on a page's own call still ends the session and goes to sign in", async () => {
      await world.clearFaults();
      await world.fault({ path: "Patient/PaymentNotice", status: 401 });
      await menu.getByRole("link", { name: "Accounts" }).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=|\/login$/);
      await expect(page.getByRole("heading", { name: "Sign in to your patient portal" })).toBeVisible();
    });
  });

});

test.describe("a failure with no shell to keep", () => {
  test("the token check cannot be made: the whole page says so with Retry, which by keyboard brings the page back, still signed in", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "ValidateToken", status: 503, times: 1 });
    const response = await page.goto("/allergies");
    expect(response?.status()).toBe(503);
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(errorsTexts.tokenCheckFailed);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: errorsTexts.retry }).press("Enter");
    await expect(page.getByRole("heading", { name: "Allergies", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" })).toBeVisible();
  });

  test("the shell's own call fails: the whole page says so, and Retry brings the dashboard back", async ({ page, world }) => {
    await signInDirectly(page, world.user("solo"));
    await world.fault({ path: "Patient/RefreshCounter", status: 503, times: 1 });
    await page.goto("/");
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText(errorsTexts.practiceUnavailable);
    await page.getByRole("button", { name: errorsTexts.retry }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });
});
