import { AsyncResource } from "node:async_hooks";
import { EventEmitter } from "node:events";
import { readdirSync } from "node:fs";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import expressStaticGzip from "express-static-gzip";
import type { ServerBuild } from "react-router";
import { healthRoutes, type ReadinessCheck } from "./health";
import { chooseLanguage, languageChosen } from "./language";
import { observeRequests, routeTable, ROUTED, type RouteTable } from "./observability";
import { config } from "~/.server/config.server";
import { observability } from "~/.server/observability.server";
import { pageWorkLimit, type PageWork } from "~/.server/page-work.server";
import { projectRoot } from "~/.server/project-root.server";
import { LANGUAGES, type Language } from "~/lib/language";
import { buildDirectoryOf, buildLanguage } from "../react-router.config";
import { isShareLinkPath, MANIFEST_BODY_BYTES, SHARE_CORS, SHARE_MANIFEST_PATH } from "~/areas/summary/share-link-paths";
import { SIGNUP_POST_MAX_BYTES } from "~/areas/sign-in/signup-image";

/**
 * The portal's HTTP server: security headers, the same-origin rule for every state-changing request,
 * static assets, then React Router. Used by `npm start` (built) and `npm run dev` (Vite middleware).
 */

const root = projectRoot();

/** Browsers go on using https for a year once they have seen it (only when the portal is served over TLS). */
export const HSTS = "max-age=31536000; includeSubDomains";

const securityHeaders = (hsts: boolean) => (_req: Request, res: Response, next: NextFunction) => {
  if (hsts) res.setHeader("Strict-Transport-Security", HSTS);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "same-origin");
  res.setHeader("X-Frame-Options", "DENY");
  // Every response refuses framing; HTML pages add their full policy with a script nonce (app/entry.server.tsx).
  res.setHeader("Content-Security-Policy", "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
  res.setHeader("Permissions-Policy", "geolocation=(), payment=(self)");
  next();
};

/** The video client's files: its build and the Zoom SDK's own files copied into it (decisions/130). */
const ZOOM_CLIENT_PATH = "/zoom-client";

/**
 * The video consult's pages (decisions/130): /zoom and the client in its iframe are cross-origin
 * isolated, as the SDK's gallery view needs (SharedArrayBuffer), and only they, so no other page's
 * third parties (Stripe's frames) are held to it. The client may be framed, by the portal alone.
 * Its documents keep no script policy of their own: the SDK compiles WebAssembly, starts workers
 * from blobs and talks to Zoom's servers, which the portal's page policy would refuse.
 */
export function videoConsultHeaders(req: Request, res: Response, next: NextFunction) {
  const client = req.path === ZOOM_CLIENT_PATH || req.path.startsWith(`${ZOOM_CLIENT_PATH}/`);
  if (client || req.path === "/zoom") {
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Cross-Origin-Embedder-Policy", "require-corp");
    res.setHeader("Permissions-Policy", "geolocation=(), payment=(), camera=(self), microphone=(self), display-capture=(self), fullscreen=(self)");
  }
  if (client) {
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Content-Security-Policy", "frame-ancestors 'self'; base-uri 'self'; form-action 'self'; object-src 'none'");
  }
  next();
}

/** The video client's build (zoom-client/dist): its page and chunks, and the SDK's files. */
export function serveZoomClient(dist: string): express.Router {
  const router = express.Router();
  router.use(ZOOM_CLIENT_PATH, express.static(dist, { index: "index.html", maxAge: "1h", fallthrough: true }));
  return router;
}

/**
 * Refuses cross-site POSTs (and other unsafe methods): the browser's Origin header, or failing that
 * Sec-Fetch-Site, must name this site. SameSite=Lax cookies already stop most of them; this closes
 * the rest, including forms posted from a sibling subdomain.
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  // The one post another site's app makes, with no session to ride on: a share link's manifest request.
  if (req.method === "POST" && SHARE_MANIFEST_PATH.test(req.path)) return next();
  const origin = req.get("origin");
  const site = req.get("sec-fetch-site");
  const host = req.get("host");
  let allowed: boolean;
  if (origin && origin !== "null") {
    try {
      allowed = new URL(origin).host === host;
    } catch {
      allowed = false;
    }
  } else if (origin === "null") {
    allowed = false;
  } else {
    allowed = !site || site === "same-origin" || site === "none";
  }
  if (!allowed) {
    res.status(403).type("text/plain").send("Cross-site requests are refused.");
    return;
  }
  next();
}

/**
 * A share link's receiving side (SMART Health Links, decisions/308) is asked by other apps, from any
 * site: their browsers' preflight is answered here (React Router takes no OPTIONS), for these two
 * addresses only, with what the answers themselves carry. Nothing else of the portal answers CORS.
 */
