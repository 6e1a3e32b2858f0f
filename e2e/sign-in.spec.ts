import { forgotPasswordTexts } from "~/areas/sign-in/forgot-password-texts";
import { signInSteps } from "~/areas/sign-in/steps";
import { expect, expectNoAxeViolations, postStep, signIn, solveCaptcha, test } from "./fixtures";

test.describe("signing in", { tag: "@smoke" }, () => {
  // A practice as the spec describes it, each test at its room seed (issue 68, decisions/396): these flows read only what 1§7 and 2§7 give.
  test.use({ specPractice: true });
  test("solo goes straight to the dashboard inside the full shell", async ({ page, world }) => {
    await signIn(page, world.user("solo"));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const banner = page.getByRole("banner");
    await expect(banner.getByText(/^NHI:/)).toBeVisible();
    await expect(banner.getByText(/^Open \d/)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main menu" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("© 2022");
    await expect(page.getByRole("contentinfo")).toContainText(/Version v\d+\.\d+\.\d+/);
  });

  test("family is offered the proxy chooser and sees the chosen member's record", async ({ page, world }) => {
    await signIn(page, world.user("family"));
    const chooser = page.getByRole("dialog", { name: "Select an account to continue" });
    await expect(chooser).toBeVisible();
    const accounts = chooser.getByRole("radio");
    expect(await accounts.count()).toBeGreaterThanOrEqual(3);
    // The header's Switch account changes whose record is open later (decisions/160): no sign-in again.
    await expect(chooser).toContainText("change it later with Switch account, in the account menu at the top of every page");
    await expect(chooser).not.toContainText("signing in again");
    await expectNoAxeViolations(page);

    const second = accounts.nth(1);
    const label = (await second.locator("xpath=..").innerText()).replace(/\s*\(.*\)\s*$/, "").trim();
    await second.check();
    await chooser.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    const details = page.getByRole("banner").getByRole("term");
    // The member's name: the practice may send the Patient's name in parts, its title first (1§3's HumanName), where the chooser has its text.
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(details.filter({ hasText: "Patient:" }).locator("xpath=following-sibling::dd[1]")).toHaveText(new RegExp(`^(\\S+ )?${escaped}$`));
    await expect(details.filter({ hasText: "Signed in as:" })).toBeVisible();
  });

  test("family can cancel the chooser and is back at a clean sign-in page", async ({ page, world }) => {
    await signIn(page, world.user("family"));
    const chooser = page.getByRole("dialog", { name: "Select an account to continue" });
    await chooser.getByRole("button", { name: "Cancel" }).click();
    await expect(chooser).toBeHidden();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/login/);
  });

  test("reset is asked for a new password before going on", async ({ page, world }) => {
    await signIn(page, world.user("reset"));
    await expect(page.getByRole("dialog", { name: "Update your password to continue" })).toBeVisible();
  });

  test("a wrong password shows the practice's message and stays on the sign-in page", async ({ page, world }) => {
    await signIn(page, { ...world.user("solo"), password: "NotThePassword1" });
    await expect(page.getByRole("alert")).toContainText(/incorrect|invalid/i);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel("Email")).toHaveValue(world.user("solo").username);
  });

  test("an unknown user is told so", async ({ page }) => {
    await signIn(page, { label: "nobody", username: "nobody@example.nz", password: "Kiaora2024" });
    await expect(page.getByRole("alert")).toContainText(/invalid/i);
  });

  test("the whole sign-in can be done by keyboard", async ({ page, world }) => {
    const user = world.user("solo");
    await page.goto("/login");
    await page.getByLabel("Email").focus();
    await page.keyboard.type(user.username);
    await page.keyboard.press("Tab");
    await page.keyboard.type(user.password);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });

  test("show and hide the password", async ({ page }) => {
    await page.goto("/login");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("Secret123");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("the sign-in page has no accessibility violations, with and without errors", async ({ page }) => {
    await page.goto("/login");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email cannot be empty")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe("a new patient's empty record", { tag: "@smoke" }, () => {
  // Our practice, which sends every count as 0: a spec practice may leave a count out, and the dashboard
  // then says Not recorded, not an empty text (tests/integration/patient-room.test.ts, decisions/396).
  test("empty sees every empty text", async ({ page, world }) => {
    await signIn(page, world.user("empty"));
    for (const text of ["No long term medication", "No new results", "No unread messages", "No future appointments"]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    // No appointment of any kind yet: a welcome and what to do next, not two charts of empty axes (issue 21).
    await expect(page.getByRole("heading", { name: "Welcome to your patient portal", level: 2 })).toBeVisible();
    await expect(page.getByRole("figure")).toHaveCount(0);
  });
});

test.describe("bad input gets a clear message and nothing is sent", () => {
  const cases = [
    // An empty form says which field is missing, not that an address is invalid (issue 21).
    { name: "empty fields", username: "", password: "", summary: "Enter your email address and your password.", messages: ["Email cannot be empty", "Password cannot be empty"] },
    { name: "whitespace only", username: "   ", password: "   ", summary: "Enter your email address and your password.", messages: ["Email cannot be empty", "Password cannot be empty"] },
    { name: "no password", username: "solo@demo.nz", password: "", summary: "Enter your password.", messages: ["Password cannot be empty"] },
    { name: "no e-mail", username: "", password: "Kiaora2024", summary: "Enter your email address.", messages: ["Email cannot be empty"] },
    { name: "a malformed e-mail", username: "solo@demo", password: "Kiaora2024", summary: "You have entered an invalid email address.", messages: ["Ooops! We need a valid email address"] },
    { name: "a script-injection e-mail", username: "<script>alert(1)</script>", password: "Kiaora2024", summary: "You have entered an invalid email address.", messages: ["Ooops! We need a valid email address"] },
    // Macrons are letters of an address (1§5's x@y.z, decisions/368); a domain with no dot is not one.
    { name: "a unicode e-mail with no dot after the @", username: "ngā@tēnā", password: "Kiaora2024", summary: "You have entered an invalid email address.", messages: ["Ooops! We need a valid email address"] },
    { name: "10,000-character fields", username: `${"a".repeat(10_000)}@demo.nz`, password: "b".repeat(10_000), summary: "You have entered an invalid email address.", messages: ["Email must be 254 characters or fewer", "Password must be 128 characters or fewer"] },
  ];
  for (const c of cases) {
    test(c.name, async ({ page }) => {
      await page.goto("/login");
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      await page.getByLabel("Email").fill(c.username);
      await page.getByLabel("Password", { exact: true }).fill(c.password);
      await page.getByRole("button", { name: "Login" }).click();
      await expect(page.getByRole("alert")).toContainText(c.summary);
      for (const message of c.messages) await expect(page.getByText(message)).toBeVisible();
      expect(posts).toEqual([]);
      await expect(page.getByLabel(c.messages[0]!.startsWith("Password") ? "Password" : "Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    });
  }

  test("an error clears when the field is edited", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Email cannot be empty")).toBeVisible();
    await page.getByLabel("Email").fill("s");
    await expect(page.getByText("Email cannot be empty")).toBeHidden();
    await expect(page.getByText("Password cannot be empty")).toBeVisible();
  });

  test("the server refuses what the browser would have refused", async ({ page }) => {
    await page.goto("/login");
    const origin = new URL(page.url()).origin;
    for (const [username, password, field] of [["not-an-email", "x", "username"], ["solo@demo.nz", "   ", "password"], ["a".repeat(10_000), "b".repeat(10_000), "username"]]) {
      const response = await postStep(page.request, signInSteps, "sign-in", { username, password }, { Origin: origin });
      // The form's own schema refuses it on the server too: the "invalid" outcome, its words beside the field (decisions/280).
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ ok: true, reply: { kind: "invalid", fieldErrors: { [field]: expect.any(String) } } });
    }
  });
});

test("a button the robot check keeps disabled says why, on Forgot Password and in Login Help", async ({ page }) => {
  await page.goto("/forgetPassword");
  const send = page.getByRole("button", { name: "Send Password" });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAccessibleDescription("Send Password is available once “I’m not a robot” above is ticked and done.");
  await expect(page.getByText("Send Password is available once")).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe("an address with macrons (1§5's x@y.z; .nz domains allow them, decisions/368)", () => {
  test.use({ worldOptions: { scenario: "macron-address" } });

  // tāne+…@māori.nz has macrons on both sides; mere+…@māori.nz in its domain only, which Chromium's
  // type="email" input would have sent as mere+…@xn--mori-qsa.nz.
  for (const [label, address] of [["tane", /^tāne\+\w+@māori\.nz$/], ["mere", /^mere\+\w+@māori\.nz$/]] as const) {
    test(`${label} signs in through the form and reaches the dashboard`, async ({ page, world }) => {
      const user = world.user(label);
      expect(user.username).toMatch(address);
      await signIn(page, user);
      await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
      // The practice was asked about the address exactly as typed, macrons and all.
      const signIns = await world.requests({ method: "POST", path: "Patient/Authentication" });
      expect(signIns.map((r) => (r.body as { UserName?: string }).UserName)).toEqual([user.username]);
    });

    test(`Forgot Password takes ${label}'s address: the neutral answer, no field error, and the practice mails it`, async ({ page, world }) => {
      const user = world.user(label);
      await page.goto("/forgetPassword");
      await page.getByLabel("Email").fill(user.username);
      await solveCaptcha(page);
      await page.getByRole("button", { name: "Send Password" }).click();
      await expect(page.getByRole("status").filter({ hasText: forgotPasswordTexts.neutral })).toBeVisible();
      await expect(page.getByText(forgotPasswordTexts.invalidEmail)).toHaveCount(0);
      // The neutral answer is the same for an unknown address: the mail shows the request reached the practice.
      expect(await world.mail(user.username)).toHaveLength(1);
    });
  }
});
