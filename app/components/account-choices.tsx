import type { LinkedAccount } from "~/lib/sign-in-flow";

/**
 * The linked accounts as radio choices: the sign-in's chooser and Switch account (decisions/160) show
 * the same list. The one being viewed, when there is one, is chosen first and says so.
 */
export function AccountChoices({ accounts, legend, current, currentNote }: { accounts: LinkedAccount[]; legend: string; current?: string; currentNote?: string }) {
  const chosen = accounts.some((a) => a.id === current) ? current : accounts[0]?.id;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-semibold">{legend}</legend>
      {accounts.map((account) => (
        <label key={account.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded border-2 border-line p-3 has-[:checked]:border-brand">
          <input type="radio" name="account" value={account.id} defaultChecked={account.id === chosen} className="size-5" />
          <span>
            <span className="font-semibold">{account.name}</span> <span className="text-muted">({account.relationship})</span>
            {account.id === current && currentNote ? <span className="text-muted"> – {currentNote}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