export function shareLinkPreflight(req: Request, res: Response, next: NextFunction) {
  if (req.method !== "OPTIONS" || !isShareLinkPath(req.path)) return next();
  res.set(SHARE_CORS).status(204).end();
}

/** What a post may weigh: forms are small; only the paths that take files take more, each its own. */
export interface BodyLimits {
  formBytes: number;
  /** Paths (and the paths under them) whose posts may carry files, and how much. */
  uploads: readonly { path: string; bytes: number }[];
}

export const BODY_LIMITS: BodyLimits = {
  formBytes: 64 * 1024,
  uploads: [
    { path: "/emails", bytes: 25 * 1024 * 1024 },
    // Signup's profile image, 5 MB, and the form around it (app/areas/sign-in/signup-image.ts).
    { path: "/signup", bytes: SIGNUP_POST_MAX_BYTES },
  ],
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * A refused body up to this size is read and dropped once the answer is sent, so a client still
 * sending it reads the answer rather than a reset (EPIPE, ECONNRESET) when the socket closes under it:
 * what nginx calls a lingering close. A larger one is not worth the bandwidth: its connection is closed.
 */
const LINGER_BYTES = 32 * 1024 * 1024;

/**
 * Every post is a form (the portal's actions read nothing else): another content type is a 415, and a
 * body is refused with 413 from its declared length before a byte of it is parsed. A body that does not
 * declare its length (chunked) is a 411, so no post can be larger than it said.
 */
export function limitBodies(limits: BodyLimits = BODY_LIMITS) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const declared = req.get("content-length");
    const hasBody = declared !== undefined ? Number(declared) > 0 : req.get("transfer-encoding") !== undefined;
    if (!hasBody) return next();
    const refuse = (status: number, text: string) => {
      // Nothing here reads the body. Left unread, Node drops the rest of it after the answer and keeps
      // the connection; a body of no stated length, or a larger one than LINGER_BYTES, is cut off.
      if (!(Number(declared) <= LINGER_BYTES)) res.set("Connection", "close");
      res.status(status).type("text/plain").send(text);
    };
    if (declared === undefined) return refuse(411, "A post must give its length.");
    const type = (req.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
    // A share link's manifest request is the spec's JSON, small, and nothing else (decisions/308).
    if (req.method === "POST" && SHARE_MANIFEST_PATH.test(req.path)) {
      if (type !== "application/json") return refuse(415, "A manifest request is JSON.");
      if (Number(declared) > MANIFEST_BODY_BYTES) return refuse(413, "That is more than a manifest request holds.");
      return next();
    }
    if (!FORM_TYPES.has(type)) return refuse(415, "Only forms are accepted.");
    const upload = limits.uploads.find(({ path: p }) => req.path === p || req.path.startsWith(`${p}/`) || req.path.startsWith(`${p}.`));
    if (Number(declared) > (upload ? upload.bytes : limits.formBytes)) return refuse(413, "That is more than the portal accepts in one post.");
    next();
  };
}

/**
 * The client's address for sign-in throttling (app/.server/sign-in-security/throttle.server.ts reads it); whatever the
 * client sent under that name is overwritten. It is `req.ip`: Express's `trust proxy` setting, given
 * the trusted proxies (TRUST_PROXY, decisions/008), makes it the right-most X-Forwarded-For address
 * that is not a trusted proxy, and only when the socket itself is one; with none trusted, the socket's.
 */
