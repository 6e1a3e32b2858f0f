import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { activate, answerOf, CACHE_PREFIX, cacheNameOf, install, INSTALL_EXTRAS, keptAtRuntime, lazyFilesOf, shellFilesOf, staleCaches, startWorker, workerBuild, type WorkerScope } from "~/shell/service-worker";
import { ICONS, webManifest } from "~/shell/manifest";
import { manifestTexts } from "~/shell/manifest-texts";
import { manifestTexts as manifestTextsMi } from "~/shell/manifest-texts.mi";

/** The service worker's decisions (issue 71, decisions/404): what it keeps, what it answers, which caches go. */
const ORIGIN = "https://portal.example.nz";
const at = (pathname: string) => `${ORIGIN}${pathname}`;

describe("the worker's build and cache", () => {
  it("takes its version and language from its address, and names its cache by both", () => {
    const build = workerBuild("?v=3f2a9c1d&lang=mi");
    expect(build).toEqual({ version: "3f2a9c1d", language: "mi" });
    expect(cacheNameOf(build)).toBe(`${CACHE_PREFIX}3f2a9c1d-mi`);
    expect(cacheNameOf(workerBuild("?v=3f2a9c1d&lang=en"))).not.toBe(cacheNameOf(build));
    expect(cacheNameOf(workerBuild("?v=4a&lang=mi"))).not.toBe(cacheNameOf(build));
  });

  it("names a cache with nothing but plain characters, whatever its address says", () => {
    expect(workerBuild("")).toEqual({ version: "unversioned", language: "en" });
    expect(workerBuild("?v=a/b&lang=<x>")).toEqual({ version: "unversioned", language: "en" });
  });

  it("finds stale every cache of its prefix but its own, and leaves other caches alone", () => {
    const current = `${CACHE_PREFIX}new-en`;
    expect(staleCaches([`${CACHE_PREFIX}old-en`, current, `${CACHE_PREFIX}new-mi`, "pdfjs-fonts", "portal-cardx"], current)).toEqual([`${CACHE_PREFIX}old-en`, `${CACHE_PREFIX}new-mi`]);
    expect(staleCaches([current], current)).toEqual([]);
  });
});

describe("the card page's files", () => {
  it("are the same-origin /assets/ files its HTML preloads, links as stylesheets and loads as scripts", () => {
    const html = `<!DOCTYPE html><html><head>
      <link rel="stylesheet" href="/assets/root-AbC.css" data-precedence="portal"/>
      <link rel="modulepreload" href="/assets/entry.client-1.js"/><link rel='modulepreload' href='/assets/chunk-2.js'>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="manifest" href="/manifest.webmanifest"/>
      <link rel="preload" href="/assets/font.woff2" as="font"/>
      <link rel="modulepreload" href="https://cdn.example.com/assets/x.js"/>
      <script nonce="n">window.__reactRouterContext = {"src":"/assets/not-a-file.js"};</script>
      <script type="module" src="/assets/manifest-9f.js" nonce="n"></script>
      <script src=/assets/plain.js></script>
      <link rel="stylesheet" href="/assets/root-AbC.css"/>
    </head></html>`;
    expect(shellFilesOf(html, ORIGIN)).toEqual(["/assets/root-AbC.css", "/assets/entry.client-1.js", "/assets/chunk-2.js", "/assets/manifest-9f.js", "/assets/plain.js"]);
  });

  it("are none where the page links none", () => {
    expect(shellFilesOf("<h1>My health card</h1>", ORIGIN)).toEqual([]);
  });
});

