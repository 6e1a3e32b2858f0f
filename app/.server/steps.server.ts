import type { z } from "zod";
import { errorsTexts } from "~/lib/texts/errors";
import type { Step, StepArea, StepEnvelope, StepFailure, StepFailureKind } from "~/lib/steps";
import { PracticeApiError } from "./practice/client.server";

/** The server's half of the step protocol: one dispatcher per area, each handler typed by its declaration in `app/lib/steps.ts` (decisions/280). */

const REFUSAL = Symbol("step refusal");

/** A handler's "no": answered as `{ ok: false, failure }`, never thrown. */
export interface Refusal {
  readonly [REFUSAL]: true;
  readonly failure: StepFailure;
  /** The HTTP status it is answered with (200 unless said: a meeting that is not the patient's is a 404). */
  readonly status: number;
}

/** A handler's refusal: the patient's words, the fields at fault, and the HTTP status when it is not 200. */
export function refuse(message: string, { fields, status = 200 }: { fields?: Record<string, string>; status?: number } = {}): Refusal {
  return { [REFUSAL]: true, failure: fields ? { kind: "refused", message, fields } : { kind: "refused", message }, status };
}

export const isRefusal = (value: unknown): value is Refusal => typeof value === "object" && value !== null && REFUSAL in value;

/**
 * Thrown by `begin`: the area's one answer to whichever step was posted, none of them run (a sign-in
 * step from a session already signed in: a second tab, a double submit). Every step's reply must take it.
 */
export class AnsweredBeforeAnyStep {
  constructor(readonly reply: unknown) {}
}

/**
 * What a handler may add to its step's HTTP answer besides the envelope: headers, such as the
 * `Set-Cookie` of a session the step made or changed (the sign-in's steps start and end sessions).
 * They go out with whatever the step answers, reply or refusal.
 */
export interface StepResponse {
  readonly headers: Headers;
}

/** One step's handler: its input as the declaration's schema reads it; its reply as the declaration's schema takes it. */
export type StepHandler<S extends Step, C> = (input: z.output<S["input"]>, context: C, response: StepResponse) => Promise<z.input<S["reply"]> | Refusal>;

export type StepHandlers<A extends StepArea, C> = { [N in keyof A["steps"]]: StepHandler<A["steps"][N], C> };

export interface StepDispatcher<C> {
  /** `begin` makes the handlers' context, and a signed-in area's ends an ended session there (401), or answers every step at once (`AnsweredBeforeAnyStep`); `failed` words a practice error (default: "something went wrong"). */
  begin: (request: Request) => Promise<C>;
  failed?: (step: string, error: PracticeApiError) => string;
}

const json = (envelope: StepEnvelope<unknown>, status = 200, extra?: Headers) => {
  const headers = new Headers(extra);
  headers.set("Cache-Control", "no-store");
  return Response.json(envelope, { status, headers });
};
const failure = (kind: StepFailureKind, message: string, fields?: Record<string, string>, status = 200) => json({ ok: false, failure: fields ? { kind, message, fields } : { kind, message } }, status);

/**
 * The words and status of requireSession's refusals (`data({ message }, status)`), or null: 409 for a
 * tab showing another person's record than the session's, 403 for an area a parent's view of a young
 * person's record does not reach (whānau access, decisions/382).
 */
function viewingRefusal(error: unknown): { message: string; status: number } | null {
  if (typeof error !== "object" || error === null || !("init" in error) || !("data" in error)) return null;
  const { init, data } = error as { init?: { status?: number } | null; data?: unknown };
  const status = init?.status;
  if ((status !== 409 && status !== 403) || typeof data !== "object" || data === null || !("message" in data)) return null;
  return typeof data.message === "string" ? { message: data.message, status } : null;
}

/** The route action of an area's steps: `export const action = ({ request }) => dispatch(request)`. */
export function stepDispatcher<A extends StepArea, C>(area: A, handlers: StepHandlers<A, C>, options: StepDispatcher<C>): (request: Request) => Promise<Response> {
  const steps: Record<string, Step> = area.steps;
  const run = handlers as Record<string, StepHandler<Step, C>>;
  return async (request) => {
    let context: C;
    try {
      context = await options.begin(request);
    } catch (error) {
      if (error instanceof AnsweredBeforeAnyStep) return json({ ok: true, reply: error.reply });
      // The session's own refusals, of a tab left behind by a switch of account in another tab (409,
      // decisions/160) or of what a parent's view does not reach (403), are refusals like any other:
      // their words reach the patient, nothing was done.
      const refused = viewingRefusal(error);
      if (refused === null) throw error;
      return failure("refused", refused.message, undefined, refused.status);
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return failure("invalid", errorsTexts.unreadableForm, undefined, 400);
    }
    const name = form.get("step");
    if (typeof name !== "string" || !Object.hasOwn(steps, name)) return failure("unknown-step", errorsTexts.unexpected, undefined, 400);
    let raw: unknown;
    try {
      raw = JSON.parse(String(form.get("input") ?? "{}"));
    } catch {
      return failure("invalid", errorsTexts.unexpected, undefined, 400);
    }
    const input = steps[name].input.safeParse(raw);
    if (!input.success) {
      const fields: Record<string, string> = {};
      for (const issue of input.error.issues) fields[String(issue.path[0] ?? "form")] ??= issue.message;
      return failure("invalid", input.error.issues[0]?.message ?? errorsTexts.unexpected, fields, 400);
    }
    const response: StepResponse = { headers: new Headers() };
    try {
      const reply = await run[name](input.data, context, response);
      return isRefusal(reply) ? json({ ok: false, failure: reply.failure }, reply.status, response.headers) : json({ ok: true, reply }, 200, response.headers);
    } catch (error) {
      if (!(error instanceof PracticeApiError)) throw error;
      return json({ ok: false, failure: { kind: "failed", message: options.failed?.(name, error) ?? errorsTexts.unexpected } }, 200, response.headers);
    }
  };
}
