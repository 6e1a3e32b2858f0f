import type { Locator, Page } from "@playwright/test";
import type { PortalProcess } from "../tests/helpers/portal-process";
import { expect, signInDirectly, test, waitForHydration, type World, type WorldUser } from "./fixtures";
import { appointmentsTexts } from "~/areas/appointments/texts";
import { builtAreas } from "~/lib/areas";
import { shareTexts } from "~/areas/summary/texts";
import { cardTexts } from "~/areas/summary/card/texts";
import { virtualAuthenticator } from "./passkey-helpers";
import { expectNoPlainWords, origin, p, pseudoPage, Snapshots, startPseudoPortal, startsWith } from "./pseudo-language";

/**
 * The pseudo-language walk (issue 69, decisions/403): every screen, and every dialog and state a patient
 * meets, in a portal serving the pseudo-language build as its te reo (e2e/pseudo-language.ts). Each test
 * walks one group of areas, keeps each state's HTML while it is shown (axe-scanning it at 1280 and 390 px,
 * Snapshots.take), and names every text that still has plain letters once the practice's own strings are taken out.
 */

let portal: PortalProcess;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  portal = await startPseudoPortal();
});
test.afterAll(async () => {
  await portal?.stop();
});

/** Signs the world's solo in on the pseudo-language portal and opens `path`, hydrated. */
async function open(page: Page, world: World, path: string) {
  await signInDirectly(page, world.user("solo"));
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
}

/** A dialog by its name in the pseudo-language, once it is shown. */
async function dialog(page: Page, name: string | RegExp): Promise<Locator> {
  const found = page.getByRole("dialog", { name: typeof name === "string" ? p(name) : name });
  await expect(found).toBeVisible();
  return found;
}

// Every screen of the registry (app/lib/areas.ts), so one added there is walked too; in two halves, each
// under a minute with its axe scans at both widths.
const SCREENS = ["/login", "/", "/profile", ...builtAreas().map((area) => area.path)];
const HALF = Math.ceil(SCREENS.length / 2);
for (const paths of [SCREENS.slice(0, HALF), SCREENS.slice(HALF)]) {
  test(`every screen shows no word that comes from no catalogue: ${paths.join(" ")}`, async ({ browser, world }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: origin(portal) });
    const page = await pseudoPage(context, portal);
    const snapshots = new Snapshots();
    const user = world.user("solo");
    if (paths[0] === "/login") {
      await page.goto("/login");
      await expect(page.getByRole("button", { name: p("Login") })).toBeVisible();
      await snapshots.take(page, "/login");
    }
    await signInDirectly(page, user);
    for (const path of paths.filter((path) => path !== "/login")) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await snapshots.take(page, path);
    }
    await expectNoPlainWords(context, portal, world, user, snapshots);
    await context.close();
  });
}

