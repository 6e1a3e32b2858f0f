import express, { type ErrorRequestHandler, type Request } from "express";
import { endpoints } from "@contract/endpoints";
import { adminRouter } from "./admin";
import { accountAdminRouter } from "./admin-accounts";
import { liveAdminRouter } from "./admin-live";
import { consoleRouter } from "./console-files";
import { adminSiteCheck, hostCheck } from "./host-check";
import { openApiDocument } from "./openapi";
import { originOf, parseRequest, sendError, sendReply, worldRouteHandler, type WorldRoute } from "./endpoint-route";
import { worldRoutes, type World } from "./areas";
import { sendJson } from "./http";
import { ROOM } from "@contract/room";
import { WORLD_ENDPOINT_NAMES } from "./world-endpoints";
import type { WorldRegistry } from "./worlds";
import { recordingsAdminRouter } from "./recording/admin-recordings";
import { recordingProxyRouter, type RecorderRegistry } from "./recording/recorder";

export interface MockAppOptions {
  worlds: WorldRegistry;
  closing: AbortSignal;
  /**
   * One line per request: method, route pattern, status and time (`GET /worlds/:worldId/api/Patient 200 3ms`).
   * The CLI prints them, the embedded mock hands them to the portal's log, tests leave it off.
   */
  log?: (line: string) => void;
  /** The address the mock listens on, which the console reports (loopback or not). */
  host: string;
  /** The portal's address, for the console's sign-in links; null when the mock does not know it. */
  portalUrl: string | null;
  /** Where the console's built files are (build/mock-console). */
  consoleDir: string;
  /** The recordings of practices made through this mock (decisions/384). */
  recorders: RecorderRegistry;
  /**
   * `npm run mock -- --record`: this recorder also answers the mock's own identity address (`/api/…`),
   * so a portal pointed at the mock as usual is recorded.
   */
  rootRecorderId?: string;
  /** Host names it answers to beside loopback names, IP addresses and `host` (MOCK_ALLOWED_HOSTS, decisions/391). */
  allowedHosts?: readonly string[];
  /** The upstreams `POST /__admin/recordings` may name beside the mock itself (decisions/391). */
  recordUpstreams?: readonly string[];
}

const METHOD = { GET: "get", POST: "post", PUT: "put", DELETE: "delete" } as const;

/**
 * The pattern of the route that answered (`/worlds/:worldId/api/Patient/Messaging`), never the address:
 * its query carries patient ids, sign-in addresses and test names, and a log line goes wherever the
 * log goes, the portal's LOG_FILE included (decisions/367). The journal keeps the values for QA.
 * "unrouted" for a request no route took (a 404, a body refused before the routes).
 */
function routePatternOf(req: Request): string {
  const route: unknown = req.route;
  const path = route && typeof route === "object" && "path" in route && typeof route.path === "string" ? route.path : null;
  return path === null ? "unrouted" : `${req.baseUrl}${path}`;
}

