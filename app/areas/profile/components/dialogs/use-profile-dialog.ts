import { createElement, Fragment, useMemo, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { resultOf } from "~/lib/form-data";
import { callStep, failureMessage, StepFailedError } from "~/lib/steps";
import { StepSessionEndedError } from "~/lib/step-errors";
import { errorsTexts } from "~/lib/texts/errors";
import { profileTexts } from "../../texts";
import type { ProfileIntent } from "../../forms";
import { profileSteps } from "../../steps";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { keepOutcome } from "~/lib/kept-outcome";

const NO_FIELDS = z.object({});

/** Why a save did nothing: the server's words and the fields at fault, or an ended session. */
type Refusal = { message: string; fields?: Readonly<Record<string, string>> } | { sessionEnded: true };

/** The form's fields as the step takes them: a name given more than once (ticked boxes) as a list. */
function fieldsOf(data: FormData): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const name of new Set(data.keys())) {
    const values = data.getAll(name).map(String);
    fields[name] = values.length === 1 ? values[0] : values;
  }
  return fields;
}

/**
 * A profile dialog's form on the forms layer: the schema checks it in the browser first (nothing is
 * sent while a field is wrong), then the form's step (decisions/377) checks the same fields with it and
 * calls the practice. A refusal keeps the dialog, and so everything typed, in place with the server's
 * messages; success reads the page again and hands the message to the page, which closes the dialog.
 */
export function useProfileDialog({ intent, schema = NO_FIELDS, onSaved }: { intent: ProfileIntent; schema?: z.ZodType; onSaved(message: string): void }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const lastResult = useMemo(() => resultOf(refusal && "fields" in refusal ? refusal.fields : undefined), [refusal]);
  const save = async (data: FormData) => {
    setBusy(true);
    setRefusal(null);
    try {
      const reply = await callStep(profileSteps, intent, fieldsOf(data));
      // If reading the page again fails, its failure still says the change was saved (decisions/386).
      keepOutcome(window.location.pathname, reply.message);
      await revalidator.revalidate();
      onSaved(reply.message);
    } catch (error) {
      if (error instanceof StepSessionEndedError) return setRefusal({ sessionEnded: true });
      setRefusal({ message: failureMessage(error, errorsTexts.unexpected), fields: error instanceof StepFailedError ? error.fields : undefined });
      // The page shows what the practice holds now, as after any answer: a refused change may have been part made.
      if (error instanceof StepFailedError) await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };
  const form = useSchemaForm({
    schema,
    lastResult,
    onValid(data) {
      if (!busy) void save(data);
    },
  });

  const message: ReactNode = form.refused ? profileTexts.checkFields : refusal === null ? null : "sessionEnded" in refusal ? sessionEnded(profileTexts.sessionEnded) : refusal.message;
  return { ...form, busy, message };
}

/**
 * A save that met an ended session (issue 21): the dialog stays with what was typed, and offers to
 * sign in again in a new tab (the same browser's new sign-in serves this tab too), after which Save
 * works here. Nothing typed is put in browser storage on the way.
 */
function sessionEnded(text: string): ReactNode {
  const back = `${window.location.pathname}${window.location.search}`;
  return createElement(
    Fragment,
    null,
    text,
    " ",
    createElement("a", { href: `/login?redirectTo=${encodeURIComponent(back)}`, target: "_blank", rel: "noopener", className: "font-semibold text-brand underline underline-offset-4" }, profileTexts.signInNewTab, createElement("span", { className: "sr-only" }, " (opens a new tab)")),
  );
}