describe("what the worker answers", () => {
  const navigation = (pathname: string) => ({ url: at(pathname), method: "GET", mode: "navigate" });
  it("the card page, whatever its query: network first, the kept page offline", () => {
    expect(answerOf(navigation("/card"), ORIGIN)).toBe("card");
    expect(answerOf(navigation("/card?offline=1"), ORIGIN)).toBe("card");
  });

  it("any other page of the portal: the network, never a kept page", () => {
    for (const pathname of ["/", "/appointments", "/summary", "/card/extra", "/cards", "/login"]) expect(answerOf(navigation(pathname), ORIGIN), pathname).toBe("navigation");
  });

  it("hashed files: from the cache where kept", () => {
    expect(answerOf({ url: at("/assets/chunk-1.js"), method: "GET", mode: "cors" }, ORIGIN)).toBe("asset");
  });

  it("nothing else: signed-in data, .data requests, posts, other files and other origins are not intercepted", () => {
    const cases = [
      { url: at("/summary.data"), method: "GET", mode: "cors" },
      { url: at("/appointments.data?_routes=x"), method: "GET", mode: "cors" },
      { url: at("/summary/pdf"), method: "GET", mode: "cors" },
      { url: at("/card.data"), method: "GET", mode: "cors" },
      { url: at("/card"), method: "GET", mode: "cors" },
      { url: at("/card"), method: "POST", mode: "navigate" },
      { url: at("/assets/chunk-1.js"), method: "POST", mode: "cors" },
      { url: at("/manifest.webmanifest"), method: "GET", mode: "cors" },
      { url: at("/favicon.svg"), method: "GET", mode: "no-cors" },
      { url: "https://js.stripe.com/v3", method: "GET", mode: "no-cors" },
      { url: "https://other.example.nz/card", method: "GET", mode: "navigate" },
    ];
    for (const request of cases) expect(answerOf(request, ORIGIN), `${request.method} ${request.url} ${request.mode}`).toBe("none");
  });

  it("keeps a file fetched at run time only when the card page asked for it", () => {
    expect(keptAtRuntime(at("/assets/lazy-1.js"), at("/card"), ORIGIN)).toBe(true);
    expect(keptAtRuntime(at("/assets/lazy-1.js"), at("/card?offline=1"), ORIGIN)).toBe(true);
    expect(keptAtRuntime(at("/assets/lazy-1.js"), at("/summary"), ORIGIN)).toBe(false);
    expect(keptAtRuntime(at("/assets/lazy-1.js"), undefined, ORIGIN)).toBe(false);
    expect(keptAtRuntime(at("/summary.data"), at("/card"), ORIGIN)).toBe(false);
    expect(keptAtRuntime("https://other.example.nz/assets/x.js", at("/card"), ORIGIN)).toBe(false);
  });
});

