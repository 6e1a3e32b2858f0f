import { Router, type Request } from "express";
import { z } from "zod";
import { originOf } from "../endpoint-route";
import { issuesOf, sendJson } from "../http";
import { upstreamLabel } from "./file";
import { normalisedUpstream, recorderPath, type Recorder, type RecorderRegistry } from "./recorder";

/**
 * The admin API's recordings: start one in front of a practice's identity server, list, take the anonymised file, stop;
 * like the rest of the admin API, loopback only, and a call from another site's page is refused (decisions/384).
 */

export const StartRecordingSchema = z.strictObject({
  upstream: z.url({ protocol: /^https?$/, error: "upstream: the practice's identity server, an http(s) address such as https://identity.practice.example" }),
});

/**
 * Whether a recording may be started in front of this upstream: one the operator named (`--record`,
 * `MOCK_RECORD_UPSTREAMS`), or the mock itself by a loopback name at the port the request came in on.
 * Never any address a request names: the recorder's proxy would read it back (decisions/391).
 */
function mayRecord(upstream: string, allowed: readonly string[], req: Request): boolean {
  if (allowed.some((entry) => normalisedUpstream(entry) === upstream)) return true;
  const url = new URL(upstream);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname) && url.pathname === "/" && url.port === String(req.socket.localPort);
}

/** `upstreams`: the addresses a request may start a recording of, beside the mock itself (the `--record` one and `MOCK_RECORD_UPSTREAMS`). */
export function recordingsAdminRouter(recorders: RecorderRegistry, upstreams: readonly string[] = []): Router {
  const router = Router();

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
    const upstream = normalisedUpstream(parsed.data.upstream);
    if (!mayRecord(upstream, upstreams, req)) {
      const listed = upstreams.map((u) => upstreamLabel(normalisedUpstream(u)));
      return sendJson(res, 403, {
        error: `This mock records only the practices it was started with (--record, --record-upstreams or MOCK_RECORD_UPSTREAMS) and itself, not ${upstreamLabel(upstream)}. ${listed.length > 0 ? `It may record: ${listed.join(", ")}.` : "It was given none."}`,
        issues: [{ path: "upstream", message: "not one of the upstreams this mock was started with" }],
      });
    }
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
