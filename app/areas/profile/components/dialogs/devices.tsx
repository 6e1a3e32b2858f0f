import { useState } from "react";
import { useRevalidator } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { callStep, failureMessage } from "~/lib/steps";
import { tidyKeptCards } from "~/lib/health-card/tidy";
import { StepSessionEndedError } from "~/lib/step-errors";
import { errorsTexts } from "~/lib/texts/errors";
import { profileSteps } from "../../steps";
import { profileTexts as t } from "../../texts";
import { profileDialogTexts as dt } from "../../dialog-texts";

/** What is asked: one device signed out, this device's other sessions (decisions/366), or every other session. */
export type DevicesQuestion = { kind: "one"; id: string; label: string } | { kind: "this-device"; id: string } | { kind: "others" };

interface Props {
  question: DevicesQuestion | null;
  onOpenChange(open: boolean): void;
  /** Signed out (the page says so, and its loader reads the list again). */
  onSaved(message: string): void;
}

/** The confirmation of Your devices' Sign out and Sign out everywhere else (decisions/295). */
export function DevicesDialog({ question, onOpenChange, onSaved }: Props) {
  if (!question) return null;
  // Keyed, so a question asked after another starts with no earlier answer.
  return <Confirm key={question.kind === "others" ? "others" : `${question.kind}:${question.id}`} question={question} onOpenChange={onOpenChange} onSaved={onSaved} />;
}

/** The dialog's words for each question. */
function wordsOf(question: DevicesQuestion): { title: string; description: string; confirm: string } {
  switch (question.kind) {
    case "one":
      return { title: t.signOutDeviceTitle(question.label), description: t.signOutDeviceDescription, confirm: t.signOutDevice };
    case "this-device":
      return { title: t.signOutThisDeviceOthersTitle, description: t.signOutThisDeviceOthersDescription, confirm: t.signOutThisDeviceOthers };
    case "others":
      return { title: t.signOutOthersTitle, description: t.signOutOthersDescription, confirm: t.signOutEverywhereElse };
  }
}

function Confirm({ question, onOpenChange, onSaved }: Props & { question: DevicesQuestion }) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const words = wordsOf(question);
  const post = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const reply = question.kind === "others" ? await callStep(profileSteps, "devices-sign-out-others", {}) : await callStep(profileSteps, "devices-sign-out", { device: question.id });
      // The list is read again (signing out everywhere else renewed this browser's session too).
      await revalidator.revalidate();
      // Signing out everywhere else ended every health card the holder kept: this browser's go now (decisions/405).
      if (question.kind === "others") void tidyKeptCards();
      onSaved(reply.message);
    } catch (error) {
      setProblem(error instanceof StepSessionEndedError ? t.securitySessionEnded : failureMessage(error, errorsTexts.unexpected));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onOpenChange={onOpenChange} title={words.title} description={words.description}>
      <div className="flex flex-col gap-4">
        {problem ? <Alert>{problem}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={() => void post()}>
            {busy ? dt.pleaseWait : words.confirm}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.keepSignedIn}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