/** A worker's scope with caches in memory and the network a function of the address. */
function fakeScope(network: (pathname: string) => Response | Promise<Response>, search = "?v=new&lang=en") {
  const stores = new Map<string, Map<string, Response>>();
  const listeners = new Map<string, (event: unknown) => void>();
  const cacheOf = (store: Map<string, Response>) =>
    ({
      put: async (key: string, response: Response) => void store.set(key, response),
      match: async (key: string) => store.get(key)?.clone(),
      keys: async () => [...store.keys()].map((key) => new Request(key)),
    }) as unknown as Cache;
  const caches = {
    open: async (name: string) => cacheOf(stores.get(name) ?? stores.set(name, new Map()).get(name)!),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  let claimed = false;
  const clientUrls = new Map<string, string>();
  const scope: WorkerScope = {
    location: { origin: ORIGIN, search },
    caches,
    clients: { get: async (id) => (clientUrls.has(id) ? { url: clientUrls.get(id)! } : undefined), claim: async () => void (claimed = true) },
    fetch: (async (input: RequestInfo | URL) => network(new URL(input instanceof Request ? input.url : String(input)).pathname)) as typeof fetch,
    addEventListener: ((type: string, listener: (event: unknown) => void) => void listeners.set(type, listener)) as WorkerScope["addEventListener"],
  };
  return { scope, stores, listeners, clientUrls, claimed: () => claimed };
}

const CARD_HTML = `<link rel="modulepreload" href="/assets/entry-1.js"/><link rel="stylesheet" href="/assets/root-1.css"/><h1>My health card</h1>`;
const online = (pathname: string) => (pathname === "/card" ? new Response(CARD_HTML, { headers: { "Content-Type": "text/html" } }) : new Response(`file ${pathname}`));

describe("the install", () => {
  it("keeps the card page, its files, the manifest and the icons, and nothing else", async () => {
    const { scope, stores } = fakeScope(online);
    await install(scope, "portal-card-new-en");
    expect([...stores.get("portal-card-new-en")!.keys()].sort()).toEqual([at("/card"), at("/assets/entry-1.js"), at("/assets/root-1.css"), ...INSTALL_EXTRAS.map(at)].sort());
    expect(await stores.get("portal-card-new-en")!.get(at("/card"))!.text()).toBe(CARD_HTML);
  });

  it("keeps the files the page's scripts load lazily (Vite's mapDeps), and theirs, once each; never another route's from the route manifest", async () => {
    const files: Record<string, string> = {
      "/assets/entry-1.js": `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/lock-2.js","assets/zod-3.js"])))=>i.map(i=>d[i]);`,
      "/assets/lock-2.js": `m.f=["assets/view-4.js","assets/zod-3.js","assets/view-4.css"]`,
      "/assets/zod-3.js": "export {}",
      "/assets/view-4.js": `import("./nothing-named.js")`,
      "/assets/manifest-5.js": `window.__reactRouterManifest={"routes":{"x":{"module":"/assets/profile-6.js"}}}`,
    };
    const html = `${CARD_HTML}<link rel="modulepreload" href="/assets/manifest-5.js"/>`;
    const { scope, stores } = fakeScope((pathname) => (pathname === "/card" ? new Response(html) : new Response(files[pathname] ?? `file ${pathname}`)));
    await install(scope, "portal-card-new-en");
    const kept = [...stores.get("portal-card-new-en")!.keys()].filter((key) => key.includes("/assets/")).sort();
    expect(kept).toEqual(["/assets/entry-1.js", "/assets/lock-2.js", "/assets/manifest-5.js", "/assets/root-1.css", "/assets/view-4.css", "/assets/view-4.js", "/assets/zod-3.js"].map(at));
    expect(lazyFilesOf(files["/assets/manifest-5.js"]!)).toEqual([]);
  });

  it("keeps the same icons as the manifest lists", () => {
    expect(INSTALL_EXTRAS.filter((file) => file.startsWith("/icons/"))).toEqual(ICONS.map((icon) => icon.src));
  });

  it("is all or nothing: a file that fails, answers an error or a redirect fails it and keeps nothing", async () => {
    const failures: ((pathname: string) => Response | Promise<Response>)[] = [
      (pathname) => (pathname === "/assets/root-1.css" ? Promise.reject(new TypeError("Failed to fetch")) : online(pathname)),
      (pathname) => (pathname === "/icons/icon-512.png" ? new Response("", { status: 404 }) : online(pathname)),
      (pathname) => (pathname === "/card" ? new Response("", { status: 500 }) : online(pathname)),
      (pathname) => {
        if (pathname !== "/card") return online(pathname);
        const response = online(pathname);
        Object.defineProperty(response, "redirected", { value: true });
        return response;
      },
    ];
    for (const network of failures) {
      const { scope, stores } = fakeScope(network);
      await expect(install(scope, "portal-card-new-en")).rejects.toThrow();
      expect(stores.get("portal-card-new-en")?.size ?? 0).toBe(0);
    }
  });
});

describe("the activate", () => {
  it("drops every older cache of the worker once the new one is complete, leaves others', and takes over the open pages", async () => {
    const { scope, stores, claimed } = fakeScope(online);
    for (const name of ["portal-card-old-en", "portal-card-old-mi", "another-app"]) await scope.caches.open(name);
    await install(scope, "portal-card-new-en");
    await activate(scope, "portal-card-new-en");
    expect([...stores.keys()].sort()).toEqual(["another-app", "portal-card-new-en"]);
    expect(claimed()).toBe(true);
  });
});

describe("the worker's events", () => {
  /** A fetch event as the worker gets one: its answer, if it gives one, is what respondWith was handed. */
  function fetchEvent(request: Request, clientId = "") {
    let answer: Promise<Response> | undefined;
    return { event: { request, clientId, respondWith: (response: Promise<Response>) => void (answer = response), waitUntil: () => undefined }, answer: () => answer };
  }

  async function started(network: (pathname: string) => Response | Promise<Response>) {
    const fake = fakeScope(network);
    startWorker(fake.scope);
    let installed: Promise<unknown> = Promise.resolve();
    fake.listeners.get("install")!({ waitUntil: (promise: Promise<unknown>) => void (installed = promise) });
    await installed;
    return fake;
  }

  /** A navigation: a Request made here cannot have the mode "navigate", so it is given as a getter. */
  const navigate = (pathname: string) => Object.defineProperty(new Request(at(pathname)), "mode", { value: "navigate" });
  const offline = () => Promise.reject(new TypeError("Failed to fetch"));

  it("installs into the cache of its own version and language", async () => {
    const { stores } = await started(online);
    expect([...stores.keys()]).toEqual(["portal-card-new-en"]);
  });

  it("offline, answers the card page from the cache, and sends any other page to /card?offline=1", async () => {
    const fake = await started(online);
    fake.scope.fetch = offline as typeof fetch;
    const card = fetchEvent(navigate("/card"));
    fake.listeners.get("fetch")!(card.event);
    expect(await (await card.answer())!.text()).toBe(CARD_HTML);
    const page = fetchEvent(navigate("/appointments"));
    fake.listeners.get("fetch")!(page.event);
    const redirect = (await page.answer())!;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(at("/card?offline=1"));
  });

  it("online, gives the network's pages, not the kept card", async () => {
    const fake = await started(online);
    fake.scope.fetch = (async () => new Response("the network's card")) as typeof fetch;
    const card = fetchEvent(navigate("/card"));
    fake.listeners.get("fetch")!(card.event);
    expect(await (await card.answer())!.text()).toBe("the network's card");
  });

  it("does not intercept signed-in data, and keeps at run time only a file the card page asked for", async () => {
    const fake = await started(online);
    const data = fetchEvent(new Request(at("/summary.data")));
    fake.listeners.get("fetch")!(data.event);
    expect(data.answer()).toBeUndefined();
    fake.clientUrls.set("card-tab", at("/card"));
    fake.clientUrls.set("summary-tab", at("/summary"));
    const lazy = fetchEvent(new Request(at("/assets/lazy-card-1.js")), "card-tab");
    fake.listeners.get("fetch")!(lazy.event);
    await lazy.answer();
    const other = fetchEvent(new Request(at("/assets/summary-1.js")), "summary-tab");
    fake.listeners.get("fetch")!(other.event);
    await other.answer();
    const kept = [...fake.stores.get("portal-card-new-en")!.keys()];
    expect(kept).toContain(at("/assets/lazy-card-1.js"));
    expect(kept).not.toContain(at("/assets/summary-1.js"));
  });

  it("answers a kept file from the cache, without the network", async () => {
    const fake = await started(online);
    fake.scope.fetch = offline as typeof fetch;
    const file = fetchEvent(new Request(at("/assets/entry-1.js")));
    fake.listeners.get("fetch")!(file.event);
    expect(await (await file.answer())!.text()).toBe("file /assets/entry-1.js");
  });
});

describe("the manifest", () => {
  it("names the portal in each language, starts at the portal's root, standalone, in its colours", () => {
    for (const [words, lang] of [
      [manifestTexts, "en-NZ"],
      [manifestTextsMi, "mi"],
    ] as const) {
      const manifest = webManifest(words, lang);
      expect(manifest).toMatchObject({ name: words.name, short_name: words.shortName, lang, start_url: "/", scope: "/", display: "standalone", theme_color: "#005eb8", background_color: "#f0f4f5" });
      expect(manifest.description).toBe(words.description);
    }
    expect(webManifest(manifestTextsMi, "mi").name).not.toBe(webManifest(manifestTexts, "en-NZ").name);
  });

  it("lists icons of 192 and 512 pixels for any use and a maskable 512, each a small PNG of that size in public/", () => {
    expect(ICONS.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of ICONS) {
      const file = path.resolve(import.meta.dirname, "../../public", icon.src.slice(1));
      expect(existsSync(file), icon.src).toBe(true);
      expect(statSync(file).size, icon.src).toBeLessThan(20 * 1024);
      const png = readFileSync(file);
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
      const [width, height] = [png.readUInt32BE(16), png.readUInt32BE(20)];
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });
});
