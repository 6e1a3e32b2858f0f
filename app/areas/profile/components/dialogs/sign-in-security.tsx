import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { codeShapeProblem } from "~/lib/second-step";
import { CodesShown } from "./codes-shown";
import { ConfirmWithCode } from "./confirm-with-code";
import { useSecurityPost, type SecurityAnswer } from "./use-security-post";

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
    return <CodesShown codes={codes} onOpenChange={onOpenChange} title="Your recovery codes" description="The e-mailed code is on. From your next sign-in we e-mail you a code after your password." saved="The e-mailed code is now on." onSaved={onSaved} />;
  }
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title="Turn on a code by e-mail"
      description={
        sentTo
          ? `We have sent a 6-digit code to ${sentTo}. Enter it to turn the e-mailed code on. It works for 10 minutes.`
          : "After your password, we will e-mail a 6-digit code to your sign-in address and ask for it. First we send one now, to check it reaches you."
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
            label="6-digit code"
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
            {busy ? "Please wait…" : sentTo ? "Turn on" : "Send the code"}
          </Button>
          {sentTo ? (
            <Button variant="secondary" disabled={busy} onClick={() => post("send", {})}>
              Send a new code
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
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
      title="Turn off the e-mailed code?"
      description={
        passkeysKept
          ? "Signing in will ask for your passkey alone. Your recovery codes keep working, in case you lose your passkey's device."
          : "Signing in will need only your password again, and your recovery codes will stop working."
      }
      step="turn-off"
      confirm="Turn off"
      cancel="Keep it on"
      recoveryAllowed
      onOpenChange={onOpenChange}
      onDone={(reply) => onSaved(reply.message ?? "The e-mailed code is now off.")}
    />
  );
}

/** New codes would hand whoever holds this session a way past the e-mailed code or a passkey: the same proof first (decisions/312). */
function NewCodesDialog({ onOpenChange, onSaved }: Omit<Props, "dialog" | "passkeysKept">) {
  const [codes, setCodes] = useState<string[] | null>(null);
  if (codes) {
    return <CodesShown codes={codes} onOpenChange={onOpenChange} title="Your new recovery codes" description="Your earlier recovery codes no longer work." saved="You have new recovery codes." onSaved={onSaved} />;
  }
  return (
    <ConfirmWithCode
      title="Make new recovery codes?"
      description="You will get ten new codes, shown once. Your earlier recovery codes will stop working."
      step="recovery-codes"
      confirm="Make new codes"
      cancel="Cancel"
      recoveryAllowed
      onOpenChange={onOpenChange}
      onDone={(reply) => setCodes(reply.codes ?? [])}
    />
  );
}
