import type { Request, RequestHandler, Response } from "express";
import { setTimeout as sleep } from "node:timers/promises";
import type { z } from "zod";
import type { Endpoint } from "@contract/endpoints";
import { HttpError, issuesOf, sendJson } from "./http";
import { CHAOS_MAX_MS, type ChaosDecision } from "./chaos";
import type { FaultAction } from "./faults";
import { answerFromRecording } from "./recording/replay";
import { inRoom, RawReply, type RoomRow } from "@contract/room/shapes";
import { asTheSpecReadsIt } from "./spec-practice";
import type { WorldCore } from "./world-core";

/** The one place where a call of the contract table becomes an Express handler, through the same checks in the same order for every call (decisions/396). */

type OutputOf<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

/**
 * Where the practice reads a call's token, from the contract (`needsToken`, `tokenIn`): the header, the
 * query (Logout, the notification flags, the letters: 1§7, 2§7), or nowhere (sign-in). Only there: a
 * token elsewhere is no token, as at a practice that reads it where the spec says (decisions/369).
 */
export type TokenIn = "header" | "query" | "none";
function tokenInOf(endpoint: Endpoint): TokenIn {
  return endpoint.needsToken ? (endpoint.tokenIn ?? "header") : "none";
}

export interface Session {
  token: string;
  /** The patient who signed in. */
  patientId: string;
  /** Their own id and those of their linked accounts. */
  patientIds: ReadonlySet<string>;
}

/**
 * What a handler is given. `W` is the world as the handler's area declares it: the core every world
 * has, its own stores and the stores of the areas it reads (decisions/359); every world has them all.
 */
export interface CallContext<E extends Endpoint, S extends Session | undefined = Session, W extends WorldCore = WorldCore> {
  world: W;
  query: OutputOf<E["query"]>;
  body: OutputOf<E["body"]>;
  session: S;
  /** protocol://host of this request, for addresses the reply hands out. */
  origin: string;
}

/**
 * A call's handler. `handle` is a property, not a method, so that TypeScript compares its world
 * strictly: a route that reads `world.messages` is not a route of a world without that store.
 * `signedIn` says whether it is given a session; it must agree with the contract's `needsToken`,
 * which, with `tokenIn`, also says where the token is read (checked as the route is made).
 */
export type WorldRoute<E extends Endpoint, W extends WorldCore = WorldCore> =
  | { signedIn: false; handle: (call: CallContext<E, undefined, W>) => z.input<E["reply"]> | Promise<z.input<E["reply"]>> }
  | { signedIn: true; handle: (call: CallContext<E, Session, W>) => z.input<E["reply"]> | Promise<z.input<E["reply"]>> };

/** The parameters that name a patient; each must be the token's patient or a linked account. */
const PATIENT_ID_FIELDS = ["PatientID", "UserLoggedID", "ProxyID", "BookWithID"] as const;

export function callName(endpoint: Endpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}

export function originOf(req: Request): string {
  return `${req.protocol}://${req.get("host")}`;
}

/** Validates query and body with the endpoint's schemas; 400 with the issues when they fail. */
export function parseRequest<E extends Endpoint>(endpoint: E, req: Request): { query: OutputOf<E["query"]>; body: OutputOf<E["body"]> } {
  const parts = { query: undefined as unknown, body: undefined as unknown };
  for (const part of ["query", "body"] as const) {
    const schema = endpoint[part];
    if (!schema) continue;
    const result = schema.safeParse(part === "query" ? { ...req.query } : req.body);
    if (!result.success) throw new HttpError(400, { error: `Invalid ${part} for ${callName(endpoint)}`, issues: issuesOf(result.error) });
    parts[part] = result.data;
  }
  return parts as { query: OutputOf<E["query"]>; body: OutputOf<E["body"]> };
}

