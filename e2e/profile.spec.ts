import { errorsTexts } from "~/lib/texts/errors";
import type { Locator, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, forEachPractice, openSignedIn, test, waitForHydration, type World } from "./fixtures";
import { newestCode } from "./second-step-helpers";

/** /profile and /profile-old: every dialog, its validation texts and its calls, in a fresh world. */

const openProfile = (page: Page, world: World, label: "solo" | "empty" = "solo") => openSignedIn(page, world.user(label), "/profile", "User Profile");

/** The older layout, whose heading is the patient's name. */
const openOldProfile = (page: Page, world: World) => openSignedIn(page, world.user("solo"), "/profile-old", /\S/);

/**
 * Signs in as an account holder with linked accounts and continues as the nth of them; returns both
 * ids and the member's name as the list of linked accounts gives it (Switch account shows the
 * sign-in's own list, the one being viewed chosen), not as the member's own record does.
 */
async function actForMember(page: Page, world: World, label: string, nth: number) {
  const memberId = (await openSignedIn(page, world.user(label), "/account/switch", "Switch account", { account: nth }))!;
  const viewed = page.getByRole("radio", { checked: true });
  await expect(viewed).toHaveAttribute("value", memberId);
  const name = (await viewed.locator("xpath=..").locator("span.font-semibold").innerText()).trim();
  // The account holder's id is the one the linked accounts were listed for.
  const [listed] = await world.requests({ method: "GET", path: "Patient/ProxyUsers" });
  const holderId = String(listed.query.PatientID);
  expect(memberId).not.toBe(holderId);
  return { memberId, holderId, name };
}

/** The PatientID of a journal entry: in the query, or the body for calls that carry it there. */
function patientIdOf(entry: { query: Record<string, unknown>; body: unknown }): string {
  const body = entry.body as { PatientID?: unknown } | null;
  return String(entry.query.PatientID ?? body?.PatientID);
}

function emergencyCards(page: Page): Locator {
  return page.getByRole("region", { name: "Emergency Contact" }).getByRole("listitem");
}

async function fillContact(dialog: Locator, values: { first?: string; family?: string; home?: string; work?: string } = {}) {
  await dialog.getByLabel("Title").selectOption({ label: "Ms" });
  await dialog.getByLabel("First Name").fill(values.first ?? "Zelphine");
  await dialog.getByLabel("Family Name").fill(values.family ?? "Ngata");
  await dialog.getByLabel("Relationship").selectOption({ label: "Sister" });
  await dialog.getByLabel("Home Phone").fill(values.home ?? "09 555 0142");
  await dialog.getByLabel("Work Phone").fill(values.work ?? "04 555 0199");
}

