import { useMemo, useState } from "react";
import { resultOf } from "~/lib/form-data";
import { LoginHelpSchema, type LoginHelpInput } from "../login-help";
import { captchaTexts } from "../captcha-texts";
import { loginHelpTexts } from "../login-help-texts";
import type { FieldErrors } from "~/lib/forms";
import { callStep, failureMessage, StepFailedError } from "~/lib/steps";
import { loginHelpSteps } from "../steps";
import { Captcha } from "./captcha";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { EmailField, TextareaField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";

const t = loginHelpTexts;

/** Why the last request was not sent: the words, and the fields at fault when the form's rules refused it. */
interface Refusal {
  message: string;
  fields?: FieldErrors<LoginHelpInput & { captcha: string }>;
}

/** The e-mail and the NHI answer one rule ("either one"), so editing either clears both. */
const LINKED = [["email", "nhi"]] as const;

/**
 * Login Help (1§2, 1§5): for someone who cannot sign in. The captcha gates Ok; errors clear when
 * their field is edited; what was typed stays when sending fails.
 */
export function LoginHelpDialog({ open, onOpenChange, onSent }: { open: boolean; onOpenChange(open: boolean): void; onSent(message: string): void }) {
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const lastResult = useMemo(() => resultOf(refusal?.fields), [refusal]);
  const form = useSchemaForm({
    schema: LoginHelpSchema,
    lastResult,
    linked: LINKED,
    onValid: (data) => {
      if (!busy) void send(data);
    },
  });

  async function send(data: FormData) {
    setBusy(true);
    const typed = (name: string) => String(data.get(name) ?? "");
    try {
      const sent = await callStep(loginHelpSteps, "send", {
        email: typed("email"),
        nhi: typed("nhi"),
        firstName: typed("firstName"),
        familyName: typed("familyName"),
        dob: typed("dob"),
        subject: typed("subject"),
        message: typed("message"),
        captcha: typed("captcha"),
      });
      setBusy(false);
      onSent(sent.message);
      onOpenChange(false);
      return;
    } catch (error) {
      // Refused (the form's rules, the captcha, the practice) or not answered: the dialog and what was typed stay.
      setBusy(false);
      setRefusal({ message: failureMessage(error, loginHelpTexts.failed), fields: error instanceof StepFailedError ? error.fields : undefined });
    }
    // A refusal needs a new captcha check: a solution is accepted once.
    setAttempt((n) => n + 1);
    setCaptcha(null);
  }

  // A refusal shows inside the dialog, which hides the rest of the page while it is open.
  const formMessage = form.refused ? loginHelpTexts.invalid : (refusal?.message ?? null);
  const captchaError = form.errors.captcha;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t.title} description={t.description}>
      <form method="post" action="/login/help" className="flex flex-col gap-4" {...form.formProps}>
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <EmailField label={t.emailLabel} autoComplete="email" {...form.field("email")} />
        <TextField label={t.nhiLabel} autoComplete="off" hint={t.nhiHint} {...form.field("nhi")} />
        <TextField label={t.firstNameLabel} autoComplete="given-name" {...form.field("firstName")} />
        <TextField label={t.familyNameLabel} autoComplete="family-name" {...form.field("familyName")} />
        <TextField label={t.dobLabel} inputMode="numeric" placeholder={t.dobPlaceholder} hint={t.dobHint} {...form.field("dob")} />
        <TextField label={t.subjectLabel} {...form.field("subject")} />
        <TextareaField label={t.messageLabel} {...form.field("message")} />
        <Captcha key={attempt} onChange={setCaptcha} />
        {captchaError ? <p className="font-semibold text-danger">{captchaError}</p> : null}
        {/* A disabled button says why (issue 21). */}
        {!captcha ? (
          <p id="ask-for-help-gate" className="text-muted">
            {captchaTexts.gate(t.askForHelp)}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy} disabled={!captcha} aria-describedby={!captcha ? "ask-for-help-gate" : undefined}>
            {busy ? t.sending : t.askForHelp}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.close}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
