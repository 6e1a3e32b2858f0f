import type { SubmissionResult } from "@conform-to/react";
import { useId, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { firstErrors, visibleErrors, type FieldErrors } from "~/lib/forms";
import { lazyModule } from "~/lib/lazy-module";

/** The check and zod come with the schema, off the page's first load (decisions/357). */
const checking = lazyModule(() => import("./schema-check"));

interface Options<M, S extends z.ZodType> {
  /** Fetches the module that holds the form's schema (the one the loader or action parses with). */
  load(): Promise<M>;
  /** The schema from that module, read at each submit (it may depend on the page's data). */
  schema(module: M): S;
  /** The server's last answer (conform's result): its messages and what was typed. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Fields that answer one rule together and so clear together. */
  linked?: readonly (readonly string[])[];
  /** Called with the checked form data instead of the browser's own submission. */
  onValid?(form: FormData): void;
}

interface Ready<M> {
  module: M;
  check: (formData: FormData, schema: z.ZodType) => FieldErrors | null;
}

/**
 * `useSchemaForm` whose schema, zod and check are fetched when the patient reaches for the form (decisions/357); a submit before
 * they arrive waits for them, and if they never do the form goes unchecked to the server, the authority.
 */
export function useDeferredSchemaForm<M, S extends z.ZodType>({ load, schema, lastResult, linked, onValid }: Options<M, S>) {
  const id = useId();
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  const [seen, setSeen] = useState(lastResult);
  /** The browser's last check (null before any since the server's last answer). */
  const [checked, setChecked] = useState<FieldErrors | null>(null);
  const [refused, setRefused] = useState(false);
  if (lastResult !== seen) {
    setSeen(lastResult);
    setEdited(new Set());
    setChecked(null);
  }
  const ready = useRef<Ready<M> | null>(null);
  const pending = useRef<Promise<Ready<M> | null> | null>(null);
  const unchecked = useRef(false);

  const prepare = (): Promise<Ready<M> | null> => {
    pending.current ??= Promise.all([load(), checking.preload()]).then(
      ([module, { checkForm }]) => (ready.current = { module, check: checkForm }),
      () => {
        pending.current = null;
        return null;
      },
    );
    return pending.current;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const formData = new FormData(formElement, submitter);
    const now = ready.current;
    if (!now) {
      if (unchecked.current) {
        // The check could not be fetched: the server checks what is sent.
        unchecked.current = false;
        if (onValid) {
          event.preventDefault();
          onValid(formData);
        }
        return;
      }
      event.preventDefault();
      void prepare().then((arrived) => {
        if (!arrived) unchecked.current = true;
        if (formElement.isConnected) formElement.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : null);
      });
      return;
    }
    const errors = now.check(formData, schema(now.module));
    setEdited(new Set());
    setRefused(errors !== null);
    setChecked(errors ?? {});
    if (errors) {
      event.preventDefault();
      return;
    }
    if (onValid) {
      event.preventDefault();
      onValid(formData);
    }
  };

  const reach = () => void prepare();
  const errors: FieldErrors = visibleErrors(checked ?? firstErrors(lastResult?.error), edited, linked);
  const clear = (name: string) => setEdited((was) => (was.has(name) ? was : new Set(was).add(name)));
  const initial = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  return {
    errors,
    refused,
    /** Props for the `<form>` / `<Form>` element. */
    formProps: { id, noValidate: true, onSubmit, onPointerEnter: reach, onFocus: reach },
    /** What the server gave back as typed (a refusal without JavaScript), for a field's defaultValue. */
    initialValue: (name: string) => (typeof initial[name] === "string" ? (initial[name] as string) : undefined),
    /** Name, message and the edit that clears it, for a primitive from app/components/ui/field.tsx. */
    field: (name: string) => ({ name, error: errors[name], onChange: () => clear(name) }),
    clear,
  };
}