test("the sign-in page's dialogs, forms and refusals, and the sign-in page on a phone", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  const user = world.user("solo");
  await page.goto("/login");
  await expect(page.getByRole("button", { name: p("Login"), exact: true })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole("button", { name: p("Login"), exact: true }).click();
  await expect(page.getByLabel(p("Email"))).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "sign-in submitted empty");

  await page.getByLabel(p("Email")).fill(user.username);
  await page.getByLabel(p("Password"), { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: p("Login"), exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await snapshots.take(page, "sign-in refused");

  await page.getByRole("button", { name: p("Having trouble signing in?") }).click();
  const help = await dialog(page, "Login Help");
  await snapshots.take(page, "Login Help");
  await help.getByRole("checkbox", { name: p("I’m not a robot") }).check();
  await expect(help.getByText(p("Done: you can continue."))).toBeVisible({ timeout: 20_000 });
  await help.getByRole("button", { name: p("Ask For Help") }).click();
  await expect(help.getByText(p("First Name is Required"))).toBeVisible();
  await snapshots.take(page, "Login Help submitted empty");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();

  await page.getByRole("link", { name: p("Forgot Password?") }).click();
  await expect(page.getByRole("heading", { name: p("Forgot your password?"), level: 1 })).toBeVisible();
  await snapshots.take(page, "Forgot Password");

  await page.goto("/login");
  await page.getByRole("link", { name: p("New patient? Sign up") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await snapshots.take(page, "Sign up");

  // The dialogs that follow a sign-in through the form: the chooser of linked accounts, the forced password update.
  const signInAs = async (label: string) => {
    await context.clearCookies({ name: "__portal" });
    await page.goto("/login");
    await waitForHydration(page);
    await page.getByLabel(p("Email")).fill(world.user(label).username);
    await page.getByLabel(p("Password"), { exact: true }).fill(world.user(label).password);
    await page.getByRole("button", { name: p("Login"), exact: true }).click();
  };
  await signInAs("family");
  await dialog(page, "Select an account to continue");
  await snapshots.take(page, "the chooser of linked accounts");
  await signInAs("reset");
  const update = await dialog(page, "Update your password to continue");
  await snapshots.take(page, "the forced password update");
  await update.getByRole("button", { name: p("Proceed"), exact: true }).click();
  await expect(update.locator("[aria-invalid=true]").or(update.getByRole("alert")).first()).toBeVisible();
  await snapshots.take(page, "the forced password update, refused");

  await context.clearCookies({ name: "__portal" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: p("Login"), exact: true })).toBeVisible();
  // At 1280 px it is /login, scanned there.
  await snapshots.take(page, "sign-in at 390 px", { shownWidthOnly: "/login at 1280 px" });

  await expectNoPlainWords(context, portal, world, [user, world.user("family"), world.user("reset")], snapshots);
  await context.close();
});

test("the shell: the account menu, the header on a phone, the language control, a page not found, a failed page, the session-expiry warning", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  const user = world.user("solo");
  await page.clock.install();
  await open(page, world, "/");

  await page.getByRole("button", { name: p("account menu") }).click();
  await expect(page.getByRole("menuitem").first()).toBeVisible();
  await snapshots.take(page, "the account menu");
  await page.keyboard.press("Escape");

  // The warning comes 5 minutes before the idle timeout (e2e/session-expiry.spec.ts).
  await page.clock.fastForward("25:05");
  await dialog(page, "You will be signed out soon");
  await snapshots.take(page, "the session-expiry warning");
  await page.getByRole("button", { name: p("Stay signed in") }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  const details = page.getByRole("banner").getByRole("button", { name: startsWith("Details of ") });
  await details.click();
  await expect(page.getByRole("banner").getByRole("button", { name: startsWith("Hide details of ") })).toHaveAttribute("aria-expanded", "true");
  // The header's phone layout: at 1280 px the details are the desktop header's, another state.
  await snapshots.take(page, "the header's details at 390 px, with the language control", { shownWidthOnly: "the phone's header" });
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await snapshots.take(page, "a page not found");

  await world.fault({ path: "Patient/PaymentNotice", status: 503 });
  await page.goto("/accounts");
  await expect(page.getByRole("button", { name: p("Retry") })).toBeVisible();
  await snapshots.take(page, "a failed page");
  await world.clearFaults();

  await expectNoPlainWords(context, portal, world, user, snapshots);
  await context.close();
});

test.describe("appointments", () => {
  // The COVID questionnaire is asked where the practice's settings ask it.
  test.use({ worldOptions: { scenario: "covid-screening", practice: "mock" } });

  test("booking's steps, the questionnaire included, to the confirmation; cancelling", async ({ browser, world }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: origin(portal) });
    const page = await pseudoPage(context, portal);
    const snapshots = new Snapshots();
    await open(page, world, "/appointments?id=1");
    await page.getByRole("tab", { name: p("Book Appointment") }).click();
    const form = page.getByRole("form", { name: p("Book an appointment") });
    await form.getByLabel(p("Appointment type")).selectOption({ label: "Face to Face" });
    await form.getByRole("group", { name: p("Locations") }).getByRole("checkbox").first().check();
    const provider = form.getByLabel(p("Provider"));
    await expect(provider.locator("option")).not.toHaveCount(1);
    await provider.selectOption({ index: 1 });
    await form.getByRole("button", { name: p("Next available day") }).click();
    const times = form.getByRole("group", { name: startsWith("Time on") }).getByRole("radio");
    await times.first().check();
    await snapshots.take(page, "Book, a time chosen");

    await form.getByRole("button", { name: p("Book Appointment") }).click();
    const q = await dialog(page, "COVID-19 questionnaire");
    await snapshots.take(page, "the COVID questionnaire");
    await q.getByRole("button", { name: p("Continue") }).click();
    await expect(q.getByText(p(appointmentsTexts.fillMandatory))).toBeVisible();
    await snapshots.take(page, "the COVID questionnaire, continued unanswered");
    await q.getByRole("checkbox", { name: p("Sore throat") }).check();
    for (const id of ["close contact", "tested positive"]) await q.getByRole("group", { name: new RegExp(p(id)) }).getByRole("radio", { name: p("No"), exact: true }).check();
    await q.getByRole("group", { name: new RegExp(p("2 doses")) }).getByRole("radio", { name: p("Yes"), exact: true }).check();
    await q.getByRole("button", { name: p("Continue") }).click();
    const choice = await dialog(page, "Virtual consult or Face 2 Face?");
    await snapshots.take(page, "virtual or face to face");
    await choice.getByRole("button", { name: p("Face 2 Face") }).click();
    const confirm = await dialog(page, "Confirm your appointment");
    await snapshots.take(page, "the confirmation");
    await confirm.getByRole("button", { name: p("Confirm booking") }).click();
    const booked = await dialog(page, "Appointment booked");
    await snapshots.take(page, "booked");
    await booked.getByRole("button", { name: p("Close") }).first().click();

    await page.getByRole("tab", { name: p("Upcoming Appointment") }).click();
    await page.getByRole("button", { name: startsWith("Cancel the") }).first().click();
    await dialog(page, "Cancel appointment");
    await snapshots.take(page, "cancel an appointment");

    await expectNoPlainWords(context, portal, world, world.user("solo"), snapshots);
    await context.close();
  });
});

