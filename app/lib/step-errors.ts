/** The typed errors of a step that gave no usable answer, the server's failure (`StepFailedError`) and the step header; `callStep` checks every reply (decisions/280). */

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

/**
 * Why a step did nothing: `refused` (a rule or the practice said no; `fields` name the fields at fault),
 * `invalid` (the input did not match the step's schema), `unknown-step` (no such step), `failed`
 * (the practice could not be reached or answered with an error; the same step may be tried again).
 */
export type StepFailureKind = "refused" | "invalid" | "unknown-step" | "failed";
export interface StepFailure {
  kind: StepFailureKind;
  message: string;
  fields?: Record<string, string>;
}

/** The server answered the step with a failure (a refusal, bad input, an unknown step, a practice error): its message is for the patient. */
export class StepFailedError extends StepError {
  override name = "StepFailedError";
  constructor(readonly failure: StepFailure) {
    super(failure.message);
  }
  get kind(): StepFailureKind {
    return this.failure.kind;
  }
  get fields(): Readonly<Record<string, string>> {
    return this.failure.fields ?? {};
  }
}

/** Whether a step that failed may still have been done (no answer, an unreadable one, a server error), so it is unconfirmed, not undone (decisions/385, 387). */
export function stepMayHaveBeenDone(error: unknown): boolean {
  if (error instanceof StepNetworkError || error instanceof StepReplyError) return true;
  return error instanceof StepRefusedError && !(error instanceof StepSessionEndedError) && error.status >= 500;
}

/** The patient-facing message of a step's failure, or `fallback` for any other error (no answer, a broken one). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof StepFailedError ? error.message : fallback;
}
