import { Router } from "express";
import { z } from "zod";
import { fromAnotherSite } from "../admin";
import { originOf } from "../endpoint-route";
import { issuesOf, sendJson } from "../http";
import { upstreamLabel } from "./file";
import { recorderPath, type Recorder, type RecorderRegistry } from "./recorder";

/**
 * The admin API's recordings (decisions/384): start one in front of a practice's identity server,
 * list them, take the anonymised file, stop one. Like the rest of the admin API, loopback only, and a
 * change asked for by another site's page is refused.
 */

export const StartRecordingSchema = z.strictObject({
  upstream: z.url({ protocol: /^https?$/, error: "upstream: the practice's identity server, an http(s) address such as https://identity.practice.example" }),
});

export function recordingsAdminRouter(recorders: RecorderRegistry): Router {
  const router = Router();
  router.use("/recordings", (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !fromAnotherSite(req)) return next();
    sendJson(res, 403, { error: "The admin API takes changes from the mock's own console, curl and tests, never from another site's page." });
  });

  const summary = (recorder: Recorder, origin: string) => ({
    id: recorder.id,
    upstream: upstreamLabel(recorder.upstream),
    startedAt: recorder.startedAt,
    calls: recorder.callCount,
    identityUrl: `${origin}${recorderPath(recorder.id)}`,
    file: `${origin}/__admin/recordings/${recorder.id}`,
  });

  router.post("/recordings", (req, res) => {
    const parsed = StartRecordingSchema.safeParse(req.body ?? {});
    if (!parsed.success) return sendJson(res, 400, { error: "Invalid recording request", issues: issuesOf(parsed.error) });
    sendJson(res, 201, summary(recorders.start(parsed.data.upstream), originOf(req)));
  });

  router.get("/recordings", (req, res) => sendJson(res, 200, { recordings: recorders.list().map((r) => summary(r, originOf(req))) }));

  router.get("/recordings/:id", (req, res) => {
    const recorder = recorders.get(String(req.params.id));
    if (!recorder) return sendJson(res, 404, { error: `No recording "${req.params.id}"` });
    res.set("Content-Disposition", `attachment; filename="recording-${recorder.id}.json"`);
    sendJson(res, 200, recorder.file());
  });

  // Stopping answers the file one last time: what was recorded is not lost with the recorder.
  router.delete("/recordings/:id", (req, res) => {
    const recorder = recorders.stop(String(req.params.id));
    if (!recorder) return sendJson(res, 404, { error: `No recording "${req.params.id}"` });
    sendJson(res, 200, recorder.file());
  });

  return router;
}