test("messaging: a message opened, a reply, Compose and its refusal, an image's and a PDF's preview, deleting one and several", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  await open(page, world, "/emails");
  const rows = page.getByRole("list", { name: p("Inbox messages") }).getByRole("listitem");
  const viewer = page.getByRole("region").filter({ has: page.getByRole("heading", { level: 2 }) }).last();

  await page.getByRole("button", { name: startsWith("Delete selected") }).click();
  await expect(page.getByRole("region", { name: startsWith("Notifications") }).getByRole("listitem")).not.toHaveCount(0);
  await snapshots.take(page, "delete with nothing selected");

  // The first message with an image among its attachments: opened, its preview, a reply.
  const count = await rows.count();
  for (let i = 0; ; i++) {
    expect(i, "a message with an image attached").toBeLessThan(count);
    await rows.nth(i).getByRole("button").click();
    await expect(viewer.getByRole("button", { name: p("Reply") })).toBeVisible();
    if ((await viewer.getByRole("button", { name: new RegExp(p("JPG File")) }).count()) > 0) break;
  }
  await snapshots.take(page, "a message opened");
  await viewer.getByRole("button", { name: new RegExp(p("JPG File")) }).first().click();
  const preview = await dialog(page, new RegExp(p("File")));
  await expect(preview.getByRole("img")).toBeVisible();
  await snapshots.take(page, "an attachment's preview");
  await preview.getByRole("button", { name: p("Close") }).first().click();
  await expect(preview).toBeHidden();

  // The first message with a PDF attached: its preview once a page of it is drawn.
  const pdf = viewer.getByRole("button", { name: new RegExp(p("PDF File")) });
  for (let i = 0; ; i++) {
    expect(i, "a message with a PDF attached").toBeLessThan(count);
    await rows.nth(i).getByRole("button").click();
    await expect(rows.nth(i).getByRole("button")).toHaveAttribute("aria-current", /.+/);
    await expect(viewer.getByRole("button", { name: p("Reply") })).toBeVisible();
    if ((await pdf.count()) > 0) break;
  }
  await pdf.first().click();
  const pdfPreview = await dialog(page, "PDF File");
  await expect(pdfPreview.locator("canvas").first()).toBeVisible({ timeout: 15_000 });
  await snapshots.take(page, "a PDF's preview");
  await pdfPreview.getByRole("button", { name: p("Close") }).first().click();
  await expect(pdfPreview).toBeHidden();

  await viewer.getByRole("button", { name: p("Reply") }).click();
  const reply = await dialog(page, "Reply Message");
  await snapshots.take(page, "a reply");
  await reply.getByRole("button", { name: p("Send") }).click();
  await expect(reply.getByLabel(p("Message"), { exact: true })).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "a reply sent empty");
  await page.keyboard.press("Escape");
  await expect(reply).toBeHidden();

  await viewer.getByRole("button", { name: p("Delete") }).click();
  await dialog(page, "Delete Message");
  await snapshots.take(page, "delete a message");
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: p("Compose Message") }).click();
  const compose = await dialog(page, "Compose Message");
  await snapshots.take(page, "Compose");
  await compose.getByRole("button", { name: p("Send") }).click();
  await expect(compose.getByLabel(p("Role"))).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "Compose sent empty");
  await page.keyboard.press("Escape");
  await expect(compose).toBeHidden();

  await rows.nth(0).getByRole("checkbox").check();
  await rows.nth(1).getByRole("checkbox").check();
  await page.getByRole("button", { name: startsWith("Delete selected") }).click();
  await dialog(page, "Delete Multiple Messages");
  await snapshots.take(page, "delete several messages");

  await expectNoPlainWords(context, portal, world, world.user("solo"), snapshots);
  await context.close();
});

