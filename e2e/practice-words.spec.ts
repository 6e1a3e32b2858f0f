import type { Browser, Page } from "@playwright/test";
import { expect, signInDirectly, test, type World } from "./fixtures";
import { practiceFields } from "./practice-strings";
import { builtAreas } from "~/lib/areas";
import { LANGUAGE_COOKIE } from "~/lib/language";
import { reportsTexts } from "~/lib/texts/reports.mi";
import { profileTexts } from "~/areas/profile/texts.mi";

/**
 * The practice's words inside a te reo page (issue 69, decisions/403 "The practice's words"): every text
 * the practice wrote in English that the page shows whole (a medication, a result, a message's subject
 * and body, a letter's title…) is inside an element marked `lang="en"`, so that a screen reader reads it
 * as English and not by te reo's rules. An English page marks nothing: its `<html lang>` says it all.
 */

/** The fields of the practice's replies that hold its free text (an extension's url, or a key with its parent's). */
const FREE_TEXT = new Set([
  // Medications: the medicine, its instructions, how long.
  "coding.display",
  "dosageInstruction.text",
  "Period",
  // Diagnoses and allergies: names, reactions, notes; and a message's subject (note.text).
  "code.text",
  "manifestation.text",
  "note.text",
  // Immunisations.
  "VaccineName",
  "Indication",
  "Message",
  // Test results.
  "resource.description",
  "Comments",
  "LaboratoryName",
  "FolderName",
  "ObservationText",
  "ObservationSummary",
  // Messages, reminders, resources, letters, invoices, appointments.
  "MessageBody",
  "Description",
  "Title",
  "content.title",
  "attachment.title",
  "Notes",
  "InvoiceType",
  "AppointmentType",
  "CancelReason",
  // The practice's settings (instructions, disclaimers) and its terms of use.
  "Lookup/LoadPracticeSetting.value",
  "Patient/TermsAndCondition",
]);

/** The practice's free-text strings of two words or more, as a text node holds them (spaces run together). */
async function freeTexts(world: World, user: Parameters<typeof practiceFields>[1]): Promise<string[]> {
  const fields = await practiceFields(world, user);
  // Contacts' relationships are coding.display too: words of the practice's lists, not free text.
  // A name (a person's, the practice's, a place's) is read in the page's language wherever it stands, free text too.
  const names = new Set(fields.filter((s) => /(^|\.)name(\.|$)|Name$|display$/i.test(s.field) && !FREE_TEXT.has(s.field)).map((s) => s.value));
  const strings = fields.filter((s) => FREE_TEXT.has(s.field) && s.call !== "Patient" && !names.has(s.value)).map((s) => s.value.replace(/\s+/g, " ").trim());
  return [...new Set(strings.filter((s) => s.split(" ").length >= 2))];
}

/** A page's texts that are one of the practice's strings, marked and not: a text node, or an accessible name that is the string whole. */
async function practiceWordsOn(page: Page, practice: readonly string[]): Promise<{ marked: number; unmarked: string[] }> {
  return page.evaluate((practice) => {
    const strings = new Set(practice);
    const marked = (element: Element | null) => element?.closest('[lang="en"]') != null;
    const where = (element: Element) => `<${element.tagName.toLowerCase()}>`;
    const found = { marked: 0, unmarked: [] as string[] };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? "").replace(/\s+/g, " ").trim();
      if (!strings.has(text) || node.parentElement?.closest("script, style, noscript, template")) continue;
      if (marked(node.parentElement)) found.marked++;
      else found.unmarked.push(`${where(node.parentElement!)}: ${text.slice(0, 80)}`);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [alt]")) {
      for (const name of ["aria-label", "title", "alt"]) {
        const value = (element.getAttribute(name) ?? "").replace(/\s+/g, " ").trim();
        if (!strings.has(value)) continue;
        if (marked(element)) found.marked++;
        else found.unmarked.push(`${where(element)} ${name}: ${value.slice(0, 80)}`);
      }
    }
    return found;
  }, practice);
}

