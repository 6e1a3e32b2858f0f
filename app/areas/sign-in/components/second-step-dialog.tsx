import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { RecoveryCodes } from "~/components/recovery-codes";
import { secondStepTexts } from "~/lib/texts/second-step";
import { signInDialogsTexts } from "../dialog-texts";

const t = signInDialogsTexts;

interface Props {
  to: string;
  /** The practice requires a second step and this is its setting up. */
  setup: boolean;
  /** Asked instead of a passkey (decisions/300): recovery codes alone, no code was e-mailed. */
  recoveryOnly?: boolean;
  busy: boolean;
  message: string | null;
  notice: string | null;
  onSubmit(values: { code: string; recovery: boolean }): void;
  onResend(): void;
  onCancel(): void;
}

/**
 * The second step at sign-in (decisions/277): the code e-mailed after the password was accepted, or
 * one of the recovery codes. What was typed stays in the box after a refusal, and a refusal is
 * announced (Alert) and tied to the box.
 */
export function SecondStepDialog({ to, setup, recoveryOnly = false, busy, message, notice, onSubmit, onResend, onCancel }: Props) {
  const [recovery, setRecovery] = useState(recoveryOnly);
  const [code, setCode] = useState("");
  const label = recovery ? t.recoveryCode : t.sixDigitCode;
  return (
    <Dialog
      open
      dismissOnBackdrop={false}
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={setup ? t.setUpTitle : recovery ? t.recoveryTitle : t.codeTitle}
      description={setup ? `${secondStepTexts.setupRequired} ${secondStepTexts.codeSent(to)}` : recovery ? t.recoveryDescription : secondStepTexts.codeSent(to)}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit({ code, recovery });
        }}
      >
        {notice ? <Alert tone="info">{notice}</Alert> : null}
        <TextField
          key={recovery ? "recovery" : "email"}
          label={label}
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete={recovery ? "off" : "one-time-code"}
          inputMode={recovery ? "text" : "numeric"}
          autoCapitalize="characters"
          spellCheck={false}
          error={message ?? undefined}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? t.checking : t.continue}
          </Button>
          {recovery ? null : (
            <Button variant="secondary" onClick={onResend} disabled={busy}>
              {t.sendNewCode}
            </Button>
          )}
          {setup || recoveryOnly ? null : (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setRecovery((r) => !r);
                setCode("");
              }}
            >
              {recovery ? t.useEmailedCode : t.useRecoveryCode}
            </Button>
          )}
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** After setting up at sign-in: the recovery codes, once, then on with the sign-in. */
export function SignInRecoveryCodesDialog({ codes, busy, onContinue }: { codes: string[]; busy: boolean; onContinue(): void }) {
  return (
    <Dialog open dismissOnBackdrop={false} dismissOnEscape={false} printable title={t.recoveryCodesTitle} description={t.recoveryCodesDescription}>
      <div className="flex flex-col gap-4">
        <RecoveryCodes codes={codes} />
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={onContinue}>
            {busy ? t.signingIn : t.codesKept}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
