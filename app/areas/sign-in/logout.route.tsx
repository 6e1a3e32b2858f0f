import { redirect } from "react-router";
import { getSession, sessionStorage } from "~/.server/session.server";
import { endPracticeToken } from "./session-end.server";
import type { Route } from "./+types/logout.route";

/** Log Out: ends the token at the practice, then destroys the portal session (1§2 Shell). */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  const user = session.get("user");
  // The practice may already consider the token dead; the portal session ends regardless.
  if (user) await endPracticeToken(user);
  return redirect("/login", { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}

export function loader() {
  return redirect("/");
}