test("medications' repeat request, accounts' payment and invoice, a result and its chart, the summary's share link", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  await open(page, world, "/medications");
  await page.getByRole("checkbox", { name: startsWith("Select ") }).first().check();
  await page.getByRole("button", { name: p("Repeat"), exact: true }).click();
  await dialog(page, "Request repeat medication");
  await snapshots.take(page, "the repeat request");

  await page.goto("/accounts");
  await waitForHydration(page);
  await page.getByRole("table", { name: p("Pending invoices") }).getByRole("button", { name: startsWith("View invoice") }).first().click();
  await dialog(page, "INVOICE");
  await snapshots.take(page, "an invoice");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await page.getByRole("button", { name: p("Pay"), exact: true }).click();
  await expect(page.getByLabel(p("Card number"))).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "Pay with nothing typed");
  await page.getByLabel(p("Card number")).fill("4000 0000 0000 0002");
  await page.getByLabel(p("Expiry (MM/YY)")).fill("12/40");
  await page.getByLabel(p("Security code (CVC)")).fill("123");
  await page.getByRole("button", { name: p("Pay"), exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: p("Payment unsuccessful") })).toBeVisible();
  await snapshots.take(page, "a declined card");
  // Paid, the invoices are no longer pending: the practice's words for them are read while they are.
  await snapshots.readPractice(world, world.user("solo"));
  await page.getByLabel(p("Card number")).fill("4242 4242 4242 4242");
  await page.getByRole("alert").getByRole("button", { name: p("Try again") }).click();
  await expect(page.getByRole("status").filter({ hasText: p("Payment succeeded.") })).toBeVisible();
  await snapshots.take(page, "a payment made");

  await page.goto("/reports");
  await waitForHydration(page);
  const hba1c = page.getByRole("list", { name: p("Test results") }).getByRole("listitem").filter({ has: page.getByRole("heading", { name: "HbA1c", exact: true }) }).first();
  await hba1c.getByRole("button", { name: startsWith("View result") }).click();
  const result = await dialog(page, /^HbA1c$/);
  await expect(result.getByRole("button", { name: p("Result Chart") })).toBeVisible();
  await snapshots.take(page, "a result");
  await result.getByRole("button", { name: p("Result Chart") }).click();
  await dialog(page, "Result Chart");
  await snapshots.take(page, "a result's chart");

  await page.goto("/summary");
  await waitForHydration(page);
  const share = page.getByRole("region", { name: p(shareTexts.heading) });
  await share.getByLabel(p(shareTexts.passcode), { exact: true }).fill("kiwi-fruit-42");
  await share.getByLabel(p(shareTexts.expiryDays), { exact: true }).fill("91");
  await share.getByRole("button", { name: p(shareTexts.create) }).click();
  await expect(share.getByLabel(p(shareTexts.expiryDays), { exact: true })).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "a share link refused");
  await share.getByLabel(p(shareTexts.expiryDays), { exact: true }).fill("30");
  await share.getByRole("button", { name: p(shareTexts.create) }).click();
  await expect(share.getByRole("img", { name: p(shareTexts.qrAlt) })).toBeVisible();
  await snapshots.take(page, "a share link made");

  await expectNoPlainWords(context, portal, world, world.user("solo"), snapshots);
  await context.close();
});

