import { appointmentsTexts } from "~/areas/appointments/texts";
import { medicationsTexts } from "~/areas/medications/texts";
import { messagingTexts } from "~/areas/messaging/texts";
import { ZOOM_TEXT } from "~/areas/video/zoom";
import { paymentTexts } from "~/areas/accounts/texts";
import { expect, expectNoAxeViolations, openSignedIn, test, waitForHydration } from "./fixtures";
import { endSessionInAnotherTab, expectSignInAgain, signInThere } from "./session-ended";

/**
 * Issue 21, item 1, beyond the profile: a repeat request and a payment that meet an ended session say
 * so where they were made, keep everything entered, and go through after signing in again in a new
 * tab; the page never leaves for sign-in, a data address or a 404.
 */

test("a repeat request that meets an ended session keeps every choice, says so in the dialog, and sends once after signing in again", async ({ page, world, context }) => {
  await openSignedIn(page, world.user("solo"), "/medications", "Medications");
  const first = page.getByRole("table", { name: "Long term medicines" }).getByRole("checkbox").first();
  await first.check();
  await page.getByRole("button", { name: "Repeat", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Request repeat medication" });
  await dialog.getByRole("checkbox", { name: "This request is urgent" }).check();
  await dialog.getByLabel("Notes for the practice (optional)").fill("Before Friday please");

  const other = await endSessionInAnotherTab(context, "/medications");
  await dialog.getByRole("button", { name: "Send request" }).click();
  const alert = dialog.getByRole("alert").filter({ hasText: "Your request was not sent" });
  await expect(alert).toContainText(medicationsTexts.sessionEnded);
  await expect(page).toHaveURL(/\/medications$/);
  await expect(dialog.getByLabel("Notes for the practice (optional)")).toHaveValue("Before Friday please");
  await expect(dialog.getByRole("checkbox", { name: "This request is urgent" })).toBeChecked();
  await expectSignInAgain(alert, "/medications");
  expect(await world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" })).toHaveLength(0);
  await expectNoAxeViolations(page);

  await signInThere(other, world.user("solo"));
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog", { name: "Medication" }).getByRole("status")).toContainText("has been received");
  const posts = await world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" });
  expect(posts).toHaveLength(1);
  expect(posts[0].body).toMatchObject({ IsUrgent: true, Notes: "Before Friday please" });
});

test("at 390 px, Pay that meets an ended session charges nothing, says so beside the form, keeps the amount and card, and pays after signing in again", async ({ page, world, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, world.user("solo"), "/accounts", "Accounts");
  await page.getByRole("radio", { name: "Pay another amount" }).check();
  await page.getByLabel("Amount (NZD)").fill("20.00");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("Security code (CVC)").fill("123");

  const other = await endSessionInAnotherTab(context, "/accounts");
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  const alert = page.getByRole("alert").filter({ hasText: paymentTexts.sessionEndedTitle });
  await expect(alert).toContainText(paymentTexts.sessionEnded);
  await expect(alert).toBeInViewport();
  await expect(page).toHaveURL(/\/accounts$/);
  await expect(page.getByLabel("Amount (NZD)")).toHaveValue("20.00");
  await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
  await expectSignInAgain(alert, "/accounts");
  expect(await world.requests({ method: "POST", path: "patient/SaveTempPayment" })).toHaveLength(0);
  expect(await world.charges()).toHaveLength(0);
  await expectNoAxeViolations(page);

  await signInThere(other, world.user("solo"));
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Payment succeeded." })).toBeVisible();
  const charges = await world.charges();
  expect(charges).toHaveLength(1);
});

test("a booking that meets an ended session says so in the dialog, keeps every choice, and books once after signing in again", async ({ page, world, context }) => {
  await openSignedIn(page, world.user("solo"), "/appointments?id=1", "Appointments");
  // A full page load: the choices below reach the machine only once the page has hydrated.
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Book an appointment" });
  await form.getByLabel("Appointment type").selectOption({ label: "Face to Face" });
  await form.getByRole("group", { name: "Locations" }).getByRole("checkbox").first().check();
  const provider = form.getByLabel("Provider");
  await expect(provider.locator("option")).not.toHaveCount(1);
  await provider.selectOption({ index: 1 });
  await form.getByRole("button", { name: "Next available day" }).click();
  const time = form.getByRole("group", { name: /^Time on/ }).getByRole("radio").first();
  await time.check();
  await form.getByLabel("Reason for the appointment (optional)").fill("Sore knee");
  const providerName = (await provider.locator("option:checked").innerText()).trim();
  const timeText = (await time.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.innerText ?? "")).trim();
  await form.getByRole("button", { name: "Book Appointment" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm your appointment" });
  await expect(confirm).toBeVisible();

  const other = await endSessionInAnotherTab(context, "/appointments?id=1");
  await confirm.getByRole("button", { name: "Confirm booking" }).click();
  const dialog = page.getByRole("dialog", { name: "Appointment not booked" });
  const alert = dialog.getByRole("alert");
  await expect(alert).toContainText(appointmentsTexts.sessionEnded);
  // What was chosen is shown back in the dialog, and is what Try again books.
  await expect(dialog.getByText("Sore knee")).toBeVisible();
  await expect(dialog.getByText(providerName)).toBeVisible();
  await expect(dialog.getByText(new RegExp(`at ${timeText}`))).toBeVisible();
  await expect(page).toHaveURL(/\/appointments\?id=1$/);
  await expectSignInAgain(alert, "/appointments?id=1");
  expect(await world.requests({ method: "POST", path: "Patient/Appointment" })).toHaveLength(0);
  await expectNoAxeViolations(page);

  await signInThere(other, world.user("solo"));
  await dialog.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("dialog", { name: "Appointment booked" }).getByText(appointmentsTexts.booked)).toBeVisible();
  const posts = await world.requests({ method: "POST", path: "Patient/Appointment" });
  expect(posts).toHaveLength(1);
  expect(posts[0].query).toMatchObject({ Reason: "Sore knee" });
});

test("at 390 px, a message sent after the session ended keeps subject, body, recipient and attachment, says so in the compose dialog, and is sent once after signing in again", async ({ page, world, context }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, world.user("solo"), "/emails", "Messaging");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Compose Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Compose Message" });
  await dialog.getByLabel("Role").selectOption({ label: "Nurse" });
  const practitioner = dialog.getByLabel("Practitioner");
  await expect(practitioner.getByRole("option")).not.toHaveCount(1);
  await practitioner.selectOption({ index: 1 });
  const nurse = await practitioner.inputValue();
  await dialog.getByLabel("Subject").fill("Travel vaccinations");
  await dialog.getByLabel("Message", { exact: true }).fill("Which vaccinations do I need for Samoa?");
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
  await dialog.getByLabel("Attach files").setInputFiles({ name: "rash.png", mimeType: "image/png", buffer: png });
  await expect(dialog.getByRole("list", { name: "Attached files" })).toContainText("rash.png");

  const other = await endSessionInAnotherTab(context, "/emails");
  await dialog.getByRole("button", { name: "Send" }).click();
  const alert = dialog.getByRole("alert").filter({ hasText: messagingTexts.sendFailed });
  await expect(alert).toContainText(messagingTexts.sessionEnded);
  await expect(alert).toBeInViewport();
  await expect(page).toHaveURL(/\/emails$/);
  await expect(dialog.getByLabel("Role")).toHaveValue("2");
  await expect(practitioner).toHaveValue(nurse);
  await expect(dialog.getByLabel("Subject")).toHaveValue("Travel vaccinations");
  await expect(dialog.getByLabel("Message", { exact: true })).toHaveValue("Which vaccinations do I need for Samoa?");
  await expect(dialog.getByRole("list", { name: "Attached files" })).toContainText("rash.png");
  await expectSignInAgain(alert, "/emails");
  expect(await world.requests({ method: "POST", path: "Patient/Message" })).toHaveLength(0);
  await expectNoAxeViolations(page);

  await signInThere(other, world.user("solo"));
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByText(messagingTexts.sent, { exact: true }).first()).toBeVisible();
  const posts = await world.requests({ method: "POST", path: "Patient/Message" });
  expect(posts).toHaveLength(1);
  expect(JSON.stringify(posts[0].body)).toContain("Which vaccinations do I need for Samoa?");
});

test("Start Meeting after the session ended says the sign-in has ended, not that the service cannot be reached, and signs once after signing in again", async ({ page, world, context }) => {
  // The SDK's chunk in the video client is a stand-in: this test is about the signature step only.
  await page.route(/\/zoom-client\/assets\/sdk-[\w-]+\.js$/, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "export const ZoomMtg = { setZoomJSLib() {}, preLoadWasm() {}, prepareWebSDK() {}, init(o) { o.success(); }, join() {} };" }),
  );
  await openSignedIn(page, world.user("solo"), "/appointments?id=2", "Appointments");
  await page.getByRole("link", { name: /^Join the video consult/ }).first().click();
  await expect(page.getByRole("heading", { name: "Join Meeting", level: 1 })).toBeVisible();
  // The Join link loads /zoom afresh (decisions/130): Start Meeting does nothing until the page hydrates.
  await waitForHydration(page);
  const path = new URL(page.url()).pathname + new URL(page.url()).search;

  const other = await endSessionInAnotherTab(context, "/appointments?id=2");
  await page.getByRole("button", { name: "Start Meeting" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The meeting did not start" });
  await expect(alert).toContainText(ZOOM_TEXT.sessionEnded);
  await expect(alert).not.toContainText(ZOOM_TEXT.unreachable);
  await expectSignInAgain(alert, path);
  expect(await world.requests({ path: "video/signature" })).toHaveLength(0);
  await expectNoAxeViolations(page);

  await signInThere(other, world.user("solo"));
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.locator('iframe[title="Video consult"]')).toBeAttached();
  await expect.poll(async () => (await world.requests({ path: "video/signature" })).length).toBe(1);
});
