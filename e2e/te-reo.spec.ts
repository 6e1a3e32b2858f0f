import type { Page } from "@playwright/test";
import { paymentTexts } from "~/areas/accounts/texts.mi";
import { bookingTexts } from "~/areas/appointments/booking-texts.mi";
import { practiceWords } from "~/areas/appointments/practice-words";
import { appointmentsTexts } from "~/areas/appointments/texts.mi";
import { dashboardPageTexts } from "~/areas/dashboard/texts.mi";
import { composeTexts } from "~/areas/messaging/compose-texts.mi";
import { messagingTexts } from "~/areas/messaging/texts.mi";
import { profileDialogTexts } from "~/areas/profile/dialog-texts.mi";
import { profileTexts } from "~/areas/profile/texts.mi";
import { cardTexts } from "~/areas/summary/card/texts.mi";
import { summaryTexts } from "~/areas/summary/texts.mi";
import { signInTexts } from "~/areas/sign-in/texts.mi";
import { securityMailTexts } from "~/.server/sign-in-security/security-mail-texts.mi";
import { builtAreas } from "~/lib/areas";
import { LANGUAGE_COOKIE } from "~/lib/language";
import { deviceMailTexts, deviceNameTexts } from "~/lib/texts/devices.mi";
import { BROWSERS, PLATFORMS } from "~/.server/portal-store/schema";
import { passkeyTexts } from "~/lib/texts/passkeys.mi";
import { secondStepTexts } from "~/lib/texts/second-step.mi";
import { expect, expectNoAxeViolations, openSignedIn, signInDirectly, test, waitForHydration, type World } from "./fixtures";
import { virtualAuthenticator } from "./passkey-helpers";
import { payButton, typeCardFromItsNumberAndPay } from "./payment-form";
import { PORTAL_PORT } from "../playwright.config";
import { newestCode } from "./second-step-helpers";

/**
 * The portal in te reo Māori (issue 69, decisions/403): a sign-in, a booking, a message and a payment, each
 * in a fresh world, driven by the te reo catalogues' words, the practice receiving what the patient did;
 * every screen axe-scanned in te reo at a phone's width and a desktop's; the e-mails a patient browsing in
 * te reo is sent are in te reo. (The language control itself is language.spec.ts's.)
 */

/** The patient has chosen te reo: the cookie the language control sets (language.spec.ts presses the control). */
test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: "mi", url: baseURL! }]);
});

const inTeReo = (page: Page) => expect(page.locator("html")).toHaveAttribute("lang", "mi");
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A sentence of a catalogue that takes a number, as a pattern for any number. */
const anyNumber = (sentence: (n: number) => string) => new RegExp(escaped(sentence(999)).replace("999", "\\d+"));

const oneOf = (names: readonly string[]) => `(${names.map(escaped).join("|")})`;
/** A device named in te reo, as the mails name the browser that did what they tell of: "Chrome i runga i Linux", never "Chrome on Linux". */
const teReoDevice = new RegExp(
  escaped(deviceNameTexts.browserOn("\0", "\0"))
    .replace("\0", oneOf([...BROWSERS.filter((b) => b !== "Another browser"), deviceNameTexts.anotherBrowser]))
    .replace("\0", oneOf([...PLATFORMS.filter((p) => p !== "another device"), deviceNameTexts.anotherDevice])),
);

/** Axe on a desktop and at 390 px, the page and its open dialog as they are; back to the desktop for the flow to go on. */
async function expectNoAxeViolationsAtBothWidths(page: Page) {
  const desktop = page.viewportSize()!;
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.setViewportSize(desktop);
}

/** The mail sent to `to` with this subject, once it is caught: the new-device mail goes out after the sign-in has answered. */
async function mailWithSubject(world: World, to: string, subject: string) {
  await expect.poll(async () => (await world.mail(to)).map((m) => m.subject), { message: `a mail "${subject}" to ${to}` }).toContain(subject);
  return (await world.mail(to)).find((m) => m.subject === subject)!;
}

