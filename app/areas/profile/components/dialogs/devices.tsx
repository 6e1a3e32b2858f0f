import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Alert } from "../../../../components/ui/alert";
import { Button } from "../../../../components/ui/button";
import { Dialog } from "../../../../components/ui/dialog";
import type { DevicesReply } from "../../forms";
import { profileTexts as t } from "../../texts";

// The profile's own action (devices.server.ts); an index-less route, so no `?index`.
const ACTION = "/profile";

/** What is asked: one device signed out, or every other. */
export type DevicesQuestion = { kind: "one"; id: string; label: string } | { kind: "others" };

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
  return <Confirm key={question.kind === "one" ? question.id : "others"} question={question} onOpenChange={onOpenChange} onSaved={onSaved} />;
}

function Confirm({ question, onOpenChange, onSaved }: Props & { question: DevicesQuestion }) {
  const fetcher = useFetcher<DevicesReply>();
  const busy = fetcher.state !== "idle";
  const reply = busy ? undefined : fetcher.data;
  useEffect(() => {
    if (reply?.ok) onSaved(reply.message);
  }, [reply, onSaved]);
  const one = question.kind === "one";
  const post = () => {
    if (!busy) void fetcher.submit(one ? { intent: "devices-sign-out", device: question.id } : { intent: "devices-sign-out-others" }, { method: "post", action: ACTION });
  };
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      title={one ? t.signOutDeviceTitle(question.label) : t.signOutOthersTitle}
      description={one ? t.signOutDeviceDescription : t.signOutOthersDescription}
    >
      <div className="flex flex-col gap-4">
        {reply && !reply.ok ? <Alert>{reply.message}</Alert> : null}
        <div className="flex flex-wrap gap-3">
          <Button busy={busy} onClick={post}>
            {busy ? "Please wait…" : one ? t.signOutDevice : t.signOutEverywhereElse}
          </Button>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t.keepSignedIn}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
