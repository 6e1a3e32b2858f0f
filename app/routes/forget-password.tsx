import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { verifyCaptcha } from "../.server/captcha.server";
import { requestPasswordReset } from "../.server/practice/auth.server";
import { PracticeApiError } from "../.server/practice/client.server";
import { redirectIfSignedIn } from "../.server/session.server";
import { Captcha } from "../components/captcha";
import { SignedOutPage } from "../components/signed-out-page";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/field";
import { ForgotPasswordSchema, forgotPasswordTexts } from "../lib/forgot-password";
import type { Route } from "./+types/forget-password";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password – Patient Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

type Result = { tone: "success" | "error"; message: string; fieldError?: string; email: string };

export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 300);
  const parsed = ForgotPasswordSchema.safeParse({ email });
  if (!parsed.success) return data<Result>({ tone: "error", message: forgotPasswordTexts.invalidEmail, fieldError: forgotPasswordTexts.invalidEmail, email }, { status: 400 });
  if (!(await verifyCaptcha(form.get("captcha")))) return data<Result>({ tone: "error", message: forgotPasswordTexts.captcha, email }, { status: 400 });
  try {
    const reply = await requestPasswordReset(parsed.data.email);
    // StatusCode "1" (sent) and "0" (not found) carry the practice's own words (1§7).
    if (reply.StatusCode === "1") return data<Result>({ tone: "success", message: reply.ResponseMessage || "Your password has been sent.", email });
    if (reply.StatusCode === "0") return data<Result>({ tone: "error", message: reply.ResponseMessage || forgotPasswordTexts.failed, email });
    return data<Result>({ tone: "error", message: forgotPasswordTexts.failed, email }, { status: 502 });
  } catch (error) {
    if (!(error instanceof PracticeApiError)) throw error;
    return data<Result>({ tone: "error", message: forgotPasswordTexts.failed, email }, { status: 503 });
  }
}

export default function ForgetPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const error = clientError ?? actionData?.fieldError;
  return (
    <SignedOutPage title="Forgot your password?">
      <p className="mb-4">Enter the e-mail address you sign in with. The practice will send you a temporary password.</p>
      {actionData && !clientError ? (
        <div className="mb-4">
          <Alert tone={actionData.tone === "success" ? "info" : "error"}>{actionData.message}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          // Ignored while a request is in flight (1§5).
          if (sending) return event.preventDefault();
          const parsed = ForgotPasswordSchema.safeParse({ email: String(new FormData(event.currentTarget).get("email") ?? "") });
          if (!parsed.success) {
            event.preventDefault();
            setClientError(forgotPasswordTexts.invalidEmail);
            return;
          }
          setClientError(null);
          // A solution is accepted once; the next request needs a new check.
          setTimeout(() => {
            setAttempt((n) => n + 1);
            setCaptcha(null);
          });
        }}
      >
        <TextField label="Email" name="email" type="email" autoComplete="email" defaultValue={actionData?.email} error={error} onChange={() => setClientError(null)} />
        <Captcha key={attempt} onChange={setCaptcha} />
        <Button type="submit" disabled={!captcha || sending}>
          {sending ? "Sending…" : "Send Password"}
        </Button>
      </Form>
    </SignedOutPage>
  );
}
