import { Router, type Request } from "express";
import { z } from "zod";
import { PRACTICE_KINDS, scenarioIds } from "../fixtures/scenarios/index";
import { ChaosConfigSchema } from "./chaos";
import { originOf } from "./endpoint-route";
import { roomDrawnBy } from "./spec-practice";
import { FaultRequestSchema } from "./faults";
import { issuesOf, sendJson } from "./http";
import { ClockRequestSchema, InstantSchema } from "./clock";
import type { World } from "./areas";
import { UnknownScenarioError, type WorldRegistry } from "./worlds";
import { readNamedRecording, RecordingNameSchema, RecordingSchema, type Recording } from "./recording/file";

/**
 * The admin API under /__admin, for QA and tests: worlds, their clocks, faults and the journal. Deliberately
 * unauthenticated: the mock listens on loopback and holds only generated data (decisions/381).
 */

const HeldQuerySchema = z.strictObject({
  atLeast: z.coerce.number().int().min(1).default(1),
  timeoutMs: z.coerce.number().int().min(1).max(60_000).default(10_000),
});

export const CreateWorldSchema = z.strictObject({
  scenario: z.string().min(1).optional(),
  seed: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /** Fixes the world's clock at this instant; without it the clock runs from real time (decisions/012). */
  now: InstantSchema.optional(),
  /** Ours, or a practice built to 1§7 and 2§7 and no more (decisions/372); by default the scenario's. */
  practice: z
    .enum(PRACTICE_KINDS, { error: `practice: "mock" (ours) or "spec" (as 1§7 and 2§7 describe it)` })
    .optional()
    .describe('"mock": our practice; "spec": one built to 1§7 and 2§7 and no more (calls it lacks answer 404, parameters it lacks are not read, replies drawn by its seed from the room the spec leaves, contract/room, and sent unchecked). Default: the scenario\'s, "mock" unless it says.'),
  /**
   * At a spec practice, the seed its replies' shapes are drawn by (contract/room); by default the
   * world's seed. Apart from `seed`, a scenario's data stays the same while the shapes change.
   */
  roomSeed: z
    .int()
    .min(0)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("At a spec practice, the seed its replies' shapes are drawn by from the room the spec leaves (contract/room); by default the world's seed. Set apart from it, the scenario's data stays as `seed` makes it while only the shapes change."),
  /** Seeded chaos from the world's first call (decisions/383); PUT or DELETE …/chaos later. */
  chaos: ChaosConfigSchema.optional(),
  /** A world that answers as recorded (decisions/384): the recording itself, or its file name in the mock's recordings folder. */
  recording: z.union([RecordingSchema, RecordingNameSchema]).optional(),
});

export function worldSummary(world: World, origin: string) {
  return {
    id: world.id,
    scenario: world.scenarioId,
    seed: world.seed,
    practice: world.practice,
    createdAt: world.createdAt,
    clock: world.clock.state(),
    chaos: world.chaos.config,
    apiUrl: `${origin}/worlds/${world.id}/api/`,
    users: world.users.map((u) => ({ label: u.label, username: u.username, password: u.password, description: u.description })),
    /** A world made from a recording (decisions/384): where and when it was recorded, and how many calls it holds. */
    /** At a spec practice, the shape each call's reply, and each of its records in turn, is drawn in from the room the spec leaves (decisions/396). */
    roomSeed: world.practice === "spec" ? world.roomSeed : undefined,
    room: world.practice === "spec" ? roomDrawnBy(world.roomSeed) : undefined,
    recording: world.replay ? { upstream: world.replay.book.recording.upstream, recordedAt: world.replay.book.recording.recordedAt, calls: world.replay.book.recording.calls.length } : undefined,
  };
}

