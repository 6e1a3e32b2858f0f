import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { BUDGETS, budgetFor, ceilingsToRemove, firstLoadOf, KB, measurePages, onDemandCodeIn, overBudget, pagesOf, tooManyScripts, readBrowserManifest, type BrowserManifest } from "../../bench/first-load";

/**
 * The first-load measure and the budget check on a small fake build, so the check itself is shown to
 * fail when a page is over (the real build is checked in tests/integration/bundle-budgets.test.ts).
 */
const dir = mkdtempSync(path.join(tmpdir(), "first-load-"));
const assets = path.join(dir, "assets");
mkdirSync(assets);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Incompressible text of a given length, so a chunk's gzip size is close to its own size.
let seed = 1;
const noise = (length: number) =>
  Array.from({ length }, () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return String.fromCharCode(33 + (seed % 90));
  }).join("");
const chunk = (name: string, code: string, padding = 0) => writeFileSync(path.join(assets, name), `${code}\n/*${noise(padding).replaceAll("*/", "xx")}*/`);

chunk("entry-1.js", 'import{a}from"./react-1.js";a();', 100);
chunk("react-1.js", "export const a=()=>1;", 1000);
chunk("root-1.js", 'import"./react-1.js";', 10);
chunk("layout-1.js", 'export{b}from"./shared-1.js";', 10);
chunk("shared-1.js", 'import"./deep-1.js";export const b=2;', 10);
chunk("deep-1.js", "export const c=3;", 3000);
chunk("page-1.js", 'const v=()=>import("./viewer-1.js");export default v;', 10);
chunk("viewer-1.js", "globalThis.GlobalWorkerOptions={};", 5000);
chunk("login-1.js", 'import"./react-1.js";fetch("https://js.stripe.com/v3");', 10);

const manifest: BrowserManifest = {
  entry: { module: "/assets/entry-1.js", imports: ["/assets/react-1.js"] },
  routes: {
    root: { id: "root", path: "", hasDefaultExport: true, module: "/assets/root-1.js", imports: [] },
    "routes/login": { id: "routes/login", parentId: "root", path: "login", hasDefaultExport: true, module: "/assets/login-1.js" },
    "routes/login-flow": { id: "routes/login-flow", parentId: "root", path: "login/flow", hasDefaultExport: false, module: "/assets/react-1.js" },
    "routes/shell": { id: "routes/shell", parentId: "root", hasDefaultExport: true, module: "/assets/layout-1.js", imports: [] },
    "routes/dashboard": { id: "routes/dashboard", parentId: "routes/shell", index: true, hasDefaultExport: true, module: "/assets/page-1.js" },
    "routes/letters": { id: "routes/letters", parentId: "routes/shell", path: "letters", hasDefaultExport: true, module: "/assets/page-1.js" },
  },
};
writeFileSync(path.join(assets, "manifest-abc123.js"), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);

describe("first-load JavaScript of a built page", () => {
  it("reads React Router's browser manifest from the build", () => {
    expect(readBrowserManifest(dir)).toEqual(manifest);
  });

  it("lists every page from the manifest: layouts and resource routes are not pages, a new route is", () => {
    expect(pagesOf(manifest).map((p) => p.url)).toEqual(["/login", "/", "/letters"]);
    expect(pagesOf(manifest).find((p) => p.url === "/letters")?.routeIds).toEqual(["root", "routes/shell", "routes/letters"]);
  });

  it("counts the entry, every matched route's module and the static imports of each, not what is imported on demand", async () => {
    const letters = await firstLoadOf(dir, manifest, pagesOf(manifest)[2]);
    // shared and deep are in no manifest list: they are found by following layout-1's static imports.
    expect([...letters.scripts].sort()).toEqual(["/assets/deep-1.js", "/assets/entry-1.js", "/assets/layout-1.js", "/assets/page-1.js", "/assets/react-1.js", "/assets/root-1.js", "/assets/shared-1.js"]);
    // Each file gzipped on its own, as each is served; viewer-1's 5,000 characters are not in it.
    expect(letters.gzipBytes).toBe(letters.scripts.reduce((sum, s) => sum + gzipSync(readFileSync(path.join(dir, s))).length, 0));
    expect(letters.gzipBytes).toBeLessThan(4000);
  });

  it("names each on-demand library found in a page's first load", async () => {
    const [login, dashboard] = await measurePages(dir);
    expect(onDemandCodeIn(dir, login)).toEqual(["Stripe card SDK in /assets/login-1.js"]);
    expect(onDemandCodeIn(dir, dashboard)).toEqual([]);
  });
});

describe("the budget check", () => {
  it("holds the sign-in page to 125 KB and every other page, the dashboard included, to 160 KB (issue 35)", () => {
    // Kilobytes of 1,000 bytes, as DevTools and Lighthouse count them (issue 69).
    expect([BUDGETS.login, BUDGETS.dashboard, BUDGETS.other]).toEqual([125_000, 160_000, 160_000]);
    expect(budgetFor({ url: "/login" }, {})).toEqual({ target: 125 * KB, limit: 125 * KB });
    expect(budgetFor({ url: "/" }, {})).toEqual({ target: 160 * KB, limit: 160 * KB });
    expect(budgetFor({ url: "/letters" }, {})).toEqual({ target: 160 * KB, limit: 160 * KB });
  });

  it("fails a page over its budget, naming the page, its size and the budget", () => {
    const pages = [
      { url: "/login", gzipBytes: BUDGETS.login + 2 * KB },
      { url: "/", gzipBytes: BUDGETS.dashboard },
      { url: "/letters", gzipBytes: 250 * KB },
    ];
    expect(overBudget(pages, (page) => budgetFor(page, {}))).toEqual([
      "/login: first-load JavaScript is 127.0 KB gzip, over its budget of 125.0 KB by 2.0 KB",
      "/letters: first-load JavaScript is 250.0 KB gzip, over its budget of 160.0 KB by 90.0 KB",
    ]);
  });

  it("holds a page with a temporary ceiling to that ceiling, and says when the ceiling can go", () => {
    const ceilings = { "/profile": 210 * KB, "/reports": 220 * KB };
    const pages = [
      { url: "/profile", gzipBytes: 211 * KB },
      { url: "/reports", gzipBytes: 150 * KB },
    ];
    expect(overBudget(pages, (page) => budgetFor(page, ceilings))).toEqual([
      "/profile: first-load JavaScript is 211.0 KB gzip, over its budget of 210.0 KB by 1.0 KB (a temporary ceiling; its budget is 160.0 KB)",
    ]);
    expect(ceilingsToRemove(pages, ceilings)).toEqual(["/reports now fits 160.0 KB: remove its temporary ceiling"]);
  });

  it("fails a page with more script files than the limit, naming the page and its count", () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => `/assets/chunk-${i}.js`);
    const pages = [
      { url: "/", scripts: files(24) },
      { url: "/accounts", scripts: files(38) },
    ];
    expect(tooManyScripts(pages)).toEqual(["/accounts: 38 script files on first load, over the limit of 24"]);
    expect(tooManyScripts(pages, 40)).toEqual([]);
  });
});
