import { Router } from "express";
import { sendJson } from "./http";
import type { WorldRegistry } from "./worlds";
import { patientIdOf, type ReplayState } from "./recording/replay";

/** The patient a replay world's user signed in as in the recording (decisions/384). */
function recordedHolderOf(replay: ReplayState, username: string | undefined): string | undefined {
  const recorded = username ? replay.recordedUserOf.get(username) : undefined;
  const signIn = recorded ? replay.book.signIn(recorded) : undefined;
  return signIn ? patientIdOf(signIn) : undefined;
}

/**
 * What QA needs to drive the account flows without an inbox or a phone: switch tokens to hand out,
 * the mails the practice "sent" (temporary passwords), the Login Help requests received, and the
 * request journal (what the portal sent, secrets redacted).
 */
export function accountAdminRouter(worlds: WorldRegistry): Router {
  const router = Router();

  router.post("/worlds/:id/switch-tokens", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    const label = typeof req.body?.label === "string" ? req.body.label : "";
    const holderId = world.replay ? recordedHolderOf(world.replay, world.users.find((u) => u.label === label)?.username) : world.store.account.findFirst({ where: { label: { equals: label } } })?.holderId;
    if (!holderId) return sendJson(res, 400, { error: `Unknown account label "${label}"`, labels: world.users.map((u) => u.label) });
    const q = world.tokens.issueSwitch(holderId);
    sendJson(res, 201, { q, path: `/loginSwitch/${q}` });
  });

  router.get("/worlds/:id/mail", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    // One address: a repeated one (?to=a&to=b) is refused rather than ignored, which listed every mail.
    if (Array.isArray(req.query.to)) return sendJson(res, 400, { error: "Give to once: the mail filters by one address at a time" });
    const to = typeof req.query.to === "string" ? req.query.to.trim().toLowerCase() : undefined;
    const mail = world.store.mail.getAll().filter((m) => !to || m.to === to);
    sendJson(res, 200, { mail });
  });

  /** The card charges the built-in test provider made in this world (one per paid payment intent). */
  router.get("/worlds/:id/charges", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, { charges: world.payments.charges });
  });

  router.get("/worlds/:id/requests", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    // One value per filter: a repeated one (?method=GET&method=POST) is refused rather than ignored.
    for (const name of ["method", "path"]) {
      if (Array.isArray(req.query[name])) return sendJson(res, 400, { error: `Give ${name} once: the journal filters by one ${name} at a time` });
    }
    const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);
    sendJson(res, 200, { requests: world.journal.list({ method: text(req.query.method), path: text(req.query.path) }) });
  });

  /** The repeat prescription requests the practice received, with what it answered (2§7). */
  router.get("/worlds/:id/repeat-requests", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, { requests: world.medications.received });
  });

  /** The messages patients posted (sent and drafts), oldest first, as the practice received them (2§7). */
  router.get("/worlds/:id/messages", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, { messages: world.messages.received });
  });

  router.get("/worlds/:id/help-messages", (req, res) => {
    const world = worlds.get(req.params.id);
    if (!world) return sendJson(res, 404, { error: `Unknown world "${req.params.id}"` });
    sendJson(res, 200, { messages: world.store.helpMessage.getAll().map((m) => ({ receivedAt: m.receivedAt, ...JSON.parse(m.payload) })) });
  });

  return router;
}
