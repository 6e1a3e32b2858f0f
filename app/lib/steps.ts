import type { z } from "zod";
import { STEP_HEADER, StepFailedError, StepNetworkError, StepRefusedError, StepReplyError, StepSessionEndedError, type StepFailure } from "./step-errors";
import { viewingHeaders } from "./viewing";

/** The one step protocol: each step declared once here, with its input and reply schemas, typing both the server's handler and the browser's call (decisions/280). */

// A failure the server answered, and its words for the patient, live with the other step errors, so a
// page can tell them without fetching the client (decisions/361); they are the protocol's all the same.
export { failureMessage, StepFailedError, type StepFailure, type StepFailureKind } from "./step-errors";

/** One step: what it takes and what it answers. */
export interface Step<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly reply: R;
}

export function step<I extends z.ZodType, R extends z.ZodType>(input: I, reply: R): Step<I, R> {
  return { input, reply };
}

/** An area's steps and the address they are posted to (one route module per area). */
export interface StepArea<S extends Record<string, Step> = Record<string, Step>> {
  readonly url: string;
  readonly steps: S;
}

export function stepArea<const S extends Record<string, Step>>(url: string, steps: S): StepArea<S> {
  return { url, steps };
}

/** What the browser passes for a step (before the server's schema reads it). */
export type StepInput<A extends StepArea, N extends keyof A["steps"]> = z.input<A["steps"][N]["input"]>;
/** What the browser gets back for a step, as its reply schema reads it. */
export type StepReply<A extends StepArea, N extends keyof A["steps"]> = z.output<A["steps"][N]["reply"]>;

/** The one envelope of every step's answer. */
export type StepEnvelope<R> = { ok: true; reply: R } | { ok: false; failure: StepFailure };

/** Whether a body is the envelope (a failure's words are shown, so they are checked to be words). */
function isEnvelope(body: unknown): body is StepEnvelope<unknown> {
  if (typeof body !== "object" || body === null || !("ok" in body)) return false;
  if (body.ok === true) return "reply" in body;
  const failure = body.ok === false && "failure" in body ? body.failure : null;
  return typeof failure === "object" && failure !== null && "message" in failure && typeof failure.message === "string" && "kind" in failure && typeof failure.kind === "string";
}

export interface CallStepOptions {
  /** The browser's fetch unless given (tests). */
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Posts one step and resolves to its reply as the declaration reads it. Throws a `StepSessionEndedError`
 * (the session had ended: nothing was done), a `StepFailedError` (the server's failure envelope), a
 * `StepNetworkError` (no answer), a `StepRefusedError` (an HTTP status that is no envelope: a proxy,
 * the same-origin rule) or a `StepReplyError` (an answer the declaration does not read).
 */
export async function callStep<A extends StepArea, N extends keyof A["steps"] & string>(area: A, name: N, input: StepInput<A, N>, options: CallStepOptions = {}): Promise<StepReply<A, N>> {
  const doFetch = options.fetch ?? fetch;
  const where = `${area.url} ${name}`;
  let response: Response;
  try {
    response = await doFetch(area.url, {
      method: "POST",
      body: new URLSearchParams({ step: name, input: JSON.stringify(input ?? {}) }),
      headers: { Accept: "application/json", [STEP_HEADER]: "1", ...viewingHeaders() },
      signal: options.signal,
    });
  } catch (error) {
    throw new StepNetworkError(`The portal could not be reached (${where}).`, { cause: error });
  }
  const body: unknown = response.headers.get("Content-Type")?.includes("json") ? await response.json().catch(() => undefined) : undefined;
  if (response.status === 401 && isSessionEnded(body)) throw new StepSessionEndedError(area.url);
  if (!isEnvelope(body)) {
    if (response.status !== 200) throw new StepRefusedError(`The portal refused the step (${where}: HTTP ${response.status}).`, response.status);
    throw new StepReplyError(`The portal's answer was not a step's envelope (${where}).`);
  }
  if (!body.ok) throw new StepFailedError(body.failure);
  const reply = area.steps[name].reply.safeParse(body.reply);
  if (!reply.success) throw new StepReplyError(`The portal's answer did not match the step (${where}): ${reply.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
  return reply.data as StepReply<A, N>;
}

function isSessionEnded(body: unknown): boolean {
  return typeof body === "object" && body !== null && "sessionEnded" in body && body.sessionEnded === true;
}
