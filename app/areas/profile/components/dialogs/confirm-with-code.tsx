import { useState, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Alert } from "../../../../components/ui/alert";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { TextField } from "../../../../components/ui/field";
import { secondStepTexts } from "../../../../lib/texts/secondStep";
import { codeShapeProblem } from "../../../../lib/second-step";
import type { SecondStepReply } from "../../forms";

// The profile's own action (sign-in-security.server.ts); an index-less route, so no `?index`.
const ACTION = "/profile";

interface Props {
  title: string;
  description: ReactNode;
  /** The change's intent after "sign-in-security-" (turn-off, recovery-codes, passkey-remove). */
  intent: string;
  /** What the change itself names, posted with the proof (a passkey's id). */
  fields?: Record<string, string>;
  /** The button that makes the change. */
  confirm: string;
  /** The button that leaves things as they are. */
  cancel: string;
  /** A recovery code may be given instead of the e-mailed code (the holder has some). */
  recoveryAllowed: boolean;
  onOpenChange(open: boolean): void;
  /** The server made the change: its reply, once. */
  onDone(reply: Extract<SecondStepReply, { ok: true }>): void;
}

/**
 * A change that weakens sign-in asks for fresh proof (decisions/312): a 6-digit code e-mailed now to the
 * sign-in address, or one of the holder's recovery codes. The code typed stays when it is refused, with
 * the server's words beside it; a code of the wrong shape is told at once, before anything is posted.
 */
export function ConfirmWithCode({ title, description, intent, fields, confirm, cancel, recoveryAllowed, onOpenChange, onDone }: Props) {
  const fetcher = useFetcher<SecondStepReply>();
  const busy = fetcher.state !== "idle";
  const reply = busy ? undefined : fetcher.data;
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Each reply is read once, while rendering (React's way to follow a changed value without an effect).
  const [seen, setSeen] = useState<SecondStepReply | undefined>(undefined);
  if (reply && reply !== seen) {
    setSeen(reply);
    if (reply.intent === "sign-in-security-confirm-send") {
      setSendProblem(reply.ok ? null : reply.message);
      if (reply.ok && reply.sentTo) setSentTo(reply.sentTo);
    } else if (reply.ok) onDone(reply);
    else setProblem(reply.message);
  }
  const post = (fields: Record<string, string>) => {
    if (!busy) void fetcher.submit({ ...fields, intent: `sign-in-security-${fields.intent}` }, { method: "post", action: ACTION });
  };
  const send = () => post({ intent: "confirm-send" });
  const asking = recovery || sentTo !== null;

  return (
    <Dialog open onOpenChange={onOpenChange} title={title} description={description}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!asking) return send();
          const shape = codeShapeProblem(code, recovery);
          if (shape) return setProblem(shape);
          post({ ...fields, intent, code, recovery: String(recovery) });
        }}
      >
        <p>{recovery ? "Enter one of your recovery codes to confirm." : sentTo ? secondStepTexts.confirmSent(sentTo) : "To check it is you, we first e-mail a 6-digit code to your sign-in address."}</p>
        {sendProblem ? <Alert>{sendProblem}</Alert> : null}
        {asking ? (
          <TextField
            key={recovery ? "recovery" : "email"}
            label={recovery ? "Recovery code" : "6-digit code"}
            name="code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete={recovery ? "off" : "one-time-code"}
            inputMode={recovery ? "text" : "numeric"}
            spellCheck={false}
            error={problem ?? undefined}
          />
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? "Please wait…" : asking ? confirm : "Send the code"}
          </Button>
          {sentTo && !recovery ? (
            <Button variant="secondary" disabled={busy} onClick={send}>
              Send a new code
            </Button>
          ) : null}
          {recoveryAllowed ? (
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setRecovery(!recovery);
                setProblem(null);
              }}
            >
              {recovery ? "Use an e-mailed code instead" : "Use a recovery code"}
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
