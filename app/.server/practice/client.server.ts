import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import { Gauge } from "prom-client";
import { Agent, type Dispatcher } from "undici";
import type { z } from "zod";
import type { Endpoint } from "@contract/endpoints";
import { config } from "../config.server";
import { currentRequestId, observability, type PracticeOutcome } from "../observability.server";
import { notePracticeDate } from "./practice-clock.server";

/** The one way the portal calls the practice API: contract endpoint, token, timeout, parsed reply and typed failures, through a pool capped per practice (decisions/052). */

/**
 * A pool holding at most `maxConnections` open connections to each origin (the identity server and
 * each practice API). Waiting calls are sent in the order they were made, as connections free up.
 */
export function createPracticeAgent(maxConnections: number): Dispatcher {
  return new Agent({ connections: maxConnections });
}

/** The portal's pool, shared by every request of this process. */
export const practiceAgent = createPracticeAgent(config.PRACTICE_MAX_CONNECTIONS);

/** The header that carries the request id to the practice, so its logs and the portal's meet. */
const CORRELATION_HEADER = "X-Correlation-Id";

/**
 * The pool's state for the metrics (decisions/262): undici's Agent keeps a Pool per origin and
 * `agent.stats` gives each one's connections and requests; the gauges add them up over the practice's
 * origins (an origin is no label: the practice's addresses are not the operator's to enumerate).
 */
function watchPool(agent: Dispatcher) {
  const { registry, practicePoolWait } = observability();
  const stats = () => Object.values((agent as Agent).stats ?? {}) as Array<{ connected?: number | boolean; free?: number; pending?: number; queued?: number; running?: number }>;
  const sum = (pick: (s: ReturnType<typeof stats>[number]) => number | boolean | undefined) => stats().reduce((total, s) => total + Number(pick(s) ?? 0), 0);
  if (!registry.getSingleMetric("portal_practice_pool_connections")) {
    new Gauge({
      name: "portal_practice_pool_connections",
      help: "Connections the practice connection pool holds open, by state (connected: all open ones; free: open and idle).",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "connected" }, sum((s) => s.connected));
        this.set({ state: "free" }, sum((s) => s.free));
      },
    });
    new Gauge({
      name: "portal_practice_pool_requests",
      help: "Practice calls in the connection pool, by state: queued (waiting for a connection), pending (assigned, not yet sent), running (sent, awaiting the reply).",
      labelNames: ["state"],
      registers: [registry],
      collect() {
        this.set({ state: "queued" }, sum((s) => s.queued));
        this.set({ state: "pending" }, sum((s) => s.pending));
        this.set({ state: "running" }, sum((s) => s.running));
      },
    });
  }
  // The wait for a connection: from the call's hand-over to the pool (request:create) to its headers
  // being written (client:sendHeaders). Node's own fetch publishes on the same channels, so only calls
  // carrying the correlation header, which only callPractice sends, are timed.
  const started = new WeakMap<object, number>();
  const isPracticeCall = (headers: unknown) => Array.isArray(headers) && headers.some((h, i) => i % 2 === 0 && String(h).toLowerCase() === "x-correlation-id");
  diagnostics.subscribe("undici:request:create", (message) => {
    const { request } = message as { request: { headers: unknown } };
    if (isPracticeCall(request.headers)) started.set(request, performance.now());
  });
  diagnostics.subscribe("undici:client:sendHeaders", (message) => {
    const { request } = message as { request: object };
    const at = started.get(request);
    if (at === undefined) return;
    started.delete(request);
    practicePoolWait.observe((performance.now() - at) / 1000);
  });
}
watchPool(practiceAgent);

export type PracticeFailure = "unauthorized" | "forbidden" | "http" | "contract" | "network" | "timeout";

export class PracticeApiError extends Error {
  constructor(
    readonly kind: PracticeFailure,
    readonly call: string,
    message: string,
    readonly status?: number,
  ) {
    super(`${call}: ${message}`);
    this.name = "PracticeApiError";
  }
}

/** The practice's "no such item" for a read of one item by its id, as an HTTP 404 (an empty bundle says the same). */
export function isNoSuchItem(error: unknown): boolean {
  return error instanceof PracticeApiError && error.status === 404;
}

