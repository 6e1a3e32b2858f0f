import type { LinkedAccount } from "~/lib/sign-in-flow";
import { signInTexts } from "../texts";
import { signInDialogsTexts } from "../dialog-texts";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { AccountChoices } from "~/components/account-choices";

/** The proxy chooser of 1§4 step 5: whose record to open. */
export function AccountChooser({ accounts, busy, onChoose, onCancel }: { accounts: LinkedAccount[]; busy: boolean; onChoose(id: string): void; onCancel(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      dismissOnBackdrop={false}
      title={signInTexts.chooseAccount}
      description={signInDialogsTexts.chooserDescription}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = new FormData(event.currentTarget).get("account");
          if (typeof chosen === "string") onChoose(chosen);
        }}
      >
        <AccountChoices accounts={accounts} legend={signInDialogsTexts.accounts} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {busy ? signInDialogsTexts.opening : signInDialogsTexts.continue}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {signInDialogsTexts.cancel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