test("the timeline's and the access record's filters; the profile's dialogs, devices' Sign out everywhere else", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  // Another browser signed in as solo, for the devices' Sign out everywhere else (in the same language, so that
  // the e-mail its new device sends is in it).
  const other = await browser.newContext({ baseURL: origin(portal) });
  await signInDirectly(await pseudoPage(other, portal), world.user("solo"));
  await open(page, world, "/timeline");
  await page.getByRole("group", { name: p("Show entries") }).getByRole("button", { name: p("Filter") }).click();
  const filter = await dialog(page, "Timeline Search Filter");
  await filter.getByLabel(p("Start date (DD-MM-YYYY)")).fill("31-02-2020");
  await filter.getByRole("button", { name: p("Filter") }).click();
  await expect(filter.getByLabel(p("Start date (DD-MM-YYYY)"))).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "the timeline's filter refused");

  await page.goto("/access-record");
  await waitForHydration(page);
  await page.getByRole("button", { name: p("Show") }).click();
  await snapshots.take(page, "the access record filtered");

  await page.goto("/profile");
  await waitForHydration(page);
  // Each dialog opened, then refused what it was given where it takes anything (nothing is sent).
  const invalid = (d: Locator) => expect(d.locator("[aria-invalid=true]").first()).toBeVisible();
  const dialogs: [button: string, title: string | RegExp, refuse?: (d: Locator) => Promise<void>][] = [
    ["Edit personal details", "Update Profile", async (d) => {
      await d.getByLabel(p("Preferred Name")).fill("<script>alert(1)</script>");
      await d.getByRole("button", { name: p("Update"), exact: true }).click();
      await invalid(d);
    }],
    ["Edit contact details", "Edit Contact Details", async (d) => {
      await d.getByLabel(p("Work Phone")).fill("12345");
      await d.getByRole("button", { name: p("Save"), exact: true }).click();
      await invalid(d);
    }],
    ["View address", "Address Information"],
    ["Add Emergency Contact", "Add Emergency Contact", async (d) => {
      await d.getByRole("button", { name: p("Save"), exact: true }).click();
      await invalid(d);
    }],
    ["Change Password", "Change your password", async (d) => {
      await d.getByRole("button", { name: p("Update Password"), exact: true }).click();
      await invalid(d);
    }],
    ["Terms and Conditions", /./],
    ["Turn on the e-mailed code", "Turn on a code by e-mail", async (d) => {
      await d.getByRole("button", { name: p("Send the code"), exact: true }).click();
      await d.getByRole("button", { name: p("Turn on"), exact: true }).click();
      await invalid(d);
    }],
    ["Add a passkey", "Add a passkey", async (d) => {
      await d.getByRole("button", { name: p("Send the code"), exact: true }).click();
      await expect(d.getByRole("alert").or(d.locator("[aria-invalid=true]")).first()).toBeVisible();
    }],
    ["Sign out everywhere else", "Sign out everywhere else?"],
  ];
  for (const [button, title, refuse] of dialogs) {
    await page.getByRole("button", { name: p(button), exact: true }).click();
    const open = await dialog(page, title);
    await snapshots.take(page, button);
    if (refuse) {
      await refuse(open);
      await snapshots.take(page, `${button}, refused`);
    }
    await page.keyboard.press("Escape");
    await expect(open).toBeHidden();
  }

  await expectNoPlainWords(context, portal, world, world.user("solo"), snapshots);
  await context.close();
  await other.close();
});

test("the e-mailed code turned on, its recovery codes, new ones and turning it off; the e-mails sent; the notification settings", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  // Another browser signed in as solo, in the same language: the e-mail its new device sends is walked below.
  const other = await browser.newContext({ baseURL: origin(portal) });
  await signInDirectly(await pseudoPage(other, portal), world.user("solo"));
  await open(page, world, "/profile");
  // The e-mailed code turned on with the code from its e-mail: the recovery codes shown, new ones asked for, turning it off.
  const user = world.user("solo");
  await page.getByRole("button", { name: p("Turn on the e-mailed code"), exact: true }).click();
  const turnOn = await dialog(page, "Turn on a code by e-mail");
  await turnOn.getByRole("button", { name: p("Send the code"), exact: true }).click();
  await expect(turnOn.getByLabel(p("6-digit code"))).toBeVisible();
  await snapshots.take(page, "the e-mailed code sent");
  // The mock's catcher keeps a body sent base64 (as one with letters beyond ASCII is) as it came.
  const text = (body: string) => (/^[A-Za-z0-9+/=\r\n]+$/.test(body) ? Buffer.from(body, "base64").toString("utf8") : body);
  const mails = async () => (await world.mail(user.username)).map((m) => ({ ...m, body: text(m.body) }));
  const codeMails = (await mails()).filter((m) => /\b\d{6}\b/.test(m.body));
  expect(codeMails.length, "sign-in code mails").toBeGreaterThan(0);
  await turnOn.getByLabel(p("6-digit code")).fill(/\b(\d{6})\b/.exec(codeMails.at(-1)!.body)![1]);
  await turnOn.getByRole("button", { name: p("Turn on"), exact: true }).click();
  const codes = await dialog(page, "Your recovery codes");
  await snapshots.take(page, "the recovery codes");
  await codes.getByRole("button", { name: p("I have kept my codes: done") }).click();
  await expect(codes).toBeHidden();
  await snapshots.take(page, "the profile with the e-mailed code on");
  for (const [button, title] of [
    ["Make new recovery codes", "Make new recovery codes?"],
    ["Turn off the e-mailed code", "Turn off the e-mailed code?"],
  ]) {
    await page.getByRole("button", { name: p(button), exact: true }).click();
    const open = await dialog(page, title);
    await snapshots.take(page, title);
    await page.keyboard.press("Escape");
    await expect(open).toBeHidden();
  }

  // The e-mails are words a person reads too (the code's, a new device's, a security change's): each subject and text, as a page.
  const escape = (words: string) => words.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const sent = await mails();
  expect(sent.length).toBeGreaterThanOrEqual(3);
  sent.forEach((m, i) => snapshots.keep(`e-mail ${i + 1}`, `<html><head><title>${escape(m.subject)}</title></head><body><pre>${escape(m.body)}</pre></body></html>`));

  await page.goto("/profile-old#old-notifications");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await snapshots.take(page, "the notification settings");

  await expectNoPlainWords(context, portal, world, world.user("solo"), snapshots);
  await context.close();
  await other.close();
});

