import { displayName } from "~/lib/patient-summary";
import { recordTexts } from "~/lib/texts/record";
import type { LinkedAccount } from "~/lib/sign-in-flow";
import type { PracticeApi } from "./practice/api.server";
import { getProxyUsers } from "./practice/patient.server";

/** The accounts a login may open, as the practice lists them now (1§7 ProxyUsers; the holder is among them). */
export async function linkedAccountsOf(api: PracticeApi, holderId: string): Promise<LinkedAccount[]> {
  const proxies = await getProxyUsers(api, holderId);
  // A name or relationship sent empty is said as not recorded, never an empty label or "()" (issue 68).
  return proxies.resources.map((p) => ({ id: p.id, name: displayName(p.name[0]) || recordTexts.notRecorded, relationship: p.extension.relationship.trim() || recordTexts.notRecorded }));
}
