import { useState } from "react";
import { messages } from "../../lib/messages";
import { fieldErrors } from "../../lib/sign-in";
import { LoginHelpSchema, type LoginHelpInput } from "../../lib/login-help";
import type { LoginHelpResult } from "../../routes/login-help";
import { Captcha } from "../captcha";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { TextField } from "../ui/field";

type Errors = Partial<Record<keyof LoginHelpInput | "captcha", string>>;
const FIELDS: (keyof LoginHelpInput)[] = ["email", "nhi", "firstName", "familyName", "dob", "subject", "message"];

/**
 * Login Help (1§2, 1§5): for someone who cannot sign in. The captcha gates Ok; errors clear when
 * their field is edited; what was typed stays when sending fails.
 */
export function LoginHelpDialog({ open, onOpenChange, onResult }: { open: boolean; onOpenChange(open: boolean): void; onResult(result: { ok: boolean; message: string }): void }) {
  const [errors, setErrors] = useState<Errors>({});
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  async function send(form: HTMLFormElement) {
    setBusy(true);
    let result: LoginHelpResult;
    try {
      const response = await fetch("/login/help", { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      result = (await response.json()) as LoginHelpResult;
    } catch {
      result = { ok: false, message: messages.loginHelp.failed };
    }
    setBusy(false);
    if (result.ok) {
      onResult(result);
      onOpenChange(false);
      return;
    }
    // A captcha solution is accepted once: another try needs a new check. What was typed stays.
    setAttempt((n) => n + 1);
    setCaptcha(null);
    setErrors(result.fieldErrors ?? {});
    setFormMessage(result.fieldErrors ? result.message : null);
    if (!result.fieldErrors) onResult(result);
  }

  const field = (name: keyof LoginHelpInput) => ({
    name,
    error: errors[name],
    onChange: () => setErrors((e) => ({ ...e, [name]: undefined, ...(name === "email" || name === "nhi" ? { email: undefined, nhi: undefined } : {}) })),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Login Help" description="Tell the practice what is wrong and how to reach you. Give your e-mail address or your NHI number.">
      <form
        method="post"
        action="/login/help"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          const form = new FormData(event.currentTarget);
          const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as LoginHelpInput;
          const parsed = LoginHelpSchema.safeParse(values);
          if (!parsed.success) {
            setErrors(fieldErrors<LoginHelpInput>(parsed.error));
            setFormMessage(messages.loginHelp.invalid);
            return;
          }
          void send(event.currentTarget);
        }}
      >
        {formMessage ? <Alert>{formMessage}</Alert> : null}
        <TextField label="Email" type="email" autoComplete="email" {...field("email")} />
        <TextField label="NHI number" autoComplete="off" hint="Seven characters, for example ZAC5361" {...field("nhi")} />
        <TextField label="First name" autoComplete="given-name" {...field("firstName")} />
        <TextField label="Family name" autoComplete="family-name" {...field("familyName")} />
        <TextField label="Date of birth" inputMode="numeric" placeholder="dd-mm-yyyy" hint="For example 07-03-1985" {...field("dob")} />
        <TextField label="Subject" {...field("subject")} />
        <MessageArea error={errors.message} onChange={field("message").onChange} />
        <Captcha key={attempt} onChange={setCaptcha} />
        {errors.captcha ? <p className="font-semibold text-danger">{errors.captcha}</p> : null}
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

function MessageArea({ error, onChange }: { error?: string; onChange(): void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="login-help-message" className="font-semibold">
        Message
      </label>
      {error ? (
        <p id="login-help-message-error" className="font-semibold text-danger">
          <span className="sr-only">Error: </span>
          <span>{error}</span>
        </p>
      ) : null}
      <textarea
        id="login-help-message"
        name="message"
        rows={4}
        className={`min-h-[4.5rem] max-h-[8rem] rounded border-2 bg-white px-3 py-2 ${error ? "border-danger" : "border-ink"}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "login-help-message-error" : undefined}
        onChange={onChange}
      />
    </div>
  );
}
