import { randomBytes } from "node:crypto";
import { Router, type Request, type Response } from "express";
import { LOOKUP_TYPES, LookupReplySchema } from "@contract/profile";
import { Anonymiser } from "./anonymiser";
import { RECORDING_VERSION, upstreamLabel, type RecordedCall, type RecordedReply, type Recording } from "./file";

/** The mock as a recording proxy in front of a practice: only the anonymised recording ever leaves the process (decisions/384). */

/** The request headers worth passing upstream: the body's type, the token and the portal's correlation id. */
const FORWARDED_HEADERS = ["content-type", "accept", "token", "x-correlation-id"] as const;
/** The reply headers passed back to the portal: the type and the practice's date (the portal reads it, decisions/378). */
const RETURNED_HEADERS = ["content-type", "date"] as const;

export class Recorder {
  readonly id: string;
  /** The upstream identity server, e.g. http://127.0.0.1:4010 (no trailing slash). */
  readonly upstream: string;
  readonly startedAt = new Date().toISOString();
  readonly #anonymiser: Anonymiser;
  readonly #calls: RecordedCall[] = [];
  readonly #users = new Set<string>();
  /** The practice API addresses the identity server named, by the number in the recorder's address. */
  readonly #practiceBases: string[] = [];
  #listeners = new Set<() => void>();
  stopped = false;

  constructor(upstream: string, id = `r${randomBytes(4).toString("hex").slice(0, 6)}`) {
    this.upstream = normalisedUpstream(upstream);
    this.id = id;
    // The salt makes one recording's made-up values its own: two recordings of one practice do not
    // share a mapping that could be compared to undo them.
    this.#anonymiser = new Anonymiser(randomBytes(16).toString("hex"));
  }

  get callCount(): number {
    return this.#calls.length;
  }

  /** Called after each recorded call (the CLI writes the file). Returns the unsubscribe. */
  onCall(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The practice address number of an upstream practice API, added when new. */
  practiceIndex(base: string): number {
    const index = this.#practiceBases.indexOf(base);
    if (index >= 0) return index;
    this.#practiceBases.push(base);
    return this.#practiceBases.length - 1;
  }

  practiceBase(index: number): string | undefined {
    return this.#practiceBases[index];
  }

  /** Keeps a call as it was; the anonymiser learns its personal details at once. */
  record(call: RecordedCall, signedInAs?: string): void {
    this.#anonymiser.collect(call.query);
    this.#anonymiser.collect(call.body);
    if (call.reply.kind === "json" || call.reply.kind === "text") this.#anonymiser.collect(call.reply.value);
    // The timeline's providers are a lookup of clinicians' names in a field that names nothing
    // (LookupName); one who is on no appointment or result is met nowhere else.
    if (call.path === "IndiciLookup" && call.query.TypeID === LOOKUP_TYPES.timelineProviders && call.reply.kind === "json") {
      const providers = LookupReplySchema.safeParse(call.reply.value);
      if (providers.success) for (const provider of providers.data) this.#anonymiser.learnFullName(provider.name);
    }
    if (signedInAs) {
      this.#anonymiser.learn("email", signedInAs);
      this.#users.add(signedInAs.trim());
    }
    this.#calls.push(call);
    for (const listener of this.#listeners) listener();
  }

  /**
   * The recording as a file: every call anonymised with everything learnt from all of them, so a
   * name first met in a later reply is replaced in an earlier one too.
   */
  file(): Recording {
    const a = this.#anonymiser;
    return {
      version: RECORDING_VERSION,
      upstream: upstreamLabel(this.upstream),
      recordedAt: this.startedAt,
      users: [...this.#users].map((u) => a.replaceIn(u)),
      calls: this.#calls.map((call) => ({
        ...call,
        path: a.replaceIn(call.path),
        query: a.apply(call.query) as RecordedCall["query"],
        body: a.apply(call.body),
        reply: call.reply.kind === "json" || call.reply.kind === "text" ? ({ ...call.reply, value: a.apply(call.reply.value) } as RecordedReply) : call.reply,
      })),
    };
  }
}