/** Sends a reply only once it parses with the endpoint's reply schema. */
export function sendReply(res: Response, endpoint: Endpoint, payload: unknown): void {
  const result = endpoint.reply.safeParse(payload);
  if (!result.success) {
    const issues = issuesOf(result.error);
    console.error(`Mock contract violation in ${callName(endpoint)}:`, JSON.stringify(issues));
    sendJson(res, 500, { error: "Contract violation", call: callName(endpoint), issues });
    return;
  }
  sendJson(res, 200, payload);
}

export function sendError(res: Response, error: unknown): void {
  if (error instanceof HttpError) {
    sendJson(res, error.status, error.body);
    return;
  }
  console.error("Mock server error:", error);
  sendJson(res, 500, { error: "Internal mock server error", message: error instanceof Error ? error.message : String(error) });
}

export interface WorldRouteOptions<W extends WorldCore> {
  worldOf(req: Request): W | undefined;
  /** Aborted when the server closes, so delayed replies do not hold it open. */
  closing: AbortSignal;
  /** The room the spec leaves this call's reply (contract/room), from which a spec practice draws its shapes. */
  room?: RoomRow;
}

export function worldRouteHandler<E extends Endpoint, W extends WorldCore>(endpoint: E, route: WorldRoute<E, W>, options: WorldRouteOptions<W>): RequestHandler {
  if (route.signedIn !== endpoint.needsToken) throw new Error(`${callName(endpoint)}: its handler is${route.signedIn ? "" : " not"} signed in, but the contract says the call ${endpoint.needsToken ? "needs a" : "takes no"} token`);
  const tokenIn = tokenInOf(endpoint);
  const asSpec = asTheSpecReadsIt(endpoint);
  return async (req, res) => {
    try {
      const world = options.worldOf(req);
      if (!world) throw new HttpError(404, { error: `Unknown world "${req.params.worldId}"` });
      // The practice's date is the world's (RFC 9110 §6.6.1: an origin server with a clock sends it),
      // so a world whose clock has moved on answers with its own date, as the portal reads it
      // (decisions/378). Taken as the call arrives: a held or delayed reply keeps that date.
      res.set("Date", new Date(world.clock.nowMs()).toUTCString());

      const taken = world.faults.take(endpoint.path, endpoint.method);
      // Chaos numbers every call as it arrives, even one a fault takes, so that adding a fault for one
      // call does not shift which later calls chaos hits; the test's own fault wins (decisions/383).
      const drawn = world.chaos.next();
      const chaos = taken ? null : drawn;
      const fault = taken ?? (chaos ? chaosAction(chaos) : undefined);
      // A reset mid-call gives the world a new store and journal: this call belongs to the old ones.
      const { journal, store } = world;
      // The journal entry is written once the call is over on both sides: its reply is sent or its
      // connection gone (status 0), and its work done, so a test that reads the journal also sees the
      // effect of every call listed, even of one whose caller stopped waiting.
      // ("close" is emitted after this handler's synchronous part, so `work` is set by then.)
      let work = Promise.resolve();
      res.on("close", () => {
        const status = res.writableFinished ? res.statusCode : 0;
        void work.then(() =>
          journal.record({
            at: new Date().toISOString(),
            method: endpoint.method,
            path: endpoint.path,
            query: req.query,
            body: req.body,
            fault: taken ? describeFault(taken) : null,
            chaos: chaos ? { call: chaos.call, kind: chaos.kind, latencyMs: chaos.latencyMs } : null,
            status,
            correlationId: correlationIdOf(req.get("x-correlation-id")),
          }),
        );
      });
      work = answer(world, fault, req, res, store); // never rejects: it answers its own errors
      await work;
    } catch (error) {
      sendError(res, error);
    }
  };

  async function answer(world: W, fault: FaultAction | undefined, req: Request, res: Response, store: WorldCore["store"]): Promise<void> {
    const respond = fault?.respond;
    try {
      if (fault && (fault.delayMs > 0 || fault.held)) {
        try {
          if (fault.held) await heldUntilReleased(fault.held, options.closing);
          if (fault.delayMs > 0) await sleep(fault.delayMs, undefined, { signal: options.closing });
        } catch {
          return; // the mock is shutting down
        }
        // A caller who gave up waiting (a timeout test) does not undo the call: like a real server, the
        // practice still carries it out, and the reply goes nowhere. A world reset meanwhile is back at
        // its start, and a call from before the reset must not change it.
        if (world.store !== store) {
          res.socket?.destroy();
          return;
        }
      }
      if (respond && respond.kind !== "lost-reply") {
        const { status, kind } = respond;
        if (kind === "drop") res.socket?.destroy();
        else if (kind === "timeout") {
          // A practice that hangs: nothing done, nothing said, until the caller gives up (or the cap).
          await untilClosed(res, options.closing, CHAOS_MAX_MS);
          res.socket?.destroy();
        }
        else if (kind === "empty") res.status(status).type("application/json").end();
        // Deliberately outside the contract: the portal must notice, not crash.
        else if (kind === "malformed") sendJson(res, status, { unexpected: true });
        else sendJson(res, status, { error: "Injected fault", status, call: callName(endpoint) });
        return;
      }

      // A world made from a recording answers as recorded, after the faults and chaos above, so QA can
      // still break its calls; the journal records its calls as any world's (decisions/384).
      if (world.replay) {
        if (respond?.kind === "lost-reply") res.socket?.destroy();
        else await answerFromRecording({ ...world, replay: world.replay }, endpoint, req, res, tokenIn === "none" ? undefined : tokenOf(req, tokenIn));
        return;
      }
      const session = tokenIn === "none" ? undefined : authenticate(world, tokenOf(req, tokenIn));
      const spec = world.practice === "spec";
      const { query, body } = parseRequest(spec ? asSpec : endpoint, req);
      if (session) checkPatientIds(session, query, body);

      const handle = route.handle as (call: CallContext<E, Session | undefined, W>) => unknown;
      // Documents (PDFs) are rendered asynchronously; everything else answers at once.
      const payload = await handle({ world, query, body, session, origin: originOf(req) });
      if (respond?.kind === "lost-reply") res.socket?.destroy();
      // The test's own answer in place of the reply, deliberately unchecked: a real practice's way of
      // saying the same (1 or "true" for true), or not, which the portal must read as the spec says.
      else if (fault?.answer && !res.destroyed) sendAnswer(res, fault.answer);
      // A spec practice words the reply as its seed draws from the room, and sends it unchecked: the
      // portal's contract must read whatever the room holds, not the room what the contract reads.
      else if (spec && options.room && !res.destroyed) sendShaped(res, inRoom(options.room, payload, world.roomSeed, { body: req.body }));
      else if (!res.destroyed) sendReply(res, endpoint, payload);
    } catch (error) {
      // A refusal (401, 403, 400) is that call's outcome: with "lost-reply" it is lost as well.
      if (respond?.kind === "lost-reply") res.socket?.destroy();
      else if (!res.destroyed) sendError(res, error);
    }
  }
}

