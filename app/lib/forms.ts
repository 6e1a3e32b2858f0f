import type { z } from "zod";

/**
 * The forms layer's shared vocabulary, free of any library so that machines, server modules and the
 * sign-in page can use it without loading the form library (docs/decisions/040-forms-layer.md).
 */

/** A form's messages: the first message of each field of the form's values `T`; "form" for the whole form. */
export type FieldErrors<T = Record<string, unknown>> = Partial<Record<Extract<keyof T, string> | "form", string>>;

/** The first message of each field of a zod error (a path of [] belongs to "form"). */
export function fieldErrors<T = Record<string, unknown>>(error: Pick<z.ZodError, "issues">): FieldErrors<T> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out as FieldErrors<T>;
}

/** Conform's error shape (every message of each field, by name) as the layer's: the first of each. */
export function firstErrors(errors: Record<string, readonly string[] | null | undefined> | null | undefined): FieldErrors {
  const out: Record<string, string> = {};
  for (const [name, list] of Object.entries(errors ?? {})) {
    const first = list?.[0];
    if (first) out[name === "" ? "form" : name] = first;
  }
  return out;
}

/**
 * Errors clear as their field is edited (1§5): the messages still shown once `edited` fields are
 * set aside. Fields that answer one rule together (Login Help's e-mail or NHI) clear together.
 */
export function visibleErrors(errors: FieldErrors, edited: ReadonlySet<string>, linked: readonly (readonly string[])[] = []): FieldErrors {
  const gone = new Set(edited);
  for (const group of linked) if (group.some((name) => edited.has(name))) for (const name of group) gone.add(name);
  return Object.fromEntries(Object.entries(errors).filter(([name]) => !gone.has(name)));
}
