import type { ChangeEvent, KeyboardEvent } from "react";
import { ProfilePasswordSchema } from "../../forms";
import { Alert } from "~/components/ui/alert";
import { Dialog } from "~/components/ui/dialog";
import { PasswordField } from "~/components/ui/field";
import { profileTexts } from "../../texts";
import { Actions, type DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";
import { PasswordRules } from "~/components/password-rules";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Update your password to continue (1§2 User Profile). */

/** The profile password fields refuse whitespace as it is typed or pasted (1§5). */
function noWhitespace(event: KeyboardEvent<HTMLInputElement>) {
  if (/^\s$/u.test(event.key)) event.preventDefault();
}
function stripWhitespace(event: ChangeEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  if (/\s/u.test(input.value)) input.value = input.value.replace(/\s+/gu, "");
}

/**
 * Opened by the patient from the profile, so it is named for what it does and Escape leaves it like
 * any dialog (issue 21); the forced update at sign-in (1§2 "Update your password to continue",
 * app/components/sign-in) is the one that cannot be left. The backdrop still does not close it, so a
 * stray tap cannot lose what was typed. Cancel leaves it, success closes it.
 */
export function ChangePasswordDialog({ open, onOpenChange, onSaved, actingFor }: DialogBase & { actingFor: string | null }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      dismissOnBackdrop={false}
      title={dt.changeYourPassword}
      description={actingFor ? dt.changePasswordFor(actingFor) : dt.changePasswordDescription}
    >
      <ChangePasswordForm onSaved={onSaved} onCancel={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ChangePasswordForm({ onSaved, onCancel }: { onSaved(message: string): void; onCancel(): void }) {
  // A refusal shows in the dialog, in red, like every other dialog's: a toast would sit under the
  // modal, out of reach of the keyboard and the mouse until it closed (docs/spec-deviations.md).
  const { busy, errors, message, formProps, clear } = useProfileDialog({ intent: "change-password", schema: ProfilePasswordSchema, onSaved });
  return (
    <form className="flex flex-col gap-4" {...formProps}>
      {message ? <Alert>{message}</Alert> : null}
      {/* Asked so that holding a session is not enough to take the account over (issue 36); the practice checks it. */}
      <PasswordField label={dt.currentPassword} name="current" autoComplete="current-password" error={errors.current} onChange={() => clear("current")} />
      <PasswordRules />
      <PasswordField
        label={dt.newPassword}
        name="password"
        autoComplete="new-password"
        error={errors.password}
        onKeyDown={noWhitespace}
        onChange={(event) => {
          stripWhitespace(event);
          clear("password");
        }}
      />
      <PasswordField
        label={dt.confirmPassword}
        name="confirm"
        autoComplete="new-password"
        error={errors.confirm}
        onKeyDown={noWhitespace}
        onChange={(event) => {
          stripWhitespace(event);
          clear("confirm");
        }}
      />
      <Actions busy={busy} label={t.updatePassword} busyLabel={dt.updating} onCancel={onCancel} />
    </form>
  );
}