/** What a chaos hit does, as the fault it stands for: the latency first, then its kind. */
function chaosAction(chaos: ChaosDecision): FaultAction {
  const delayMs = chaos.latencyMs;
  if (chaos.kind === "503") return { delayMs, respond: { status: 503, kind: "status" } };
  if (chaos.kind === "garbled") return { delayMs, respond: { status: 200, kind: "malformed" } };
  if (chaos.kind === "lost-reply") return { delayMs, respond: { status: 200, kind: "lost-reply" } };
  if (chaos.kind === "timeout") return { delayMs, respond: { status: 0, kind: "timeout" } };
  return { delayMs };
}

/** Settles when the caller closes the connection, the mock closes, or `capMs` has passed. */
function untilClosed(res: Response, closing: AbortSignal, capMs: number): Promise<void> {
  if (res.destroyed || closing.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      closing.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    res.once("close", done);
    closing.addEventListener("abort", done, { once: true });
  });
}

/** A reply as a spec practice words it: JSON as it stands, or a raw reply (an empty 204, the text OK). */
function sendShaped(res: Response, reply: unknown): void {
  if (!(reply instanceof RawReply)) sendJson(res, 200, reply);
  else if (reply.status === 204 || reply.body === "") res.status(reply.status).type(reply.contentType).end();
  else res.status(reply.status).type(reply.contentType).send(reply.body);
}

