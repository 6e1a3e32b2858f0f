import type { LinkedAccount } from "../../lib/sign-in-flow";
import { signInMessages } from "../../lib/messages/signIn";
import { signInDialogsMessages } from "../../lib/messages/signInDialogs";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";

/** The proxy chooser of 1§4 step 5: whose record to open. */
export function AccountChooser({ accounts, busy, onChoose, onCancel }: { accounts: LinkedAccount[]; busy: boolean; onChoose(id: string): void; onCancel(): void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      dismissOnBackdrop={false}
      title={signInMessages.chooseAccount}
      description={signInDialogsMessages.chooserDescription}
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          const chosen = new FormData(event.currentTarget).get("account");
          if (typeof chosen === "string") onChoose(chosen);
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">Accounts</legend>
          {accounts.map((account, i) => (
            <label key={account.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded border-2 border-line p-3 has-[:checked]:border-brand">
              <input type="radio" name="account" value={account.id} defaultChecked={i === 0} className="size-5" />
              <span>
                <span className="font-semibold">{account.name}</span> <span className="text-muted">({account.relationship})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Opening…" : "Continue"}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