export function createMockApp({ worlds, closing, log, host, portalUrl, consoleDir, recorders, rootRecorderId, allowedHosts = [], recordUpstreams = [] }: MockAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  // Replies must be compared byte for byte and never answered 304 from a stale ETag.
  app.set("etag", false);
  // Before every route, probes too: a page that rebinds its name to this machine reaches them all (decisions/391).
  app.use(hostCheck(host, allowedHosts));

  // Probes for a balancer or a container platform, outside the request log as the portal's are: alive
  // while the process answers; ready until it begins to close.
  app.get("/healthz", (_req, res) => res.set("Cache-Control", "no-store").json({ status: "ok" }));
  app.get("/readyz", (_req, res) =>
    closing.aborted ? res.status(503).set("Cache-Control", "no-store").json({ status: "closing" }) : res.set("Cache-Control", "no-store").json({ status: "ready" }),
  );

  if (log) {
    app.use((req, res, next) => {
      const started = performance.now();
      res.on("finish", () => log(`${req.method} ${routePatternOf(req)} ${res.statusCode} ${(performance.now() - started).toFixed(0)}ms`));
      next();
    });
  }
  // Messages carry their attachments as base64 (2§7 POST Patient/Message): five files of 4 MB at most.
  app.use(express.json({ limit: "30mb" }));

  app.get("/__admin/openapi.json", (req, res) => sendJson(res, 200, openApiDocument(originOf(req))));
  // An admin request with a body must say it is JSON: a body in another type would be silently
  // ignored (a world of the default scenario made instead of the one asked for).
  app.use("/__admin", (req, res, next) => {
    const hasBody = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (hasBody && !req.is("application/json")) return sendJson(res, 415, { error: "Send the admin API JSON, with Content-Type: application/json" });
    next();
  });
  app.use("/__admin", adminSiteCheck);
  app.use("/__admin", recordingsAdminRouter(recorders, recordUpstreams));
  app.use("/__admin", accountAdminRouter(worlds));
  app.use("/__admin", liveAdminRouter(worlds, { host, portalUrl }));
  app.use("/__admin", adminRouter(worlds));

  // The console (decisions/381): the mock's own address in a browser, a client of the admin API above.
  app.use(consoleRouter(consoleDir));

  // Recordings (decisions/384): each recorder's identity server and practice API, forwarded upstream.
  app.use("/recordings/:recordingId", recordingProxyRouter((req) => recorders.get(String(req.params.recordingId))));
  if (rootRecorderId) app.use(recordingProxyRouter(() => recorders.get(rootRecorderId)));

  // The identity server: which practice API (world) serves this user. The password is checked later.
  const identity = endpoints.identityAuthentication;
  app.post(`/${identity.path}`, (req, res) => {
    try {
      const { body } = parseRequest(identity, req);
      // A switch token (q) names no user: its world is the one that issued it.
      const world = body.q ? worlds.list().find((w) => w.tokens.hasSwitch(body.q!)) : worlds.ownerOf(body.UserName);
      sendReply(
        res,
        identity,
        world ? { ACCAPIURL: `${originOf(req)}/worlds/${world.id}/api/` } : { StatusCode: "0", ResponseMessage: "Invalid username or password." },
      );
    } catch (error) {
      sendError(res, error);
    }
  });

  // Before sign-in the portal has no world address: forgotten passwords and help requests go to the
  // practice API's default address, and the mock hands each to the world that owns the user. So does
  // a sign-in whose user name the identity server did not know: the portal asks the practice all the
  // same, so that the refusal takes the same work as a wrong password's (issue 36, 8a).
  const ownerOr = (name: unknown) => (typeof name === "string" ? worlds.ownerOf(name) : undefined) ?? worlds.get("default");
  app.post(`/api/${endpoints.forgotPassword.path}`, worldRouteHandler(endpoints.forgotPassword, worldRoutes.forgotPassword, { worldOf: (req) => ownerOr(req.query.Username), closing, room: ROOM.forgotPassword }));
  app.post(`/api/${endpoints.patientAuthentication.path}`, worldRouteHandler(endpoints.patientAuthentication, worldRoutes.patientAuthentication, { worldOf: (req) => ownerOr(req.body?.UserName), closing, room: ROOM.patientAuthentication }));
  app.post(`/api/${endpoints.sendHelpMessage.path}`, worldRouteHandler(endpoints.sendHelpMessage, worldRoutes.sendHelpMessage, { worldOf: (req) => ownerOr(req.body?.EmailAddress), closing, room: ROOM.sendHelpMessage }));

  const worldOf = (req: Request) => worlds.get(String(req.params.worldId));
  for (const name of WORLD_ENDPOINT_NAMES) {
    const endpoint = endpoints[name];
    const route = worldRoutes[name] as WorldRoute<typeof endpoint, World>;
    app[METHOD[endpoint.method]](`/worlds/:worldId/api/${endpoint.path}`, worldRouteHandler(endpoint, route, { worldOf, closing, room: ROOM[name] }));
  }

  app.use("/worlds/:worldId", (req, res) => {
    if (!worldOf(req)) return sendJson(res, 404, { error: `Unknown world "${req.params.worldId}"` });
    sendJson(res, 404, { error: `No such call: ${req.method} ${req.originalUrl}` });
  });
  app.use((req, res) => sendJson(res, 404, { error: `No such route: ${req.method} ${req.originalUrl}` }));

  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    // body-parser's refusals (bad JSON, too large) are the caller's mistake, not the mock's.
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : undefined;
    if (status) {
      // body-parser marks its JSON failures with type "entity.parse.failed"; other 4xx (a bad %-escape, a body too large) say what they are.
      const what = error.type === "entity.parse.failed" ? "Malformed JSON body" : String(error.message);
      return sendJson(res, status, { error: what, issues: [{ path: error.type === "entity.parse.failed" ? "(body)" : "(request)", message: String(error.message) }] });
    }
    sendError(res, error);
  };
  app.use(onError);

  return app;
}