/** Any JSON value as the body, `null` included (Express's json() would send an empty body for undefined). */
function sendAnswer(res: Response, answer: NonNullable<FaultAction["answer"]>): void {
  if (!("body" in answer)) res.status(answer.status).type("application/json").send(JSON.stringify(answer.value === undefined ? null : answer.value));
  // 204 and 304 carry no body, whatever was asked.
  else if (answer.status === 204 || answer.status === 304) res.status(answer.status).end();
  else res.status(answer.status).type(answer.contentType).send(answer.body);
}

/** Waits for the test's release; rejects when the mock closes first. The mock's signal outlives the call: its listener goes with it. */
function heldUntilReleased(held: Promise<void>, closing: AbortSignal): Promise<void> {
  if (closing.aborted) return Promise.reject(new Error("closing"));
  return new Promise((resolve, reject) => {
    const closed = () => reject(new Error("closing"));
    closing.addEventListener("abort", closed, { once: true });
    void held.then(() => {
      closing.removeEventListener("abort", closed);
      resolve();
    });
  });
}

function tokenOf(req: Request, tokenIn: Exclude<TokenIn, "none">): string | undefined {
  const raw = tokenIn === "header" ? req.get("Token") : req.query.Token;
  return typeof raw === "string" && raw.trim() !== "" ? raw.trim() : undefined;
}

function authenticate(world: WorldCore, token: string | undefined): Session {
  if (!token) throw new HttpError(401, { error: "Unauthorized", message: "A Token is required" });
  const grant = world.tokens.lookup(token);
  if (!grant) throw new HttpError(401, { error: "Unauthorized", message: "The token is unknown or has been logged out" });
  const members = world.store.member.findMany({ where: { holderId: { equals: grant.patientId } } });
  return { token, patientId: grant.patientId, patientIds: new Set([grant.patientId, ...members.map((m) => m.patientId)]) };
}

function checkPatientIds(session: Session, ...parts: unknown[]): void {
  for (const part of parts) {
    if (!part || typeof part !== "object") continue;
    for (const field of PATIENT_ID_FIELDS) {
      const value = (part as Record<string, unknown>)[field];
      if (typeof value === "string" && value !== "" && !session.patientIds.has(value)) {
        throw new HttpError(403, { error: "Forbidden", message: `${field} ${value} is not this sign-in's patient or one of its linked accounts` });
      }
    }
  }
}

/** The portal's correlation id as the journal keeps it: a plain bounded token only, never arbitrary text. */
function correlationIdOf(header: string | undefined): string | null {
  return header && /^[A-Za-z0-9._-]{8,64}$/.test(header) ? header : null;
}

/** The answer as JSON, cut short past 60 characters, for the journal. */
function answerText(value: unknown): string {
  const text = JSON.stringify(value === undefined ? null : value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** "status 503", "malformed", "delay 500ms", "carried out, answered 1", or a mix, for the journal. */
function describeFault(fault: FaultAction): string {
  const parts: string[] = [];
  const kind = fault.respond?.kind;
  if (kind) parts.push(kind === "status" ? `status ${fault.respond!.status}` : kind === "drop" ? "dropped connection" : kind === "lost-reply" ? "carried out, reply lost" : kind);
  if (fault.answer) parts.push(`carried out, answered ${"body" in fault.answer ? `the text ${answerText(fault.answer.body)}` : answerText(fault.answer.value)}${fault.answer.status === 200 ? "" : ` with status ${fault.answer.status}`}`);
  if (fault.held) parts.push("held");
  if (fault.delayMs > 0) parts.push(`delay ${fault.delayMs}ms`);
  return parts.join(", ");
}
