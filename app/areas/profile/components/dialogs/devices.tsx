import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { DevicesReply } from "../../forms";
import { profileTexts as t } from "../../texts";

// The profile's own action (devices.server.ts); an index-less route, so no `?index`.
const ACTION = "/profile";

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
  const fetcher = useFetcher<DevicesReply>();
  const busy = fetcher.state !== "idle";
  const reply = busy ? undefined : fetcher.data;
  useEffect(() => {
    if (reply?.ok) onSaved(reply.message);
  }, [reply, onSaved]);
  const words = wordsOf(question);
  const post = () => {
    if (!busy) void fetcher.submit(question.kind === "others" ? { intent: "devices-sign-out-others" } : { intent: "devices-sign-out", device: question.id }, { method: "post", action: ACTION });
  };
  return (
    <Dialog open onOpenChange={onOpenChange} title={words.title} description={words.description}>
      <div className="flex flex-col gap-4">
        {reply && !reply.ok ? <Alert>{reply.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={post}>
            {busy ? "Please wait…" : words.confirm}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.keepSignedIn}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