/** The newest 6-digit code e-mailed to `user` (the mock's catcher keeps a body sent base64, as one with letters beyond ASCII is, as it came). */
async function newestMailedCode(world: World, user: WorldUser): Promise<string> {
  const text = (body: string) => (/^[A-Za-z0-9+/=\r\n]+$/.test(body) ? Buffer.from(body, "base64").toString("utf8") : body);
  const codes = (await world.mail(user.username)).map((m) => /\b(\d{6})\b/.exec(text(m.body))?.[1]).filter((code) => code !== undefined);
  expect(codes.length, "code mails").toBeGreaterThan(0);
  return codes.at(-1)!;
}

/**
 * Adds a passkey in the profile (open) as its holder would in the pseudo-language: its name, the e-mailed code,
 * the recovery codes answered; `take`, where the walk keeps the states on the way.
 */
async function addPasskeyHere(page: Page, world: World, user: WorldUser, name: string, take?: (state: string) => Promise<void>) {
  const section = page.getByRole("region", { name: p("Sign-in security") });
  await section.getByRole("button", { name: p("Add a passkey"), exact: true }).click();
  const add = await dialog(page, "Add a passkey");
  await add.getByLabel(p("Name")).fill(name);
  await add.getByRole("button", { name: p("Send the code"), exact: true }).click();
  await expect(add.getByLabel(p("6-digit code"))).toBeVisible();
  await add.getByLabel(p("6-digit code")).fill(await newestMailedCode(world, user));
  await take?.("a passkey's code typed");
  await add.getByRole("button", { name: p("Add passkey"), exact: true }).click();
  const codes = await dialog(page, "Your recovery codes");
  await codes.getByRole("button", { name: p("I have kept my codes: done") }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(section.getByText(name, { exact: true })).toBeVisible();
  return section;
}

/** My health summary's "Keep my health card on this device" (issue 71). */
const keepSection = (page: Page) => page.getByRole("region", { name: p(cardTexts.keepHeading) });
/** A sentence of the card's catalogue that takes a value, as a pattern for its words before the value. */
const before = (sentence: (value: string) => string) => startsWith(sentence("\0").split("\0")[0]!);

/** Keeps the card for 30 days from My health summary (the holder has a passkey that can lock it), its state kept as `state` when named. */
async function keepCard(page: Page, snapshots: Snapshots, states?: { ready: string; kept: string }) {
  await page.goto("/summary");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  const keep = keepSection(page);
  await expect(keep.getByRole("button", { name: p(cardTexts.keepButton) })).toBeVisible();
  if (states) await snapshots.take(page, states.ready);
  await keep.getByRole("button", { name: p(cardTexts.keepButton) }).click();
  await expect(keep.getByText(before(cardTexts.kept))).toBeVisible();
  if (states) await snapshots.take(page, states.kept);
}

test("passkeys: one added with the e-mailed code, renamed (a name refused first), removed; the health card kept with it, ended elsewhere, is wiped", async ({ browser, world }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  const user = world.user("solo");
  // Chromium's virtual authenticator, as a phone or a laptop's fingerprint reader, with PRF (e2e/passkey-helpers.ts).
  await virtualAuthenticator(page);
  // The passkey's names are the patient's words, not the portal's.
  for (const name of ["My laptop", "Home <laptop>", "Home laptop"]) snapshots.practice.add(name);
  await open(page, world, "/profile");
  const section = await addPasskeyHere(page, world, user, "My laptop", (state) => snapshots.take(page, state));
  await snapshots.take(page, "the profile with a passkey");

  // The health card, kept with it (issue 71): the summary's offer ready, then kept.
  await keepCard(page, snapshots, { ready: "the health card's offer, ready", kept: "the health card kept" });
  // Ended elsewhere (as another device's Remove ends it), it is wiped the next time /card is opened online.
  const copies = await page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opened = indexedDB.open("nz-patient-portal-health-card");
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const keys = opened.result.transaction("copies").objectStore("copies").getAllKeys();
          keys.onsuccess = () => resolve(keys.result.map(String).filter((key) => key !== "prf-input"));
        };
      }),
  );
  expect(copies, "the copy kept").toHaveLength(1);
  expect((await page.request.post("/card/end", { form: { copy: copies[0]! } })).status()).toBe(204);
  await page.goto("/card");
  await expect(page.getByRole("status").filter({ hasText: p(cardTexts.wipedEnded(1)) })).toBeVisible();
  await expect(page.getByText(p(cardTexts.none))).toBeVisible();
  await snapshots.take(page, "/card: a card wiped, ended elsewhere");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);

  await section.getByRole("button", { name: startsWith("Rename") }).click();
  const rename = await dialog(page, startsWith("Rename"));
  await snapshots.take(page, "rename a passkey");
  await rename.getByLabel(p("Name")).fill("Home <laptop>");
  await rename.getByRole("button", { name: p("Save name") }).click();
  await expect(rename.getByLabel(p("Name"))).toHaveAttribute("aria-invalid", "true");
  await snapshots.take(page, "a passkey's name refused");
  await rename.getByLabel(p("Name")).fill("Home laptop");
  await rename.getByRole("button", { name: p("Save name") }).click();
  await expect(rename).toBeHidden();
  await expect(section.getByText("Home laptop", { exact: true })).toBeVisible();
  await snapshots.take(page, "a passkey renamed");

  await section.getByRole("button", { name: startsWith("Remove") }).click();
  const remove = await dialog(page, startsWith("Remove"));
  await snapshots.take(page, "remove a passkey");
  await remove.getByRole("button", { name: p("Send the code"), exact: true }).click();
  await expect(remove.getByLabel(p("6-digit code"))).toBeVisible();
  await remove.getByLabel(p("6-digit code")).fill(await newestMailedCode(world, user));
  await snapshots.take(page, "remove a passkey, its code typed");
  await remove.getByRole("button", { name: p("Remove passkey") }).click();
  await expect(remove).toBeHidden();
  await expect(section.getByRole("button", { name: startsWith("Remove") })).toHaveCount(0);
  await snapshots.take(page, "a passkey removed");


  await expectNoPlainWords(context, portal, world, user, snapshots);
  await context.close();
});

