import { Agent, fetch, type Dispatcher } from "undici";
import type { z } from "zod";
import type { Endpoint } from "../../../contract/endpoints";
import { config } from "../config.server";

/**
 * The one way the portal calls the practice API: one endpoint from contract/endpoints.ts, the Token
 * header, a timeout, and the reply parsed with the endpoint's schema. Failures are typed so that
 * loaders can tell "sign in again" (401) from "the practice API is broken" (contract, 5xx).
 *
 * Calls go through a connection pool capped per practice origin (decisions/052): in a burst, calls
 * beyond the cap wait in the pool's first-in, first-out queue for a free connection rather than
 * opening new ones until the practice's accept queue overflows. undici's own fetch, not Node's
 * global one, so the pool and the fetch are the same version on every Node the portal supports.
 */

/**
 * A pool holding at most `maxConnections` open connections to each origin (the identity server and
 * each practice API). Waiting calls are sent in the order they were made, as connections free up.
 */
export function createPracticeAgent(maxConnections: number): Dispatcher {
  return new Agent({ connections: maxConnections });
}

/** The portal's pool, shared by every request of this process. */
export const practiceAgent = createPracticeAgent(config.PRACTICE_MAX_CONNECTIONS);

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

export async function callPractice<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<z.output<E["reply"]>> {
  const call = `${endpoint.method} ${endpoint.path}`;
  const url = options.address ? new URL(options.address) : new URL(endpoint.path, options.base.endsWith("/") ? options.base : `${options.base}/`);
  for (const [key, value] of Object.entries((options.query ?? {}) as Record<string, string | number | undefined>)) {
    // An optional parameter left out is not sent, rather than sent as the text "undefined".
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { Accept: "application/json" };
  if (endpoint.needsToken) {
    if (!options.token) throw new PracticeApiError("unauthorized", call, "no token");
    headers.Token = options.token;
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";

  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? config.PRACTICE_TIMEOUT_MS),
      dispatcher: options.dispatcher ?? practiceAgent,
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    throw new PracticeApiError(timedOut ? "timeout" : "network", call, timedOut ? "the practice API did not answer in time" : "the practice API could not be reached");
  }

  if (response.status === 401) throw new PracticeApiError("unauthorized", call, "token refused", 401);
  if (response.status === 403) throw new PracticeApiError("forbidden", call, "not allowed for this patient", 403);
  if (!response.ok) throw new PracticeApiError("http", call, `HTTP ${response.status}`, response.status);

  let json: unknown;
  const text = await response.text();
  // No answer at all (an empty body, a 204) is read as `undefined` only by a call whose contract
  // says what that means (SavePayment: unknown, decisions/240); for every other call it is no JSON.
  if (text.trim() === "" && endpoint.reply.safeParse(undefined).success) json = undefined;
  else {
    try {
      json = JSON.parse(text);
    } catch {
      throw new PracticeApiError("contract", call, "the reply is not JSON", response.status);
    }
  }
  const parsed = endpoint.reply.safeParse(json);
  if (!parsed.success) {
    const where = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new PracticeApiError("contract", call, `the reply does not match the contract (${where.join("; ")})`, response.status);
  }
  return parsed.data as z.output<E["reply"]>;
}
