import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { codeShapeProblem } from "~/lib/second-step";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { secondStepTexts } from "~/lib/texts/second-step";
import { CodesShown } from "./codes-shown";
import { ConfirmWithCode } from "./confirm-with-code";
import { useSecurityPost, type SecurityAnswer } from "./use-security-post";
import { profileDialogTexts as dt } from "../../dialog-texts";


export type SecurityDialogName = "turn-on" | "turn-off" | "recovery-codes";

interface Props {
  dialog: SecurityDialogName | null;
  /** The holder keeps a passkey: turning the e-mailed code off then keeps the recovery codes (decisions/321). */
  passkeysKept: boolean;
  onOpenChange(open: boolean): void;
  /** A change made (the page says so, and its loader reads the new state). */
  onSaved(message: string): void;
}

/** The dialogs of Sign-in security (decisions/277); each starts clean when it opens. */
export function SignInSecurityDialog({ dialog, passkeysKept, onOpenChange, onSaved }: Props) {
  if (dialog === "turn-on") return <TurnOnDialog onOpenChange={onOpenChange} onSaved={onSaved} />;
  if (dialog === "turn-off") return <TurnOffDialog passkeysKept={passkeysKept} onOpenChange={onOpenChange} onSaved={onSaved} />;
  if (dialog === "recovery-codes") return <NewCodesDialog onOpenChange={onOpenChange} onSaved={onSaved} />;
  return null;
}

function TurnOnDialog({ onOpenChange, onSaved }: Omit<Props, "dialog" | "passkeysKept">) {
  const { busy, reply, post } = useSecurityPost();
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  // Each reply is read once, while rendering (React's way to follow a changed value without an effect).
  const [seen, setSeen] = useState<SecurityAnswer | undefined>(undefined);
  if (reply && reply !== seen) {
    setSeen(reply);
    setProblem(reply.ok ? null : reply.message);
    if (reply.ok && reply.step === "send" && reply.reply.sentTo) setSentTo(reply.reply.sentTo);
    if (reply.ok && reply.step === "turn-on" && reply.reply.codes) setCodes(reply.reply.codes);
  }

  if (codes) {
    return <CodesShown codes={codes} onOpenChange={onOpenChange} title={passkeyTexts.codesTitle} description={dt.turnOnCodesDescription} saved={secondStepTexts.turnedOn} onSaved={onSaved} />;
  }
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={dt.turnOnTitle}
      description={
        sentTo
          ? dt.turnOnSent(sentTo)
          : dt.turnOnIntro
      }
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!sentTo) return post("send", {});
          const shape = codeShapeProblem(code, false);
          if (shape) return setProblem(shape);
          post("turn-on", { code });
        }}
      >
        {!sentTo && problem ? <Alert>{problem}</Alert> : null}
        {sentTo ? (
          <TextField
            label={dt.sixDigitCode}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            spellCheck={false}
            error={problem ?? undefined}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? dt.pleaseWait : sentTo ? dt.turnOn : dt.sendCode}
          </Button>
          {sentTo ? (
            <Button variant="secondary" disabled={busy} onClick={() => post("send", {})}>
              {dt.sendNewCode}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {dt.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Off weakens sign-in: it asks for a code e-mailed now, or a recovery code (decisions/312). */
function TurnOffDialog({ passkeysKept, onOpenChange, onSaved }: Omit<Props, "dialog">) {
  return (
    <ConfirmWithCode
      title={dt.turnOffTitle}
      description={
        passkeysKept
          ? dt.turnOffPasskeysKept
          : dt.turnOffDescription
      }
      step="turn-off"
      confirm={dt.turnOff}
      cancel={dt.keepItOn}
      recoveryAllowed
      onOpenChange={onOpenChange}
      onDone={(reply) => onSaved(reply.message ?? secondStepTexts.turnedOff)}
    />
  );
}

/** New codes would hand whoever holds this session a way past the e-mailed code or a passkey: the same proof first (decisions/312). */
function NewCodesDialog({ onOpenChange, onSaved }: Omit<Props, "dialog" | "passkeysKept">) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return <CodesShown codes={codes} onOpenChange={onOpenChange} title={dt.newCodesTitle} description={dt.newCodesDescription} saved={dt.newCodesSaved} onSaved={onSaved} />;
  }
  return (
    <ConfirmWithCode
      title={dt.makeNewCodesTitle}
      description={dt.makeNewCodesDescription}
      step="recovery-codes"
      confirm={dt.makeNewCodes}
      cancel={dt.cancel}
      recoveryAllowed
      onOpenChange={onOpenChange}
      onDone={(reply) => setCodes(reply.codes ?? [])}
    />
  );
}
