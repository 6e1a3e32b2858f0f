import { createElement, Fragment, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { z } from "zod";
import { resultOf } from "~/lib/form-data";
import { withViewing } from "~/lib/viewing";
import { profileTexts } from "../../texts";
import type { ProfileActionResult, ProfileIntent } from "../../forms";
import { useSchemaForm } from "~/components/ui/use-schema-form";

const NO_FIELDS = z.object({});

/**
 * A profile dialog's form on the forms layer: the schema checks it in the browser first (nothing is
 * sent while a field is wrong), then the profile action checks the same form data with it and calls
 * the practice. A failure keeps the dialog, and so everything typed, in place with the server's
 * messages; success hands the message to the page, which closes the dialog.
 */
export function useProfileDialog({ intent, schema = NO_FIELDS, onSaved }: { intent: ProfileIntent; schema?: z.ZodType; onSaved(message: string): void }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const refusal = result && !result.ok ? result : undefined;
  const lastResult = useMemo(() => resultOf(refusal?.fieldErrors), [refusal]);
  const form = useSchemaForm({
    schema,
    lastResult,
    onValid(data) {
      if (busy) return;
      data.set("intent", intent);
      void fetcher.submit(withViewing(data), { method: "post" });
    },
  });

  const reported = useRef<ProfileActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result === reported.current) return;
    reported.current = result;
    if (result.ok) onSaved(result.message);
  }, [result, onSaved]);

  const message: ReactNode = form.refused ? profileTexts.checkFields : refusal?.expired ? sessionEnded(refusal.message) : (refusal?.message ?? null);
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