/** An upstream as a recorder keeps it: origin and path, no trailing slash, query or credentials. Throws when not http(s). */
export function normalisedUpstream(upstream: string): string {
  const parsed = new URL(upstream);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error(`The upstream must be an http(s) address, not "${upstream}"`);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, "")}`;
}

/** The recorders of one mock, by id. */
export class RecorderRegistry {
  readonly #recorders = new Map<string, Recorder>();

  start(upstream: string, id?: string): Recorder {
    const recorder = new Recorder(upstream, id);
    this.#recorders.set(recorder.id, recorder);
    return recorder;
  }

  get(id: string): Recorder | undefined {
    return this.#recorders.get(id);
  }

  list(): Recorder[] {
    return [...this.#recorders.values()];
  }

  /** Stops forwarding and forgets the recorder; returns it (its file can still be taken) or undefined. */
  stop(id: string): Recorder | undefined {
    const recorder = this.#recorders.get(id);
    if (!recorder) return undefined;
    recorder.stopped = true;
    this.#recorders.delete(id);
    return recorder;
  }
}

/** The address under which a recorder's identity server and practice API are served. */
export function recorderPath(id: string): string {
  return `/recordings/${id}`;
}

/**
 * The proxy's routes, for a recorder found by `recorderOf` (by the address's id, or the CLI's one at
 * the root): `<base>/api/Authentication` (the identity server), `<base>/api/<call>` (the calls made
 * before sign-in, at the identity server's root) and `/recordings/<id>/practice/<n>/<call>`.
 */
export function recordingProxyRouter(recorderOf: (req: Request) => Recorder | undefined): Router {
  const router = Router({ mergeParams: true });
  router.all("/api/{*call}", (req, res) => forward(req, res, "identity"));
  router.all("/practice/:index/{*call}", (req, res) => forward(req, res, "practice"));
  return router;

  async function forward(req: Request, res: Response, scope: RecordedCall["scope"]): Promise<void> {
    const recorder = recorderOf(req);
    if (!recorder || recorder.stopped) {
      res.status(404).json({ error: "No such recording (it was stopped, or never started)" });
      return;
    }
    const call = callPathOf(req);
    const base = scope === "identity" ? `${recorder.upstream}/api/` : recorder.practiceBase(Number(req.params.index));
    if (!base) {
      res.status(404).json({ error: `No practice address ${req.params.index} in this recording` });
      return;
    }
    const search = req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "";
    const target = forwardedUrl(base, req.path.replace(scope === "identity" ? /^\/api\// : /^\/practice\/[^/]*\//, ""), search);
    if (!target) {
      res.status(400).json({ error: "A recorded call's path may hold no dot segment (.., %2e%2e) and no encoded slash or backslash: it would leave the practice's API (decisions/391)" });
      return;
    }
    const hasBody = req.body !== undefined && req.method !== "GET" && req.method !== "HEAD";
    let upstream: globalThis.Response;
    try {
      upstream = await fetch(target, {
        method: req.method,
        headers: Object.fromEntries(FORWARDED_HEADERS.flatMap((h) => (req.get(h) ? [[h, req.get(h)!]] : []))),
        body: hasBody ? JSON.stringify(req.body) : undefined,
        redirect: "manual",
      });
    } catch (error) {
      res.status(502).json({ error: "The recorded practice did not answer", message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const bytes = Buffer.from(await upstream.arrayBuffer());
    const contentType = upstream.headers.get("content-type");
    let reply = replyOf(bytes, contentType);
    let signedInAs: string | undefined;

    // The identity server's answer names the practice API: the portal is sent to the recorder's instead.
    if (scope === "identity" && call.toLowerCase() === "authentication" && reply.kind === "json" && isAccApiUrlReply(reply.value)) {
      const index = recorder.practiceIndex(reply.value.ACCAPIURL.endsWith("/") ? reply.value.ACCAPIURL : `${reply.value.ACCAPIURL}/`);
      const rewritten = { ...reply.value, ACCAPIURL: `${req.protocol}://${req.get("host")}${recorderPath(recorder.id)}/practice/${index}/` };
      reply = { kind: "json", value: rewritten };
      const name = (req.body as { UserName?: unknown } | undefined)?.UserName;
      if (typeof name === "string" && name.trim() !== "") signedInAs = name;
    }

    recorder.record({ scope, method: req.method as RecordedCall["method"], path: call, query: queryOf(req), body: hasBody ? (req.body ?? null) : null, status: upstream.status, contentType, reply }, signedInAs);

    for (const header of RETURNED_HEADERS) {
      const value = upstream.headers.get(header);
      if (value) res.set(header, value);
    }
    res.status(upstream.status);
    if (reply.kind === "json" && scope === "identity" && call.toLowerCase() === "authentication") res.send(JSON.stringify(reply.value));
    else res.send(bytes);
  }
}

function isAccApiUrlReply(value: unknown): value is { ACCAPIURL: string } {
  return !!value && typeof value === "object" && "ACCAPIURL" in value && typeof value.ACCAPIURL === "string";
}

/**
 * The upstream address of a call: its path as sent (still percent-encoded) under the practice's
 * address, or null when a segment is a dot segment or hides a separator, plain or encoded, which the
 * URL parser or the upstream would resolve out of that address (`api/%2e%2e/metrics`, decisions/391).
 */
export function forwardedUrl(base: string, rawPath: string, search: string): string | null {
  for (const segment of rawPath.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (decoded === "." || decoded === ".." || /[/\\]/.test(decoded)) return null;
  }
  const target = new URL(`${base}${rawPath}${search}`);
  const within = new URL(base);
  return target.origin === within.origin && target.pathname.startsWith(within.pathname) ? target.href : null;
}

/** The call's path under its scope's address, as sent. */
function callPathOf(req: Request): string {
  const call = req.params.call as unknown;
  return Array.isArray(call) ? call.join("/") : String(call ?? "");
}

function queryOf(req: Request): RecordedCall["query"] {
  const query: RecordedCall["query"] = {};
  for (const [key, value] of new URL(req.originalUrl, "http://x").searchParams) {
    const had = query[key];
    query[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return query;
}

function replyOf(bytes: Buffer, contentType: string | null): RecordedReply {
  if (bytes.length === 0) return { kind: "empty" };
  const type = contentType?.toLowerCase() ?? "";
  if (type.includes("json")) {
    try {
      return { kind: "json", value: JSON.parse(bytes.toString("utf8")) };
    } catch {
      return { kind: "text", value: bytes.toString("utf8") };
    }
  }
  if (type.startsWith("text/") || type.includes("xml") || type.includes("html")) return { kind: "text", value: bytes.toString("utf8") };
  return { kind: "binary", bytes: bytes.length };
}
