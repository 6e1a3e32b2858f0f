import { useEffect, useState } from "react";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import { TextField } from "../../../../components/ui/field";
import { passkeyTexts as t } from "../../../../lib/texts/passkeys";
import { ceremonyFailure, normalisePasskeyName, passkeyNameProblem, PASSKEY_NAME_MAX } from "../../../../lib/passkeys";
import { CodesShown } from "./codes-shown";
import { ConfirmWithCode } from "./confirm-with-code";
import { useSecurityPost } from "./use-security-post";
import type { SecondStepReply } from "../../forms";

/** What is asked: a new passkey, a new name for one, or its removal. */
export type PasskeyQuestion =
  | { kind: "add" }
  | { kind: "rename"; id: string; name: string }
  /** `leavesNoSecondStep`: the last passkey with the e-mailed code off; its recovery codes go with it (decisions/321). */
  | { kind: "remove"; id: string; name: string; leavesNoSecondStep: boolean };

interface Props {
  question: PasskeyQuestion | null;
  /** The holder has recovery codes left: one may confirm a removal instead of an e-mailed code. */
  recoveryAllowed: boolean;
  onOpenChange(open: boolean): void;
  /** Done (the page says so, and its loader reads the list again). */
  onSaved(message: string): void;
}

/** The dialogs of the profile's passkeys (decisions/300); each starts clean when it opens. */
export function PasskeyDialog({ question, recoveryAllowed, onOpenChange, onSaved }: Props) {
  if (!question) return null;
  if (question.kind === "add") return <AddPasskey onOpenChange={onOpenChange} onSaved={onSaved} />;
  if (question.kind === "rename") return <RenamePasskey key={question.id} id={question.id} name={question.name} onOpenChange={onOpenChange} onSaved={onSaved} />;
  return <RemovePasskey key={question.id} id={question.id} name={question.name} leavesNoSecondStep={question.leavesNoSecondStep} recoveryAllowed={recoveryAllowed} onOpenChange={onOpenChange} onSaved={onSaved} />;
}

/**
 * Add a passkey: the name first (checked here and by the server), then the server's options, then the
 * browser's own prompt, then the new credential to the server. @simplewebauthn/browser is fetched when
 * the prompt is about to open, so the profile's first load does not carry it. What was typed stays.
 * A first passkey comes back with recovery codes (decisions/321): shown once, before the page says it is added.
 */
function AddPasskey({ onOpenChange, onSaved }: Omit<Props, "question" | "recoveryAllowed">) {
  const { busy, reply, post } = useSecurityPost();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [prompting, setPrompting] = useState(false);
  const [seen, setSeen] = useState<SecondStepReply | undefined>(undefined);
  const [options, setOptions] = useState<NonNullable<Extract<SecondStepReply, { ok: true }>["options"]> | null>(null);
  // Each reply is read once, while rendering.
  if (reply && reply !== seen) {
    setSeen(reply);
    if (!reply.ok) setProblem(reply.message);
    else if (reply.options) {
      setOptions(reply.options);
      setPrompting(true);
    }
  }
  const addedReply = seen?.ok && seen.intent === "sign-in-security-passkey-add" ? seen : undefined;
  const codes = addedReply?.codes;
  const added = addedReply && !codes ? addedReply.message : undefined;
  useEffect(() => {
    if (added) onSaved(added);
  }, [added, onSaved]);

  // The options arrived: the browser's prompt opens, once per reply (a retry brings new options).
  useEffect(() => {
    if (!options) return;
    let live = true;
    void (async () => {
      try {
        const { startRegistration } = await import("@simplewebauthn/browser");
        const answer = await startRegistration({ optionsJSON: options });
        if (live) post({ intent: "passkey-add", name, answer: JSON.stringify(answer) });
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
  }, [options]);

  if (codes) {
    const done = addedReply.message ?? t.added(normalisePasskeyName(name));
    return <CodesShown codes={codes} instead="passkey" title={t.codesTitle} description={t.codesDescription(normalisePasskeyName(name))} onOpenChange={onOpenChange} done={() => onSaved(done)} />;
  }
  const working = busy || prompting;
  return (
    <Dialog open onOpenChange={onOpenChange} title={t.addTitle} description={t.addDescription}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (working) return;
          const shape = passkeyNameProblem(name);
          setProblem(shape);
          if (!shape) post({ intent: "passkey-options", name });
        }}
      >
        <TextField label={t.nameLabel} hint={t.nameHint} name="name" value={name} maxLength={PASSKEY_NAME_MAX + 20} onChange={(event) => setName(event.target.value)} autoComplete="off" error={problem ?? undefined} />
        {prompting ? <p role="status">{t.adding}</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={working}>
            {working ? "Please wait…" : "Add passkey"}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RenamePasskey({ id, name: current, onOpenChange, onSaved }: Omit<Props, "question" | "recoveryAllowed"> & { id: string; name: string }) {
  const { busy, reply, post } = useSecurityPost();
  const [name, setName] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState<SecondStepReply | undefined>(undefined);
  if (reply && reply !== seen) {
    setSeen(reply);
    setProblem(reply.ok ? null : reply.message);
  }
  const done = seen?.ok ? (seen.message ?? t.renamed(name)) : undefined;
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
          if (!shape) post({ intent: "passkey-rename", id, name });
        }}
      >
        <TextField label={t.nameLabel} name="name" value={name} maxLength={PASSKEY_NAME_MAX + 20} onChange={(event) => setName(event.target.value)} autoComplete="off" error={problem ?? undefined} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? "Please wait…" : "Save name"}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Removing one weakens sign-in: the same fresh proof as turning the e-mailed code off (decisions/312). */
function RemovePasskey({ id, name, leavesNoSecondStep, recoveryAllowed, onOpenChange, onSaved }: Omit<Props, "question"> & { id: string; name: string; leavesNoSecondStep: boolean }) {
  return (
    <ConfirmWithCode
      title={t.removeTitle(name)}
      description={leavesNoSecondStep ? t.removeLastDescription : t.removeDescription}
      intent="passkey-remove"
      fields={{ id }}
      confirm="Remove passkey"
      cancel="Keep it"
      recoveryAllowed={recoveryAllowed}
      onOpenChange={onOpenChange}
      onDone={(reply) => onSaved(reply.message ?? t.removed(name))}
    />
  );
}
