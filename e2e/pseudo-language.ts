import type { BrowserContext, Page } from "@playwright/test";
import { MOCK_PORT, SMTP_PORT } from "../playwright.config";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { freePort } from "../tests/helpers/redis-server";
import { expect, expectNoAxeViolations, test, type World, type WorldUser } from "./fixtures";
import { practiceStrings } from "./practice-strings";
import { LANGUAGE_COOKIE } from "~/lib/language";
import { PLAIN_WORD, pseudoWords } from "../scripts/pseudo-language";
import { BROWSERS, PLATFORMS } from "~/.server/portal-store/schema";

/**
 * The pseudo-language walk's tools (issue 69, decisions/403), shared by e2e/pseudo-language.spec.ts's tests: a
 * portal serving the pseudo-language build as its te reo (PORTAL_PSEUDO=1, `npm run build:pseudo`), where every
 * catalogue word has its letters accented, so that any text a person reads or hears that still has plain letters
 * came from no catalogue. What the practice wrote is exempt where the page marks it as the practice's
 * (`lang="en"`, or `translate="no"` for a name), as a te reo page must for a screen reader.
 */

/** A name as the pseudo-language writes it, for a locator: matched as a substring, like a string name. */
export const p = pseudoWords;
/** A name that starts with these words in the pseudo-language. */
export const startsWith = (words: string) => new RegExp(`^${pseudoWords(words).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** Starts the portal that serves the pseudo-language as its te reo: once per file, in its beforeAll. */
export async function startPseudoPortal(): Promise<PortalProcess> {
  const port = await freePort();
  // Its own origin and the mock's mail catcher, so that passkeys and the e-mailed code are offered (a relying
  // party needs an origin, a code a way to send it) and their dialogs walked.
  return startPortalProcess(port, { PRACTICE_IDENTITY_URL: `http://127.0.0.1:${MOCK_PORT}`, PORTAL_PSEUDO: "1", LOG_LEVEL: "warn", PORTAL_ORIGIN: `http://localhost:${port}`, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` });
}

/** The portal's address as its browsers use it: its origin (PORTAL_ORIGIN, above). */
export const origin = (portal: PortalProcess) => portal.url.replace("127.0.0.1", "localhost");

/** A browser context on that portal with te reo chosen (the pseudo-language stands in for it), and its page. */
export async function pseudoPage(context: BrowserContext, portal: PortalProcess): Promise<Page> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: "mi", url: origin(portal) }]);
  return context.newPage();
}

/**
 * The texts of the page that hold plain letters once the practice's strings are taken out and what is
 * marked as the practice's is left aside: each with its element, for the failure to name.
 */