test("signs in through the te reo form by keyboard; the new-device mail is in te reo, its subject's macrons intact", async ({ page, world }) => {
  const user = world.user("solo");
  await page.goto("/login");
  await inTeReo(page);
  await expect(page).toHaveTitle(signInTexts.pageTitle);
  await expect(page.getByRole("heading", { level: 1, name: signInTexts.heading })).toBeVisible();
  await waitForHydration(page);
  const email = page.getByLabel(signInTexts.email);
  // Sent empty first: the form says what is missing in te reo, and the page with its message passes axe.
  await email.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(signInTexts.summaryMissing.both)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await email.focus();
  await page.keyboard.type(user.username);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(signInTexts.password, { exact: true })).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: dashboardPageTexts.title })).toBeVisible();
  await inTeReo(page);

  // A browser the holder has not signed in from: told by e-mail, in the language of the sign-in that did it.
  const mail = await mailWithSubject(world, user.username, deviceMailTexts.subject);
  const [opening] = deviceMailTexts.body("\0", "\0", "\0").split("\0");
  expect(mail.body.startsWith(opening!), `the mail's body opens "${opening}": ${mail.body}`).toBe(true);
  expect(mail.body).toMatch(teReoDevice);
});

test("turning on the e-mailed code in te reo: the code's mail and the mail telling of the change are in te reo, their subjects' macrons intact", async ({ page, world }) => {
  const user = world.user("solo");
  await openSignedIn(page, user, "/profile", profileTexts.title);
  await inTeReo(page);
  const section = page.getByRole("region", { name: profileTexts.signInSecurity });
  await section.getByRole("button", { name: profileTexts.turnOnEmailedCode }).click();
  const dialog = page.getByRole("dialog", { name: profileDialogTexts.turnOnTitle });
  await dialog.getByRole("button", { name: profileDialogTexts.sendCode }).click();
  const field = dialog.getByLabel(profileDialogTexts.sixDigitCode);
  await expect(field).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  // The code is read from the te reo mail: found by its te reo subject, or not at all.
  await field.fill(await newestCode(world, user.username, secondStepTexts.mailSubject));
  await dialog.getByRole("button", { name: profileDialogTexts.turnOn }).click();
  await expect(page.getByRole("dialog", { name: passkeyTexts.codesTitle })).toBeVisible();
  const told = await mailWithSubject(world, user.username, securityMailTexts.subject);
  expect(told.body.startsWith(securityMailTexts.what({ kind: "second-step-on" })), told.body).toBe(true);
  expect(told.body).toMatch(teReoDevice);
});

