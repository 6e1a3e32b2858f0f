import { useState, type ReactNode } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { PasswordField, TextField } from "~/components/ui/field";
import { secondStepTexts } from "~/lib/texts/second-step";
import { passkeyTexts } from "~/lib/texts/passkeys";
import { codeShapeProblem } from "~/lib/second-step";
import type { SecurityStep, SecurityStepInput } from "../../steps";
import { useSecurityPost, type SecurityAnswer, type SecurityAnswerReply } from "./use-security-post";
import { profileDialogTexts as dt } from "../../dialog-texts";


/** How the holder shows it is them: a code e-mailed now, a recovery code, or (where allowed) their password. */
type Proof = "email" | "recovery" | "password";

interface Props {
  title: string;
  description: ReactNode;
  /** The change's step. */
  step: Extract<SecurityStep, "turn-off" | "recovery-codes" | "passkey-remove" | "passkey-options">;
  /** What the change itself names, posted with the proof (a passkey's id, a new passkey's name). */
  fields?: SecurityStepInput;
  /** Fields of the change itself, shown above the proof (a new passkey's name). */
  children?: ReactNode;
  /** Checks the change's own fields before anything is posted; false keeps the dialog as it is. */
  check?: () => boolean;
  /** The button that makes the change. */
  confirm: string;
  /** The button that leaves things as they are. */
  cancel: string;
  /** A recovery code may be given instead of the e-mailed code (the holder has some). */
  recoveryAllowed: boolean;
  /** The current password may be given instead (issue 51: only to add a passkey while no second step exists). */
  passwordAllowed?: boolean;
  onOpenChange(open: boolean): void;
  /** The server made the change: its reply, once. */
  onDone(reply: SecurityAnswerReply): void;
}

/**
 * A change to sign-in asks for fresh proof (decisions/312, issue 51): a 6-digit code e-mailed now to the
 * sign-in address, one of the holder's recovery codes, or, where allowed, the current password. What was
 * typed stays when it is refused, with the server's words beside it; a code of the wrong shape is told at
 * once, before anything is posted.
 */
export function ConfirmWithCode({ title, description, step, fields, children, check, confirm, cancel, recoveryAllowed, passwordAllowed = false, onOpenChange, onDone }: Props) {
  const { busy, reply, post } = useSecurityPost();
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [proof, setProof] = useState<Proof>("email");
  const [problem, setProblem] = useState<string | null>(null);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Each reply is read once, while rendering (React's way to follow a changed value without an effect).
  const [seen, setSeen] = useState<SecurityAnswer | undefined>(undefined);
  if (reply && reply !== seen) {
    setSeen(reply);
    if (reply.step === "confirm-send") {
      setSendProblem(reply.ok ? null : reply.message);
      if (reply.ok && reply.reply.sentTo) setSentTo(reply.reply.sentTo);
    } else if (reply.ok) onDone(reply.reply);
    else setProblem(reply.message);
  }
  const send = () => post("confirm-send", {});
  const asking = proof !== "email" || sentTo !== null;
  const choose = (next: Proof) => {
    setProof(next);
    setProblem(null);
  };
  const lead = proof === "recovery" ? dt.proofRecovery : proof === "password" ? dt.proofPassword : sentTo ? secondStepTexts.confirmSent(sentTo) : dt.proofEmail;

  return (
    <Dialog open onOpenChange={onOpenChange} title={title} description={description}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (check && !check()) return;
          if (!asking) return send();
          if (proof === "password") {
            if (password === "") return setProblem(dt.passwordMissing);
            return post(step, { ...fields, password });
          }
          const shape = codeShapeProblem(code, proof === "recovery");
          if (shape) return setProblem(shape);
          post(step, { ...fields, code, recovery: String(proof === "recovery") });
        }}
      >
        {children}
        <p>{lead}</p>
        {sendProblem ? <Alert>{sendProblem}</Alert> : null}
        {proof === "password" ? (
          <PasswordField label={dt.currentPasswordLabel} name="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" error={problem ?? undefined} />
        ) : asking ? (
          <TextField
            key={proof}
            label={proof === "recovery" ? dt.recoveryCode : dt.sixDigitCode}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete={proof === "recovery" ? "off" : "one-time-code"}
            inputMode={proof === "recovery" ? "text" : "numeric"}
            spellCheck={false}
            error={problem ?? undefined}
          />
        ) : problem ? (
          <Alert>{problem}</Alert>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? dt.pleaseWait : asking ? confirm : dt.sendCode}
          </Button>
          {sentTo && proof === "email" ? (
            <Button variant="secondary" disabled={busy} onClick={send}>
              {dt.sendNewCode}
            </Button>
          ) : null}
          {proof !== "email" ? (
            <Button variant="secondary" disabled={busy} onClick={() => choose("email")}>
              {dt.useEmailedCode}
            </Button>
          ) : null}
          {recoveryAllowed && proof !== "recovery" ? (
            <Button variant="secondary" disabled={busy} onClick={() => choose("recovery")}>
              {passkeyTexts.useRecoveryCode}
            </Button>
          ) : null}
          {passwordAllowed && proof !== "password" ? (
            <Button variant="secondary" disabled={busy} onClick={() => choose("password")}>
              {dt.usePassword}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
