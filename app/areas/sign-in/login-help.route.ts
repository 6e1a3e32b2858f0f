import { data } from "react-router";
import { verifyCaptcha } from "../../.server/captcha.server";
import { sendHelpMessage } from "../../.server/practice/auth.server";
import { PracticeApiError } from "../../.server/practice/client.server";
import { parseForm } from "../../lib/form-data";
import { LoginHelpSchema, type LoginHelpResult } from "./login-help";
import { loginHelpMessages } from "./login-help-texts";
import type { Route } from "./+types/login-help.route";
import { requestForm } from "../../.server/request-form.server";

function reply(result: LoginHelpResult, status = 200) {
  return data(result, { status, headers: { "Cache-Control": "no-store" } });
}

/** The Login Help dialog's action: the form is checked again here, the captcha verified, then sent. */
export async function action({ request }: Route.ActionArgs) {
  const form = await requestForm(request);
  const parsed = parseForm(form, LoginHelpSchema);
  if (!parsed.ok) return reply({ ok: false, message: loginHelpMessages.invalid, fieldErrors: parsed.errors }, 400);
  if (!(await verifyCaptcha(form.get("captcha")))) {
    return reply({ ok: false, message: loginHelpMessages.captcha, fieldErrors: { captcha: loginHelpMessages.captcha } }, 400);
  }
  try {
    const answer = await sendHelpMessage(parsed.value);
    if (answer.StatusCode === "1") return reply({ ok: true, message: answer.ResponseMessage || loginHelpMessages.sent });
    return reply({ ok: false, message: answer.ResponseMessage || loginHelpMessages.failed }, 502);
  } catch (error) {
    if (!(error instanceof PracticeApiError)) throw error;
    return reply({ ok: false, message: loginHelpMessages.failed }, 503);
  }
}
