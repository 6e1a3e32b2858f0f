import type { NextFunction, Request, RequestHandler, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { methodLabel, observability, requestIdFrom, statusLabel } from "~/.server/observability.server";

/**
 * Every request's id, duration and log line (issue 34, decisions/262):
 * - its id: the client's X-Request-Id when it is a plain token (REQUEST_ID), else a new UUID; sent
 *   back as X-Request-Id and kept in the request context, so each practice call made while serving it
 *   carries it as X-Correlation-Id (app/.server/practice/client.server.ts);
 * - `portal_http_request_duration_seconds{method, route, status}`, where route is the matched React
 *   Router route's pattern ("/emails/attachment/:id/:n"), never the address, its ids or its query;
 *   "static" for the build's files and "unrouted" for a request refused before the pages (403, 413...);
 * - one JSON line: requestId, method, route, status, durationMs. No address, query, cookie or body.
 */

/** Set on `res.locals` by the handler just before React Router's: the request reached the pages. */
export const ROUTED = "portalRouted";

export type RouteTable = (pathname: string) => string;

type Manifest = ServerBuild["routes"];

/** The route patterns of a build's routes: the deepest match's full pattern for a path. */
export function routeTable(manifest: Manifest): RouteTable {
  type Entry = NonNullable<Manifest[string]>;
  const byParent = new Map<string | undefined, Entry[]>();
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index ? { id: route.id, path: route.path, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const routes = tree(undefined);
  // matchRoutes flattens and ranks the whole tree on every call (about 3 ms of a 45 ms dashboard), so a
  // path's pattern is kept once found. Bounded: addresses carry ids, and a path seen once is dropped first.
  const known = new Map<string, string>();
  return (pathname) => {
    const kept = known.get(pathname);
    if (kept !== undefined) return kept;
    const pattern = patternOf(routes, pathname);
    if (known.size >= KNOWN_PATHS) known.delete(known.keys().next().value as string);
    known.set(pathname, pattern);
    return pattern;
  };
}

const KNOWN_PATHS = 1000;

function patternOf(routes: RouteObject[], pathname: string): string {
  if (pathname === "/__manifest") return "/__manifest";
  // Single-fetch data requests: /profile.data is /profile's, /_root.data the index's.
  const page = pathname === "/_root.data" ? "/" : pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  const matches = matchRoutes(routes, page) ?? [];
  const segments = matches.map((m) => m.route.path).filter((p): p is string => !!p && p !== "/");
  return `/${segments.join("/")}`;
}

/** `routes` gives the current build's table (a promise of it in development, where the build changes). */
export function observeRequests(routes: () => RouteTable | Promise<RouteTable>): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const { context, httpDuration, logger } = observability();
    const requestId = requestIdFrom(req.get("x-request-id"));
    res.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    const method = methodLabel(req.method);
    const pathname = req.path;
    res.on("finish", () => {
      const seconds = (performance.now() - started) / 1000;
      const record = (route: string) => {
        const status = statusLabel(res.statusCode);
        httpDuration.observe({ method, route, status }, seconds);
        logger.info({ kind: "request", requestId, method, route, status: res.statusCode, durationMs: Math.round(seconds * 1000) }, "request");
      };
      if (!res.locals[ROUTED]) return record(res.statusCode < 400 ? "static" : "unrouted");
      const table = routes();
      if (typeof table === "function") return record(table(pathname));
      void table.then(
        (resolved) => record(resolved(pathname)),
        () => record("unrouted"),
      );
    });
    context.run({ requestId }, next);
  };
}
