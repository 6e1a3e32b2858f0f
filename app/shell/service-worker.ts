/**
 * The portal's service worker (issue 71, decisions/404): it keeps the health card's page (`/card`), the
 * files that page loads, the manifest and the icons, in one cache per build version and language, and
 * nothing else. A signed-in page's HTML or data is never cached nor answered by it: such a request is
 * not even intercepted, and a navigation to one that fails offline is sent to `/card?offline=1`.
 *
 * Bundled by esbuild into each build's `client/sw.js` (vite.config.ts, `serviceWorkerBundle`) and
 * registered as `/sw.js?v=<build version>&lang=<language>` (register-service-worker.ts). The decisions
 * are the exported functions below, tested in tests/unit/service-worker.test.ts; `startWorker` wires them
 * to the worker's events, and runs only inside a service worker.
 */

/** Every cache this worker makes starts so; one of another version or language is stale at activate. */
export const CACHE_PREFIX = "portal-card-";
/** The health card's page: the one page the worker keeps. */
export const CARD_PATH = "/card";
/** Where a failed navigation to any other page goes offline: the card page says the portal needs the network. */
export const OFFLINE_PATH = "/card?offline=1";
/** What the install keeps beside the card page and its files. */
export const INSTALL_EXTRAS = ["/manifest.webmanifest", "/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png"] as const;

/** The worker's version and language, from its own address (`/sw.js?v=…&lang=…`). */
export function workerBuild(search: string): { version: string; language: string } {
  const query = new URLSearchParams(search);
  const clean = (value: string | null, fallback: string) => (value && /^[\w.-]{1,64}$/.test(value) ? value : fallback);
  return { version: clean(query.get("v"), "unversioned"), language: clean(query.get("lang"), "en") };
}

/** This build's cache: a new build or another language is a new cache, so a new worker installs beside the old. */
export const cacheNameOf = (build: { version: string; language: string }) => `${CACHE_PREFIX}${build.version}-${build.language}`;

/** The caches to delete at activate: every cache of this worker's prefix but this version's. Others' caches are left alone. */
export const staleCaches = (names: readonly string[], current: string): string[] => names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);

/**
 * The files of the card page to keep with it: the same-origin `/assets/…` files its HTML links as module
 * preloads and stylesheets or loads as scripts, as paths. Inline scripts and anything else are not files of the shell.
 */
export function shellFilesOf(html: string, origin: string): string[] {
  const files = new Set<string>();
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag)?.slice(1).find((value) => value !== undefined);
  for (const [tag] of html.matchAll(/<(?:link|script)\b[^>]*>/gi)) {
    const isLink = /^<link/i.test(tag);
    if (isLink && !/^(modulepreload|stylesheet)$/i.test(attribute(tag, "rel")?.trim() ?? "")) continue;
    const address = attribute(tag, isLink ? "href" : "src");
    if (!address) continue;
    const url = new URL(address.replace(/&amp;/g, "&"), origin);
    if (url.origin === origin && url.pathname.startsWith("/assets/")) files.add(url.pathname + url.search);
  }
  return [...files];
}

/**
 * The files a kept script loads later, as `/assets/…` paths: the chunks of its lazy imports, which Vite
 * lists in the chunk as "assets/…" (its `__vite__mapDeps`). The card page loads its sealing, WebAuthn
 * and card view so, when a card is opened: offline, they must be kept already. The route manifest names
 * routes as "/assets/…" (with its slash), so no other page's files are taken from it.
 */
export function lazyFilesOf(script: string): string[] {
  return [...new Set([...script.matchAll(/"(assets\/[\w.-]+\.(?:js|css))"/g)].map((match) => `/${match[1]}`))];
}

/** What a request needs of the worker's decisions: its address, method and mode. */
export interface RequestFacts {
  url: string;
  method: string;
  mode: string;
}

/**
 * How the worker answers a request:
 * - `card`: a navigation to `/card` (any query): the network first, the kept page when it fails;
 * - `navigation`: any other navigation of the portal: the network, and offline a redirect to `/card?offline=1`;
 * - `asset`: a GET of `/assets/…`: from the cache when this version kept it (or a card page asked for it), else the network;
 * - `none`: not intercepted at all (signed-in pages' data, `.data` requests, posts, other origins, everything else).
 */
export function answerOf(request: RequestFacts, origin: string): "card" | "navigation" | "asset" | "none" {
  if (request.method !== "GET") return "none";
  const url = new URL(request.url);
  if (url.origin !== origin) return "none";
  if (request.mode === "navigate") return url.pathname === CARD_PATH ? "card" : "navigation";
  return url.pathname.startsWith("/assets/") ? "asset" : "none";
}

/** Whether an `/assets/` file not kept at install is kept when fetched: only one asked by the card page itself (a chunk it imports lazily). */
export function keptAtRuntime(requestUrl: string, clientUrl: string | undefined, origin: string): boolean {
  if (!clientUrl) return false;
  const request = new URL(requestUrl);
  const client = new URL(clientUrl);
  return request.origin === origin && request.pathname.startsWith("/assets/") && client.origin === origin && client.pathname === CARD_PATH;
}

