/**
 * What a browser downloads as JavaScript on its first visit to each page of the built portal, and
 * the byte budgets of issues 12 and 35. Two measures of the same thing:
 * - **as the browser fetches it** (issue 35, decisions/345): every script a fresh browser requests on a
 *   first visit until the network is quiet, code a page fetches by itself after it has loaded included
 *   (a phone downloads it anyway). This is what the budgets hold, in `e2e/first-load.spec.ts` (one visit
 *   of every page) and `npm run bench:first-load`; `browserFirstLoad` below.
 * - **from the build alone**, with no browser (`measurePages`): what the page needs before it runs, a
 *   floor of the first. `npm test`'s tests/integration/bundle-budgets.test.ts holds it to the same
 *   budgets, so a page that grows fails there before any browser runs.
 *
 * The build-only measure:
 * The page list and each page's scripts come from React Router's browser manifest
 * (build/client/assets/manifest-*.js): a first visit runs the client entry and, for every route the
 * address matches (root, layouts, the page), its module, its split client loader/action modules and
 * its `imports`, each as a modulepreload (react-router's getModuleLinkHrefs). On top of that, the
 * static imports of every one of those chunks are followed in the chunk files themselves, so a chunk
 * the manifest forgot to preload still counts: the browser would fetch it before running the page.
 * Dynamic `import()` is not followed: it runs only when the code asks for it (a dialog opened, the
 * PDF viewer shown), which is what "only on the screens and moments that need them" allows.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { init, parse } from "es-module-lexer";
import type { Page as BrowserTab } from "@playwright/test";

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  hasDefaultExport: boolean;
  module: string;
  clientActionModule?: string;
  clientLoaderModule?: string;
  imports?: string[];
}

export interface BrowserManifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

/** A page a browser can land on: a route with a component and no child routes. */
export interface Page {
  /** The address pattern, as written in app/routes.ts (`/loginSwitch/:q`, `/*`). */
  url: string;
  /** The route ids from the root down to the page. */
  routeIds: string[];
}

export interface PageLoad extends Page {
  /** Asset paths under build/client (`/assets/…`), in the order found. */
  scripts: string[];
  /** Sum of each script gzipped on its own, as served. */
  gzipBytes: number;
}

/**
 * A kilobyte of the budgets is 1,000 bytes, as DevTools and Lighthouse count it: the issues' figures are
 * read there, and a budget of 1,024-byte kilobytes let a page 3.8 KB over theirs pass (issue 69).
 */
export const KB = 1000;

/**
 * The budgets, in gzip bytes: the sign-in page (issue 12), and every other page, the dashboard
 * included (issue 35 lowered issue 12's 200 KB to the dashboard's 160 KB).
 */
export const BUDGETS = { login: 125 * KB, dashboard: 160 * KB, other: 160 * KB } as const;

/**
 * At most this many script files on a page's first load. Each is a request, and over HTTP/1.1 a
 * browser sends six at a time, each a round trip on a phone's network before the page can paint:
 * Lighthouse's mobile score on /accounts moved from 92-100 to 96-97 when 38 files became 20
 * (decisions/190). Like bytes, a count does not depend on the machine.
 */
export const MAX_SCRIPTS = 24;

/** One line per page with more script files than MAX_SCRIPTS, naming the page and its count; empty when all fit. */
export function tooManyScripts(loads: Pick<PageLoad, "url" | "scripts">[], max = MAX_SCRIPTS): string[] {
  return loads.filter((load) => load.scripts.length > max).map((load) => `${load.url}: ${load.scripts.length} script files on first load, over the limit of ${max}`);
}

/**
 * Pages that do not meet their budget yet, each held at its size as the browser fetched it when it was
 * listed (e2e/first-load.spec.ts) so that the tests still catch any growth. Every line is a debt against
 * issue 35: remove it once the page fits its budget (the e2e test says so when it does). None is left:
 * the last, /emails at 208,686 bytes, went with decisions/361. Every signed-in page carries the same
 * 148 KB floor (React with React Router 105.5 KB, the shell's chunk 37.7 KB, the first-load and shared
 * chunks 4 KB).
 */
export const TEMPORARY_CEILINGS: Readonly<Record<string, number>> = {};

export interface Budget {
  /** Issue 12's figure for the page. */
  target: number;
  /** What the test holds the page to: the target, or a temporary ceiling above it. */
  limit: number;
}

