import { lazy, Suspense, useEffect, useState } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { LanguageChoice, TeReoUnderReview } from "~/components/language-choice";
import type { LoginEvent } from "./login.machine";
import { redirectIfSignedIn, sessionStorage } from "~/.server/session.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { endPracticeToken } from "./session-end.server";
import { Captcha } from "./components/captcha";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmailField, PasswordField } from "~/components/ui/field";
import { ToastRegionPlaceholder } from "~/components/ui/toast-region";
import { useNotice } from "~/components/ui/notice";
import { signInTexts } from "./texts";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { idleSignInView, signInViewOf } from "./view";
import { lazyModule } from "~/lib/lazy-module";
import { useMachineWhenReached } from "~/lib/use-machine-when-reached";
import type { Route } from "./+types/login.route";

// Login Help (with its date and NHI rules) loads only when someone asks for help.
const LoginHelpDialog = lazy(() => import("./components/login-help-dialog").then((m) => ({ default: m.LoginHelpDialog })));

// The sign-in steps (the login machine, xstate, zod, the steps and their client, the dialogs and the notices)
// load when the patient starts on the form or asks for help, not with the page (issue 12, decisions/070).
const signInCode = lazyModule(() => import("./components/sign-in-steps"));

export const meta: Route.MetaFunction = () => [{ title: signInTexts.pageTitle }];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const q = url.searchParams.get("q");
  if (q) throw redirect(`/loginSwitch/${encodeURIComponent(q)}`);
  const pending = session.get("pending");
  // A sign-in waiting for its second step is not resumed: it starts again, with a new code (decisions/277).
  if (pending && !pending.secondStep && !pending.secondStepPassed && url.searchParams.get("resume") === "1") {
    const resume = pending.passwordReset ? ({ step: "passwordUpdate" } as const) : ({ step: "chooseAccount", accounts: pending.accounts } as const);
    return data({ redirectTo: pending.redirectTo, captchaRequired: false, notice: null, resume });
  }
  // Opening the login page clears every trace of an earlier, unfinished sign-in (1§2 Login page).
  if (pending) await endPracticeToken(pending);
  const captchaRequired = (session.get("failures") ?? 0) >= CAPTCHA_AFTER;
  const notice = url.searchParams.get("notice") === "switch-failed" ? signInTexts.switchFailed : null;
  const headers = pending ? { "Set-Cookie": await sessionStorage.destroySession(session) } : undefined;
  return data({ redirectTo: safeRedirectTo(url.searchParams.get("redirectTo")), captchaRequired: captchaRequired && !pending, notice, resume: null }, { headers });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const helpSent = useNotice();
  // The machine arrives when the patient starts on the form or asks for help (issue 12, decisions/358);
  // until then the form shows its starting state (which checks the fields only once it runs), and a submit waits for it.
  const steps = useMachineWhenReached({
    code: signInCode,
    start: ({ startSignIn }, early: readonly LoginEvent[]) => startSignIn({ redirectTo: loaderData.redirectTo, captchaRequired: loaderData.captchaRequired, resume: loaderData.resume }, early),
    initial: idleSignInView(loaderData.captchaRequired),
    answer: (view) => view,
    // Offline before the steps arrived: the form says so (below), nothing waits, and the next submit tries again.
    notFetched: (view) => ({ view, early: [] }),
  });
  const { snapshot, module, send, reach } = steps;
  const view = snapshot ? signInViewOf(snapshot) : steps.early;
  // A switch-token sign-in that still needs a new password or an account opens on that step.
  useEffect(() => {
    if (loaderData.resume) reach();
  }, [loaderData.resume, reach]);
  const signedIn = snapshot?.matches("signedIn") ? (snapshot.context.redirectTo ?? "/") : null;
  useEffect(() => {
    if (signedIn) void navigate(signedIn, { replace: true });
  }, [signedIn, navigate]);

  const { signingIn } = view;
  const message = view.message ?? (steps.unavailable ? signInTexts.networkFailure : null) ?? loaderData.notice;
  return (
    <>
      <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 px-4 py-10">
        <LanguageChoice className="self-end" />
        <div className="border-l-8 border-brand bg-white p-4" role="note" aria-label={signInTexts.healthAdvice}>
          <p className="font-bold">{signInTexts.covidTitle}</p>
          <p>{signInTexts.covidAdvice}</p>
        </div>
        <div className="rounded bg-white p-6 shadow-sm">
          <h1 className="mb-6 text-3xl font-bold">{signInTexts.heading}</h1>
          <noscript>
            <Alert>{signInTexts.needsJavaScript}</Alert>
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
            onFocus={reach}
            onSubmit={(event) => {
              event.preventDefault();
              if (signingIn) return;
              const form = new FormData(event.currentTarget);
              const captcha = form.get("captcha");
              send({ type: "signIn.submit", username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), captcha: typeof captcha === "string" ? captcha : null });
            }}
          >
            <EmailField
              label={signInTexts.email}
              name="username"
              autoComplete="username"
              error={view.errors.username}
              onChange={() => send({ type: "field.edit", field: "username" })}
            />
            <PasswordField label={signInTexts.password} name="password" autoComplete="current-password" error={view.errors.password} onChange={() => send({ type: "field.edit", field: "password" })} />
            {view.captchaRequired ? <Captcha key={view.failures} /> : null}
            <Button type="submit" busy={signingIn}>
              {signingIn ? signInTexts.signingIn : signInTexts.login}
            </Button>
          </form>
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <Link to="/forgetPassword" className="text-brand underline underline-offset-4">
              {signInTexts.forgotPassword}
            </Link>
            <button
              type="button"
              className="text-brand underline underline-offset-4"
              onClick={() => {
                setHelpOpen(true);
                // Its result is one of the notices, which come with the sign-in steps.
                reach();
              }}
            >
              {signInTexts.trouble}
            </button>
            <Link to="/signup" className="text-brand underline underline-offset-4">
              {signInTexts.signUp}
            </Link>
          </div>
        </div>
        {helpOpen ? (
          <Suspense fallback={<p role="status">{signInTexts.openingHelp}</p>}>
            <LoginHelpDialog open onOpenChange={setHelpOpen} onSent={(detail) => helpSent.tell({ tone: "success", title: signInTexts.helpSent, detail })} />
          </Suspense>
        ) : null}
        <TeReoUnderReview className="text-sm text-muted" />
      </main>
      {snapshot && module ? (
        <module.SignInDialogs state={snapshot} send={send} helpSent={helpSent.notice} onHelpSentClose={helpSent.dismiss} />
      ) : (
        <ToastRegionPlaceholder />
      )}
    </>
  );
}