/** A reply read "but not used": its JSON value, the text when it is not JSON, or undefined for none. */
function unusedReplyOf(text: string): unknown {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

export interface CallOptions<E extends Endpoint> {
  base: string;
  /** The call's own full address, for the calls that do not live under the practice API (1§7). */
  address?: string;
  token?: string;
  query?: InputOf<NonNullable<E["query"]>>;
  body?: InputOf<NonNullable<E["body"]>>;
  /**
   * Covers the whole call, the wait for a free connection included: it is how long the patient's
   * page waits on the practice, whatever holds it up. A call abandoned while still waiting never
   * reaches the practice.
   */
  timeoutMs?: number;
  /** The connection pool to use; the portal's own (`practiceAgent`) unless a test brings its own. */
  dispatcher?: Dispatcher;
}

/** What the metrics and the log call a failure (decisions/262). */
const OUTCOMES: Record<PracticeFailure, PracticeOutcome> = { unauthorized: "refused", forbidden: "refused", http: "http_error", contract: "contract", network: "unreachable", timeout: "timeout" };

/**
 * A practice call, measured and logged (decisions/262): its duration by the contract endpoint's path
 * (never an address with ids in it) and outcome, and one log line with the request id, no query, no body.
 */
export async function callPractice<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<z.output<E["reply"]>> {
  const { practiceDuration, logger } = observability();
  const requestId = currentRequestId();
  const correlationId = requestId ?? randomUUID();
  const started = performance.now();
  const finish = (outcome: PracticeOutcome, status: number | undefined) => {
    const seconds = (performance.now() - started) / 1000;
    practiceDuration.observe({ endpoint: endpoint.path, method: endpoint.method, outcome }, seconds);
    logger.info({ kind: "practice", requestId, correlationId, endpoint: endpoint.path, method: endpoint.method, outcome, status: status ?? null, durationMs: Math.round(seconds * 1000) }, "practice call");
  };
  try {
    const reply = await sendToPractice(endpoint, options, correlationId);
    finish("ok", reply.status);
    return reply.data;
  } catch (error) {
    if (error instanceof PracticeApiError) finish(OUTCOMES[error.kind], error.status);
    else finish("unreachable", undefined);
    throw error;
  }
}

async function sendToPractice<E extends Endpoint>(endpoint: E, options: CallOptions<E>, correlationId: string): Promise<{ data: z.output<E["reply"]>; status: number }> {
  const call = `${endpoint.method} ${endpoint.path}`;
  const url = options.address ? new URL(options.address) : new URL(endpoint.path, options.base.endsWith("/") ? options.base : `${options.base}/`);
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, string | number | undefined>)) {
    // An optional parameter left out is not sent, rather than sent as the text "undefined".
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: "application/json", [CORRELATION_HEADER]: correlationId };
  if (endpoint.needsToken) {
    if (!options.token) throw new PracticeApiError("unauthorized", call, "no token");
    // The header on every signed-in call (1§7: "most calls carry a Token header"), and the query
    // parameter too where the spec puts the token there, which is where such a practice reads it.
    headers.Token = options.token;
    if (endpoint.tokenIn === "query") url.searchParams.set("Token", options.token);
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  // undici's request, not fetch: a tenth of fetch's work per call (no WHATWG Request, Response and
  // streams around it; decisions/320). No Accept-Encoding is sent, so the reply comes uncompressed,
  // and a redirect is not followed: it is an answer the contract does not know (an http failure).
  let status: number;
  let text: string;
  // The same signal covers the reply's body: a practice that stops half-way is a timeout too. A timer
  // cleared once the body is read, not AbortSignal.timeout: that one lives out its whole time (10 s
  // a call by default) after the call has ended, which kept every call's signal and timer for the
  // garbage collector to carry into the old generation (decisions/362).
  const timeout = new AbortController();
  const { signal } = timeout;
  const timer = setTimeout(() => timeout.abort(new DOMException("The practice API did not answer in time", "TimeoutError")), options.timeoutMs ?? config.PRACTICE_TIMEOUT_MS);
  timer.unref();
  // The request gives its place among the pages at work up while this call is out (decisions/390).
  const work = observability().context.getStore()?.work;
  work?.away();
  try {
    const sent = (options.dispatcher ?? practiceAgent).request({
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
    const response = await untilAborted(sent, signal);
    status = response.statusCode;
    // The practice's date, for ages counted on it (whānau access); a call to another address (the
    // payment and video functions) is not the practice's clock.
    if (!options.address) notePracticeDate(options.base, [response.headers.date].flat()[0] ?? "");
    if (status < 200 || status > 299) {
      // The connection goes back to the pool only once the body is read.
      await response.body.dump().catch(() => undefined);
      text = "";
    } else text = await response.body.text();
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new PracticeApiError(timedOut ? "timeout" : "network", call, timedOut ? "the practice API did not answer in time" : "the practice API could not be reached");
  } finally {
    clearTimeout(timer);
    work?.back();
  }

  if (status === 401) throw new PracticeApiError("unauthorized", call, "token refused", 401);
  if (status === 403) throw new PracticeApiError("forbidden", call, "not allowed for this patient", 403);
  if (status < 200 || status > 299) throw new PracticeApiError("http", call, `HTTP ${status}`, status);

  // A reply the spec reads "but not used" is handed over as it came, never checked (decisions/394).
  if (endpoint.replyUnused) return { data: unusedReplyOf(text) as z.output<E["reply"]>, status };
  let json: unknown;
  // No answer at all (an empty body, a 204) is read as `undefined` only by a call whose contract
  // says what that means (SavePayment: unknown, decisions/240); for every other call it is no JSON.
  if (text.trim() === "" && endpoint.reply.safeParse(undefined).success) json = undefined;
  else {
    try {
      json = JSON.parse(text);
    } catch {
      // A text reply may come bare (contract/endpoint.ts replyMayBeText): then the text is the value.
      if (!endpoint.replyMayBeText) throw new PracticeApiError("contract", call, "the reply is not JSON", status);
      json = text;
    }
  }
  const parsed = endpoint.reply.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new PracticeApiError("contract", call, `the reply does not match the contract (${where.join("; ")})`, status);
  }
  return { data: parsed.data as z.output<E["reply"]>, status };
}

/**
 * undici acts on an abort only once a request has a connection: a call still queued for one (the
 * pool at its cap) would wait on past its time. This gives up on it at the abort; undici then drops
 * it, unsent, when its turn comes.
 */
function untilAborted<T>(pending: Promise<T>, signal: AbortSignal): Promise<T> {
  pending.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    pending.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}