// What the worker uses of its global scope, typed here: the project's type check has the DOM's types, not a worker's.
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
}
export interface WorkerScope {
  location: { origin: string; search: string };
  caches: CacheStorage;
  clients: { get(id: string): Promise<{ url: string } | undefined>; claim(): Promise<void> };
  fetch: typeof fetch;
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEventLike) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEventLike) => void): void;
}

/** A kept answer, found by its address alone: the portal's answers vary by Cookie and Accept-Language, which a worker's requests do not show. */
const MATCH = { ignoreVary: true, ignoreSearch: false } as const;

/** Fetches one file to keep: a failure, an error status or a redirect fails the whole install. */
async function fetchToKeep(scope: WorkerScope, path: string): Promise<Response> {
  const response = await scope.fetch(new URL(path, scope.location.origin).href, { credentials: "same-origin", cache: "no-store" });
  if (!response.ok || response.redirected) throw new Error(`${path}: ${response.status}`);
  return response;
}

/**
 * The install, all or nothing: the card page (in the language its cookie chooses), its files, the manifest
 * and the icons are fetched first and written only once every one has arrived. Any failure fails the
 * install, and the worker already active stays as it was.
 */
export async function install(scope: WorkerScope, cacheName: string): Promise<void> {
  const card = await fetchToKeep(scope, CARD_PATH);
  const html = await card.clone().text();
  const paths: string[] = [];
  const responses: Response[] = [];
  // The page's files, then the files their lazy imports load, and theirs, until no new one is named.
  let next = [...shellFilesOf(html, scope.location.origin), ...INSTALL_EXTRAS];
  while (next.length > 0) {
    const arrived = await Promise.all(next.map((path) => fetchToKeep(scope, path)));
    paths.push(...next);
    responses.push(...arrived);
    const named = await Promise.all(next.map((path, i) => (path.endsWith(".js") ? arrived[i]!.clone().text().then(lazyFilesOf) : [])));
    next = [...new Set(named.flat())].filter((path) => !paths.includes(path));
  }
  const cache = await scope.caches.open(cacheName);
  try {
    await cache.put(new URL(CARD_PATH, scope.location.origin).href, card);
    await Promise.all(paths.map((path, i) => cache.put(new URL(path, scope.location.origin).href, responses[i]!)));
  } catch (error) {
    await scope.caches.delete(cacheName);
    throw error;
  }
}

/** The activate: this version's cache is complete (its install succeeded), so every other of the prefix goes; then the open pages are taken over. */
export async function activate(scope: WorkerScope, cacheName: string): Promise<void> {
  const names = await scope.caches.keys();
  await Promise.all(staleCaches(names, cacheName).map((name) => scope.caches.delete(name)));
  await scope.clients.claim();
}

/** The card page: the network's, else the kept one. */
async function cardPage(scope: WorkerScope, cacheName: string, request: Request): Promise<Response> {
  try {
    return await scope.fetch(request);
  } catch (error) {
    const cache = await scope.caches.open(cacheName);
    const kept = await cache.match(new URL(CARD_PATH, scope.location.origin).href, MATCH);
    if (kept) return kept;
    throw error;
  }
}

/** Any other page: the network's; offline, a redirect to the card page, never a kept page. */
async function otherPage(scope: WorkerScope, request: Request): Promise<Response> {
  try {
    return await scope.fetch(request);
  } catch {
    return Response.redirect(new URL(OFFLINE_PATH, scope.location.origin).href, 302);
  }
}

/** A hashed file: kept, from the cache; else the network's, kept when the card page asked for it. */
async function asset(scope: WorkerScope, cacheName: string, event: FetchEventLike): Promise<Response> {
  const cache = await scope.caches.open(cacheName);
  const kept = await cache.match(event.request.url, MATCH);
  if (kept) return kept;
  const response = await scope.fetch(event.request);
  const client = event.clientId ? await scope.clients.get(event.clientId) : undefined;
  if (response.ok && keptAtRuntime(event.request.url, client?.url, scope.location.origin)) await cache.put(event.request.url, response.clone());
  return response;
}

/** Wires the decisions to the worker's events. No skipWaiting: the new version waits until no page uses the old (decisions/404). */
export function startWorker(scope: WorkerScope): void {
  const cacheName = cacheNameOf(workerBuild(scope.location.search));
  scope.addEventListener("install", (event) => event.waitUntil(install(scope, cacheName)));
  scope.addEventListener("activate", (event) => event.waitUntil(activate(scope, cacheName)));
  scope.addEventListener("fetch", (event) => {
    const answer = answerOf(event.request, scope.location.origin);
    if (answer === "card") event.respondWith(cardPage(scope, cacheName, event.request));
    else if (answer === "navigation") event.respondWith(otherPage(scope, event.request));
    else if (answer === "asset") event.respondWith(asset(scope, cacheName, event));
  });
}

/** Inside a service worker only: a test imports the decisions without starting anything. */
const inWorker = typeof globalThis === "object" && "registration" in globalThis && "clients" in globalThis && "skipWaiting" in globalThis;
if (inWorker) startWorker(globalThis as unknown as WorkerScope);