export function adminRouter(worlds: WorldRegistry): Router {
  const router = Router();
  const worldOr404 = (req: Request) => worlds.get(String(req.params.id));

  router.get("/health", (_req, res) => sendJson(res, 200, { status: "ok", worlds: worlds.list().length }));

  router.get("/scenarios", (_req, res) => sendJson(res, 200, { scenarios: scenarioIds() }));

  router.post("/worlds", (req, res) => {
    // An empty POST (no body, no content type) means "the default scenario, seed 1".
    const parsed = CreateWorldSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendJson(res, 400, { error: "Invalid world request", issues: issuesOf(parsed.error) });
    try {
      const { recording: asked, ...options } = parsed.data;
      let recording: Recording | undefined;
      try {
        recording = typeof asked === "string" ? readNamedRecording(asked) : asked;
      } catch (error) {
        return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error), issues: [{ path: "recording", message: "no such recording in the recordings folder, or not a recording" }] });
      }
      const world = worlds.create({ ...options, recording, now: options.now?.toMillis() });
      sendJson(res, 201, worldSummary(world, originOf(req)));
    } catch (error) {
      if (!(error instanceof UnknownScenarioError)) throw error;
      sendJson(res, 400, { error: error.message, issues: [{ path: "scenario", message: error.message }], scenarios: scenarioIds() });
    }
  });

  router.get("/worlds", (req, res) => sendJson(res, 200, { worlds: worlds.list().map((w) => worldSummary(w, originOf(req))) }));

  router.get("/worlds/:id", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, worldSummary(world, originOf(req)));
  });

  router.delete("/worlds/:id", (req, res) => {
    const outcome = worlds.delete(String(req.params.id));
    if (outcome === "not-found") return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    if (outcome === "protected") return sendJson(res, 409, { error: "The default world cannot be deleted" });
    res.status(204).end();
  });

  router.get("/worlds/:id/clock", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, world.clock.state());
  });

  router.post("/worlds/:id/clock", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const parsed = ClockRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendJson(res, 400, { error: 'Invalid clock request: send {"advance": "P1D"} (an ISO 8601 duration), {"to": "2026-03-08"} (a later date or date-time), or {"mode": "fixed" | "running"}', issues: issuesOf(parsed.error) });
    const { advance, to, mode } = parsed.data;
    const refused = advance ? world.clock.advance(advance) : to ? world.clock.moveTo(to) : null;
    if (refused) return sendJson(res, 400, { error: `Invalid clock request: ${refused}` });
    if (mode === "fixed") world.clock.freeze();
    if (mode === "running") world.clock.run();
    sendJson(res, 200, world.clock.state());
  });

  router.post("/worlds/:id/reset", (req, res) => {
    const world = worlds.reset(String(req.params.id));
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, worldSummary(world, originOf(req)));
  });

  router.delete("/worlds/:id/requests", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    world.journal.clear();
    res.status(204).end();
  });

  router.get("/worlds/:id/chaos", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, world.chaos.state());
  });

  // Setting chaos (again) starts its sequence from call 1: the same calls after it meet the same chaos.
  router.put("/worlds/:id/chaos", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const parsed = ChaosConfigSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendJson(res, 400, { error: 'Invalid chaos: send {"seed": 7, "rate": 0.2, "kinds": ["503", "timeout", "garbled", "lost-reply", "slow"], "latency": {"min": 0, "max": 2000}}', issues: issuesOf(parsed.error) });
    world.chaos.set(parsed.data);
    sendJson(res, 200, world.chaos.state());
  });

  router.delete("/worlds/:id/chaos", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    world.chaos.set(null);
    res.status(204).end();
  });

  router.post("/worlds/:id/faults", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const parsed = FaultRequestSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendJson(res, 400, { error: "Invalid fault", issues: issuesOf(parsed.error) });
    sendJson(res, 201, world.faults.add(parsed.data));
  });

  router.get("/worlds/:id/faults", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, { faults: world.faults.list() });
  });

  router.delete("/worlds/:id/faults/:faultId", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    if (!world.faults.remove(Number(req.params.faultId))) return sendJson(res, 404, { error: `No fault ${req.params.faultId} in world "${req.params.id}"` });
    res.status(204).end();
  });

  router.post("/worlds/:id/faults/:faultId/release", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const released = world.faults.release(Number(req.params.faultId));
    if (!released) return sendJson(res, 404, { error: `No held fault ${req.params.faultId} in world "${req.params.id}"` });
    sendJson(res, 200, released);
  });

  // Long-polls until the held fault has taken at least `atLeast` calls (default 1), so a test waits for
  // the call to reach the practice instead of sleeping; 408 after `timeoutMs` (default 10 s).
  router.get("/worlds/:id/faults/:faultId/held", async (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const query = HeldQuerySchema.safeParse(req.query);
    if (!query.success) return sendJson(res, 400, { error: "Invalid query", issues: issuesOf(query.error) });
    const gaveUp = new AbortController();
    const timer = setTimeout(() => gaveUp.abort(), query.data.timeoutMs);
    res.on("close", () => gaveUp.abort());
    const held = await world.faults.held(Number(req.params.faultId), query.data.atLeast, gaveUp.signal);
    clearTimeout(timer);
    if (held === false) return sendJson(res, 404, { error: `No held fault ${req.params.faultId} in world "${req.params.id}"` });
    if (held === null) return sendJson(res, 408, { error: `Fewer than ${query.data.atLeast} calls reached held fault ${req.params.faultId} within ${query.data.timeoutMs} ms` });
    sendJson(res, 200, held);
  });

  router.delete("/worlds/:id/faults", (req, res) => {
    const world = worldOr404(req);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    world.faults.clear();
    res.status(204).end();
  });

  return router;
}
