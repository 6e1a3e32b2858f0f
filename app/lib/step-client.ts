import type { z } from "zod";
import { viewingHeaders } from "./viewing";

/**
 * The one way a machine's actor posts a step to its route's action (DESIGN "An area, end to end").
 * The reply is checked against the step's zod schema, never cast, so a reply the browser does not
 * understand (a login page after a lost session, a proxy's error page, a changed server) becomes a
 * typed error the machine can handle instead of a value it trusts.
 */

/** Any failure of a step that never produced an answer the machine can use. */
export class StepError extends Error {
  override name = "StepError";
}

/** The request never got an answer (offline, connection dropped, aborted). */
export class StepNetworkError extends StepError {
  override name = "StepNetworkError";
}

/** The portal answered with an HTTP status the step does not take as an answer (403, 404, 500...). */
export class StepRefusedError extends StepError {
  override name = "StepRefusedError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * The session had ended when the step arrived (issue 21): the portal did nothing with it. The machine
 * keeps what the patient entered and offers to sign in again (in a new tab), then to send again.
 */
export class StepSessionEndedError extends StepRefusedError {
  override name = "StepSessionEndedError";
  constructor(url: string) {
    super(`The session had ended (${url}).`, 401);
  }
}

/**
 * The header that marks a request as the portal's own script's (a machine's step, a document the PDF
 * viewer fetches): an ended session is answered 401 `{ sessionEnded: true }`, not with a redirect.
 */
export const STEP_HEADER = "X-Portal-Step";

/** The portal answered, but not with JSON, or with JSON that does not match the step's schema. */
export class StepReplyError extends StepError {
  override name = "StepReplyError";
}

export interface StepClientOptions {
  /**
   * Statuses whose body is the step's answer. A validation answer the machine shows (the sign-in's
   * 400 "invalid") is listed here; any other status is a StepRefusedError.
   */
  answerStatuses?: readonly number[];
  /** The browser's fetch unless given (tests). */
  fetch?: typeof fetch;
}

export type StepFields = Record<string, string>;

/** A poster of steps to one action: `post(fields, schema)` resolves to the reply as the schema reads it. */
export interface StepClient {
  post<S extends z.ZodType>(fields: StepFields, reply: S): Promise<z.output<S>>;
}

export function createStepClient(url: string, options: StepClientOptions = {}): StepClient {
  const answerStatuses = options.answerStatuses ?? [200];
  return {
    async post(fields, reply) {
      const doFetch = options.fetch ?? fetch;
      let response: Response;
      try {
        // Form-encoded, as a plain form would post it: the action reads request.formData().
        response = await doFetch(url, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "application/json", [STEP_HEADER]: "1", ...viewingHeaders() } });
      } catch (error) {
        throw new StepNetworkError(`The portal could not be reached (${url}).`, { cause: error });
      }
      if (response.status === 401 && (await sessionEnded(response))) throw new StepSessionEndedError(url);
      if (!answerStatuses.includes(response.status)) throw new StepRefusedError(`The portal refused the step (${url}: HTTP ${response.status}).`, response.status);
      if (!response.headers.get("Content-Type")?.includes("json")) throw new StepReplyError(`The portal's answer was not JSON (${url}).`);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new StepReplyError(`The portal's answer was not readable JSON (${url}).`, { cause: error });
      }
      const parsed = reply.safeParse(body);
      if (!parsed.success) throw new StepReplyError(`The portal's answer did not match the step (${url}): ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
      return parsed.data;
    },
  };
}

async function sessionEnded(response: Response): Promise<boolean> {
  if (!response.headers.get("Content-Type")?.includes("json")) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return typeof body === "object" && body !== null && (body as { sessionEnded?: unknown }).sessionEnded === true;
}
