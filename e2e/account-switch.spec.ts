import { errorsTexts } from "~/lib/texts/errors";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration } from "./fixtures";

/**
 * Switch account (issue 21, item 12; decisions/160): from the header's account menu, the chooser
 * again, without signing in again; who is being viewed stays in view at 1280 and 390 px.
 */
test.use({ worldOptions: { scenario: "family", seed: 160 } });

type Page = import("@playwright/test").Page;
/** The header's visible "Patient: …" or "Signed in as: …" (a line under the header on a phone, a detail from 993 px). */
const headerLine = (page: Page, label: string) => page.getByRole("banner").getByText(label, { exact: true }).filter({ visible: true }).locator("..");
const patientLine = (page: Page) => headerLine(page, "Patient:");
const signedInAsLine = (page: Page) => headerLine(page, "Signed in as:");
const nameIn = async (line: ReturnType<typeof headerLine>) => (await line.textContent())!.replace(/^[^:]+:\s*/, "").trim();

test("at 1280 px: switch from the header to a linked account, without signing in again, shown on every page; another tab still showing the person viewed before follows to the dashboard", async ({ page, world, context }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, world.user("family"), "/", "Dashboard", { account: 0 });
  const holder = await nameIn(patientLine(page));
  await expect(signedInAsLine(page)).toHaveCount(0);
  // Another tab of the same browser on the holder's medicines.
  const other = await context.newPage();
  await other.goto("/medications");
  await expect(other.getByRole("heading", { name: "Medications", level: 1 })).toBeVisible();
  await waitForHydration(other);

  await page.getByRole("button", { name: /account menu/ }).click();
  await page.getByRole("menuitem", { name: "Switch account" }).click();
  await expect(page.getByRole("heading", { name: "Switch account", level: 1 })).toBeFocused();
  const choices = page.getByRole("group", { name: "Accounts linked to your login" });
  await expect(choices.getByRole("radio")).toHaveCount(4);
  // The one being viewed is chosen and says so.
  await expect(choices.getByRole("radio", { checked: true })).toHaveAccessibleName(new RegExp(`${holder}.*now viewing`));
  await expectNoAxeViolations(page);

  const child = choices.getByRole("radio", { name: /\(Child\)/ });
  const childName = (await child.locator("..").locator("span.font-semibold").textContent())!;
  await child.check();
  await page.getByRole("button", { name: "View this account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeFocused();
  await expect(patientLine(page)).toContainText(childName);
  await expect(signedInAsLine(page)).toContainText(holder);
  // The other tab leaves the holder's medicines for the dashboard, now the child's.
  await expect(other.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(patientLine(other)).toContainText(childName);
  await expect(signedInAsLine(other)).toContainText(holder);
  await other.close();

  // Every page shows whose record it is.
  await page.goto("/medications");
  await expect(patientLine(page)).toContainText(childName);
  await expect(signedInAsLine(page)).toHaveCount(1);

  // Back to the holder's own record: the 390 px test, by keyboard.
});

test("at 390 px, by keyboard: switch to a linked account and back; who is viewed stays in the header's line", async ({ page, world }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, world.user("family"), "/", "Dashboard", { account: 0 });
  const holder = await nameIn(patientLine(page));

  const openSwitch = async () => {
    await page.getByRole("button", { name: /account menu/ }).focus();
    await page.keyboard.press("Enter");
    const item = page.getByRole("menuitem", { name: "Switch account" });
    await expect(page.getByRole("menuitem", { name: "Profile" })).toBeFocused();
    // Down past Notification Settings, the second item.
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Notification Settings" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(item).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Switch account", level: 1 })).toBeFocused();
  };

  await openSwitch();
  await expectNoAxeViolations(page);
  // From the heading, Tab reaches the chosen account; the arrows choose another.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { checked: true })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  const chosen = page.getByRole("radio", { checked: true });
  const chosenName = (await chosen.locator("..").locator("span.font-semibold").textContent())!;
  expect(chosenName).not.toBe(holder);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "View this account" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeFocused();
  // On a phone the details fold away, but whose record it is and who signed in stay in view.
  await expect(patientLine(page)).toContainText(chosenName);
  await expect(signedInAsLine(page)).toContainText(holder);
  await expect(patientLine(page)).toBeInViewport();
  await expect(signedInAsLine(page)).toBeInViewport();
  await expectNoAxeViolations(page);

  await openSwitch();
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowUp");
  await expect(page.getByRole("radio", { name: new RegExp(holder) })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeFocused();
  await expect(patientLine(page)).toContainText(holder);
  await expect(signedInAsLine(page)).toHaveCount(0);
});

// A login without linked accounts sees no Switch account: shell.spec.ts's walk through the shell, at its account menu.

/** A tab that never hears another tab's word of a switch: one the browser had suspended, or a browser without BroadcastChannel. */
async function missSwitchesElsewhere(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, "BroadcastChannel", { value: undefined });
  });
}

/** Views the linked child's record from a new tab of the same browser. */
async function switchToChildInAnotherTab(context: import("@playwright/test").BrowserContext) {
  const other = await context.newPage();
  await other.goto("/account/switch");
  await other.getByRole("radio", { name: /\(Child\)/ }).check();
  await other.getByRole("button", { name: "View this account" }).click();
  await expect(other.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}

test("dialogs left open in tabs that missed the switch are refused and nothing reaches the practice: a profile save keeps what was typed, Cancel appointment says why", async ({ page, world, context }) => {
  await missSwitchesElsewhere(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, world.user("family"), "/profile", "User Profile", { account: 0 });
  const holder = await nameIn(patientLine(page));
  await page.getByRole("button", { name: "Add Emergency Contact" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Emergency Contact" });
  await dialog.getByLabel("Title").selectOption({ label: "Ms" });
  await dialog.getByLabel("First Name").fill("Moana");
  await dialog.getByLabel("Family Name").fill("Tuhiwai");
  await dialog.getByLabel("Relationship").selectOption({ label: "Sister" });
  await dialog.getByLabel("Home Phone").fill("09 555 0142");

  // A second tab of the holder's, on the appointments, with a cancellation half made.
  const appointments = await context.newPage();
  await missSwitchesElsewhere(appointments);
  await appointments.goto("/appointments?id=2");
  await expect(appointments.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
  await waitForHydration(appointments);
  const upcoming = appointments.getByRole("list", { name: "Upcoming appointments" }).locator(":scope > li");
  await upcoming.first().getByRole("button", { name: /^Cancel the/ }).click();
  const cancel = appointments.getByRole("dialog", { name: "Cancel appointment" });
  await cancel.getByLabel("Reason for cancelling").fill("Feeling better");

  await switchToChildInAnotherTab(context);

  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText(errorsTexts.viewingChanged)).toBeVisible();
  await expect(dialog.getByLabel("First Name")).toHaveValue("Moana");
  await expect(dialog.getByLabel("Home Phone")).toHaveValue("09 555 0142");
  // No axe scan: this dialog at 1280 px, filled in with its alert, is session-expiry.spec.ts's profile test's scan.
  expect(await world.requests({ method: "POST", path: "patient/AddEmergencyContact" })).toEqual([]);

  await cancel.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(appointments.getByRole("region", { name: /Notifications/ }).getByText(errorsTexts.viewingChanged)).toBeVisible();
  expect(await world.requests({ method: "DELETE", path: "Patient/Appointment" })).toEqual([]);

  // As the message says, a reload shows whose record is open now.
  await page.reload();
  await expect(patientLine(page)).not.toContainText(holder);
  await expect(signedInAsLine(page)).toContainText(holder);
});
