import { Router } from "express";
import { endpoints } from "@contract/endpoints";
import { scenarios } from "../fixtures/scenarios/index";
import { sendJson } from "./http";
import type { JournalEvent } from "./journal";
import { WORLD_ENDPOINT_NAMES } from "./world-endpoints";
import type { WorldRegistry } from "./worlds";

/**
 * The admin routes the console needs, usable from a test or curl all the same: what this mock is, the scenarios with
 * their descriptions, and the request journal as a live stream (Server-Sent Events) (decisions/381).
 */

export interface AboutOptions {
  /** The address the mock listens on: the console says whether only this machine can reach it. */
  host: string;
  /** Where the portal that signs in against this mock is, for sign-in links; null when unknown. */
  portalUrl: string | null;
}

/** A stream with nothing to say still writes now and then, so a proxy or the browser keeps it open. */
const HEARTBEAT_MS = 15_000;

export function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

export function liveAdminRouter(worlds: WorldRegistry, about: AboutOptions): Router {
  const router = Router();

  router.get("/about", (_req, res) =>
    sendJson(res, 200, {
      portalUrl: about.portalUrl,
      host: about.host,
      loopbackOnly: isLoopback(about.host),
      calls: WORLD_ENDPOINT_NAMES.map((name) => ({
        method: endpoints[name].method,
        path: endpoints[name].path,
        summary: endpoints[name].summary,
        needsToken: endpoints[name].needsToken,
      })),
    }),
  );

  router.get("/scenarios/details", (_req, res) =>
    sendJson(res, 200, {
      scenarios: [...scenarios.values()].map((s) => ({
        id: s.id,
        title: s.title,
        description: s.description ?? s.title,
      })),
    }),
  );

  // The journal as it grows: first `cleared` and every entry kept, then each new entry as its call ends;
  // `cleared` again when the journal is emptied or the world reset, and `gone` (then the end) when the
  // world is deleted. A reconnecting reader is sent the whole journal again, so it never misses one.
  router.get("/worlds/:id/requests/stream", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      Connection: "keep-alive",
    });
    const send = (event: JournalEvent) => {
      if (event.kind === "request") res.write(`id: ${event.seq}\nevent: request\ndata: ${JSON.stringify(event.entry)}\n\n`);
      else res.write(`event: ${event.kind}\ndata: {}\n\n`);
      if (event.kind === "gone") res.end();
    };
    send({ kind: "cleared" });
    for (const numbered of world.journal.numbered()) send({ kind: "request", ...numbered });
    const unsubscribe = world.journalFeed.subscribe(send);
    // A world someone is watching is in use: the heartbeat keeps it from being removed as idle.
    const heartbeat = setInterval(() => {
      worlds.get(world.id);
      res.write(": still here\n\n");
    }, HEARTBEAT_MS);
    res.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });

  return router;
}
