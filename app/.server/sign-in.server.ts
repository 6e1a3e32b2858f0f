import { redirect } from "react-router";
import { getProxyUsers } from "./practice/patient.server";
import { practiceApi } from "./practice/api.server";
import { displayName } from "../lib/patient-summary";
import { startSession, type PendingAccount, type PendingSignIn, type PortalSession } from "./session.server";

/**
 * After the practice accepts the credentials: the proxy check of 1§4. One linked account is used
 * straight away; several go to the chooser; the session is written only once the account is known.
 */
export async function continueAfterAuthentication(session: PortalSession, signedIn: Omit<PendingSignIn, "accounts">): Promise<Response> {
  const api = practiceApi(signedIn.apiBase, signedIn.token);
  const proxies = await getProxyUsers(api, signedIn.patientId);
  const accounts: PendingAccount[] = proxies.resources.map((p) => ({
    id: p.id,
    name: displayName(p.name[0]),
    relationship: p.extension.relationship,
  }));
  // A practice that lists no linked account still lets the patient see their own record.
  if (accounts.length <= 1) {
    return finishSignIn(session, signedIn, accounts[0] ?? { id: signedIn.patientId, name: signedIn.name, relationship: "Self" });
  }
  const cookie = await startSession(session, { pending: { ...signedIn, accounts } });
  return redirect("/login?step=choose", { headers: { "Set-Cookie": cookie } });
}

/** Writes the signed-in session for the chosen account: proxy "No" for oneself, "Yes" otherwise (1§4). */
export async function finishSignIn(session: PortalSession, signedIn: Omit<PendingSignIn, "accounts">, account: PendingAccount): Promise<Response> {
  const cookie = await startSession(session, {
    user: {
      token: signedIn.token,
      apiBase: signedIn.apiBase,
      userId: account.id,
      parentId: signedIn.patientId,
      proxy: account.id === signedIn.patientId ? "No" : "Yes",
      username: signedIn.username,
      userName: account.name,
      parentName: signedIn.name,
    },
  });
  return redirect(signedIn.redirectTo, { headers: { "Set-Cookie": cookie } });
}
