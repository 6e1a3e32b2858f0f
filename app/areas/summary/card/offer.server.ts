import { accountHolderKey } from "~/.server/opaque-names.server";
import { requireSession } from "~/.server/proxy-access.server";
import { PasskeysUnavailable, portalPasskeys } from "~/.server/sign-in-security/passkeys.server";

/** How many of the holder's passkeys may lock a health card (issue 71): 0 when passkeys are off or their store is away. */
export async function lockablePasskeysOf(request: Request): Promise<number> {
  const { user } = await requireSession(request);
  if (!portalPasskeys.relyingParty) return 0;
  try {
    return (await portalPasskeys.store.credentials(accountHolderKey(user.apiBase, user.parentId), { lockable: true })).length;
  } catch (error) {
    if (error instanceof PasskeysUnavailable) return 0;
    throw error;
  }
}