export async function plainWords(page: Page, practice: readonly string[]): Promise<string[]> {
  return page.evaluate(([pattern, practice]) => {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const practiceWords = practice.length > 0 ? new RegExp(practice.map(escape).join("|"), "gi") : null;
    const plainPattern = new RegExp(pattern);
    // An address (a website, an e-mail, a link with its scheme such as a share link's shlink:/…) is no word of any language.
    const address = /\b[a-z][a-z0-9+.-]*:\/\S+|[\w.+-]*[\w-]+(\.[\w-]+)+/gi;
    const withoutPractice = (text: string) => (practiceWords ? text.replace(practiceWords, " ") : text);
    // Each taken out first in turn: a practice's string may hold an address, and a long address (a share link's
    // base64) may hold a short practice string, which taken out first would cut it.
    const plain = { test: (text: string) => plainPattern.test(withoutPractice(text).replace(address, " ")) && plainPattern.test(withoutPractice(text.replace(address, " "))) };
    // What is in a field is the patient's own or prefilled for the practice (a booking's reason): a textarea's text
    // is its value, as an input's value is, which is not read either.
    const exempt = (element: Element | null) => element?.closest('[lang^="en"], [translate="no"], script, style, noscript, template, textarea') != null;
    const found: string[] = [];
    const where = (element: Element) => `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}>`;
    if (plain.test(document.title)) found.push(`<title>: ${document.title}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if (plain.test(text) && !exempt(node.parentElement)) found.push(`${where(node.parentElement!)}: ${text.trim().slice(0, 120)}`);
    }
    for (const element of document.body.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-description], [aria-valuetext]")) {
      if (exempt(element)) continue;
      for (const name of ["aria-label", "title", "placeholder", "alt", "aria-description", "aria-valuetext"]) {
        const value = element.getAttribute(name);
        if (value && plain.test(value)) found.push(`${where(element)} ${name}: ${value.slice(0, 120)}`);
      }
    }
    return found;
  }, [PLAIN_WORD.source, practice] as const);
}


/**
 * What a walk saw: each screen, dialog or state by its name, as the page's HTML while it was shown (a dialog
 * while open). They are read once the walk is over, when the practice's strings are known.
 */
export class Snapshots {
  readonly pages: Record<string, string> = {};
  /** The practice's strings read before the walk changed them (a payment that leaves no invoice pending). */
  readonly practice = new Set<string>();
  async readPractice(world: World, user: WorldUser) {
    for (const s of await practiceStrings(world, user)) this.practice.add(s);
  }
  /**
   * Keeps the state's HTML and scans it with axe (issue 69: every screen and dialog in te reo at 390 px and on a
   * desktop) at the width it is shown, then at the other one (1280 or 390 px) and back. `shownWidthOnly`, with
   * why, where a resize would change the state (a layout of one width); otherwise what was open must stay open.
   */
  async take(page: Page, name: string, { shownWidthOnly }: { shownWidthOnly?: string } = {}) {
    this.keep(name, await page.content());
    const shown = page.viewportSize()!;
    await test.step(`axe: ${name} at ${shown.width} px`, () => expectNoAxeViolations(page));
    if (shownWidthOnly) return;
    const open = page.locator('[role="dialog"]:visible, [role="alertdialog"]:visible, [role="menu"]:visible');
    const opened = await open.count();
    const other = shown.width > 390 ? { width: 390, height: 844 } : { width: 1280, height: 900 };
    await page.setViewportSize(other);
    await expect(open, `what was open in ${name}, at ${other.width} px`).toHaveCount(opened);
    await test.step(`axe: ${name} at ${other.width} px`, () => expectNoAxeViolations(page));
    await page.setViewportSize(shown);
  }
  /** HTML made by the test: words a person reads elsewhere than on a page (an e-mail). */
  keep(name: string, html: string) {
    if (name in this.pages) throw new Error(`Two snapshots named ${name}`);
    this.pages[name] = html;
  }
}

/**
 * Reads each snapshot again in a fresh page of the same context (its HTML, no scripts), once the practice's
 * strings are known (those it sent each user the walk signed in as), and expects none to show a plain word. Names of products (a device's browser and
 * system, decisions/295) are no one's words to translate either.
 */
export async function expectNoPlainWords(context: BrowserContext, portal: PortalProcess, world: World, users: WorldUser | WorldUser[], snapshots: Snapshots) {
  const strings = await Promise.all([users].flat().map((user) => practiceStrings(world, user)));
  // Names of products (a device's browser and system) are no one's words; "Another browser" and "another device" are the portal's.
  const products = [...BROWSERS, ...PLATFORMS].filter((name) => !/^another /i.test(name));
  const practice = [...new Set([...strings.flat(), ...snapshots.practice, ...products])].sort((a, b) => b.length - a.length);
  const page = await context.newPage();
  const seen: Record<string, string[]> = {};
  for (const [name, html] of Object.entries(snapshots.pages)) {
    await page.route(`${origin(portal)}/__walk`, (route) => route.fulfill({ contentType: "text/html; charset=utf-8", body: html.replace(/<script\b[\s\S]*?<\/script>/gi, "") }));
    await page.goto(`${origin(portal)}/__walk`);
    seen[name] = await plainWords(page, practice);
    await page.unroute(`${origin(portal)}/__walk`);
  }
  await page.close();
  expect(Object.fromEntries(Object.entries(seen).filter(([, found]) => found.length > 0))).toEqual({});
}