export function budgetFor(page: Pick<Page, "url">, ceilings: Readonly<Record<string, number>> = TEMPORARY_CEILINGS): Budget {
  const target = page.url === "/login" ? BUDGETS.login : page.url === "/" ? BUDGETS.dashboard : BUDGETS.other;
  return { target, limit: Math.max(target, ceilings[page.url] ?? 0) };
}

export function readBrowserManifest(clientDir: string): BrowserManifest {
  const assets = path.join(clientDir, "assets");
  const files = readdirSync(assets).filter((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (files.length !== 1) throw new Error(`Expected one React Router manifest in ${assets}, found ${files.length}: run \`npx react-router build\` first.`);
  const source = readFileSync(path.join(assets, files[0]), "utf8");
  // The file is `window.__reactRouterManifest={…};`: the object itself is plain JSON.
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as BrowserManifest;
}

/** Every page of the manifest, so a route added to app/routes.ts (part 2's screens) is covered with no list to update. */
export function pagesOf(manifest: BrowserManifest): Page[] {
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.map((r) => r.parentId).filter(Boolean));
  const chain = (route: ManifestRoute): ManifestRoute[] => (route.parentId ? [...chain(manifest.routes[route.parentId]), route] : [route]);
  return routes
    .filter((r) => r.hasDefaultExport && !parents.has(r.id))
    .map((r) => {
      const routeChain = chain(r);
      const segments = routeChain.map((c) => c.path ?? "").filter((p) => p !== "");
      return { url: `/${segments.join("/")}`, routeIds: routeChain.map((c) => c.id) };
    });
}

/** Static imports (`import … from`, `export … from`, bare `import "…"`) of one built chunk, as asset paths. */
function staticImports(assetPath: string, source: string): string[] {
  const [imports] = parse(source);
  return imports
    .filter((i) => i.d === -1 && i.n !== undefined && !i.n.startsWith("data:"))
    .map((i) => path.posix.resolve(path.posix.dirname(assetPath), i.n as string));
}

/**
 * What is read of each built asset (its static imports, its gzip size), once per file as built: pages
 * share most of their chunks (React and the shell are on every page), and reading them again for each
 * page was most of a measure's time (seconds, for every page of the build). A file rebuilt is read again.
 */
const importsOf = new Map<string, string[]>();
const gzipSizes = new Map<string, number>();
function oncePerFile<T>(cache: Map<string, T>, clientDir: string, asset: string, read: () => T): T {
  const file = path.join(clientDir, asset);
  const { size, mtimeMs } = statSync(file);
  const key = `${file}\0${size}\0${mtimeMs}`;
  if (!cache.has(key)) cache.set(key, read());
  return cache.get(key) as T;
}

export async function firstLoadOf(clientDir: string, manifest: BrowserManifest, page: Page): Promise<PageLoad> {
  await init;
  const read = (asset: string) => readFileSync(path.join(clientDir, asset));
  const seeds = [manifest.entry.module, ...manifest.entry.imports];
  for (const id of page.routeIds) {
    const route = manifest.routes[id];
    seeds.push(route.module, ...[route.clientActionModule, route.clientLoaderModule].filter((m): m is string => !!m), ...(route.imports ?? []));
  }
  const scripts: string[] = [];
  const seen = new Set<string>();
  const queue = [...seeds];
  while (queue.length > 0) {
    const asset = queue.shift() as string;
    if (seen.has(asset)) continue;
    seen.add(asset);
    scripts.push(asset);
    queue.push(...oncePerFile(importsOf, clientDir, asset, () => staticImports(asset, read(asset).toString("utf8"))));
  }
  const gzipBytes = scripts.reduce((sum, asset) => sum + gzipSizeOf(clientDir, asset), 0);
  return { ...page, scripts, gzipBytes };
}

/** Every page's first load, from a built client folder (build/client). */
export async function measurePages(clientDir: string): Promise<PageLoad[]> {
  const manifest = readBrowserManifest(clientDir);
  return Promise.all(pagesOf(manifest).map((page) => firstLoadOf(clientDir, manifest, page)));
}

/** A first visit as the browser made it (`browserFirstLoad`). */
export interface BrowserLoad {
  /** The address visited. */
  url: string;
  /** Every script fetched until the network was quiet, in the order requested. */
  scripts: string[];
  /** Of those, the ones requested after the page's load event (code the page fetched by itself). */
  afterLoad: string[];
  /** Sum of each script gzipped on its own, as served, `afterLoad` included. */
  gzipBytes: number;
  /** The part of gzipBytes that came after the load event. */
  afterLoadBytes: number;
}

/** The gzip size of one built asset (`/assets/…`), level 6 as the build-only measure. */
export function gzipSizeOf(clientDir: string, asset: string): number {
  return oncePerFile(gzipSizes, clientDir, asset, () => gzipSync(readFileSync(path.join(clientDir, asset))).length);
}

/**
 * A first visit of `url` in `tab`, whose browser context has an empty cache (a new context): every
 * script under /assets/ it requests until the network is quiet (no request for 500 ms, Playwright's
 * `networkidle`), those requested after the load event included, sized from the build (issue 35).
 * Code fetched only when the patient reaches for something (a dialog's, the sign-in steps) is not
 * fetched by a visit and so is not counted; code a page fetches by itself once it is up is.
 */
export async function browserFirstLoad(clientDir: string, tab: BrowserTab, url: string): Promise<BrowserLoad> {
  const scripts: string[] = [];
  const afterLoad: string[] = [];
  let loaded = false;
  tab.on("load", () => (loaded = true));
  tab.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (!/^\/assets\/.+\.m?js$/.test(pathname) || scripts.includes(pathname)) return;
    scripts.push(pathname);
    if (loaded) afterLoad.push(pathname);
  });
  await tab.goto(url);
  await tab.waitForLoadState("networkidle");
  const size = (assets: string[]) => assets.reduce((sum, asset) => sum + gzipSizeOf(clientDir, asset), 0);
  return { url, scripts, afterLoad, gzipBytes: size(scripts), afterLoadBytes: size(afterLoad) };
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** One line per page over its budget, naming the page, its size and the budget; empty when all fit. */
export function overBudget(loads: Pick<PageLoad, "url" | "gzipBytes">[], budget: (page: Pick<Page, "url">) => Budget = (page) => budgetFor(page)): string[] {
  return loads.flatMap((load) => {
    const { target, limit } = budget(load);
    if (load.gzipBytes <= limit) return [];
    const over = `${load.url}: first-load JavaScript is ${kb(load.gzipBytes)} gzip, over its budget of ${kb(limit)} by ${kb(load.gzipBytes - limit)}`;
    return [limit === target ? over : `${over} (a temporary ceiling; its budget is ${kb(target)})`];
  });
}