test.describe("a booking in te reo", () => {
  // Our practice's COVID questionnaire and its choice of consult (a spec practice may send its settings null).
  test.use({ worldOptions: { scenario: "covid-screening", practice: "mock" } });

  test("books through the te reo dialogs to the confirmation; the practice receives the patient's words as typed and the screening lines in English", async ({ page, world }) => {
    await openSignedIn(page, world.user("solo"), "/appointments?id=1", appointmentsTexts.title);
    await inTeReo(page);
    const form = page.getByRole("form", { name: bookingTexts.bookAnAppointment });
    await form.getByLabel(bookingTexts.appointmentType).selectOption({ label: "Face to Face" });
    await form.getByRole("group", { name: bookingTexts.locations }).getByRole("checkbox").first().check();
    const provider = form.getByLabel(bookingTexts.provider);
    await expect(provider.locator("option")).not.toHaveCount(1);
    await provider.selectOption({ index: 1 });
    await form.getByRole("button", { name: bookingTexts.nextAvailableDay }).click();
    const times = form.getByRole("group", { name: new RegExp(`^${escaped(bookingTexts.timesOn("\0").split("\0")[0]!)}`) }).getByRole("radio");
    await times.first().check();
    const typed = "Kua mamae tōku korokoro mō te wiki kotahi";
    await form.getByLabel(bookingTexts.reasonLabel).fill(typed);
    await form.getByRole("button", { name: bookingTexts.bookAppointment }).click();

    const q = page.getByRole("dialog", { name: bookingTexts.questionnaireTitle });
    await q.getByRole("checkbox", { name: bookingTexts.symptoms[2] }).check();
    const answer = (question: RegExp, choice: string) => q.getByRole("group", { name: question }).getByRole("radio", { name: choice, exact: true }).check();
    await answer(anyNumber(bookingTexts.contactQuestion), bookingTexts.yes);
    await answer(anyNumber(bookingTexts.positiveQuestion), bookingTexts.no);
    await answer(new RegExp(escaped(bookingTexts.vaccinatedQuestion)), bookingTexts.yes);
    await expectNoAxeViolationsAtBothWidths(page);
    await q.getByRole("button", { name: bookingTexts.continue }).click();

    const choice = page.getByRole("dialog", { name: bookingTexts.consultChoiceTitle });
    await expect(choice.getByText(bookingTexts.consultChoice)).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await choice.getByRole("button", { name: bookingTexts.face2Face }).click();
    const confirm = page.getByRole("dialog", { name: bookingTexts.confirmTitle });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await confirm.getByRole("button", { name: bookingTexts.confirmBooking }).click();
    const done = page.getByRole("dialog", { name: appointmentsTexts.bookedTitle });
    await expect(done.getByRole("status")).toHaveText(appointmentsTexts.booked);
    await expectNoAxeViolationsAtBothWidths(page);

    const posts = await world.requests({ method: "POST", path: "Patient/Appointment" });
    expect(posts).toHaveLength(1);
    const w = practiceWords;
    const screening = w.screening([w.symptomAnswer(w.symptoms[2]!), w.riskAnswer(w.contactQuestion(999), w.yes)]);
    expect(String(posts[0]!.query.Reason)).toMatch(new RegExp(`^${escaped(typed)}\\n${escaped(screening).replace("999", "\\d+")}$`));
  });
});

test("sends a message through the te reo compose dialog; the practice receives it as written", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/emails", messagingTexts.title);
  await inTeReo(page);
  await page.getByRole("button", { name: messagingTexts.composeMessage }).click();
  const d = page.getByRole("dialog", { name: messagingTexts.composeMessage });
  // The practice's roles and practitioners keep their own names.
  await d.getByLabel(composeTexts.role).selectOption({ label: "Doctor" });
  const practitioner = d.getByLabel(composeTexts.practitioner);
  await expect(practitioner.getByRole("option")).not.toHaveCount(1);
  await practitioner.selectOption({ index: 1 });
  await d.getByLabel(composeTexts.subject).fill("Ngā pire rongoā");
  await d.getByLabel(composeTexts.message, { exact: true }).fill("Kia ora, me kai tonu au i ēnei pire?");
  await expectNoAxeViolationsAtBothWidths(page);
  await d.getByRole("button", { name: composeTexts.send, exact: true }).click();
  await expect(d).toHaveCount(0);
  await expect(page.getByText(messagingTexts.sent, { exact: true }).first()).toBeVisible();
  const received = await world.sentMessages();
  expect(received.map(({ box, subject, body }) => ({ box, subject, body }))).toEqual([
    { box: "sent", subject: "Ngā pire rongoā", body: "Kia ora, me kai tonu au i ēnei pire?" },
  ]);
});

test("pays an invoice by card through the te reo form, by keyboard, to the receipt; the provider charges once", async ({ page, world }) => {
  await openSignedIn(page, world.user("solo"), "/accounts", paymentTexts.title);
  await inTeReo(page);
  await page.getByLabel(paymentTexts.cardNumber).focus();
  await typeCardFromItsNumberAndPay(page, undefined, paymentTexts);
  const receipt = page.getByRole("status").filter({ hasText: paymentTexts.succeeded });
  await expect(receipt).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  expect(await world.charges()).toHaveLength(1);
  await expect(payButton(page, paymentTexts)).toHaveCount(0);
});

