import { cancelStep, changePasswordStep, chooseAccountStep, continueStep, resendCodeStep, secondStepCode, signInStep, type FlowResult } from "../../.server/sign-in.server";
import { getSession, safeRedirectTo } from "../../.server/session.server";
import type { Route } from "./+types/login-flow.route";
import { requestForm } from "../../.server/request-form.server";

/**
 * The sign-in page's action: one step of the login machine per POST, answered as JSON for the
 * machine's actors. Only same-origin posts reach it (the portal server refuses cross-site ones).
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await getSession(request);
  if (session.get("user")) return reply({ outcome: { kind: "signedIn", redirectTo: "/" } });
  const form = await requestForm(request);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  switch (text("intent")) {
    case "sign-in":
      return reply(await signInStep(request, session, { username: text("username"), password: text("password"), captcha: text("captcha") || null, redirectTo: safeRedirectTo(text("redirectTo")) }));
    case "change-password":
      return reply(await changePasswordStep(session, { password: text("password"), confirm: text("confirm"), agreed: text("agreed") === "true" }));
    case "choose-account":
      return reply(await chooseAccountStep(session, text("account")));
    // The second step (decisions/277): the code typed (e-mailed, or a recovery code), a new code, on after the recovery codes.
    case "second-step":
      return reply(await secondStepCode(request, session, { code: text("code"), recovery: text("recovery") === "true" }));
    case "second-step-resend":
      return reply(await resendCodeStep(request, session));
    case "second-step-continue":
      return reply(await continueStep(session));
    case "cancel":
      return reply(await cancelStep(session));
    default:
      return Response.json({ error: "Unknown step" }, { status: 400 });
  }
}

function reply({ outcome, cookie, deviceCookie }: FlowResult) {
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (cookie) headers.append("Set-Cookie", cookie);
  if (deviceCookie) headers.append("Set-Cookie", deviceCookie);
  return Response.json(outcome, { status: outcome.kind === "invalid" ? 400 : 200, headers });
}

export function loader() {
  return new Response(null, { status: 405 });
}
