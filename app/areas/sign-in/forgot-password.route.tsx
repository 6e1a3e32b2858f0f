import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { verifyCaptcha } from "./captcha.server";
import { askForTemporaryPassword } from "./forgot-password.server";
import { clientAddress } from "~/.server/client-address.server";
import { redirectIfSignedIn } from "~/.server/session.server";
import { Captcha } from "./components/captcha";
import { SignedOutPage } from "./components/signed-out-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmailField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { ForgotPasswordSchema } from "./forgot-password";
import { parseForm } from "~/lib/form-data";
import { captchaTexts } from "./captcha-texts";
import { forgotPasswordTexts } from "./forgot-password-texts";
import type { Route } from "./+types/forgot-password.route";
import { requestForm } from "~/.server/request-form.server";

export const meta: Route.MetaFunction = () => [{ title: forgotPasswordTexts.pageTitle }];

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

type Result = { tone: "success" | "error"; message: string; email: string; result?: SubmissionResult<string[]> };
const t = forgotPasswordTexts;

export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const form = await requestForm(request);
  const email = String(form.get("email") ?? "").slice(0, 300);
  const parsed = parseForm(form, ForgotPasswordSchema);
  if (!parsed.ok) return data<Result>({ tone: "error", message: t.invalidEmail, email, result: parsed.result }, { status: 400 });
  if (!(await verifyCaptcha(form.get("captcha")))) return data<Result>({ tone: "error", message: t.captcha, email }, { status: 400 });
  const outcome = await askForTemporaryPassword(parsed.value.email, clientAddress(request));
  // Sent ("1"), not found ("0") and held back by the throttle get the same answer, so the page tells
  // nobody who is a patient of the practice, nor who was held back (docs/spec-deviations.md, decisions/220).
  if (outcome === "neutral") return data<Result>({ tone: "success", message: t.neutral, email });
  return data<Result>({ tone: "error", message: t.failed, email }, { status: outcome === "practiceBroken" ? 502 : 503 });
}

export default function ForgetPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useSchemaForm({ schema: ForgotPasswordSchema, lastResult: actionData?.result });
  // A refusal in the browser replaces the last answer until the field is edited.
  const refusedHere = form.refused && form.errors.email !== undefined;
  return (
    <SignedOutPage title={forgotPasswordTexts.title}>
      <p className="mb-4">{forgotPasswordTexts.intro}</p>
      {actionData && !refusedHere ? (
        <div className="mb-4">
          <Alert tone={actionData.tone === "success" ? "info" : "error"}>{actionData.message}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        className="flex flex-col gap-5"
        {...form.formProps}
        onSubmit={(event) => {
          // Ignored while a request is in flight (1§5).
          if (sending) return event.preventDefault();
          form.formProps.onSubmit(event);
          if (event.defaultPrevented) return;
          // A solution is accepted once; the next request needs a new check.
          setTimeout(() => {
            setAttempt((n) => n + 1);
            setCaptcha(null);
          });
        }}
      >
        <EmailField label={forgotPasswordTexts.email} autoComplete="email" defaultValue={actionData?.email} {...form.field("email")} />
        <Captcha key={attempt} onChange={setCaptcha} />
        <Button type="submit" busy={sending} disabled={!captcha} aria-describedby={!captcha ? "send-password-gate" : undefined}>
          {sending ? forgotPasswordTexts.sending : forgotPasswordTexts.sendPassword}
        </Button>
        {/* A disabled button says why (issue 21). */}
        {!captcha ? (
          <p id="send-password-gate" className="text-muted">
            {captchaTexts.gate(forgotPasswordTexts.sendPassword)}
          </p>
        ) : null}
      </Form>
    </SignedOutPage>
  );
}
