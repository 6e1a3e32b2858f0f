import { profileTexts } from "../../texts";
import type { EmergencyContactView } from "../../view";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import type { DialogBase } from "./shared";
import { useProfileDialog } from "./use-profile-dialog";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Delete Emergency Contact (1§2 User Profile). */

export function DeleteEmergencyContactDialog({ contact, onOpenChange, onSaved, returnFocusTo }: Omit<DialogBase, "open"> & { contact: EmergencyContactView | null; returnFocusTo(): HTMLElement | null }) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange} title={dt.deleteContactTitle} description={t.deleteConfirm} returnFocusTo={returnFocusTo}>
      {contact ? <DeleteForm contact={contact} onSaved={onSaved} onCancel={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function DeleteForm({ contact, onSaved, onCancel }: { contact: EmergencyContactView; onSaved(message: string): void; onCancel(): void }) {
  const { busy, message, formProps } = useProfileDialog({ intent: "delete-contact", onSaved });
  return (
    <form className="flex flex-col gap-4" {...formProps}>
      {message ? <Alert>{message}</Alert> : null}
      <p>
        <span className="font-semibold">{contact.name}</span>
        {contact.relationship ? dt.relationshipAfterName(contact.relationship) : null}
      </p>
      <input type="hidden" name="contactId" value={contact.id} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {busy ? dt.deleting : dt.yesDelete}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {dt.noKeep}
        </Button>
      </div>
    </form>
  );
}
