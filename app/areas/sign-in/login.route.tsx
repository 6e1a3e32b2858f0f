import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { data, Link, redirect } from "react-router";
import type { LoginEvent } from "./login.machine";
import { redirectIfSignedIn, sessionStorage } from "~/.server/session.server";
import { safeRedirectTo } from "~/.server/safe-redirect.server";
import { endPracticeToken } from "./session-end.server";
import { Captcha } from "./components/captcha";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmailField, PasswordField } from "~/components/ui/field";
import { lazyModule } from "~/components/ui/lazy-module";
import { ToastRegionPlaceholder } from "~/components/ui/toast-region";
import { useNotice } from "~/components/ui/notice";
import { signInTexts } from "./texts";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { idleSignInView, type SignInView } from "./view";
import type { Route } from "./+types/login.route";

// Login Help (with its date and NHI rules) loads only when someone asks for help.
const LoginHelpDialog = lazy(() => import("./components/login-help-dialog").then((m) => ({ default: m.LoginHelpDialog })));

// The sign-in steps (the login machine, xstate, zod, the steps and their client, the dialogs and the notices)
// load when the patient starts on the form or asks for help, not with the page (issue 12, decisions/070).
const signInSteps = lazyModule(() => import("./components/sign-in-steps"));
type SignInStepsComponent = Awaited<ReturnType<typeof signInSteps.preload>>["SignInSteps"];

export const meta: Route.MetaFunction = () => [{ title: "Sign in – Patient Portal" }];

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
  const [view, setView] = useState<SignInView>(() => idleSignInView(loaderData.captchaRequired));
  const [Steps, setSteps] = useState<SignInStepsComponent | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpSent = useNotice();
  const sendToMachine = useRef<((event: LoginEvent) => void) | null>(null);
  // What the patient submitted before the machine was there; it gets it as soon as it runs.
  const queued = useRef<LoginEvent | null>(null);

  const loadSteps = useCallback(() => {
    signInSteps.preload().then(
      (module) => {
        setLoadFailed(false);
        setSteps(() => module.SignInSteps);
      },
      // Offline before the steps arrived (the notices come with them): the machine's words for a
      // network failure, in the form's message area; the next submit tries again.
      () => {
        queued.current = null;
        setLoadFailed(true);
      },
    );
  }, []);
  // A switch-token sign-in that still needs a new password or an account opens on that step.
  useEffect(() => {
    if (loaderData.resume) loadSteps();
  }, [loaderData.resume, loadSteps]);

  const send = (event: LoginEvent) => {
    if (sendToMachine.current) return sendToMachine.current(event);
    // Before the machine runs there is no message for an edit to clear.
    if (event.type !== "field.edit") queued.current = event;
    loadSteps();
  };
  const onReady = useCallback((machineSend: (event: LoginEvent) => void) => {
    sendToMachine.current = machineSend;
    const first = queued.current;
    queued.current = null;
    if (first) machineSend(first);
  }, []);
  const startSteps = () => {
    if (!Steps && !loadFailed) loadSteps();
  };

  const { signingIn } = view;
  const message = view.message ?? (loadFailed ? signInTexts.networkFailure : null) ?? loaderData.notice;
  return (
    <>
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
            onFocus={startSteps}
            onSubmit={(event) => {
              event.preventDefault();
              if (signingIn) return;
              const form = new FormData(event.currentTarget);
              const captcha = form.get("captcha");
              send({ type: "signIn.submit", username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), captcha: typeof captcha === "string" ? captcha : null });
            }}
          >
            <EmailField
              label="Email"
              name="username"
              autoComplete="username"
              error={view.fieldErrors.username}
              onChange={() => send({ type: "field.edit", field: "username" })}
            />
            <PasswordField label="Password" name="password" autoComplete="current-password" error={view.fieldErrors.password} onChange={() => send({ type: "field.edit", field: "password" })} />
            {view.captchaRequired ? <Captcha key={view.failures} /> : null}
            <Button type="submit" busy={signingIn}>
              {signingIn ? "Signing in…" : "Login"}
            </Button>
          </form>
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <Link to="/forgetPassword" className="text-brand underline underline-offset-4">
              Forgot Password?
            </Link>
            <button
              type="button"
              className="text-brand underline underline-offset-4"
              onClick={() => {
                setHelpOpen(true);
                // Its result is one of the notices, which come with the sign-in steps.
                startSteps();
              }}
            >
              Having trouble signing in?
            </button>
            <Link to="/signup" className="text-brand underline underline-offset-4">
              New patient? Sign up
            </Link>
          </div>
        </div>
        {helpOpen ? (
          <Suspense fallback={<p role="status">Opening Login Help…</p>}>
            <LoginHelpDialog open onOpenChange={setHelpOpen} onSent={(detail) => helpSent.tell({ tone: "success", title: signInTexts.helpSent, detail })} />
          </Suspense>
        ) : null}
      </main>
      {Steps ? (
        <Steps
          redirectTo={loaderData.redirectTo}
          captchaRequired={loaderData.captchaRequired}
          resume={loaderData.resume}
          helpSent={helpSent.notice}
          onHelpSentClose={helpSent.dismiss}
          onReady={onReady}
          onView={setView}
        />
      ) : (
        <ToastRegionPlaceholder />
      )}
    </>
  );
}