function clientAddress(req: Request, _res: Response, next: NextFunction) {
  req.headers["x-portal-client-address"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
  // React Router's Express adapter reads the port of X-Forwarded-Host whenever some proxy is trusted,
  // without asking whether this request came through one: a request that did not (no trusted hop
  // named a client) loses its forwarding headers before they reach it.
  if (req.ips.length === 0) {
    for (const name of ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto"]) delete req.headers[name];
  }
  next();
}

/**
 * Pages and data replies compressed as they stream: brotli or gzip by the browser's Accept-Encoding.
 * Every write is flushed through the compressor, so the first bytes of a streamed page still leave
 * at once instead of waiting for a full compression block. Assets are compressed at build time
 * (vite.config.ts) and served by `serveAssets`, so they are not compressed again here.
 */
/**
 * Brotli's quality for pages (decisions/350): 3 costs about 40 % less CPU than 4 for about 3 % more
 * bytes, once a page leaves in a few large pieces rather than many small ones. Assets are compressed
 * at build time at the highest quality; this is only for what is rendered per request.
 */
const PAGE_BROTLI_QUALITY = 3;

export function compressReplies(): RequestHandler {
  const compress = compression({
    flush: zlib.Z_SYNC_FLUSH,
    brotli: { flush: zlib.BROTLI_OPERATION_FLUSH, params: { [zlib.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY } },
  });
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      relayDrain(res);
      // React Router calls `flush()` after every write it makes; the write itself was flushed already
      // (the option above), so the compressor would only be asked for an empty flush: one more trip
      // through the thread pool per piece of a page, for nothing (decisions/362).
      (res as Response & { flush?: () => void }).flush = () => undefined;
      next(error);
    });
}

/**
 * `compression` hands a 'drain' listener added to the response to its compressor, but a removal goes
 * to the response, which never had it. React Router waits for each 'drain' with `once` and then `off`,
 * so every wait of a streamed page left one listener on the compressor (MaxListenersExceededWarning
 * after ten, and the page's whole life to be freed). The response's 'drain' listeners are kept here
 * instead, and the compressor gets one listener that passes its 'drain' on.
 */
function relayDrain(res: Response) {
  const compressorOn = res.on;
  const listeners = new EventEmitter();
  let relaying = false;
  const add = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
    if (type !== "drain") return compressorOn.call(this, type, listener);
    if (!relaying) {
      relaying = true;
      compressorOn.call(this, "drain", () => listeners.emit("drain"));
    }
    listeners.on("drain", listener);
    return this;
  } as Response["on"];
  const remove = function (this: Response, type: string | symbol, listener: (...args: unknown[]) => void) {
    if (type === "drain") listeners.removeListener("drain", listener);
    else EventEmitter.prototype.removeListener.call(this, type, listener);
    return this;
  } as Response["removeListener"];
  res.on = res.addListener = add;
  res.off = res.removeListener = remove;
}

/**
 * The build's files, each sent as its brotli or gzip copy made at build time when the browser takes
 * one (`Vary: Accept-Encoding`), or as it is. Hashed assets are cached for a year.
 */
/** The service worker's file in a client build (app/shell/service-worker.ts, bundled by vite.config.ts). */
const SERVICE_WORKER_FILE = "sw.js";

export function serveAssets(client: string): express.Router {
  const precompressed = { enableBrotli: true, orderPreference: ["br", "gz"], index: false };
  const router = express.Router();
  router.use("/assets", expressStaticGzip(path.join(client, "assets"), { ...precompressed, serveStatic: { immutable: true, maxAge: "1y", index: false } }));
  // The build's other files (favicon.svg and its kind), listed once: asked of the disk for every
  // address, they cost every page a failed stat (issue 53).
  // The service worker (decisions/404) is asked again at every check for an update: a new build's is taken at once.
  const served = expressStaticGzip(client, {
    ...precompressed,
    serveStatic: {
      maxAge: "1h",
      index: false,
      setHeaders: (res, file) => {
        if (path.basename(file) === SERVICE_WORKER_FILE) res.setHeader("Cache-Control", "no-cache");
      },
    },
  });
  const entries = readdirSync(client, { withFileTypes: true }).filter((entry) => entry.name !== "assets");
  const files = new Set(entries.filter((entry) => entry.isFile()).map((entry) => `/${entry.name.replace(/\.(br|gz)$/, "")}`));
  const folders = entries.filter((entry) => entry.isDirectory()).map((entry) => `/${entry.name}/`);
  router.use((req, res, next) => (files.has(req.path) || folders.some((folder) => req.path.startsWith(folder)) ? served(req, res, next) : next()));
  return router;
}

