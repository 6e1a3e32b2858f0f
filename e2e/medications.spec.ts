import type { Locator, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { medicationsTexts } from "~/areas/medications/texts";
import { readPdf } from "../tests/helpers/pdf-text";
import { expect, expectNoAxeViolations, forEachPractice, openSignedIn, test, waitForHydration, type World, type WorldUser } from "./fixtures";

/**
 * /medications (2§2, 2§4, 2§5): the Long Term and History tabs and their lists, the dashboard card,
 * printing, and the repeat request with each of its rules, both deliveries, the 302 branch and its
 * resend, the outstanding-balance refusal and a failed send, each in a fresh world.
 */

const t = medicationsTexts;

const openMedications = (page: Page, user: WorldUser, search = "") => openSignedIn(page, user, `/medications${search}`, "Medications");

const table = (page: Page, name: string) => page.getByRole("table", { name });
const rowsOf = (page: Page, name: string) => table(page, name).getByRole("row").filter({ has: page.getByRole("rowheader") });
const medicineCalls = (world: World) => world.requests({ method: "GET", path: "Patient/Medication" });
const repeatPosts = (world: World) => world.requests({ method: "POST", path: "Patient/SendRepeatMedicationRequest" });
const dialogNamed = (page: Page, name: string) => page.getByRole("dialog", { name });

/** The medicine names of a list, in order: the table's rows, or on a phone its cards. */
async function names(page: Page, listName: string): Promise<string[]> {
  const links = rowsOf(page, listName).getByRole("rowheader").getByRole("link").or(page.getByRole("list", { name: listName }).getByRole("listitem").getByRole("link"));
  await expect(links.first()).toBeVisible();
  return (await links.allInnerTexts()).map((s) => s.replace(/\s*\(opens in a new tab\)\s*$/, "").trim());
}

async function openRepeat(page: Page, ...medicines: string[]): Promise<Locator> {
  for (const name of medicines) await page.getByRole("checkbox", { name: `Select ${name}` }).check();
  await page.getByRole("button", { name: "Repeat", exact: true }).click();
  const dialog = dialogNamed(page, "Request repeat medication");
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("medications", () => {
  // Each list's own call and page size: repeat-action.test.ts › the medications page's loader. The lists share one table, scanned on All.
  test("the dashboard card leads here; Long Term lists each long-term medicine with its details; names link out in a new tab; History: All, Recent and Repeated, kept in the address, and back shows the view before; no axe violations on either tab", async ({ page, world }) => {
    await test.step("the dashboard card leads here; Long Term lists each long-term medicine with its details; names link out in a new tab; no axe violations", async () => {
      await openSignedIn(page, world.user("solo"), "/", "Dashboard");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Long Term Medications" }) });
      await card.getByRole("link").click();
      await expect(page).toHaveURL(/\/medications$/);
      await expect(page.getByRole("heading", { name: "Medications", level: 1 })).toBeVisible();
      const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
      await expect(breadcrumb.getByRole("link", { name: "Dashboard" })).toBeVisible();
      await expect(breadcrumb.getByText("Medications")).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("tab", { name: "Long Term" })).toHaveAttribute("aria-selected", "true");

      const headers = await table(page, "Long term medicines").getByRole("columnheader").allInnerTexts();
      expect(headers.slice(1)).toEqual(["Medicine", "Dose", "Instructions", "Quantity", "Prescriber", "Prescribed", "Ends"]);
      const rows = rowsOf(page, "Long term medicines");
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const cells = await rows.nth(i).getByRole("cell").allInnerTexts();
        // checkbox, dose, instructions, quantity, prescriber, prescribed, ends
        expect(cells[1]).toMatch(/^\d+(\.\d+)? (mg|microgram)$/);
        expect(cells[2].length).toBeGreaterThan(5);
        expect(cells[3]).toMatch(/^\d+$/);
        expect(cells[4]).toMatch(/^Dr /);
        expect(cells[5]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(cells[6]).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        await expect(rows.nth(i).getByRole("rowheader")).toContainText("Long term");
      }
      const link = rows.first().getByRole("link");
      await expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
      await expect(link).toHaveAttribute("href", /^https:\/\/www\.nzf\.org\.nz\/nzf\/search\?q=\d+$/);
      // Long Term is the all list (TypeID 1) of 50 a page, its long-term medicines shown.
      const [call] = await medicineCalls(world);
      expect(call.query).toMatchObject({ TypeID: "1", PageSize: "50", PageNumber: "1" });
      // The dashboard's count is the number listed.
      await page.goto("/");
      await expect(card).toContainText(`${count} long term medications`);
      // Back loads the medications document again (or restores it): axe runs once that page is settled,
      // never while the browser is still changing documents.
      await page.goBack();
      await expect(page).toHaveURL(/\/medications$/);
      await expect(page.getByRole("heading", { name: "Medications", level: 1 })).toBeVisible();
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    });

    await test.step("History: All, Recent and Repeated, kept in the address; back shows the view before; no axe violations", async () => {
      const longTerm = await names(page, "Long term medicines");
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page).toHaveURL(/\/medications\?tab=history$/);
      await expect(page.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
      const all = await names(page, "All medicines");
      // History shows every medicine: the long-term ones and the short courses.
      expect(all.length).toBeGreaterThan(longTerm.length);
      for (const name of longTerm) expect(all).toContain(name);
      await expect(page.getByText(`Showing ${all.length} of ${all.length} medicines`)).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole("link", { name: "Recent" }).click();
      await expect(page).toHaveURL(/\/medications\?tab=history&list=recent$/);
      await expect(page.getByRole("link", { name: "Recent" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("region", { name: "Recent medicines" }).or(page.getByText(t.noRecords))).toBeVisible();

      await page.getByRole("link", { name: "Repeated" }).click();
      await expect(page).toHaveURL(/\/medications\?tab=history&list=repeated$/);
      await expect(page.getByRole("region", { name: "Repeated medicines" }).or(page.getByText(t.noRecords))).toBeVisible();
      // Back shows the view before. (A reload's view is the loader's reading of the address: repeat-action.test.ts ›
      // the medications page's loader; /medication's, › the old address.)
      await page.goBack();
      await expect(page).toHaveURL(/\/medications\?tab=history&list=recent$/);
      await expect(page.getByRole("link", { name: "Recent" })).toHaveAttribute("aria-current", "page");
    });
  });

  test("the empty account: No Records Found on both tabs", async ({ page, world }) => {
    await openMedications(page, world.user("empty"));
    await expect(page.getByText(t.noRecords, { exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page).toHaveURL(/tab=history/);
    await expect(page.getByText(t.noRecords, { exact: true })).toBeVisible();
    // Nothing to repeat: the rule says so.
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    await expect(page.getByText(t.selectOne)).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

});

forEachPractice("medications: a repeat request", (practice) => {
  /**
   * The practice's reply as the dialog shows it: ours word for word; the spec practice's may carry markup
   * and macrons around the same words (the room the spec leaves, decisions/396), shown as text, never as markup.
   */
  async function expectReply(status: Locator, words: string) {
    if (practice === "mock") return expect(status).toHaveText(words);
    await expect(status).toContainText(words);
    await expect(status.locator("b, i, script")).toHaveCount(0);
  }

  test("pick up, by keyboard: the notice, the request sent as pick up, the practice's reply in the Medication dialog", async ({ page, world }) => {
    // Pick up is a choice beside delivery to a pharmacy, a practice setting a spec practice may leave off (room seed 5).
    await world.settingsAsOurs();
    await openMedications(page, world.user("solo"));
    const [first, second] = await names(page, "Long term medicines");
    await page.getByRole("checkbox", { name: `Select ${first}` }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("checkbox", { name: `Select ${second}` }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByText("2 medicines selected.")).toBeVisible();
    await page.getByRole("button", { name: "Repeat", exact: true }).focus();
    await page.keyboard.press("Enter");
    const dialog = dialogNamed(page, "Request repeat medication");
    await expect(dialog.getByRole("list", { name: "Medicines to repeat (2)" }).getByRole("listitem")).toHaveCount(2);
    // The practice's repeat-medication notice (the default scenario's own text).
    await expect(dialog.getByText(/two working days after your request/)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Pick up from the practice" })).toBeChecked();
    await expect(dialog.getByText("Urgent requests are processed the same working day")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Send request" }).press("Enter");

    const reply = dialogNamed(page, "Medication");
    await expectReply(reply.getByRole("status"), "Your repeat prescription request for 2 medicines has been received. It will be ready to collect from the practice.");
    await expectNoAxeViolations(page);
    const [post] = await repeatPosts(world);
    expect(post.body).toMatchObject({ PickUpTypeID: 1, IsUrgent: false, IgnoreLeave: false });
    expect(String((post.body as { MedicationID: string }).MedicationID).split(",")).toHaveLength(2);
    // The practice's record of what it received (the QA read).
    const received = await world.repeatRequests();
    expect(received).toEqual([expect.objectContaining({ medicines: [first, second].sort(), delivery: "pickup", pharmacy: null, outcome: "sent" })]);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // A sent request starts afresh.
    await expect(page.getByText("Select medicines to repeat or print.")).toBeVisible();
  });

  test("pharmacy: Please select pharmacy when none could be chosen; the preferred one preselected; search; urgent; sent with the practice's name; then a failed send keeps the dialog and every choice, and Try again sends once", async ({ page, world }) => {
    await test.step("pharmacy: Please select pharmacy when none could be chosen; the preferred one preselected; search; urgent; sent with the practice's name", async () => {
      // Delivery to a pharmacy is a practice setting, which a spec practice may leave off (room seed 5).
      await world.settingsAsOurs();
      await world.fault({ path: "Patient/Pharmacies", status: 503, times: 1 });
      await openMedications(page, world.user("solo"));
      const [first] = await names(page, "Long term medicines");
      const dialog = await openRepeat(page, first);
      await dialog.getByRole("radio", { name: "Send to a pharmacy" }).check();
      await expect(dialog.getByText(t.pharmaciesFailed)).toBeVisible();
      await dialog.getByRole("button", { name: "Send request" }).click();
      await expect(dialog.getByText(t.selectPharmacy)).toBeVisible();
      expect(await repeatPosts(world)).toEqual([]);
      // This state's parts are scanned elsewhere at 1280 px: a field's error (the outstanding balance's), the failure
      // box with a secondary button (the failed send's, below).

      await dialog.getByRole("button", { name: "Load the pharmacies again" }).click();
      const pharmacies = dialog.getByRole("radiogroup", { name: "Pharmacy" });
      const preferred = pharmacies.getByRole("radio", { checked: true });
      await expect(preferred).toHaveCount(1);
      await expect(pharmacies.getByText("(your preferred pharmacy)")).toBeVisible();
      // Searching narrows the list; the chosen one stays shown. The spec practice may send a pharmacy
      // without its name or with markup (decisions/396): one it names plainly is searched for there.
      const plainName = async () => (await pharmacies.locator("label").allInnerTexts()).map((n) => n.trim()).find((n) => /^[A-Z][\w ]+$/.test(n) && n !== "Not recorded")!;
      const query = practice === "mock" ? "chemist warehouse" : await plainName();
      await dialog.getByLabel("Search pharmacies by name").fill(query);
      if (practice === "mock") await expect(pharmacies.getByRole("radio")).toHaveCount(2);
      else await expect(pharmacies.getByRole("radio", { checked: false })).toHaveCount(1);
      const warehouse = practice === "mock" ? pharmacies.getByRole("radio", { name: /^Chemist Warehouse/ }) : pharmacies.getByRole("radio", { name: query, exact: true });
      const chosenName = (await warehouse.locator("xpath=..").innerText()).trim();
      await warehouse.check();
      await dialog.getByRole("checkbox", { name: "This request is urgent" }).check();
      await dialog.getByLabel("Notes for the practice (optional)").fill("Before Friday please");
      // The pharmacy list with one chosen and the checkboxes: scanned at 1280 px by the repeat-settings test below.
      await dialog.getByRole("button", { name: "Send request" }).click();

      const reply = dialogNamed(page, "Medication");
      await expectReply(reply.getByRole("status"), `Your repeat prescription request for 1 medicine has been received. It will be sent to ${chosenName}.`);
      const [post] = await repeatPosts(world);
      expect(post.body).toMatchObject({ PickUpTypeID: 2, PharmacyName: chosenName, IsUrgent: true, IsPreferredPharmacy: false, Notes: "Before Friday please" });
      await reply.getByRole("button", { name: "Close" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });

    await test.step("a failed send keeps the dialog and every choice, and Try again sends once", async () => {
      await world.fault({ path: "Patient/SendRepeatMedicationRequest", method: "POST", status: 503, times: 1 });
      const [first, second] = await names(page, "Long term medicines");
      const dialog = await openRepeat(page, first, second);
      await dialog.getByRole("radio", { name: "Send to a pharmacy" }).check();
      const pharmacies = dialog.getByRole("radiogroup", { name: "Pharmacy" });
      await pharmacies.getByRole("radio").nth(2).check();
      await dialog.getByLabel("Notes for the practice (optional)").fill("Thank you");
      await dialog.getByRole("button", { name: "Send request" }).click();

      await expect(dialog.getByRole("alert").filter({ hasText: "Your request was not sent" })).toContainText(t.sendFailed);
      await expect(dialog.getByRole("list", { name: "Medicines to repeat (2)" })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: "Send to a pharmacy" })).toBeChecked();
      await expect(pharmacies.getByRole("radio").nth(2)).toBeChecked();
      await expect(dialog.getByLabel("Notes for the practice (optional)")).toHaveValue("Thank you");
      await expectNoAxeViolations(page);

      await dialog.getByRole("button", { name: "Try again" }).click();
      await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText("has been received");
      const posts = await repeatPosts(world);
      expect(posts.map((p) => p.status)).toEqual([200, 503, 200]);
      expect(await world.repeatRequests()).toHaveLength(2);
    });
  });
});

forEachPractice("medications: a request nobody knows arrived (issue 36)", () => {
  test("a lost reply: the dialog says it is not known, keeps every choice locked, never resends the same attempt, and sends again only when asked; no axe violations", async ({ page, world }) => {
    await world.fault({ path: "Patient/SendRepeatMedicationRequest", method: "POST", body: "lost-reply", times: 1 });
    await openMedications(page, world.user("solo"));
    const [first] = await names(page, "Long term medicines");
    const dialog = await openRepeat(page, first);
    await dialog.getByLabel("Notes for the practice (optional)").fill("Thank you");
    await dialog.getByRole("button", { name: "Send request" }).click();

    const status = dialog.getByRole("status").filter({ hasText: t.unconfirmedTitle });
    await expect(status).toContainText(t.unconfirmed);
    await expect(dialog.getByText("Your request was not sent")).toHaveCount(0);
    await expect(dialog.getByLabel("Notes for the practice (optional)")).toHaveValue("Thank you");
    await expect(dialog.getByLabel("Notes for the practice (optional)")).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Send request" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Closed and sent again, the same attempt is not resent: the portal cannot ask the practice.
    await dialog.getByRole("button", { name: t.close, exact: true }).last().click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(status).toBeVisible();
    expect(await world.repeatRequests()).toHaveLength(1);

    await dialog.getByRole("button", { name: t.sendAgainAnyway }).click();
    await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText("has been received");
    expect(await world.repeatRequests()).toHaveLength(2);
  });
});

test.describe("an outstanding balance", () => {
  test.use({ worldOptions: { scenario: "outstanding-balance" } });

  // A pharmacy allowed while owing: repeat-action.test.ts › outstanding balance: pick up is refused before the practice is asked; a pharmacy is allowed.
  test("owing, the request starts on pharmacy; pick up is refused before anything is sent, with a link to pay the account", async ({ page, world }) => {
    await openMedications(page, world.user("solo"));
    const [first] = await names(page, "Long term medicines");
    const dialog = await openRepeat(page, first);
    // Owing, the request starts on pharmacy; choosing pick up is refused before anything is sent.
    await expect(dialog.getByRole("radio", { name: "Send to a pharmacy" })).toBeChecked();
    await dialog.getByRole("radio", { name: "Pick up from the practice" }).check();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialog.getByText(t.outstandingBalance)).toBeVisible();
    expect(await repeatPosts(world)).toEqual([]);
    await expectNoAxeViolations(page);
    await dialog.getByRole("link", { name: "Pay your account" }).click();
    await expect(page.getByRole("heading", { name: "Accounts", level: 1 })).toBeVisible();
  });
});

test.describe("the prescriber on leave", () => {
  test.use({ worldOptions: { scenario: "provider-on-leave" } });

  test("302: the further choice; going back keeps the request; resending goes with IgnoreLeave", async ({ page, world }) => {
    await openMedications(page, world.user("solo"));
    await page.getByRole("checkbox", { name: "Select all medicines shown" }).check();
    await page.getByRole("button", { name: "Repeat", exact: true }).click();
    const dialog = dialogNamed(page, "Request repeat medication");
    await dialog.getByRole("button", { name: "Send request" }).click();

    const leave = dialogNamed(page, "Your doctor is on leave");
    await expect(leave.getByRole("alert")).toContainText(/^Dr .+ is on leave\./);
    await expectNoAxeViolations(page);
    await leave.getByRole("button", { name: "Go back to the request" }).click();
    await expect(dialog.getByRole("button", { name: "Send request" })).toBeVisible();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await leave.getByRole("button", { name: "Send to another doctor" }).click();
    await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText("has been received");
    const posts = await repeatPosts(world);
    expect(posts.map((p) => (p.body as { IgnoreLeave: boolean }).IgnoreLeave)).toEqual([false, false, true]);
    expect((await world.repeatRequests()).map((r) => r.outcome)).toEqual(["on-leave", "on-leave", "sent"]);
  });
});

test.describe("printing and choosing", () => {
  // A repeat request posted from another site: request-hardening.test.ts › a repeat-medication step posted from another site.
  // A failed load's page, and its Retry bringing the medicines back: every-area.spec.ts › Medications (/medications).
  // Repeat with nothing chosen (Select at least one Medicine, no dialog): the empty account's test above.
  test("Print prints a clean A4 list of the chosen medicines, or of all, with the patient's name, NHI and the date; Cancel closes the repeat dialog, gives the focus back to Repeat and keeps the choice; a choice survives a change of tab", async ({ page, world }) => {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await openMedications(page, world.user("solo"));
    const all = await names(page, "Long term medicines");
    await test.step("Print prints a clean A4 list of the chosen medicines, or of all, with the patient's name, NHI and the date", async () => {
      // Whose record it is, as the header shows it: the printout must say the same.
      const header = page.getByRole("banner");
      const patientName = (await header.getByRole("definition").nth(0).innerText()).trim();
      const nhi = (await header.getByRole("definition").nth(1).innerText()).trim();
      expect(nhi).toMatch(/^[A-Z]{3}\d{2}[A-Z\d]{2}$/);

      await page.getByRole("button", { name: "Print all" }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
      await page.emulateMedia({ media: "print" });
      const printed = page.getByRole("region", { name: "Printed medication list" });
      await expect(printed).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main menu" })).toBeHidden();
      await expect(page.getByRole("tablist")).toBeHidden();
      await expect(printed.getByRole("row")).toHaveCount(all.length + 1);
      const bytes = await page.pdf({ preferCSSPageSize: true });
      const sheet = (await PDFDocument.load(bytes)).getPage(0).getSize();
      expect([Math.round(sheet.width), Math.round(sheet.height)]).toEqual([595, 842]);
      const pdf = await readPdf(bytes);
      expect(pdf.text).toContain(patientName);
      expect(pdf.text).toContain(`NHI ${nhi}`);
      const today = new Intl.DateTimeFormat("en-GB", { timeZone: "Pacific/Auckland", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date()).replaceAll("/", "-");
      expect(pdf.text).toContain(`Printed ${today}`);
      for (const name of all) expect(pdf.text.replace(/\s+/g, " ")).toContain(name);
      // Paper, not the screen: no menu, no tabs, no checkboxes, no buttons.
      expect(pdf.text).not.toMatch(/Long Term|History|Repeat|Select all/);
      await page.emulateMedia({ media: "screen" });
      await expect(printed).toBeHidden();

      await page.getByRole("checkbox", { name: `Select ${all[0]}` }).check();
      await page.getByRole("button", { name: "Print selected (1)" }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(2);
      await page.emulateMedia({ media: "print" });
      await expect(printed.getByRole("row")).toHaveCount(2);
      await expect(printed.getByRole("cell", { name: all[0] })).toBeVisible();
      await page.emulateMedia({ media: "screen" });
    });

    await test.step("Cancel closes the repeat dialog, gives the focus back to Repeat and keeps the choice; a choice survives a change of tab", async () => {
      // The medicine chosen to print is the one chosen to repeat.
      const [first] = all;
      const dialog = await openRepeat(page, first);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Repeat", exact: true })).toBeFocused();
      await page.getByRole("tab", { name: "History" }).click();
      await expect(page.getByRole("checkbox", { name: `Select ${first}` })).toBeChecked();
      await expect(page.getByText("1 medicine selected.")).toBeVisible();
      await page.getByRole("button", { name: "Repeat", exact: true }).click();
      await expect(dialogNamed(page, "Request repeat medication").getByRole("list", { name: "Medicines to repeat (1)" })).toContainText(first);
      expect(await repeatPosts(world)).toEqual([]);
    });
  });
});

// A family member chosen at sign-in, every call and the request naming the member: repeat-action.test.ts › a family member's medicines.

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("at 390 px each medicine is a card with its instructions in view, nothing scrolls sideways, the dialog fits; a request nobody knows arrived has the focus on its explanation, and Send it again anyway is reached by keyboard", async ({ page, world }) => {
    await world.fault({ path: "Patient/SendRepeatMedicationRequest", method: "POST", body: "malformed", times: 1 });
    await openMedications(page, world.user("solo"));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Cards, not a table scrolling in a box: every field of every medicine is inside the screen's width.
    await expect(page.getByRole("table")).toHaveCount(0);
    const cards = page.getByRole("list", { name: "Long term medicines" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    const [first] = await names(page, "Long term medicines");
    const card = cards.filter({ has: page.getByRole("link", { name: new RegExp(`^${first}`) }) });
    await expect(card.getByRole("term")).toHaveText(["Dose", "Instructions", "Quantity", "Prescriber", "Prescribed", "Ends"]);
    const instructions = card.getByRole("definition").nth(1);
    await expect(instructions).not.toBeEmpty();
    await expect(instructions).toBeInViewport();
    for (const field of await cards.getByRole("definition").all()) {
      const box = (await field.boundingBox())!;
      expect(box.x + box.width, "a field inside 390 px").toBeLessThanOrEqual(390);
    }
    const dialog = await openRepeat(page, first);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await dialog.getByRole("radio", { name: "Send to a pharmacy" }).check();
    await expect(dialog.getByRole("radiogroup", { name: "Pharmacy" })).toBeVisible();
    // This state's axe scan at 390 px: long-dialogs.spec.ts › the repeat medication request.

    // Sent (to pick up) and answered with what nobody can read: whether it arrived is not known.
    await dialog.getByRole("radio", { name: "Pick up from the practice" }).check();
    await dialog.getByRole("button", { name: "Send request" }).click();
    const status = dialog.getByRole("status").filter({ hasText: t.unconfirmedTitle });
    await expect(status).toBeVisible();
    await expect(page.locator(":focus")).toContainText(t.unconfirmedTitle);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const fits = (await dialog.boundingBox())!;
    expect(fits.x + fits.width).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: t.sendAgainAnyway })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText("has been received");
    expect(await world.repeatRequests()).toHaveLength(1);
  });
});

test.describe("a practice with its own repeat settings", () => {
  test.use({ worldOptions: { scenario: "repeat-settings" } });

  test("no pick-up choice, a pharmacy mandatory, fax offered, no urgent option, and the default notice when the practice wrote none", async ({ page, world }) => {
    await openMedications(page, world.user("solo"));
    const [first] = await names(page, "Long term medicines");
    const dialog = await openRepeat(page, first);
    await expect(dialog.getByText(t.defaultNotice)).toBeVisible();
    await expect(dialog.getByRole("radio", { name: "Pick up from the practice" })).toHaveCount(0);
    await expect(dialog.getByText("The prescription will be sent to the pharmacy you choose.")).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: "This request is urgent" })).toHaveCount(0);
    const pharmacies = dialog.getByRole("radiogroup", { name: "Pharmacy" });
    await expect(pharmacies.getByRole("radio", { checked: true })).toHaveCount(1);
    await dialog.getByRole("checkbox", { name: "Fax the prescription to the pharmacy" }).check();
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText("It will be sent to");
    const [post] = await repeatPosts(world);
    expect(post.body).toMatchObject({ PickUpTypeID: 2, IsUrgent: false, IsPreferredPharmacy: true, Notes: "Please fax the prescription to the pharmacy." });
  });
});

test.describe("medications of a large record", () => {
  test.use({ worldOptions: { scenario: "many-records" } });

  test("History pages by 50 with \"more\", kept in the address; the 1,965 pharmacies stay quick to search", async ({ page, world }) => {
    await openMedications(page, world.user("many"), "?tab=history");
    await expect(rowsOf(page, "All medicines")).toHaveCount(50);
    const total = Number((await page.getByText(/^Showing 50 of \d+ medicines$/).innerText()).match(/of (\d+)/)![1]);
    expect(total).toBeGreaterThan(100);
    await page.getByRole("link", { name: "Show more medicines" }).click();
    await expect(page).toHaveURL(/\/medications\?tab=history&pages=2$/);
    // Its 100 read again from the address (a reload): repeat-action.test.ts › a large record's medicines.
    await expect(rowsOf(page, "All medicines")).toHaveCount(100);

    // Long Term reads every page of the all list at once (the pages asked for: repeat-action.test.ts › a large
    // record's medicines) and has no "more".
    await page.getByRole("tab", { name: "Long Term" }).click();
    await expect(page.getByRole("tab", { name: "Long Term" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("link", { name: "Show more medicines" })).toHaveCount(0);
    const [first] = await names(page, "Long term medicines");
    const dialog = await openRepeat(page, first);
    await dialog.getByRole("radio", { name: "Send to a pharmacy" }).check();
    await expect(dialog.getByText("1,965 pharmacies match; the first 30 are shown. Type more of the name to narrow the list.")).toBeVisible();
    // Typed a key at a time, as a person types: every key is kept and the list follows the words.
    const search = dialog.getByLabel("Search pharmacies by name");
    await search.pressSequentially("unichem nelson", { delay: 20 });
    await expect(search).toHaveValue("unichem nelson");
    const matches = dialog.getByRole("radiogroup", { name: "Pharmacy" }).getByRole("radio", { checked: false });
    await expect(matches.first()).toHaveAccessibleName(/^Unichem .*Nelson/);
    await matches.first().check();
    await dialog.getByRole("button", { name: "Send request" }).click();
    await expect(dialogNamed(page, "Medication").getByRole("status")).toContainText(/It will be sent to Unichem .*Nelson/);
  });
});
