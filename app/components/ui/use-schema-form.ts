import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo, useState, type FormEvent } from "react";
import type { z } from "zod";
import { firstErrors, visibleErrors, type FieldErrors } from "~/lib/forms";

interface Options<S extends z.ZodType> {
  /** The form's schema: the same one its action parses with (app/lib/form-data.ts). */
  schema: S;
  /** The action's last answer: conform's result (a page's `<Form>`) or the layer's field errors (a fetcher's reply). */
  lastResult?: SubmissionResult<string[]> | null;
  /** Fields that answer one rule together and so clear together. */
  linked?: readonly (readonly string[])[];
  /** Called with the checked form data instead of the browser's own submission (fetcher forms). */
  onValid?(form: FormData): void;
}

/**
 * A form on the forms layer: conform keeps its state and checks it with the schema on submit (nothing
 * is sent while a field is wrong), the server's refusal arrives as `lastResult`, and a field's message
 * clears as soon as that field is edited (1§5). Without JavaScript the form posts as it is and the
 * action's answer renders the same messages.
 */
export function useSchemaForm<S extends z.ZodType>({ schema, lastResult, linked, onValid }: Options<S>) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [seen, setSeen] = useState(lastResult);
  /** The last check in the browser found a wrong field (for a form's "correct the highlighted fields"). */
  const [refused, setRefused] = useState(false);
  if (lastResult !== seen) {
    setSeen(lastResult);
    setEdited(new Set());
  }
  // conform moves focus to the first wrong field when a result says "error"; the portal's forms keep
  // focus where the patient left it (as before this layer), so results reach conform without that word.
  const quietResult = useMemo(() => (lastResult ? { ...lastResult, status: undefined } : lastResult), [lastResult]);
  const [form] = useForm<Record<string, unknown>>({
    lastResult: quietResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate({ formData }) {
      const submission = parseWithZod(formData, { schema: schema as z.ZodType<Record<string, unknown>>, disableAutoCoercion: true });
      setEdited(new Set());
      setRefused(submission.status !== "success");
      if (submission.status === "success") return submission;
      return { ...submission, reply: (options) => ({ ...submission.reply(options), status: undefined }) };
    },
    onSubmit: onValid
      ? (event, { formData }) => {
          event.preventDefault();
          onValid(formData);
        }
      : undefined,
  });
  const errors: FieldErrors = visibleErrors(firstErrors(form.allErrors), edited, linked);
  const clear = (name: string) => setEdited((was) => (was.has(name) ? was : new Set(was).add(name)));
  const initial = (form.initialValue ?? {}) as Record<string, unknown>;
  return {
    errors,
    refused,
    /** Props for the `<form>` / `<Form>` element. */
    formProps: { id: form.id, noValidate: true, onSubmit: (event: FormEvent<HTMLFormElement>) => form.onSubmit(event) },
    /** What the server gave back as typed (a refusal without JavaScript), for a field's defaultValue. */
    initialValue: (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : undefined),
    /** Name, message and the edit that clears it, for a primitive from app/components/ui/field.tsx. */
    field: (name: string) => ({ name, error: errors[name], onChange: () => clear(name) }),
    clear,
  };
}
