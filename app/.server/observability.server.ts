import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { pino, type DestinationStream, type Logger } from "pino";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { PageWork, PageWorkLimit } from "./page-work.server";
import { config } from "./config.server";

/** Metrics and structured logs, shared by both server bundles through `globalThis`; no label or field ever carries patient data (decisions/262). */

export interface RequestContext {
  /** The request's id: X-Request-Id on the reply, X-Correlation-Id on its practice calls. */
  requestId: string;
  /** A page read's place among those at work (decisions/390): its practice calls give it up while out. */
  work?: PageWork;
}

export type PracticeOutcome = "ok" | "refused" | "http_error" | "contract" | "timeout" | "unreachable";

export interface Observability {
  registry: Registry;
  logger: Logger;
  context: AsyncLocalStorage<RequestContext>;
  httpDuration: Histogram<"method" | "route" | "status">;
  practiceDuration: Histogram<"endpoint" | "method" | "outcome">;
  practicePoolWait: Histogram<never>;
  signIns: Counter<"step" | "outcome">;
  payments: Counter<"event">;
  stateStoreErrors: Counter<"store">;
  /** The portal's own store (decisions/270), by operation name: a closed set of words. */
  portalStoreDuration: Histogram<"operation">;
  portalStoreErrors: Counter<"operation">;
  portalStoreWriteRetries: Counter<"operation">;
  portalStoreWritesLost: Counter<"operation">;
  /** The portal's own mail that could not be sent in the background (decisions/295): never shown to anyone. */
  mailFailures: Counter<"mail">;
  /** Proof asked for before a change that weakens sign-in (decisions/312), by change and outcome: closed sets. */
  secondStepProofs: Counter<"change" | "outcome">;
  /** The page reads at work and waiting their turn (decisions/390), once the server has set its limit. */
  pageWork?: PageWorkLimit;
  /** Run when the process stops, after the listener has closed (the session store's Redis connection, the portal store). */
  closers: Set<() => Promise<void> | void>;
}

const KEY = Symbol.for("nz-patient-portal.observability");

/** Read when metrics are collected: a queue that grows is the first sign the process needs help. */
function registerPageWorkGauges(registry: Registry): void {
  for (const [name, help, count] of [
    ["portal_pages_at_work", "Page reads the portal is working on now (PORTAL_PAGES_AT_WORK at most, those waiting for the practice not counted).", "working"],
    ["portal_pages_waiting", "Page reads waiting for their turn because PORTAL_PAGES_AT_WORK were at work.", "waiting"],
  ] as const) {
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(observability().pageWork?.counts()[count] ?? 0);
      },
    });
  }
}