test("the health card: the summary's offer checking, without PRF, without a passkey; /card with none kept, locked, open with its sections, the removal question, removed, wiped at the end of its time, and offline", async ({ browser, world }) => {
  test.setTimeout(90_000);
  // The service worker's: offline, a page of the portal is answered by the card page's note (decisions/404).
  const context = await browser.newContext({ baseURL: origin(portal), serviceWorkers: "allow" });
  const snapshots = new Snapshots();
  const user = world.user("solo");

  // A browser still asking itself whether it has PRF (an answer that has not come), and one that has none.
  for (const [capabilities, state, shown] of [
    ["asking", "the health card's offer, checking the browser", cardTexts.checking],
    ["none", "the health card's offer, a browser without PRF", cardTexts.noPrf],
  ] as const) {
    const other = await pseudoPage(context, portal);
    await other.addInitScript((none) => {
      Object.defineProperty(PublicKeyCredential, "getClientCapabilities", { value: () => (none ? Promise.resolve({ "extension:prf": false }) : new Promise(() => undefined)) });
    }, capabilities === "none");
    await open(other, world, "/summary");
    await expect(keepSection(other).getByText(p(shown))).toBeVisible();
    await snapshots.take(other, state);
    await other.close();
  }

  const page = await pseudoPage(context, portal);
  await virtualAuthenticator(page);
  await open(page, world, "/summary");
  await expect(keepSection(page).getByText(p(cardTexts.noPasskey))).toBeVisible();
  await snapshots.take(page, "the health card's offer, no passkey");

  await page.goto("/card");
  await expect(page.getByText(p(cardTexts.none))).toBeVisible();
  await waitForHydration(page);
  await snapshots.take(page, "/card, none kept");

  snapshots.practice.add("My phone");
  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await waitForHydration(page);
  await addPasskeyHere(page, world, user, "My phone");
  await keepCard(page, snapshots);

  await page.goto("/card");
  await waitForHydration(page);
  const openIt = page.getByRole("button", { name: p(cardTexts.openButton) });
  await expect(openIt).toBeVisible();
  await snapshots.take(page, "/card, a card locked");
  await openIt.click();
  const card = page.getByRole("article");
  await expect(card.getByText(before(cardTexts.asOf))).toBeVisible();
  for (const section of Object.values(cardTexts.sections)) await expect(card.getByRole("region", { name: p(section) })).toBeVisible();
  await expect(card.getByRole("region", { name: p(cardTexts.contacts) })).toBeVisible();
  await snapshots.take(page, "/card, a card open");
  await card.getByRole("button", { name: p(cardTexts.remove) }).click();
  await expect(card.getByRole("group", { name: p(cardTexts.remove) })).toBeVisible();
  await snapshots.take(page, "/card, removing a card asked first");
  await card.getByRole("group", { name: p(cardTexts.remove) }).getByRole("button", { name: p(cardTexts.removeConfirm) }).click();
  await expect(page.getByRole("alert").or(page.getByRole("status")).filter({ hasText: p(cardTexts.removed) })).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
  await snapshots.take(page, "/card, a card removed");

  // Kept again for 30 days; 31 days on by this device's clock, /card wipes it.
  await keepCard(page, snapshots);
  await page.clock.install({ time: Date.now() + 31 * 24 * 60 * 60 * 1000 });
  await page.goto("/card");
  await expect(page.getByRole("status").filter({ hasText: p(cardTexts.wipedExpired(1)) })).toBeVisible();
  await snapshots.take(page, "/card, a card wiped at the end of its time");

  // Offline, the portal's pages are answered by the card page kept by the service worker, with its note.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.goto("/summary");
  await expect(page).toHaveURL(/\/card\?offline=1$/);
  await expect(page.getByRole("note").filter({ hasText: p(cardTexts.offline) })).toBeVisible();
  await snapshots.take(page, "/card offline, the portal's pages out of reach");
  await context.close();

  // Read in a context without the service worker, which would answer the reading page's address itself (Playwright's routes do not see a worker's requests).
  const reading = await browser.newContext({ baseURL: origin(portal) });
  await expectNoPlainWords(reading, portal, world, user, snapshots);
  await reading.close();
});

