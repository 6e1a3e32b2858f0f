import { displayName } from "~/lib/patient-summary";
import type { LinkedAccount } from "~/lib/sign-in-flow";
import type { PracticeApi } from "./practice/api.server";
import { getProxyUsers } from "./practice/patient.server";

/** The accounts a login may open, as the practice lists them now (1§7 ProxyUsers; the holder is among them). */
export async function linkedAccountsOf(api: PracticeApi, holderId: string): Promise<LinkedAccount[]> {
  const proxies = await getProxyUsers(api, holderId);
  return proxies.resources.map((p) => ({ id: p.id, name: displayName(p.name[0]), relationship: p.extension.relationship }));
}
