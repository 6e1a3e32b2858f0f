import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { PASSKEY_UNDO_DAYS } from "~/lib/second-step";
import { passkeyTexts as t } from "~/lib/texts/passkeys";
import { signInDialogsTexts } from "../dialog-texts";
import type { Outcome } from "~/lib/sign-in-flow";

interface Props {
  passkeys: Outcome<"passkeyRecovery">["passkeys"];
  busy: boolean;
  message: string | null;
  onRemove(): void;
  onCancel(): void;
}

/**
 * After the password and a code e-mailed in place of a passkey (issue 51, decisions/365): the passkeys
 * added in the last PASSKEY_UNDO_DAYS days, each with when and from which browser, so the holder can
 * tell one they did not add; removing them goes on with the sign-in. Not dismissed by a stray click:
 * the choice is the holder's.
 */
export function PasskeyRecoveryDialog({ passkeys, busy, message, onRemove, onCancel }: Props) {
  return (
    <Dialog open dismissOnBackdrop={false} onOpenChange={(open) => (open ? undefined : onCancel())} title={t.recoveryTitle} description={t.recoveryDescription(PASSKEY_UNDO_DAYS)}>
      <div className="flex flex-col gap-4">
        {message ? <Alert>{message}</Alert> : null}
        <ul aria-label={t.recoveryListLabel} className="flex flex-col gap-2">
          {passkeys.map((p, index) => (
            <li key={index} className="rounded border border-line p-3">
              <span className="block font-semibold">{p.name}</span>
              <span className="block">{t.recoveryAdded(p.added, p.from)}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={onRemove}>
            {busy ? signInDialogsTexts.pleaseWait : t.recoveryRemove}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {t.recoveryKeep}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
