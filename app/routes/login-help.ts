import { verifyCaptcha } from "../.server/captcha.server";
import { sendHelpMessage } from "../.server/practice/auth.server";
import { PracticeApiError } from "../.server/practice/client.server";
import { fieldErrors } from "../lib/sign-in";
import { LoginHelpSchema, type LoginHelpInput } from "../lib/login-help";
import { messages } from "../lib/messages";
import type { Route } from "./+types/login-help";

export type LoginHelpResult =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: Partial<Record<keyof LoginHelpInput | "captcha", string>> };

function reply(result: LoginHelpResult, status = 200) {
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}

/** The Login Help dialog's action: the form is checked again here, the captcha verified, then sent. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => String(form.get(name) ?? "");
  const parsed = LoginHelpSchema.safeParse({
    email: text("email"),
    nhi: text("nhi"),
    firstName: text("firstName"),
    familyName: text("familyName"),
    dob: text("dob"),
    subject: text("subject"),
    message: text("message"),
  });
  if (!parsed.success) return reply({ ok: false, message: messages.loginHelp.invalid, fieldErrors: fieldErrors<LoginHelpInput>(parsed.error) }, 400);
  if (!(await verifyCaptcha(form.get("captcha")))) {
    return reply({ ok: false, message: messages.loginHelp.captcha, fieldErrors: { captcha: messages.loginHelp.captcha } }, 400);
  }
  try {
    const answer = await sendHelpMessage(parsed.data);
    if (answer.StatusCode === "1") return reply({ ok: true, message: answer.ResponseMessage || messages.loginHelp.sent });
    return reply({ ok: false, message: answer.ResponseMessage || messages.loginHelp.failed }, 502);
  } catch (error) {
    if (!(error instanceof PracticeApiError)) throw error;
    return reply({ ok: false, message: messages.loginHelp.failed }, 503);
  }
}