/** The only request ids taken from a client: anything else gets a new one. */
export const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Where log lines go: LOG_FILE when it is set (appended, synchronously, beside the mock's lines), otherwise stdout. */
function destination(): DestinationStream {
  if (config.LOG_FILE) return pino.destination({ dest: config.LOG_FILE, sync: true, mkdir: true, append: true });
  // `npm run dev`: the same lines, made readable by pino-pretty (a development dependency) in a worker.
  if (config.NODE_ENV === "development") return pino.transport({ target: "pino-pretty", options: { destination: 1, translateTime: "SYS:HH:MM:ss.l", ignore: "kind" } }) as DestinationStream;
  return pino.destination({ dest: 1, sync: false });
}

function create(): Observability {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  registerPageWorkGauges(registry);
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  const logger = pino(
    {
      // Vitest's in-process servers (NODE_ENV=test) log only to a LOG_FILE they name: a test's output stays its own.
      level: config.NODE_ENV === "test" && !config.LOG_FILE ? "silent" : config.LOG_LEVEL,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination(),
  );
  return {
    registry,
    logger,
    context: new AsyncLocalStorage<RequestContext>(),
    httpDuration: new Histogram({
      name: "portal_http_request_duration_seconds",
      help: "Requests answered by the portal, by route pattern (never the address itself), method and status code.",
      labelNames: ["method", "route", "status"],
      buckets: seconds,
      registers: [registry],
    }),
    practiceDuration: new Histogram({
      name: "portal_practice_call_duration_seconds",
      help: "Calls to the practice API, by the contract endpoint's path, method and outcome (ok, refused, http_error, contract, timeout, unreachable); the wait for a pooled connection included.",
      labelNames: ["endpoint", "method", "outcome"],
      buckets: seconds,
      registers: [registry],
    }),
    practicePoolWait: new Histogram({
      name: "portal_practice_pool_wait_seconds",
      help: "Time a practice call spent between being handed to the connection pool and its headers being written to a connection (queue and connect).",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    signIns: new Counter({
      name: "portal_sign_in_outcomes_total",
      help: "Sign-in steps by step and outcome; throttled is a sign-in refused by the per-account or per-address limit.",
      labelNames: ["step", "outcome"],
      registers: [registry],
    }),
    payments: new Counter({
      name: "portal_payments_total",
      help: "Card payments: started (SaveTempPayment answered), recorded, left_open (the practice's answer said neither), blocked (another attempt held the payment open).",
      labelNames: ["event"],
      registers: [registry],
    }),
    stateStoreErrors: new Counter({
      name: "portal_state_store_errors_total",
      help: "Commands of the session store (sessions, sign-in counts, payment attempts) that failed.",
      labelNames: ["store"],
      registers: [registry],
    }),
    portalStoreDuration: new Histogram({
      name: "portal_store_query_duration_seconds",
      help: "Queries of the portal's own store (PostgreSQL or the embedded PGlite), by operation name, failed ones included.",
      labelNames: ["operation"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    portalStoreErrors: new Counter({
      name: "portal_store_errors_total",
      help: "Queries of the portal's own store that failed, by operation name.",
      labelNames: ["operation"],
      registers: [registry],
    }),
    portalStoreWriteRetries: new Counter({
      name: "portal_store_write_retries_total",
      help: "Background writes of the portal's own store (access record entries) tried again after a failure.",
      labelNames: ["operation"],
      registers: [registry],
    }),
    portalStoreWritesLost: new Counter({
      name: "portal_store_writes_lost_total",
      help: "Background writes of the portal's own store given up after their last retry, or refused before the first (each one logged as an error).",
      labelNames: ["operation"],
      registers: [registry],
    }),
    mailFailures: new Counter({
      name: "portal_mail_failures_total",
      help: "Notices the portal mails (new-device, a change to sign-in security) that the mail server did not take, by kind of mail; each one logged as an error.",
      labelNames: ["mail"],
      registers: [registry],
    }),
    secondStepProofs: new Counter({
      name: "portal_second_step_proofs_total",
      help: "Codes given to confirm a change that weakens sign-in (turning the e-mailed code off, new recovery codes), by change and outcome: accepted, wrong, expired or throttled.",
      labelNames: ["change", "outcome"],
      registers: [registry],
    }),
    closers: new Set(),
  };
}

export function observability(): Observability {
  const holder = globalThis as unknown as Record<symbol, Observability | undefined>;
  return (holder[KEY] ??= create());
}

/** The request id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return observability().context.getStore()?.requestId;
}

/** The client's X-Request-Id when it is a plain, bounded token; otherwise a new one. */
export function requestIdFrom(header: string | undefined): string {
  return header && REQUEST_ID.test(header) ? header : randomUUID();
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A method as a label: the standard ones, anything else "other". */
export function methodLabel(method: string): string {
  const upper = method.toUpperCase();
  return METHODS.has(upper) ? upper : "other";
}

/** The practice's Token, session secrets and the like never reach a label; a status is three digits. */
export function statusLabel(status: number | undefined): string {
  return status !== undefined && Number.isInteger(status) && status >= 100 && status <= 599 ? String(status) : "none";
}
