import { useEffect, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { resultOf } from "../../lib/form-data";
import { LoginHelpSchema, type LoginHelpResult } from "../../lib/login-help";
import { messages } from "../../lib/messages";
import { Captcha } from "../captcha";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextareaField, TextField } from "../ui/field";
import { useSchemaForm } from "../ui/use-schema-form";

/** The e-mail and the NHI answer one rule ("either one"), so editing either clears both. */
const LINKED = [["email", "nhi"]] as const;

/**
 * Login Help (1§2, 1§5): for someone who cannot sign in. The captcha gates Ok; errors clear when
 * their field is edited; what was typed stays when sending fails.
 */
export function LoginHelpDialog({ open, onOpenChange, onResult }: { open: boolean; onOpenChange(open: boolean): void; onResult(result: { ok: boolean; message: string }): void }) {
  const fetcher = useFetcher<LoginHelpResult>();
  const busy = fetcher.state !== "idle";
  const result = busy ? undefined : fetcher.data;
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState<LoginHelpResult | undefined>(undefined);
  const reported = useRef<LoginHelpResult | undefined>(undefined);
  const refusal = result && !result.ok ? result : undefined;
  const lastResult = useMemo(() => resultOf(refusal?.fieldErrors), [refusal]);
  const form = useSchemaForm({
    schema: LoginHelpSchema,
    lastResult,
    linked: LINKED,
    onValid: (data) => {
      if (!busy) void fetcher.submit(data, { method: "post", action: "/login/help" });
    },
  });

  // A refusal needs a new captcha check: a solution is accepted once. What was typed stays.
  if (result !== shown) {
    setShown(result);
    if (refusal) {
      setAttempt((n) => n + 1);
      setCaptcha(null);
    }
  }

  // Success, and a failure that is not about the fields, are the page's to announce.
  useEffect(() => {
    if (!result || result === reported.current) return;
    reported.current = result;
    if (result.ok) {
      onResult(result);
      onOpenChange(false);
    } else if (!result.fieldErrors) onResult(result);
  }, [result, onResult, onOpenChange]);

  const formMessage = form.refused ? messages.loginHelp.invalid : refusal?.fieldErrors ? refusal.message : null;
  const captchaError = form.errors.captcha;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Login Help" description="Tell the practice what is wrong and how to reach you. Give your e-mail address or your NHI number.">
      <form method="post" action="/login/help" className="flex flex-col gap-4" {...form.formProps}>
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="email" {...form.field("email")} />
        <TextField label="NHI number" autoComplete="off" hint="Seven characters, for example ZAC5361" {...form.field("nhi")} />
        <TextField label="First name" autoComplete="given-name" {...form.field("firstName")} />
        <TextField label="Family name" autoComplete="family-name" {...form.field("familyName")} />
        <TextField label="Date of birth" inputMode="numeric" placeholder="dd-mm-yyyy" hint="For example 07-03-1985" {...form.field("dob")} />
        <TextField label="Subject" {...form.field("subject")} />
        <TextareaField label="Message" {...form.field("message")} />
        <Captcha key={attempt} onChange={setCaptcha} />
        {captchaError ? <p className="font-semibold text-danger">{captchaError}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy || !captcha}>
            {busy ? "Sending…" : "Ask For Help"}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
