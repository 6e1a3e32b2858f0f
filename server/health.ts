import type { Request, Response } from "express";
import express from "express";

/**
 * What a load balancer or a container platform asks of a process (issue 34):
 * - `GET /healthz`: 200 while the process can serve at all. It checks nothing outside the process, so a
 *   practice or Redis outage never gets healthy processes restarted.
 * - `GET /readyz`: 200 only when what the portal needs answers (each readiness check, run at once and in
 *   parallel, within `READINESS_CHECK_MS`), else 503 naming what is missing; 503 "draining" from the
 *   moment shutdown begins, so the balancer stops sending new patients here first.
 * Both answer JSON with `Cache-Control: no-store`, are mounted before the request log, the session and
 * the pages, and carry no patient data: they are never patient activity.
 */

export interface ReadinessCheck {
  /** Named in the 503 reply: "redis", "practice". */
  name: string;
  /** Resolves when the dependency answers; rejects (or outlives the signal) when it does not. */
  check(signal: AbortSignal): Promise<void>;
}

/** How long one readiness check may take before it counts as not answering. */
export const READINESS_CHECK_MS = 2_000;

export interface Health {
  router: express.Router;
  /** From now on /readyz answers 503 "draining" (shutdown has begun). */
  drain(): void;
}

export function healthRoutes(checks: readonly ReadinessCheck[]): Health {
  let draining = false;
  const router = express.Router();
  const answer = (res: Response, status: number, body: unknown) => {
    res.status(status).set("Cache-Control", "no-store").json(body);
  };

  router.get("/healthz", (_req: Request, res: Response) => answer(res, 200, { status: "ok" }));

  router.get("/readyz", async (_req: Request, res: Response) => {
    if (draining) return answer(res, 503, { status: "draining" });
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        const signal = AbortSignal.timeout(READINESS_CHECK_MS);
        try {
          await Promise.race([check(signal), new Promise((_, reject) => signal.addEventListener("abort", () => reject(new Error("no answer")), { once: true }))]);
          return { name, ok: true };
        } catch {
          return { name, ok: false };
        }
      }),
    );
    const failing = results.filter((r) => !r.ok).map((r) => r.name);
    const detail = Object.fromEntries(results.map((r) => [r.name, r.ok ? "ok" : "unreachable"]));
    if (draining) return answer(res, 503, { status: "draining" });
    answer(res, failing.length === 0 ? 200 : 503, failing.length === 0 ? { status: "ready", checks: detail } : { status: "not ready", failing, checks: detail });
  });

  return {
    router,
    drain() {
      draining = true;
    },
  };
}

/** The practice's identity server answers HTTP at all (any status: it is there and talking). */
export function practiceReachable(identityUrl: string): ReadinessCheck {
  return {
    name: "practice",
    async check(signal) {
      const res = await fetch(identityUrl, { method: "GET", signal, redirect: "manual" });
      await res.body?.cancel();
    },
  };
}
