import { useMachine } from "@xstate/react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { fromPromise } from "xstate";
import { loginMachine } from "../../machines/login.machine";
import { logout } from "../.server/practice/auth.server";
import { redirectIfSignedIn, safeRedirectTo, sessionStorage } from "../.server/session.server";
import { Captcha } from "../components/captcha";
import { AccountChooser } from "../components/sign-in/account-chooser";
import { PasswordUpdateDialog } from "../components/sign-in/password-update-dialog";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PasswordField, TextField } from "../components/ui/field";
import { Notice, ToastProvider } from "../components/ui/toast";
import { messages } from "../lib/messages";
import { CAPTCHA_AFTER, FlowOutcomeSchema } from "../lib/sign-in-flow";
import { createStepClient, type StepFields } from "../lib/step-client";
import type { Route } from "./+types/login";

// Login Help (with its date and NHI rules) loads only when someone asks for help.
const LoginHelpDialog = lazy(() => import("../components/sign-in/login-help-dialog").then((m) => ({ default: m.LoginHelpDialog })));

export const meta: Route.MetaFunction = () => [{ title: "Sign in – Patient Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q");
  if (q) throw redirect(`/loginSwitch/${encodeURIComponent(q)}`);
  const pending = session.get("pending");
  if (pending && url.searchParams.get("resume") === "1") {
    const resume = pending.passwordReset ? ({ step: "passwordUpdate" } as const) : ({ step: "chooseAccount", accounts: pending.accounts } as const);
    return data({ redirectTo: pending.redirectTo, captchaRequired: false, notice: null, resume });
  }
  // Opening the login page clears every trace of an earlier, unfinished sign-in (1§2 Login page).
  if (pending) await logout(pending.apiBase, pending.token).catch(() => undefined);
  const captchaRequired = (session.get("failures") ?? 0) >= CAPTCHA_AFTER;
  const notice = url.searchParams.get("notice") === "switch-failed" ? messages.signIn.switchFailed : null;
  const headers = pending ? { "Set-Cookie": await sessionStorage.destroySession(session) } : undefined;
  return data({ redirectTo: safeRedirectTo(url.searchParams.get("redirectTo")), captchaRequired: captchaRequired && !pending, notice, resume: null }, { headers });
}

// Each step of the sign-in posts to the page's action route; its 400 "invalid" is an answer to show.
const signInSteps = createStepClient("/login/flow", { answerStatuses: [200, 400] });
const postStep = (fields: StepFields) => signInSteps.post(fields, FlowOutcomeSchema);

export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const machine = useMemo(
    () =>
      loginMachine.provide({
        actors: {
          signIn: fromPromise(({ input }) => postStep({ intent: "sign-in", username: input.username, password: input.password, captcha: input.captcha ?? "", redirectTo: loaderData.redirectTo })),
          changePassword: fromPromise(({ input }) => postStep({ intent: "change-password", password: input.password, confirm: input.confirm, agreed: String(input.agreed) })),
          chooseAccount: fromPromise(({ input }) => postStep({ intent: "choose-account", account: input.accountId })),
          cancelSignIn: fromPromise(() => postStep({ intent: "cancel" })),
        },
      }),
    [loaderData.redirectTo],
  );
  const [state, send] = useMachine(machine, { input: { captchaRequired: loaderData.captchaRequired, resume: loaderData.resume } });
  const [helpOpen, setHelpOpen] = useState(false);
  const [helpSent, setHelpSent] = useState<string | null>(null);
  const { context } = state;
  const signingIn = state.matches("signingIn");

  useEffect(() => {
    if (state.matches("signedIn")) navigate(context.redirectTo ?? "/", { replace: true });
  }, [state, context.redirectTo, navigate]);

  const message = context.message ?? loaderData.notice;
  return (
    <ToastProvider>
      <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 px-4 py-10">
        <div className="border-l-8 border-brand bg-white p-4" role="note" aria-label="Health advice">
          <p className="font-bold">COVID-19 health advice</p>
          <p>If you have symptoms, stay home and call the practice or Healthline on 0800 358 5453 before you visit.</p>
        </div>
        <div className="rounded bg-white p-6 shadow-sm">
          <h1 className="mb-6 text-3xl font-bold">Sign in to your patient portal</h1>
          <noscript>
            <Alert>The patient portal needs JavaScript. Please turn it on in your browser and reload this page.</Alert>
          </noscript>
          {message ? (
            <div className="mb-4">
              <Alert>{message}</Alert>
            </div>
          ) : null}
          <form
            method="post"
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              if (signingIn) return;
              const form = new FormData(event.currentTarget);
              const captcha = form.get("captcha");
              send({ type: "signIn.submit", username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), captcha: typeof captcha === "string" ? captcha : null });
            }}
          >
            <TextField
              label="Email"
              name="username"
              type="email"
              autoComplete="username"
              inputMode="email"
              error={context.fieldErrors.username}
              onChange={() => send({ type: "field.edit", field: "username" })}
            />
            <PasswordField label="Password" name="password" autoComplete="current-password" error={context.fieldErrors.password} onChange={() => send({ type: "field.edit", field: "password" })} />
            {context.captchaRequired ? <Captcha key={context.failures} /> : null}
            <Button type="submit" disabled={signingIn}>
              {signingIn ? "Signing in…" : "Login"}
            </Button>
          </form>
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <Link to="/forgetPassword" className="text-brand underline underline-offset-4">
              Forgot Password?
            </Link>
            <button type="button" className="text-brand underline underline-offset-4" onClick={() => setHelpOpen(true)}>
              Having trouble signing in?
            </button>
            <Link to="/signup" className="text-brand underline underline-offset-4">
              New patient? Sign up
            </Link>
          </div>
        </div>
        {state.matches("updatingPassword") ? (
          <PasswordUpdateDialog
            busy={state.matches({ updatingPassword: "saving" })}
            problem={context.passwordProblem}
            message={context.passwordMessage}
            onSubmit={(values) => send({ type: "password.submit", ...values })}
            onCancel={() => send({ type: "password.cancel" })}
          />
        ) : null}
        {state.matches("choosingAccount") ? (
          <AccountChooser
            accounts={context.accounts}
            busy={state.matches({ choosingAccount: "saving" })}
            onChoose={(accountId) => send({ type: "account.choose", accountId })}
            onCancel={() => send({ type: "account.cancel" })}
          />
        ) : null}
        {helpOpen ? (
          <Suspense fallback={<p role="status">Opening Login Help…</p>}>
            <LoginHelpDialog open onOpenChange={setHelpOpen} onSent={setHelpSent} />
          </Suspense>
        ) : null}
      </main>
      <Notice open={context.toast !== null} onOpenChange={(open) => (open ? undefined : send({ type: "toast.dismiss" }))} tone="error" title={context.toast ?? ""} />
      <Notice open={helpSent !== null} onOpenChange={(open) => (open ? undefined : setHelpSent(null))} tone="success" title="Help request sent">
        {helpSent}
      </Notice>
    </ToastProvider>
  );
}
