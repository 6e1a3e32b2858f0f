import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { builtAreas } from "~/lib/areas";
import { kb, measurePages, ON_DEMAND_ONLY, onDemandCodeIn, overBudget, TEMPORARY_CEILINGS, tooManyScripts, type PageLoad } from "../../bench/first-load";

/**
 * The byte budgets (issues 12 and 35) on the built portal (`npm test` builds before Vitest), measured
 * from the build alone: the JavaScript a page needs before it runs, gzip, every page of the route
 * manifest included, so a new screen is held to its budget the day its route is added. That is the
 * floor of what a browser fetches; the budgets themselves hold what the browser fetches until the
 * network is quiet (e2e/first-load.spec.ts, decisions/345), which also says when a temporary ceiling
 * can go. Byte sizes do not depend on the machine, so unlike timings they can fail a test. The
 * measures are bench/first-load.ts.
 */
const client = path.resolve(import.meta.dirname, "../../build/client");
/** The te reo build's (decisions/403): held to the same budgets, its words in place of English. */
const teReoClient = path.resolve(import.meta.dirname, "../../build/mi/client");
let pages: PageLoad[];
let teReoPages: PageLoad[];

beforeAll(async () => {
  for (const folder of [client, teReoClient]) if (!existsSync(folder)) throw new Error(`No build at ${folder}: run \`npm run build\` first (npm test does).`);
  [pages, teReoPages] = await Promise.all([measurePages(client), measurePages(teReoClient)]);
});

describe("first-load JavaScript budgets (issues 12 and 35), from the build", () => {
  it("finds the pages a browser can land on", () => {
    const urls = pages.map((p) => p.url);
    expect(urls).toEqual(expect.arrayContaining(["/login", "/", "/profile", "/accounts", "/signup", "/forgetPassword", "/resetpassword", "/preview"]));
    // Every part-2 screen the registry has built is a page the budget holds.
    expect(urls).toEqual(expect.arrayContaining(builtAreas().map((area) => area.path)));
    // Resource routes (actions and documents) are not pages.
    expect(urls).not.toContain("/login/flow");
    expect(urls).not.toContain("/accounts/pay");
  });

  it("keeps every page within its budget, in English and in te reo", () => {
    const report = pages.map((p) => `${p.url} ${kb(p.gzipBytes)}`).join(", ");
    expect(overBudget(pages), report).toEqual([]);
    const teReoReport = teReoPages.map((p) => `${p.url} ${kb(p.gzipBytes)}`).join(", ");
    expect(teReoPages.map((p) => p.url)).toEqual(pages.map((p) => p.url));
    expect(overBudget(teReoPages), `te reo: ${teReoReport}`).toEqual([]);
  });

  it("keeps every page's first load to a few script files", () => {
    expect(tooManyScripts(pages), pages.map((p) => `${p.url} ${p.scripts.length}`).join(", ")).toEqual([]);
  });

  it("lists temporary ceilings only for pages that exist (e2e/first-load.spec.ts says when one can go)", () => {
    for (const url of Object.keys(TEMPORARY_CEILINGS)) expect(pages.map((p) => p.url), `temporary ceiling for a page that does not exist: ${url}`).toContain(url);
  });

  it("keeps pdf.js (react-pdf), the card SDK and the video SDK out of every page's first load", () => {
    expect(pages.flatMap((p) => onDemandCodeIn(client, p).map((found) => `${p.url}: ${found}`))).toEqual([]);
  });

  it("recognises the Zoom SDK in both its views, and finds it only in the video client's on-demand chunk", () => {
    const zoom = ON_DEMAND_ONLY.find((o) => o.name === "Zoom meeting SDK")!;
    const sdk = path.resolve(import.meta.dirname, "../../zoom-client/node_modules/@zoom/meetingsdk/dist");
    for (const view of ["zoomus-websdk.umd.min.js", "zoomus-websdk-embedded.umd.min.js"]) expect(zoom.marker.test(readFileSync(path.join(sdk, view), "utf8")), view).toBe(true);
    // The video client's build (decisions/130): its page loads a few KB; the SDK waits for Start Meeting.
    const assets = path.resolve(import.meta.dirname, "../../zoom-client/dist/assets");
    const withSdk = readdirSync(assets).filter((f) => f.endsWith(".js") && zoom.marker.test(readFileSync(path.join(assets, f), "utf8")));
    expect(withSdk).toEqual([expect.stringMatching(/^sdk-[\w-]+\.js$/)]);
    const html = readFileSync(path.resolve(assets, "../index.html"), "utf8");
    expect(html).not.toMatch(/sdk-[\w-]+\.js/);
    expect(pages.map((p) => p.url)).toContain("/zoom");
  });
});
