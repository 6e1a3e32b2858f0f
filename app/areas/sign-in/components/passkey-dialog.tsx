import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { passkeyTexts as t } from "~/lib/texts/passkeys";
import { signInDialogsTexts } from "../dialog-texts";

interface Props {
  /** "E-mail me a code instead": the holder has the e-mailed code, or a passkey new enough to undo from the inbox (decisions/365). */
  email: boolean;
  /** The holder has recovery codes left: "Use a recovery code". */
  recovery: boolean;
  /** The browser's prompt is open. */
  checking: boolean;
  busy: boolean;
  message: string | null;
  onUse(): void;
  onEmail(): void;
  onRecovery(): void;
  onCancel(): void;
}

/**
 * A passkey asked for after the password (decisions/300). The browser's own prompt opens when the holder
 * presses Use your passkey (a prompt needs a person's press in some browsers); a refusal or a cancelled
 * prompt is announced in the dialog (Alert), which stays usable for another try or another way.
 */
export function PasskeyDialog({ email, recovery, checking, busy, message, onUse, onEmail, onRecovery, onCancel }: Props) {
  return (
    <Dialog open dismissOnBackdrop={false} onOpenChange={(open) => (open ? undefined : onCancel())} title={t.signInTitle} description={t.signInDescription}>
      <div className="flex flex-col gap-4">
        {message ? <Alert>{message}</Alert> : null}
        {checking ? <p role="status">{t.checking}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={onUse}>
            {t.usePasskey}
          </Button>
          {email ? (
            <Button variant="secondary" disabled={busy} onClick={onEmail}>
              {t.useEmailedCode}
            </Button>
          ) : null}
          {recovery ? (
            <Button variant="secondary" disabled={busy} onClick={onRecovery}>
              {t.useRecoveryCode}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {signInDialogsTexts.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
