import { createServer, type AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { MOCK_PORT } from "../playwright.config";
import { startPortalProcess, type PortalProcess } from "../tests/helpers/portal-process";
import { expect, signInDirectly, test } from "./fixtures";
import { practiceStrings } from "./practice-strings";
import { LANGUAGE_COOKIE } from "~/lib/language";
import { PLAIN_WORD, pseudoWords } from "../scripts/pseudo-language";
import { BROWSERS, PLATFORMS } from "~/.server/portal-store/schema";

/**
 * The pseudo-language walk (issue 69, decisions/403): a portal serving the pseudo-language build as its
 * te reo (PORTAL_PSEUDO=1, `npm run build:pseudo`), where every catalogue word has its letters accented.
 * Every screen is walked, and any text a person reads or hears that still has plain letters came from
 * no catalogue: the test names it. What the practice wrote is exempt where the page marks it as the
 * practice's (`lang="en"`, or `translate="no"` for a name), as a te reo page must for a screen reader.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The texts of the page that hold plain letters once the practice's strings are taken out and what is
 * marked as the practice's is left aside: each with its element, for the failure to name.
 */
async function plainWords(page: Page, practice: readonly string[]): Promise<string[]> {
  return page.evaluate(([pattern, practice]) => {
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const practiceWords = practice.length > 0 ? new RegExp(practice.map(escape).join("|"), "gi") : null;
    const plainPattern = new RegExp(pattern);
    // An address (a website, an e-mail) is no word of any language.
    const address = /[\w.+-]*[\w-]+(\.[\w-]+)+/g;
    const plain = { test: (text: string) => plainPattern.test((practiceWords ? text.replace(practiceWords, " ") : text).replace(address, " ")) };
    const exempt = (element: Element | null) => element?.closest('[lang^="en"], [translate="no"], script, style, noscript, template') != null;
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

test.describe("the pseudo-language", () => {
  let portal: PortalProcess;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    portal = await startPortalProcess(await freePort(), { PRACTICE_IDENTITY_URL: `http://127.0.0.1:${MOCK_PORT}`, PORTAL_PSEUDO: "1", LOG_LEVEL: "warn" });
  });
  test.afterAll(async () => {
    await portal?.stop();
  });

  test("the sign-in page and every screen show no word that comes from no catalogue", async ({ browser, world }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ baseURL: portal.url });
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: "mi", url: portal.url }]);
    const page = await context.newPage();
    const pages: Record<string, string> = {};
    await page.goto("/login");
    await expect(page.getByRole("button", { name: pseudoWords("Login") })).toBeVisible();
    pages["/login"] = await page.content();
    const user = world.user("solo");
    await signInDirectly(page, user);
    for (const path of ["/", "/profile", "/medications", "/reports", "/emails", "/appointments", "/diagnosis", "/allergies", "/immunisation", "/vitals", "/timeline", "/reminders", "/resources", "/letters", "/accounts", "/access-record", "/sharing", "/summary"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.waitForLoadState("networkidle");
      pages[path] = await page.content();
    }
    // Each page is read again once the practice's strings are known (a fresh page of the same HTML, no scripts).
    // Names of products (a device's browser and system, decisions/295) are no one's words to translate either.
    const practice = [...(await practiceStrings(world, user)), ...BROWSERS, ...PLATFORMS].sort((a, b) => b.length - a.length);
    const seen: Record<string, string[]> = {};
    for (const [path, html] of Object.entries(pages)) {
      await page.route(`${portal.url}/__walk`, (route) => route.fulfill({ contentType: "text/html", body: html.replace(/<script\b[\s\S]*?<\/script>/gi, "") }));
      await page.goto("/__walk");
      seen[path] = await plainWords(page, practice);
      await page.unroute(`${portal.url}/__walk`);
    }
    await context.close();
    expect(Object.fromEntries(Object.entries(seen).filter(([, found]) => found.length > 0))).toEqual({});
  });
});
