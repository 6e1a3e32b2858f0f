import { useEffect, useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { TextField } from "~/components/ui/field";
import { passkeyTexts as t } from "~/lib/texts/passkeys";
import { ceremonyFailure, normalisePasskeyName, passkeyNameProblem, PASSKEY_NAME_MAX } from "~/lib/passkeys";
import { CodesShown } from "./codes-shown";
import { ConfirmWithCode } from "./confirm-with-code";
import { useSecurityPost, type SecurityAnswer, type SecurityAnswerReply } from "./use-security-post";
import type { PasskeyOptionsReply } from "../../steps";
import { profileDialogTexts as dt } from "../../dialog-texts";

/** What is asked: a new passkey, a new name for one, or its removal. */
export type PasskeyQuestion =
  | { kind: "add" }
  | { kind: "rename"; id: string; name: string }
  /** `leavesNoSecondStep`: the last passkey with the e-mailed code off; its recovery codes go with it (decisions/321). */
  | { kind: "remove"; id: string; name: string; leavesNoSecondStep: boolean };

/** The browser's prompt, and the grant token of the proof that brought it: kept here, in memory only (decisions/393). */
type Prompt = Pick<PasskeyOptionsReply, "options" | "grant">;

interface Props {
  question: PasskeyQuestion | null;
  /** The holder has recovery codes left: one may confirm a change with one instead of an e-mailed code. */
  recoveryAllowed: boolean;
  /** The holder has no second step yet: their password is proof enough to add a first passkey (issue 51). */
  passwordAllowed: boolean;
  onOpenChange(open: boolean): void;
  /** Done (the page says so, and its loader reads the list again). */
  onSaved(message: string): void;
}

/** The dialogs of the profile's passkeys (decisions/300); each starts clean when it opens. */
export function PasskeyDialog({ question, recoveryAllowed, passwordAllowed, onOpenChange, onSaved }: Props) {
  if (!question) return null;
  if (question.kind === "add") return <AddPasskey recoveryAllowed={recoveryAllowed} passwordAllowed={passwordAllowed} onOpenChange={onOpenChange} onSaved={onSaved} />;
  if (question.kind === "rename") return <RenamePasskey key={question.id} id={question.id} name={question.name} onOpenChange={onOpenChange} onSaved={onSaved} />;
  return <RemovePasskey key={question.id} id={question.id} name={question.name} leavesNoSecondStep={question.leavesNoSecondStep} recoveryAllowed={recoveryAllowed} onOpenChange={onOpenChange} onSaved={onSaved} />;
}

/**
 * Add a passkey: the name and fresh proof, then the browser's prompt, then the credential with the grant token, kept in this
 * dialog's state alone so a copied cookie cannot use it (decisions/393). A first passkey brings recovery codes (decisions/321).
 */
function AddPasskey({ recoveryAllowed, passwordAllowed, onOpenChange, onSaved }: Omit<Props, "question"> & { passwordAllowed: boolean }) {
  const { busy, reply, post } = useSecurityPost();
  const [name, setName] = useState("");
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [prompting, setPrompting] = useState(false);
  const [seen, setSeen] = useState<SecurityAnswer | undefined>(undefined);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const prompted = ({ options, grant }: SecurityAnswerReply) => {
    if (!options || !grant) return;
    setPrompt({ options, grant });
    setPrompting(true);
  };
  // Each reply is read once, while rendering.
  if (reply && reply !== seen) {
    setSeen(reply);
    if (!reply.ok) setProblem(reply.message);
    else prompted(reply.reply);
  }
  const addedReply = seen?.ok && seen.step === "passkey-add" ? seen.reply : undefined;
  const codes = addedReply?.codes;
  const added = addedReply && !codes ? addedReply.message : undefined;
  useEffect(() => {
    if (added) onSaved(added);
  }, [added, onSaved]);

  // The options arrived: the browser's prompt opens, once per reply (a retry brings new options).
  useEffect(() => {
    if (!prompt) return;
    let live = true;
    void (async () => {
      try {
        const { startRegistration } = await import("@simplewebauthn/browser");
        const answer = await startRegistration({ optionsJSON: prompt.options });
        if (live) post("passkey-add", { name, answer: JSON.stringify(answer), grant: prompt.grant });
      } catch (error) {
        const failure = ceremonyFailure(error);
        if (live) setProblem(failure === "cancelled" ? t.addCancelled : failure === "exists" ? t.alreadyAdded : failure === "unsupported" ? t.unsupported : t.browserFailed);
      } finally {
        if (live) setPrompting(false);
      }
    })();
    return () => {
      live = false;
    };
    // `post` and `name` are read as they are when the options arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prompt]);

  if (codes) {
    return (
      <CodesShown
        codes={codes}
        instead="passkey"
        title={t.codesTitle}
        description={t.codesDescription(normalisePasskeyName(name))}
        saved={addedReply.message ?? t.added(normalisePasskeyName(name))}
        onOpenChange={onOpenChange}
        onSaved={onSaved}
      />
    );
  }
  if (!prompt) {
    // The name and the proof, together: the server answers the prompt's options once both are right.
    return (
      <ConfirmWithCode
        title={t.addTitle}
        description={t.addDescription}
        step="passkey-options"
        fields={{ name }}
        check={() => {
          const shape = passkeyNameProblem(name);
          setNameProblem(shape);
          return shape === null;
        }}
        confirm={dt.confirmAddPasskey}
        cancel={dt.cancel}
        recoveryAllowed={recoveryAllowed}
        passwordAllowed={passwordAllowed}
        onOpenChange={onOpenChange}
        onDone={prompted}
      >
        <TextField label={t.nameLabel} hint={t.nameHint} name="name" value={name} maxLength={PASSKEY_NAME_MAX + 20} onChange={(event) => setName(event.target.value)} autoComplete="off" error={nameProblem ?? undefined} />
      </ConfirmWithCode>
    );
  }
  const working = busy || prompting;
  const shownName = normalisePasskeyName(name);
  return (
    <Dialog open onOpenChange={onOpenChange} title={t.promptTitle(shownName)} description={t.promptDescription}>
      <div className="flex flex-col gap-4">
        {problem && !working ? <Alert>{problem}</Alert> : null}
        {prompting ? <p role="status">{t.adding}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button busy={working} onClick={() => (working ? undefined : (setProblem(null), post("passkey-options", { name, grant: prompt.grant })))}>
            {working ? dt.pleaseWait : t.tryAgain}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {dt.cancel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function RenamePasskey({ id, name: current, onOpenChange, onSaved }: Omit<Props, "question" | "recoveryAllowed" | "passwordAllowed"> & { id: string; name: string }) {
  const { busy, reply, post } = useSecurityPost();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState<SecurityAnswer | undefined>(undefined);
  if (reply && reply !== seen) {
    setSeen(reply);
    setProblem(reply.ok ? null : reply.message);
  }
  const done = seen?.ok ? (seen.reply.message ?? t.renamed(name)) : undefined;
  useEffect(() => {
    if (done) onSaved(done);
  }, [done, onSaved]);
  return (
    <Dialog open onOpenChange={onOpenChange} title={t.renameTitle(current)} description={t.nameHint}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const shape = passkeyNameProblem(name);
          setProblem(shape);
          if (!shape) post("passkey-rename", { id, name });
        }}
      >
        <TextField label={t.nameLabel} name="name" value={name} maxLength={PASSKEY_NAME_MAX + 20} onChange={(event) => setName(event.target.value)} autoComplete="off" error={problem ?? undefined} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? dt.pleaseWait : dt.savePasskeyName}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {dt.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Removing one weakens sign-in: the same fresh proof as turning the e-mailed code off (decisions/312). */
function RemovePasskey({ id, name, leavesNoSecondStep, recoveryAllowed, onOpenChange, onSaved }: Omit<Props, "question" | "passwordAllowed"> & { id: string; name: string; leavesNoSecondStep: boolean }) {
  return (
    <ConfirmWithCode
      title={t.removeTitle(name)}
      description={leavesNoSecondStep ? t.removeLastDescription : t.removeDescription}
      step="passkey-remove"
      fields={{ id }}
      confirm={dt.confirmRemovePasskey}
      cancel={dt.keepPasskey}
      recoveryAllowed={recoveryAllowed}
      onOpenChange={onOpenChange}
      onDone={(reply) => onSaved(reply.message ?? t.removed(name))}
    />
  );
}