export interface PortalOptions {
  mode: "production" | "development";
  port: number;
  host?: string;
  /** Send Strict-Transport-Security: the portal is reached over https (COOKIE_SECURE). */
  hsts?: boolean;
  /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses, CIDR ranges, Express's range names. */
  trustedProxies?: readonly string[];
  /** What /readyz asks before it answers 200 (server/health.ts). */
  readiness?: readonly ReadinessCheck[];
}

/**
 * Page reads wait their turn past `limit` at work (app/.server/page-work.server.ts, decisions/390);
 * the request's context carries its place so that its practice calls can give it up while they are out.
 */
function pageReadsInTurn(limit: number): RequestHandler {
  const work = pageWorkLimit(limit);
  observability().pageWork = work;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const context = observability().context.getStore();
    // Bound to this request's async context: a turn may start from another request's callback.
    const turn = work.admit(
      AsyncResource.bind((place: PageWork) => {
        if (context) context.work = place;
        next();
      }),
    );
    res.once("close", () => {
      turn.cancel();
      turn.finished();
    });
  };
}

export async function startPortal({ mode, port, host = "127.0.0.1", hsts = false, trustedProxies = [], readiness = [] }: PortalOptions) {
  const app = express();
  app.disable("x-powered-by");
  // A list, never a hop count or `true`: a header is believed only from a socket that is a listed proxy.
  app.set("trust proxy", trustedProxies.length > 0 ? [...trustedProxies] : false);
  // Before the request log and everything of the pages: a probe is not patient activity.
  const health = healthRoutes(readiness);
  app.use(health.router);
  // Each request gets its id (X-Request-Id, and X-Correlation-Id on its practice calls), its duration
  // measured by route pattern and one JSON log line (server/observability.ts, decisions/262).
  let routes: () => RouteTable | Promise<RouteTable> = () => routeTable({});
  app.use(observeRequests(() => routes()));
  app.use(securityHeaders(hsts));
  app.use(videoConsultHeaders);
  app.use(shareLinkPreflight);
  app.use(sameOriginOnly);
  app.use(limitBodies());
  app.use(clientAddress);
  app.use(compressReplies());
  app.use(serveZoomClient(path.join(root, "zoom-client/dist")));

  // Development hands React Router a function, so each request gets the latest build, in the language
  // it was started in (PORTAL_LANGUAGE); in production each language's build is imported once and passed
  // as itself, since a function makes React Router rebuild its route table and handler on every request.
  const handlers = new Map<Language, RequestHandler>();
  let closeVite: () => Promise<void> = async () => {};
  if (mode === "development") {
    const vite = await import("vite");
    const server = await vite.createServer({ server: { middlewareMode: true } });
    app.use(server.middlewares);
    const build = () => server.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
    routes = async () => routeTable((await build()).routes);
    closeVite = () => server.close();
    handlers.set(buildLanguage(), createRequestHandler({ build, mode }));
  } else {
    // Each language's build (decisions/403): English at build/, another at build/<language>/. Their
    // assets share one address space: a file of the same name is the same content.
    for (const language of LANGUAGES) {
      const folder = path.join(root, buildDirectoryOf(language));
      app.use(serveAssets(path.join(folder, "client")));
      const build = (await import(path.join(folder, "server/index.js"))) as ServerBuild;
      if (language === "en") {
        const table = routeTable(build.routes);
        routes = () => table;
      }
      handlers.set(language, createRequestHandler({ build, mode }));
    }
  }
  app.all("/{*splat}", (_req, res, next) => {
    res.locals[ROUTED] = true;
    next();
  });
  app.all("/{*splat}", pageReadsInTurn(config.PORTAL_PAGES_AT_WORK));
  app.all("/{*splat}", chooseLanguage([...handlers.keys()]), (req, res, next) => handlers.get(languageChosen(res))!(req, res, next));

  const server = await new Promise<import("node:http").Server>((resolve, reject) => {
    const s = app.listen(port, host, () => resolve(s)).on("error", reject);
  });
  return {
    url: `http://${host === "0.0.0.0" ? "localhost" : host}:${port}`,
    /** /readyz answers 503 "draining" from now on; the listener still takes connections. */
    drain: health.drain,
    /**
     * Stops taking connections at once, closes idle keep-alive ones, and resolves once every request
     * in flight has been answered (a payment step under way completes and is recorded).
     */
    close: async () => {
      health.drain();
      await closeVite();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
