import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { messages } from "../../lib/messages";
import { fieldErrors, formValues, type ProfileActionResult, type ProfileIntent } from "../../lib/profile-forms";

/**
 * A profile dialog's form: the schema checks it in the browser first (nothing is sent while a field
 * is wrong), then the route action checks it again and calls the practice. A failure keeps the
 * dialog, and so everything typed, in place; success hands the message to the page and closes.
 */
export function useProfileForm({ intent, schema, onSaved }: { intent: ProfileIntent; schema?: z.ZodType; onSaved(message: string): void }) {
  const fetcher = useFetcher<ProfileActionResult>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const reported = useRef<ProfileActionResult | undefined>(undefined);
  const [shown, setShown] = useState<ProfileActionResult | undefined>(undefined);
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;

  // A new failure from the server replaces the messages on the form (state adjusted while rendering).
  if (result && result !== shown) {
    setShown(result);
    if (!result.ok) {
      setErrors(result.fieldErrors ?? {});
      setMessage(result.message);
    }
  }

  // Success is the page's to show.
  useEffect(() => {
    if (!result || result === reported.current) return;
    reported.current = result;
    if (result.ok) onSaved(result.message);
  }, [result, onSaved]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    if (schema) {
      const parsed = schema.safeParse(formValues(form));
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        setMessage(messages.profile.checkFields);
        return;
      }
    }
    setErrors({});
    setMessage(null);
    form.set("intent", intent);
    void fetcher.submit(form, { method: "post" });
  }

  /** Field errors clear as soon as the field is edited (1§5). */
  function clear(field: string) {
    if (!(field in errors)) return;
    setErrors(({ [field]: _gone, ...rest }) => rest);
  }

  return { busy, errors, message, onSubmit, clear, fetcher };
}
