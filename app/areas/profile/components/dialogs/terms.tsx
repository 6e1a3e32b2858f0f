import { profileTexts } from "../../texts";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { PRACTICE_LANG } from "~/lib/language";
import type { DialogBase } from "./shared";
import { profileDialogTexts as dt } from "../../dialog-texts";

const t = profileTexts;

/** Terms and Conditions (1§2 User Profile). */

export function TermsDialog({ open, onOpenChange, title, text }: Omit<DialogBase, "onSaved"> & { title: string; text: string | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <div className="flex flex-col gap-3">
        {text ? text.split(/\n{2,}/).map((para, i) => (
              <p key={i} lang={PRACTICE_LANG}>
                {para}
              </p>
            )) : <Alert>{t.termsUnavailable}</Alert>}
        <Button variant="secondary" className="self-start" onClick={() => onOpenChange(false)}>
          {dt.close}
        </Button>
      </div>
    </Dialog>
  );
}
