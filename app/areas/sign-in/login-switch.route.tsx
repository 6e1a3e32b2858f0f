import { Form, data, redirect } from "react-router";
import { switchStep } from "./login-flow.server";
import { redirectIfSignedIn, type PortalSession } from "~/.server/session.server";
import { Button } from "~/components/ui/button";
import { SignedOutPage } from "./components/signed-out-page";
import { signInTexts } from "./texts";
import type { Route } from "./+types/login-switch.route";

/** /loginSwitch/{q} (and /login?q=): sign in by a switch token (1§2); a link followed from another site asks first (decisions/009). */

export const meta: Route.MetaFunction = () => [{ title: signInTexts.switchPageTitle }];

const fromAnotherSite = (request: Request) => ["cross-site", "same-site"].includes(request.headers.get("sec-fetch-site") ?? "");

async function signInBy(request: Request, session: PortalSession, q: string) {
  const { outcome, cookie, deviceCookie } = await switchStep(request, session, q);
  const headers = new Headers();
  if (cookie) headers.append("Set-Cookie", cookie);
  if (deviceCookie) headers.append("Set-Cookie", deviceCookie);
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  if (fromAnotherSite(request)) return data({ confirm: true }, { headers: { "Cache-Control": "no-store" } });
  return signInBy(request, session, params.q);
}

export async function action({ request, params }: Route.ActionArgs) {
  return signInBy(request, await redirectIfSignedIn(request), params.q);
}

export default function ConfirmSignInLink() {
  const t = signInTexts;
  return (
    <SignedOutPage title={t.switchConfirmTitle}>
      <p className="mb-6">{t.switchConfirmText}</p>
      <Form method="post">
        <Button type="submit">{t.switchConfirmButton}</Button>
      </Form>
    </SignedOutPage>
  );
}
