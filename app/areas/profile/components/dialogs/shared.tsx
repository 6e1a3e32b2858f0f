import { profileTexts } from "../../texts";
import { Button } from "~/components/ui/button";
import { profileDialogTexts as dt } from "../../dialog-texts";

/** What the profile's dialogs share: their props, their buttons and how a lookup list becomes options. */

export interface DialogBase {
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved(message: string): void;
}

export const PHONE_HINT = profileTexts.phoneHint;

export function Actions({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel(): void }) {
  return (
    // Kept in view at the foot of a long dialog as it scrolls (issue 21): Save and Cancel are always reachable.
    <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap gap-3 border-t border-line bg-white px-6 py-3">
      <Button type="submit" busy={busy}>
        {busy ? busyLabel : label}
      </Button>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {dt.cancel}
      </Button>
    </div>
  );
}

export const options = (list: readonly { id: string; name: string }[]) => list.map((o) => ({ value: o.id, label: o.name }));
