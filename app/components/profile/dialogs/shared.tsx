import { profileMessages } from "../../../lib/messages/profile";
import { Button } from "../../ui/button";

/** What the profile's dialogs share: their props, their buttons and how a lookup list becomes options. */

export interface DialogBase {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

export const PHONE_HINT = profileMessages.phoneHint;

export function Actions({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel(): void }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
    </div>
  );
}

export const options = (list: readonly { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));