/**
 * Temporary ceilings no longer needed: the page now fits its own budget. Checked on what the browser
 * fetches (e2e/first-load.spec.ts): the build-only measure is a floor, under which a page can fit while
 * the browser still fetches more.
 */
export function ceilingsToRemove(loads: Pick<PageLoad, "url" | "gzipBytes">[], ceilings: Readonly<Record<string, number>> = TEMPORARY_CEILINGS): string[] {
  return loads.filter((load) => load.url in ceilings && load.gzipBytes <= budgetFor(load, {}).target).map((load) => `${load.url} now fits ${kb(budgetFor(load, {}).target)}: remove its temporary ceiling`);
}

/**
 * Code that must load only on the screen and at the moment that needs it (issue 12), recognised by
 * what it contains rather than by chunk name, which a refactor can change: pdf.js (react-pdf's
 * engine), Stripe's loader (the card SDK) and the Zoom meeting SDK.
 */
export const ON_DEMAND_ONLY: ReadonlyArray<{ name: string; marker: RegExp }> = [
  { name: "pdf.js (react-pdf)", marker: /GlobalWorkerOptions/ },
  { name: "Stripe card SDK", marker: /js\.stripe\.com/ },
  // Both views (client and embedded) carry Zoom's CDN address; the name ZoomMtg is also any caller's.
  { name: "Zoom meeting SDK", marker: /source\.zoom\.us/ },
  // Passkeys' browser code (@simplewebauthn/browser, decisions/300): fetched when a ceremony starts.
  { name: "WebAuthn (@simplewebauthn/browser)", marker: /navigator\.credentials\.(get|create)/ },
];

/** The on-demand libraries found in a page's first load, as `name in /assets/chunk.js`. */
export function onDemandCodeIn(clientDir: string, load: Pick<PageLoad, "scripts">): string[] {
  return load.scripts.flatMap((asset) => {
    const source = readFileSync(path.join(clientDir, asset), "utf8");
    return ON_DEMAND_ONLY.filter(({ marker }) => marker.test(source)).map(({ name }) => `${name} in ${asset}`);
  });
}
