import { redirect } from "react-router";
import { config } from "~/.server/config.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { isLanguage, LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE } from "~/lib/language";
import { serialize } from "cookie";
import type { Route } from "./+types/language.route";

/**
 * The patient's language (issue 69, decisions/403): kept a year by this browser, signed in or not,
 * so the next sign-in here is in it too. The page asked from comes back, from the chosen build.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const language = form.get("language");
  const returnTo = safeRedirectTo(form.get("returnTo"), "/");
  if (!isLanguage(language)) return redirect(returnTo, 303);
  const cookie = serialize(LANGUAGE_COOKIE, language, { path: "/", maxAge: LANGUAGE_COOKIE_MAX_AGE, sameSite: "lax", secure: config.cookieSecure });
  return redirect(returnTo, { status: 303, headers: { "Set-Cookie": cookie } });
}
