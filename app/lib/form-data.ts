import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import { firstErrors, type FieldErrors } from "./forms";

/**
 * The one way form data becomes an object: conform's reading of FormData (repeated names become a
 * list), checked by the form's schema. Values stay the strings that were sent (no coercion), so each
 * schema words its own "cannot be empty" message. The browser and the server call the same function.
 */
export type ParsedForm<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors; result: SubmissionResult<string[]> };

export function parseForm<S extends z.ZodType>(form: FormData | URLSearchParams, schema: S, options: { hideFields?: string[] } = {}): ParsedForm<z.output<S>> {
  const submission = parseWithZod(form, { schema, disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true, value: submission.value as z.output<S> };
  return { ok: false, errors: firstErrors(submission.error), result: submission.reply({ hideFields: options.hideFields }) };
}

/** A server's field errors as conform's last result, for forms that post with a fetcher. */
export function resultOf(errors: FieldErrors | undefined): SubmissionResult<string[]> | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  const error = Object.fromEntries(Object.entries(errors).map(([name, message]) => [name === "form" ? "" : name, message ? [message] : []]));
  // Naming the fields marks them checked, which is when conform shows their messages.
  return { status: "error", error, fields: Object.keys(error) };
}