test.describe("my health card in te reo", () => {
  // WebAuthn refuses an IP address as the relying party; the card opens offline from the service worker's copy (e2e/health-card.spec.ts).
  test.use({ baseURL: `http://localhost:${PORTAL_PORT}`, serviceWorkers: "allow" });

  test("adds a passkey and keeps the health card from the te reo summary; offline, /card is in te reo and opens the card with the passkey, at 390 px and on a desktop", async ({ page, world }) => {
    test.setTimeout(90_000);
    await virtualAuthenticator(page);
    const user = world.user("solo");
    await openSignedIn(page, user, "/profile", profileTexts.title);
    await inTeReo(page);
    const security = page.getByRole("region", { name: profileTexts.signInSecurity });
    await security.getByRole("button", { name: passkeyTexts.addPasskey }).click();
    const add = page.getByRole("dialog", { name: passkeyTexts.addTitle });
    await add.getByLabel(passkeyTexts.nameLabel).fill("Taku waea");
    await add.getByRole("button", { name: profileDialogTexts.sendCode }).click();
    await expect(add.getByLabel(profileDialogTexts.sixDigitCode)).toBeVisible();
    await add.getByLabel(profileDialogTexts.sixDigitCode).fill(await newestCode(world, user.username, secondStepTexts.confirmSubject));
    await add.getByRole("button", { name: profileDialogTexts.confirmAddPasskey }).click();
    await page.getByRole("dialog", { name: passkeyTexts.codesTitle }).getByRole("button", { name: profileDialogTexts.codesKept }).click();
    await expect(page.getByText(passkeyTexts.added("Taku waea"), { exact: true })).toBeVisible();

    await page.goto("/summary");
    await expect(page.getByRole("heading", { level: 1, name: summaryTexts.title })).toBeVisible();
    await inTeReo(page);
    await waitForHydration(page);
    const keep = page.getByRole("region", { name: cardTexts.keepHeading });
    await keep.getByRole("radio", { name: cardTexts.days(7) }).check();
    await expectNoAxeViolationsAtBothWidths(page);
    await keep.getByRole("button", { name: cardTexts.keepButton }).click();
    await expect(keep.getByText(new RegExp(`^${escaped(cardTexts.kept("\0").split("\0")[0]!)}`))).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);

    // Offline: a page of the portal is answered by the card page the service worker kept, in te reo, with its note.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.context().setOffline(true);
    await page.goto("/summary");
    await expect(page).toHaveURL(/\/card\?offline=1$/);
    await expect(page.getByRole("heading", { level: 1, name: cardTexts.title })).toBeVisible();
    await inTeReo(page);
    await expect(page).toHaveTitle(cardTexts.metaTitle);
    await expect(page.getByRole("note")).toHaveText(cardTexts.offline);
    await waitForHydration(page);
    const openIt = page.getByRole("button", { name: cardTexts.openButton });
    await expect(openIt).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await openIt.click();
    const card = page.getByRole("article");
    // "Nō te <date>", the date written out (mayBeOutOfDate begins with "Nō te" too).
    await expect(card.getByText(new RegExp(`^${escaped(cardTexts.asOf("\0").split("\0")[0]!)}\\d`))).toBeVisible();
    await expect(card).toContainText(cardTexts.mayBeOutOfDate);
    for (const section of Object.values(cardTexts.sections)) await expect(card.getByRole("region", { name: section })).toBeVisible();
    await expect(card.getByRole("region", { name: cardTexts.contacts })).toBeVisible();
    await expect(card.getByRole("button", { name: cardTexts.remove })).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.getByRole("button", { name: cardTexts.closeCard }).click();
    await expect(card).toHaveCount(0);
  });
});

/** Every signed-in screen: the dashboard, the profile and every screen of the area registry. */
const SCREENS = ["/", "/profile", ...builtAreas().map((area) => area.path)];

for (const width of [390, 1280]) {
  test(`every screen in te reo at ${width} px passes axe`, async ({ page, world }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await signInDirectly(page, world.user("solo"));
    for (const path of SCREENS) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await inTeReo(page);
        await waitForHydration(page);
        // What a screen fetches once drawn (its charts, the photo) is in the page that is scanned.
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
      });
    }
  });
}
