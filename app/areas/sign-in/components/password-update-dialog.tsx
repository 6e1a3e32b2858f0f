import { signInDialogsTexts } from "../dialog-texts";
import type { NewPasswordProblem } from "~/lib/new-password";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { CheckboxField, PasswordField } from "~/components/ui/field";
import { PasswordRules } from "~/components/password-rules";

interface Props {
  busy: boolean;
  problem: NewPasswordProblem | null;
  /** The practice's refusal (StatusCode "3") or a failure, in red. */
  message: string | null;
  onSubmit(values: { password: string; confirm: string; agreed: boolean }): void;
  onCancel(): void;
}

/**
 * The forced password update of 1§4 step 3: it cannot be dismissed except by Cancel. The login
 * machine is this form's state (it checks the rules and posts the step), so the form uses the layer's
 * primitives and rules (app/lib/new-password.ts) without a form library on the sign-in page.
 */
export function PasswordUpdateDialog({ busy, problem, message, onSubmit, onCancel }: Props) {
  return (
    <Dialog open dismissOnBackdrop={false} dismissOnEscape={false} title={signInDialogsTexts.passwordUpdateTitle} description={signInDialogsTexts.passwordUpdateDescription}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          onSubmit({ password: String(form.get("password") ?? ""), confirm: String(form.get("confirm") ?? ""), agreed: form.get("agreed") === "on" });
        }}
      >
        {message ? <Alert>{message}</Alert> : null}
        <PasswordRules />
        <PasswordField label={signInDialogsTexts.newPassword} name="password" autoComplete="new-password" error={problem?.field === "password" ? problem.message : undefined} />
        <PasswordField label={signInDialogsTexts.confirmPassword} name="confirm" autoComplete="new-password" error={problem?.field === "confirm" ? problem.message : undefined} />
        <CheckboxField name="agreed" label={signInDialogsTexts.agreement} error={problem?.field === "agreed" ? problem.message : undefined} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? signInDialogsTexts.saving : signInDialogsTexts.proceed}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {signInDialogsTexts.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