/** Moves the focus with Tab alone until it reaches the target (at most 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("user profile", () => {
  test("shows the breadcrumb, the top block and every section in New Zealand's words (issue 21); the header menu links here; the address is viewed, not edited, and says why; the terms open in a dialog; Update Profile refuses a preferred name of markup or over 50 characters, and Edit Contact Details an invalid phone and no contact method at all, sending nothing", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/", "Dashboard");
    await page.getByRole("button", { name: /account menu/ }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Dashboard/User Profile");
    await expect(page.getByRole("paragraph").filter({ hasText: /^Balance:/ })).toContainText("$");
    await expect(page.getByRole("paragraph").filter({ hasText: /^NHI:/ })).toContainText(/Z[A-Z]{2}\d{4}/);
    for (const name of ["Personal details", "Contact details", "Emergency Contact", "Practice Details", "Address"]) {
      await expect(page.getByRole("region", { name })).toBeVisible();
    }
    // solo has two emergency contacts and phones shown in national format.
    await expect(emergencyCards(page)).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Contact details" })).toContainText(/02\d 555 \d{4}/);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "View address" }).click();
    const dialog = page.getByRole("dialog", { name: "Address Information" });
    await expect(dialog).toContainText("Your address is kept by the practice.");
    await expect(dialog.getByRole("textbox")).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "Terms and Conditions" }).click();
    const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
    await expect(terms).toContainText("terms of use");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(terms).toBeHidden();

    await page.getByRole("button", { name: "Edit personal details" }).click();
    const update = page.getByRole("dialog", { name: "Update Profile" });
    const preferred = update.getByLabel("Preferred Name");
    await preferred.fill("<script>alert(1)</script>");
    await update.getByRole("button", { name: "Update" }).click();
    await expect(preferred).toHaveAttribute("aria-invalid", "true");
    await expect(preferred).toHaveAccessibleDescription(/Names can contain letters, spaces, hyphens, apostrophes and full stops only/);
    await expect(update.getByRole("alert")).toContainText("Nothing has been sent yet.");
    await preferred.fill("A".repeat(200));
    await update.getByRole("button", { name: "Update" }).click();
    await expect(preferred).toHaveAccessibleDescription(/Please keep this to 50 characters or fewer/);
    await expect(update).toBeVisible();
    expect(await world.requests({ method: "POST", path: "Patient/UpdatePatientDemographics" })).toHaveLength(0);
    await page.keyboard.press("Escape");
    await expect(update).toBeHidden();

    // New Zealand's words: Mobile rather than Cell Phone, Town/City and Postcode rather than City/County and postal code.
    await expect(page.getByText("Cell Phone")).toHaveCount(0);
    await expect(page.getByText("City/County")).toHaveCount(0);
    const address = page.getByRole("region", { name: "Address", exact: true });
    await expect(address.getByText("Town/City", { exact: true })).toBeVisible();
    // The city line holds the town or city; "Suburb/Town" would call Auckland a suburb (issue 52).
    await expect(page.getByText("Suburb/Town", { exact: true })).toHaveCount(0);
    await expect(address.getByText("Postcode", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Edit contact details" }).click();
    const contact = page.getByRole("dialog", { name: "Edit Contact Details" });
    await expect(contact.getByRole("checkbox", { name: "Mobile" })).toBeVisible();
    await expect(contact.getByLabel("Preferred contact method").locator("option", { hasText: "Mobile" })).toHaveCount(1);
    await expect(contact.getByText("Cell Phone")).toHaveCount(0);

    await contact.getByLabel("Work Phone").fill("12345");
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(contact.getByLabel("Work Phone")).toHaveAccessibleDescription(/Enter a valid phone number, for example 021 555 1234/);
    await expect(contact.getByRole("alert")).toContainText("Please correct the highlighted fields. Nothing has been sent yet.");
    await contact.getByLabel("Work Phone").fill("");
    const methods = contact.getByRole("group", { name: "How may the practice contact you?" });
    for (const box of await methods.getByRole("checkbox").all()) await box.uncheck();
    await contact.getByRole("button", { name: "Save" }).click();
    await expect(methods).toHaveAccessibleDescription(/Choose at least one way for the practice to contact you/);
    await expect(contact).toBeVisible();
    expect(await world.requests({ method: "POST", path: "Patient/UpdatePatientContactMethods" })).toHaveLength(0);
  });

  test("at 390 px Add Emergency Contact has Close at its top and Save and Cancel always in view (issue 21); adds and removes an emergency contact with the keyboard alone, focus returning where it was", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 700 });
    await openProfile(page, world);
    const add = page.getByRole("button", { name: "Add Emergency Contact" });
    await add.click();
    const long = page.getByRole("dialog", { name: "Add Emergency Contact" });
    // Longer than the screen: it scrolls, yet its actions stay in view.
    expect(await long.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect(long.getByRole("button", { name: "Save" })).toBeInViewport();
    await expect(long.getByRole("button", { name: "Close" })).toBeInViewport();
    await long.getByLabel("First Name").fill("Rawiri");
    await long.getByLabel("First Name").focus();
    await expect(long.getByRole("button", { name: "Cancel" })).toBeInViewport();
    await expectNoAxeViolations(page);
    await long.getByRole("button", { name: "Close" }).click();
    await expect(long).toBeHidden();
    await expect(add).toBeFocused();

    await tabTo(page, add);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByLabel("Title"));
    await page.keyboard.type("Ms");
    await expect(dialog.getByLabel("Title")).toHaveValue(/.+/);
    await tabTo(page, dialog.getByLabel("First Name"));
    await page.keyboard.type("Zelphine");
    await tabTo(page, dialog.getByLabel("Family Name"));
    await page.keyboard.type("Ngata");
    await tabTo(page, dialog.getByLabel("Relationship"));
    await page.keyboard.type("Sister");
    await tabTo(page, dialog.getByLabel("Home Phone"));
    await page.keyboard.type("09 555 0142");
    await tabTo(page, dialog.getByLabel("Work Phone"));
    await page.keyboard.type("04 555 0199");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    const card = emergencyCards(page).filter({ hasText: "Ms Zelphine Ngata" });
    await expect(card).toContainText("Sister");

    const remove = card.getByRole("button", { name: "Remove Ms Zelphine Ngata" });
    await tabTo(page, remove);
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Delete Emergency Contact" });
    await tabTo(page, confirm.getByRole("button", { name: "Yes, delete" }));
    await page.keyboard.press("Enter");
    await expect(confirm).toBeHidden();
    await expect(emergencyCards(page).filter({ hasText: "Zelphine" })).toHaveCount(0);
    // Its Remove button is gone with it: the focus is on Add Emergency Contact, not lost.
    await expect(add).toBeFocused();
  });

  test("Add Emergency Contact: the required-field texts in red under each field, one number of any kind asked for, cleared on edit; over-long names, markup and invalid numbers refused, sending nothing; then only a mobile is enough", async ({ page, world }) => {
    await openProfile(page, world);
    let posts = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/profile")) posts++;
    });
    await page.getByRole("button", { name: "Add Emergency Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
    await dialog.getByRole("button", { name: "Save" }).click();
    const texts: Array<[string, string]> = [
      ["Title", "Title Cannot Be Empty"],
      ["First Name", "Name cannot be Empty"],
      ["Family Name", "Family Name Cannot Be Empty"],
      ["Relationship", "Relationship cannot be Empty"],
      // 1§5 asked for a home and a work phone; one number of any kind is enough (issue 21).
      ["Mobile", "Enter at least one phone number: mobile, home or work"],
    ];
    for (const [label, text] of texts) {
      const field = dialog.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(text));
      await expect(dialog.getByText(text, { exact: true })).toHaveCSS("color", "rgb(213, 40, 27)");
    }
    await dialog.getByLabel("First Name").fill("A");
    await expect(dialog.getByText("Name cannot be Empty", { exact: true })).toHaveCount(0);
    await expect(dialog.getByText("Family Name Cannot Be Empty", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Home Phone", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel("Work Phone", { exact: true })).not.toHaveAttribute("aria-invalid", "true");

    await fillContact(dialog, { first: "<script>alert(1)</script>", family: "N".repeat(55), home: "12345", work: "+64 4 555" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("Names can contain letters, spaces, hyphens, apostrophes and full stops only")).toBeVisible();
    await expect(dialog.getByText("Please keep this to 50 characters or fewer")).toBeVisible();
    await expect(dialog.getByText(/Enter a valid phone number/)).toHaveCount(2);
    await expect(dialog).toBeVisible();
    expect(posts).toBe(0);

    // A mobile alone is taken (what is sent: tests/integration/profile-action.test.ts).
    await fillContact(dialog, { first: "Mereana", home: "", work: "" });
    await dialog.getByLabel("Mobile", { exact: true }).fill("021 555 0142");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(emergencyCards(page).filter({ hasText: "Mereana" })).toHaveCount(1);
  });

  test.describe("Change Password, at the spec practice", () => {
    // A practice as the spec describes it (issue 68, decisions/396).
    test.use({ worldOptions: { scenario: "default", practice: "spec", seed: 2 } });

    test("Change Password: rules in order, no spaces, show/hide, Escape leaves it but the backdrop does not, success closes", async ({ page, world }) => {
      await openProfile(page, world);
      await page.getByRole("button", { name: "Change Password" }).click();
      const dialog = page.getByRole("dialog", { name: "Change your password" });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      const current = dialog.getByLabel("Current Password");
      const password = dialog.getByLabel("New Password");
      const confirm = dialog.getByLabel("Confirm Password");
      const submit = dialog.getByRole("button", { name: "Update Password" });

      await submit.click();
      await expect(current).toHaveAccessibleDescription(/Current Password cannot be empty/);
      await expect(password).toHaveAccessibleDescription(/Password cannot be empty/);
      await current.fill(world.user("solo").password);
      await password.fill("abc");
      await submit.click();
      await expect(confirm).toHaveAccessibleDescription(/Confirm Password cannot be empty/);
      await confirm.fill("abd");
      await submit.click();
      await expect(confirm).toHaveAccessibleDescription(/Passwords did not match. Please try again/);
      for (const [value, text] of [
        ["ABCDEFGH", "Password must contain at least one lower case letter."],
        ["abc", "Your password has less than 8 characters."],
        ["abcdefgh", "Password must contain at least one upper case letter."],
        ["Abcdefg1", "Password must contain at least two numbers."],
      ]) {
        await password.fill(value);
        await confirm.fill(value);
        await submit.click();
        await expect(password).toHaveAccessibleDescription(new RegExp(text.replace(".", "\\.")));
      }

      await password.fill("");
      await password.pressSequentially("Ne w Pass 42");
      await expect(password).toHaveValue("NewPass42");
      // Each field has its own toggle: the current password's, the new one's, the confirmation's.
      await dialog.getByRole("button", { name: "Show new password" }).click();
      await expect(password).toHaveAttribute("type", "text");
      await expect(current).toHaveAttribute("type", "password");
      await expect(dialog.getByRole("button", { name: "Hide new password" })).toHaveCount(1);
      await expect(dialog.getByRole("button", { name: /^Show (current|confirm) password$/ })).toHaveCount(2);

      await page.mouse.click(5, 5);
      await expect(dialog).toBeVisible();
      // Opened by the patient, it is left with Escape like any dialog (issue 21), the focus back on its button.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("button", { name: "Change Password" })).toBeFocused();
      await page.getByRole("button", { name: "Change Password" }).click();
      await current.fill(world.user("solo").password);
      await password.fill("NewPass42");
      await confirm.fill("NewPass42");
      await submit.click();
      await expect(dialog).toBeHidden();
      // The practice's own message (1§8), from the mock.
      await expect(page.getByText("Your password has been updated.", { exact: true })).toBeVisible();
    });
  });

  test("Change Password: a wrong current password is refused on its field and in the dialog, which stays, keeping what was typed and changing nothing; corrected, the change goes through", async ({ page, world }) => {
    await openProfile(page, world);
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your password" });
    await expect(dialog).toHaveAccessibleDescription(/Enter your current password, then choose a new one/);
    await dialog.getByLabel("Current Password").fill("NotThePassword1");
    await dialog.getByLabel("New Password").fill("Another42pw");
    await dialog.getByLabel("Confirm Password").fill("Another42pw");
    // Held at the practice: the dialog shows it is working, and its buttons wait.
    const held = await world.hold({ path: "Patient/Authentication", times: 1 });
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await held.arrived();
    await expect(dialog.getByRole("button", { name: "Updating…" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
    await held.release();
    await expect(dialog.getByLabel("Current Password")).toHaveAccessibleDescription(/Your current password is not right\. Check it and try again\./);
    await expect(dialog.getByRole("alert")).toHaveText("Your current password is not right. Check it and try again.");
    for (const [label, value] of [["Current Password", "NotThePassword1"], ["New Password", "Another42pw"], ["Confirm Password", "Another42pw"]]) {
      await expect(dialog.getByLabel(label)).toHaveValue(value);
    }
    expect(await world.requests({ method: "POST", path: "Patient/ChangePassword" })).toHaveLength(0);
    await expectNoAxeViolations(page);
    // Corrected, the change goes through.
    await dialog.getByLabel("Current Password").fill(world.user("solo").password);
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your password has been updated.", { exact: true })).toBeVisible();
    expect(await world.requests({ method: "POST", path: "Patient/ChangePassword" })).toHaveLength(1);
    // The practice's own refusal (StatusCode "3") and a failed change, told in the same alert: tests/integration/profile-action.test.ts.
  });

  test("a family member chosen at sign-in sees that member's profile; acting for them, the profile is the member's; lookups, balance, terms, invoices and the password are the holder's (1§6)", async ({ page, world }) => {
    const { memberId, holderId, name } = await actForMember(page, world, "family", 1);
    const seen = (await world.requests()).length;
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    await expect(page.getByText(/You are viewing this profile as/)).toBeVisible();
    await page.goto("/accounts");
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
    await page.goto("/profile");
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your password" });
    await expect(dialog).toContainText("This changes the password of");
    // The password is the account holder's: so is the current one asked for.
    await dialog.getByLabel("Current Password").fill(world.user("family").password);
    await dialog.getByLabel("New Password").fill("Another42pw");
    await dialog.getByLabel("Confirm Password").fill("Another42pw");
    await dialog.getByRole("button", { name: "Update Password" }).click();
    await expect(dialog).toBeHidden();

    const calls = (await world.requests()).slice(seen);
    const idsOf = (method: string, path: string) => calls.filter((c) => c.method === method && c.path.toLowerCase() === path.toLowerCase()).map(patientIdOf);
    const expectAll = (method: string, path: string, id: string) => {
      const ids = idsOf(method, path);
      expect(ids.length, `${method} ${path} was called`).toBeGreaterThan(0);
      expect(new Set(ids), `${method} ${path}`).toEqual(new Set([id]));
    };
    // The member's own: their profile and practice.
    expectAll("GET", "Patient", memberId);
    expectAll("GET", "Patient/Organization", memberId);
    // The account holder's (parentid): lookups, balance, terms, invoices, the password.
    expectAll("GET", "IndiciLookup", holderId);
    expectAll("GET", "Patient/AccountBalance", holderId);
    expectAll("GET", "Patient/TermsAndCondition", holderId);
    expectAll("GET", "Patient/PaymentNotice", holderId);
    expectAll("POST", "Patient/ChangePassword", holderId);
  });

});

forEachPractice("profile saves", () => {
  test("recovery codes made while reading the page fails: shown before the page is read, then the failure says it was done, and Retry shows them counted (decisions/386)", async ({ page, world }) => {
    const user = world.user("solo");
    await openSignedIn(page, user, "/profile", "User Profile");
    const section = page.getByRole("region", { name: "Sign-in security" });
    await section.getByRole("button", { name: "Turn on the e-mailed code" }).click();
    const dialog = page.getByRole("dialog", { name: "Turn on a code by e-mail" });
    await dialog.getByRole("button", { name: "Send the code" }).click();
    const field = dialog.getByLabel("6-digit code");
    await expect(field).toBeVisible();
    await field.fill(await newestCode(world, user.username));
    // From now on the practice fails the profile's read; and the session's kept copy of it (decisions/375)
    // is gone, as after Refresh Configurations in another tab (or ten minutes on this page).
    await world.fault({ path: "Patient", method: "GET", status: 503 });
    const other = await page.context().newPage();
    await other.goto("/");
    await other.getByRole("button", { name: /account menu/ }).click();
    await other.getByRole("menuitem", { name: "Refresh Configurations" }).click();
    await expect(other.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await other.close();
    await dialog.getByRole("button", { name: "Turn on" }).click();
    const shown = page.getByRole("dialog", { name: "Your recovery codes" });
    await expect(shown.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    await shown.getByRole("button", { name: "I have kept my codes: done" }).click();
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "The e-mailed code is now on." })).toBeVisible();
    await expectNoAxeViolations(page);
    await world.clearFaults();
    await page.getByRole("button", { name: errorsTexts.retry }).click();
    await expect(section).toContainText("Code by e-mail: On");
    await expect(section).toContainText("Recovery codes left: 10 of 10");
  });

  test("adds an emergency contact, which persists; a failed removal keeps the confirmation open with its message and the contact stays; then removes it after the confirmation", async ({ page, world }) => {
    await openProfile(page, world);
    await page.getByRole("button", { name: "Add Emergency Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    await fillContact(dialog, { home: "095550142" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Emergency contact added.", { exact: true })).toBeVisible();
    const card = emergencyCards(page).filter({ hasText: "Ms Zelphine Ngata" });
    await expect(card).toContainText("Sister");
    await expect(card).toContainText("09 555 0142");
    await expect(emergencyCards(page)).toHaveCount(3);

    await page.reload();
    await expect(emergencyCards(page)).toHaveCount(3);

    await world.fault({ path: "Patient/EmergencyContact", status: 500, times: 1 });
    await card.getByRole("button", { name: "Remove Ms Zelphine Ngata" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Emergency Contact" });
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(confirm.getByRole("alert")).toContainText("The emergency contact could not be removed. Please try again.");
    await expect(confirm).toContainText("Ms Zelphine Ngata");
    await confirm.getByRole("button", { name: "No, keep" }).click();
    await expect(confirm).toBeHidden();
    await expect(emergencyCards(page)).toHaveCount(3);
    await expect(card).toHaveCount(1);
    // The fault answered the only DELETE, so the world still holds the contact.
    expect((await world.requests({ method: "DELETE" })).map((r) => r.status)).toEqual([500]);

    await card.getByRole("button", { name: "Remove Ms Zelphine Ngata" }).click();
    await expect(confirm).toContainText("Are you sure you want to delete this emergency contact?");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await expect(confirm).toBeHidden();
    await expect(emergencyCards(page)).toHaveCount(2);
    await expect(emergencyCards(page).filter({ hasText: "Zelphine" })).toHaveCount(0);
  });

  test("a failed save keeps the dialog open with everything typed and the focus on Save; the retry saved, then reading the page again fails: the failure says it was saved, and Retry shows it (decisions/386)", async ({ page, world }) => {
    await openProfile(page, world);
    await page.getByRole("button", { name: "Add Emergency Contact" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
    await fillContact(dialog, { first: "Wiremu" });
    const save = await world.hold({ path: "patient/AddEmergencyContact", status: 503, times: 1 });
    // By keyboard: while the save runs, Save says so and keeps the focus (a disabled button would drop it to the page).
    await dialog.getByRole("button", { name: "Save" }).focus();
    await page.keyboard.press("Enter");
    await save.arrived();
    const saving = dialog.getByRole("button", { name: "Saving…" });
    await expect(saving).toBeDisabled();
    await expect(saving).toBeFocused();
    await save.release();
    await expect(dialog.getByRole("alert")).toContainText("The emergency contact could not be saved.");
    await expect(dialog.getByRole("button", { name: "Save" })).toBeFocused();
    await expect(dialog.getByLabel("First Name")).toHaveValue("Wiremu");
    await expect(dialog.getByLabel("Work Phone")).toHaveValue("04 555 0199");

    // The retry is saved, and the profile, read again once it is saved, fails.
    const retried = await world.hold({ path: "patient/AddEmergencyContact", times: 1 });
    await page.keyboard.press("Enter");
    await retried.arrived();
    await world.fault({ path: "Patient", method: "GET", status: 503, times: 1 });
    await retried.release();
    await expect(page.getByRole("heading", { name: errorsTexts.problemTitle, level: 1 })).toBeVisible();
    // This page's failure with a notice that it went through is scanned by the recovery codes' test above.
    await expect(page.getByRole("status").filter({ hasText: errorsTexts.wentThrough })).toBeVisible();
    await page.getByRole("button", { name: errorsTexts.retry }).click();
    await expect(emergencyCards(page).filter({ hasText: "Wiremu" })).toHaveCount(1);
    // The failed save and the retry: Retry sent nothing again.
    expect(await world.requests({ method: "POST", path: "patient/AddEmergencyContact" })).toHaveLength(2);
  });

  test("Edit Contact Details sends the chosen preferred method and the profile shows it", async ({ page, world }) => {
    await openProfile(page, world);
    await page.getByRole("button", { name: "Edit contact details" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Contact Details" });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);
    // An invalid number refused: the first test of "user profile".
    await dialog.getByLabel("Mobile Phone").fill("0215550177");
    await dialog.getByLabel("Home Phone").fill("");
    await dialog.getByRole("checkbox", { name: "Email" }).check();
    await dialog.getByLabel("Preferred contact method").selectOption({ label: "Email" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    const details = page.getByRole("region", { name: "Contact details" });
    await expect(details).toContainText("021 555 0177");
    await expect(details.getByRole("definition").last()).toHaveText("Email");
  });

  test("Update Profile saves the editable fields with the corrected toast, identity fields shown as text", async ({ page, world }) => {
    await openProfile(page, world);
    await page.getByRole("button", { name: "Edit personal details" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Profile" });
    // What the practice keeps is text, not fields that look editable (issue 21): three fields only.
    const kept = dialog.getByRole("region", { name: "Kept by the practice" });
    await expect(kept.getByRole("term")).toContainText(["First Name", "Family Name", "Gender", "Date of Birth", "Ethnicity", "NHI Number"]);
    await expect(kept.getByRole("definition").last()).toHaveText(/Z[A-Z]{2}\d{4}/);
    await expect(dialog.getByLabel("First Name")).toHaveCount(0);
    await expect(dialog.getByRole("textbox")).toHaveCount(1);
    await expect(dialog.getByRole("combobox")).toHaveCount(2);
    await expectNoAxeViolations(page);
    await dialog.getByLabel("Preferred Name").fill("Tama");
    await dialog.getByLabel("Blood Group").selectOption("AB-");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Profile updated successfully.", { exact: true })).toBeVisible();
    const personal = page.getByRole("region", { name: "Personal details" });
    await expect(personal).toContainText("Tama");
    await expect(personal).toContainText("AB-");

    await world.fault({ path: "Patient/UpdatePatientDemographics", status: 500, times: 1 });
    await page.getByRole("button", { name: "Edit personal details" }).click();
    await dialog.getByLabel("Preferred Name").fill("Tamati");
    await dialog.getByRole("button", { name: "Update" }).click();
    await expect(dialog.getByRole("alert")).toContainText("The profile could not be updated. Please try again soon.");
    await expect(dialog.getByLabel("Preferred Name")).toHaveValue("Tamati");
  });
});

test.describe("older profile layout", () => {
  test("Notification Settings are reached from the profile and, by keyboard, from the account menu (issue 33, item 8); the page shows its sections, the four treatment-centre links and the terms", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/profile", "User Profile");
    await page.getByRole("link", { name: "Notification Settings" }).click();
    await expect(page).toHaveURL(/\/profile-old#old-notifications$/);
    const settings = page.getByRole("region", { name: "Notification Settings" });
    // The focus is on the section's heading, so a screen reader says where the patient is.
    await expect(settings.getByRole("heading", { name: "Notification Settings" })).toBeFocused();
    await expect(settings).toBeInViewport();
    await expect(settings.getByRole("switch")).toHaveCount(2);
    await expectNoAxeViolations(page);
    for (const name of ["Personal Information", "Address Information", "Contact Information", "Centre Details", "Notification Settings", "Update Password", "Term and condition"]) {
      await expect(page.getByRole("region", { name })).toBeVisible();
    }
    // The four treatment centres, and the practice's phone number to call (issue 21).
    await expect(page.getByRole("region", { name: "Centre Details" }).getByRole("link").and(page.locator("[target=_blank]"))).toHaveCount(4);
    await expect(page.getByRole("region", { name: "Centre Details" }).locator('a[href^="tel:"]')).toHaveCount(1);
    await page.getByRole("button", { name: "Draft message terms" }).click();
    await expect(page.getByRole("dialog", { name: "Draft message terms" })).toContainText("Drafts");

    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("button", { name: /account menu/ });
    await menu.focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: "Notification Settings" });
    await expect(item).toBeVisible();
    // Down from Profile, the first item.
    await page.keyboard.press("ArrowDown");
    await expect(item).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/profile-old#old-notifications$/);
    await expect(settings.getByRole("heading", { name: "Notification Settings" })).toBeFocused();
    await expect(settings).toBeInViewport();
  });

  test("Change Password at 390 px, by keyboard alone: the current password first, a wrong one refused, the right one changes it", async ({ page, world }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openOldProfile(page, world);
    await waitForHydration(page);
    const open = page.getByRole("region", { name: "Update Password" }).getByRole("button", { name: "Change Password" });
    await tabTo(page, open);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Change your password" });
    const current = dialog.getByLabel("Current Password");
    // The first field to fill takes the focus, or is one Tab away.
    await tabTo(page, current);
    await page.keyboard.type("NotThePassword1");
    await page.keyboard.press("Tab"); // its Show password
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("New Password")).toBeFocused();
    await page.keyboard.type("Another42pw");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel("Confirm Password")).toBeFocused();
    await page.keyboard.type("Another42pw");
    await page.keyboard.press("Enter");
    await expect(current).toHaveAccessibleDescription(/Your current password is not right/);
    await expect(dialog.getByLabel("New Password")).toHaveValue("Another42pw");
    await expectNoAxeViolations(page);
    const box = await dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);

    await current.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(world.user("solo").password);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Your password has been updated.", { exact: true })).toBeVisible();
    expect(await world.requests({ method: "POST", path: "Patient/ChangePassword" })).toHaveLength(1);
  });

  test("the new patient's empty texts", async ({ page, world }) => {
    await openProfile(page, world, "empty");
    await expect(page.getByText("No emergency contacts yet.")).toBeVisible();
    await expectNoAxeViolations(page);
    // Just registered: a mobile and an e-mail on file, no address yet.
    await page.goto("/profile-old");
    await expect(page.getByRole("region", { name: "Address Information" })).toContainText("No address found");
    await expect(page.getByRole("region", { name: "Contact Information" })).not.toContainText("Contact detail not available");
    await expect(page.getByRole("region", { name: "Contact Information" }).getByText(/^02\d 555 \d{4}$/)).toBeVisible();
  });
});

forEachPractice("notification settings saved", () => {
  test("a notification switch is disabled with a spinner while a slow save runs, the other waits its turn, and both saves are kept, never undoing each other", async ({ page, world }) => {
    await openOldProfile(page, world);
    // The switches answer once the page has hydrated; a press before that is lost.
    await waitForHydration(page);
    const email = page.getByRole("switch", { name: "Email notifications" });
    const push = page.getByRole("switch", { name: "Push notifications" });
    const before = { email: (await email.getAttribute("aria-checked")) === "true", push: (await push.getAttribute("aria-checked")) === "true" };
    const save = await world.hold({ path: "Patient", method: "POST", times: 1 });
    await email.click();
    await save.arrived();
    await expect(email).toBeDisabled();
    await expect(email).toHaveAccessibleName("Email notifications");
    await expect(page.getByText("Saving")).toBeAttached();
    await expect(email).toHaveAttribute("aria-busy", "true");
    await expect(email).toHaveAttribute("aria-checked", String(!before.email));
    // The other switch waits: it is disabled until the save is done and the profile read again.
    await expect(push).toBeDisabled();
    await save.release();
    await expect(email).toBeEnabled();
    await expect(push).toBeEnabled();
    await push.click();
    // The practice has the second save (the switch alone may not have shown its busy state yet).
    const posted = () => world.requests({ method: "POST", path: "Patient" });
    await expect.poll(async () => (await posted()).length).toBe(2);
    await expect(push).toBeEnabled({ timeout: 10_000 });
    await expect(email).toHaveAttribute("aria-checked", String(!before.email));
    await expect(push).toHaveAttribute("aria-checked", String(!before.push));

    // The last save the practice received carries both changes.
    const saves = await posted();
    expect(saves).toHaveLength(2);
    const flags = (body: unknown) => Object.fromEntries((body as { extension: { url: string; valueBoolean?: boolean }[] }).extension.map((e) => [e.url, e.valueBoolean]));
    expect(flags(saves[0].body)).toMatchObject({ EnableEmail: !before.email, EnableNotification: before.push });
    expect(flags(saves[1].body)).toMatchObject({ EnableEmail: !before.email, EnableNotification: !before.push });

    await page.reload();
    await expect(page.getByRole("switch", { name: "Email notifications" })).toHaveAttribute("aria-checked", String(!before.email));
    await expect(page.getByRole("switch", { name: "Push notifications" })).toHaveAttribute("aria-checked", String(!before.push));
  });

  test("a failed toggle returns to its real value and says so", async ({ page, world }) => {
    await openOldProfile(page, world);
    // The switches answer once the page has hydrated; a press before that is lost.
    await waitForHydration(page);
    const toggle = page.getByRole("switch", { name: "Push notifications" });
    const before = (await toggle.getAttribute("aria-checked")) === "true";
    const liveRegionsBefore = await page.getByRole("region", { name: "Notification Settings" }).locator("[aria-live]").count();
    const save = await world.hold({ path: "Patient", method: "POST", status: 503, times: 1 });
    await toggle.click();
    await save.arrived();
    await expect(toggle).toBeDisabled();
    await save.release();
    await expect(toggle).toBeEnabled();
    await expect(toggle).toHaveAttribute("aria-checked", String(before));
    const message = page.getByText(`Push notifications could not be saved. It is still ${before ? "on" : "off"}.`);
    await expect(message).toBeVisible();
    // Announced: the message is inside a live region, which was on the page before it changed.
    const live = message.locator("xpath=ancestor-or-self::*[@aria-live='assertive' or @aria-live='polite' or @role='alert' or @role='status'][1]");
    await expect(live).toHaveCount(1);
    await expect(live).toHaveAttribute("aria-live", "assertive");
    expect(liveRegionsBefore).toBe(2);
  });
});

test.describe("older profile layout, a newborn with nothing on file", () => {
  test.use({ worldOptions: { scenario: "empty" } });

  test("says there is no address and no contact detail", async ({ page, world }) => {
    const { name } = await actForMember(page, world, "empty", 1);
    await page.goto("/profile-old");
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Address Information" })).toContainText("No address found");
    await expect(page.getByRole("region", { name: "Contact Information" })).toContainText("Contact detail not available");
    await expectNoAxeViolations(page);
  });
});
