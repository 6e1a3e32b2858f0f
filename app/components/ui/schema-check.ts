import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { firstErrors, type FieldErrors } from "~/lib/forms";

/**
 * The check a deferred schema form (use-deferred-schema-form.ts) runs on submit, fetched with the
 * form's schema when the patient first reaches for the form: conform's reading of the form data and
 * zod's rules, exactly as `useSchemaForm` runs them (no coercion), with the first message of each
 * field, or null when the form may be sent.
 */
export function checkForm(formData: FormData, schema: z.ZodType): FieldErrors | null {
  const submission = parseWithZod(formData, { schema: schema as z.ZodType<Record<string, unknown>>, disableAutoCoercion: true });
  return submission.status === "success" ? null : firstErrors(submission.error);
}