test.describe("whānau", () => {
  // Five days after the 15-year-old's view became limited at 14 (e2e/whanau.spec.ts).
  test.use({ worldOptions: { scenario: "whanau", seed: 55, now: "2026-03-10T10:00:00+13:00" } });

  test("a parent's limited view of a young person's record with its reason, an area not shared; the young person's Who can see my record, a choice saved", async ({ browser, world }) => {
    test.setTimeout(60_000);
    const context = await browser.newContext({ baseURL: origin(portal) });
    const page = await pseudoPage(context, portal);
    const snapshots = new Snapshots();
    const [parent, teen] = [world.user("parent"), world.user("teen")];
    // The parent's chooser lists their own record, then the children: 9, 13 and 15.
    await signInDirectly(page, parent, 3);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByText(p("About this view:"))).toBeVisible();
    await snapshots.take(page, "a parent's limited view, with its reason");
    await page.goto("/reports");
    await expect(page.getByRole("heading", { level: 1, name: p("Not shared with you") })).toBeVisible();
    await snapshots.take(page, "an area not shared with the parent");

    const young = await browser.newContext({ baseURL: origin(portal) });
    const teenPage = await pseudoPage(young, portal);
    await signInDirectly(teenPage, teen);
    await teenPage.goto("/sharing");
    await expect(teenPage.getByRole("heading", { level: 1, name: p("Who can see my record") })).toBeVisible();
    await waitForHydration(teenPage);
    await snapshots.take(teenPage, "Who can see my record");
    const card = teenPage.getByRole("article").first();
    await card.getByRole("radio", { name: p("My whole record") }).check();
    await card.getByRole("button", { name: startsWith("Save for") }).click();
    await expect(card.getByRole("status")).toContainText(p("Saved."));
    await snapshots.take(teenPage, "Who can see my record, a choice saved");

    await expectNoPlainWords(context, portal, world, [parent, teen], snapshots);
    await young.close();
    await context.close();
  });
});

test("Join Meeting, and without a meeting; a result's full page; Switch account", async ({ browser, world }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: origin(portal) });
  const page = await pseudoPage(context, portal);
  const snapshots = new Snapshots();
  await open(page, world, "/appointments?id=2");
  await page.getByRole("link", { name: startsWith("Join") }).first().click();
  await expect(page.getByRole("heading", { name: p("Join Meeting"), level: 1 })).toBeVisible();
  await waitForHydration(page);
  await snapshots.take(page, "Join Meeting");
  await page.goto("/zoom");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await snapshots.take(page, "Join Meeting without a meeting");

  await page.goto("/reports");
  await waitForHydration(page);
  await page.getByRole("list", { name: p("Test results") }).getByRole("button", { name: startsWith("View result") }).first().click();
  const result = page.getByRole("dialog");
  await expect(result).toBeVisible();
  await result.getByRole("link", { name: p("Open full page") }).click();
  await expect(page).toHaveURL(/\/preview\?/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await snapshots.take(page, "a result's full page");

  await signInDirectly(page, world.user("family"), 0);
  await page.goto("/account/switch");
  await expect(page.getByRole("heading", { name: p("Switch account"), level: 1 })).toBeVisible();
  await snapshots.take(page, "Switch account");

  await expectNoPlainWords(context, portal, world, [world.user("solo"), world.user("family")], snapshots);
  await context.close();
});