/** Every screen solo reaches: the dashboard, the profile and each built area. */
const SCREENS = ["/", "/profile", ...builtAreas().map((area) => area.path)];

/** The screens where solo's record shows the practice's free text (the dashboard, profile, vitals and the portal's own screens show none of two words or more). */
const SHOWING_PRACTICE_WORDS = ["/profile (the terms open)", "/medications", "/reports", "/reports (a result open)", "/emails", "/emails (a message open)", "/appointments", "/diagnosis", "/allergies", "/immunisation", "/timeline", "/reminders", "/resources", "/letters", "/accounts"];

async function signedInContext(browser: Browser, baseURL: string, language: "mi" | "en") {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL }]);
  return context;
}

test.describe("the practice's words", () => {
  test("in te reo, every text the practice wrote in English that a screen shows is marked lang=en", async ({ browser, world, baseURL }) => {
    test.setTimeout(120_000);
    const context = await signedInContext(browser, baseURL!, "mi");
    const page = await context.newPage();
    const user = world.user("solo");
    await signInDirectly(page, user);
    const pages: Record<string, string> = {};
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "mi");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      pages[path] = await page.content();
      if (path === "/profile") {
        // The practice's terms of use, in their dialog.
        await page.getByRole("button", { name: profileTexts.terms, exact: true }).click();
        await expect(page.getByRole("dialog", { name: profileTexts.terms })).toBeVisible();
        await expect(page.getByRole("dialog").getByRole("paragraph").first()).toBeVisible();
        pages["/profile (the terms open)"] = await page.content();
        await page.keyboard.press("Escape");
      }
      if (path === "/emails") {
        // One message opened: its subject and body (the practice's sanitised HTML).
        await page.getByRole("main").getByRole("listitem").filter({ has: page.getByRole("checkbox") }).first().getByRole("button").click();
        await expect(page).toHaveURL(/[?&]message=/);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeFocused();
        await page.waitForLoadState("networkidle");
        pages["/emails (a message open)"] = await page.content();
      }
      if (path === "/reports") {
        // One result opened: the test's name, its observations and the laboratory's comments.
        await page.getByRole("button", { name: new RegExp(`^${reportsTexts.viewResult}`) }).first().click();
        const dialog = page.getByRole("dialog");
        await expect(dialog).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expect(dialog.getByRole("status")).toHaveCount(0);
        pages["/reports (a result open)"] = await page.content();
      }
    }
    const practice = await freeTexts(world, user);
    expect(practice.length, "the practice sent solo free text to show").toBeGreaterThan(20);
    const unmarked: Record<string, string[]> = {};
    const marked: Record<string, number> = {};
    for (const [path, html] of Object.entries(pages)) {
      // Each page read again once the practice's strings are known: the same HTML, no scripts.
      await page.route(`${baseURL}/__practice-words`, (route) => route.fulfill({ contentType: "text/html", body: html.replace(/<script\b[\s\S]*?<\/script>/gi, "") }));
      await page.goto("/__practice-words");
      const found = await practiceWordsOn(page, practice);
      marked[path] = found.marked;
      if (found.unmarked.length > 0) unmarked[path] = found.unmarked;
      await page.unroute(`${baseURL}/__practice-words`);
    }
    await context.close();
    expect(unmarked).toEqual({});
    // The walk saw the practice's words where solo's record has them: a screen that showed none would prove nothing.
    expect(Object.keys(marked).filter((path) => marked[path] > 0)).toEqual(expect.arrayContaining(SHOWING_PRACTICE_WORDS));
  });

  test("in English, no screen marks the practice's words: the page's own language is theirs", async ({ browser, world, baseURL }) => {
    test.setTimeout(90_000);
    const context = await signedInContext(browser, baseURL!, "en");
    const page = await context.newPage();
    await signInDirectly(page, world.user("solo"));
    const marked: Record<string, number> = {};
    for (const path of SCREENS) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-NZ");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      marked[path] = await page.locator('body [lang="en"]').count();
    }
    await context.close();
    expect(Object.fromEntries(Object.entries(marked).filter(([, count]) => count > 0))).toEqual({});
  });
});
