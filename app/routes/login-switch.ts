import { redirect } from "react-router";
import { switchStep } from "../.server/sign-in.server";
import { redirectIfSignedIn } from "../.server/session.server";
import type { Route } from "./+types/login-switch";

/**
 * /loginSwitch/{q} (and /login?q=): sign in by a switch token (1§2). Straight to the dashboard when
 * nothing else is needed; a forced password update or the chooser continue on the sign-in page.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  const { outcome, cookie } = await switchStep(session, params.q);
  const headers = cookie ? { "Set-Cookie": cookie } : undefined;
  switch (outcome.kind) {
    case "signedIn":
      return redirect(outcome.redirectTo, { headers });
    case "passwordUpdate":
    case "chooseAccount":
      return redirect("/login?resume=1", { headers });
    default:
      return redirect("/login?notice=switch-failed", { headers });
  }
}
