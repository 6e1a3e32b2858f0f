import { useState } from "react";
import { data, Form, redirect, useNavigation, useSubmit } from "react-router";
import { authenticate, logout, lookupIdentity } from "../.server/practice/auth.server";
import { PracticeApiError } from "../.server/practice/client.server";
import { continueAfterAuthentication, finishSignIn } from "../.server/sign-in.server";
import { redirectIfSignedIn, safeRedirectTo, sessionStorage } from "../.server/session.server";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { Dialog } from "../components/ui/dialog";
import { PasswordField, TextField } from "../components/ui/field";
import { messages } from "../lib/messages";
import { validateSignIn, type FieldErrors, type SignInInput } from "../lib/sign-in";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Sign in – Patient Portal" }];

export async function loader({ request }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  const url = new URL(request.url);
  const redirectTo = safeRedirectTo(url.searchParams.get("redirectTo"));
  const pending = session.get("pending");
  if (url.searchParams.get("step") === "choose" && pending) {
    return { redirectTo: pending.redirectTo, accounts: pending.accounts };
  }
  // Opening the login page clears every trace of an earlier, unfinished sign-in (1§2 Login page).
  if (pending) await logout(pending.apiBase, pending.token).catch(() => undefined);
  const headers = pending || session.id ? { "Set-Cookie": await sessionStorage.destroySession(session) } : undefined;
  return data({ redirectTo, accounts: null }, { headers });
}

type ActionResult = { fieldErrors?: FieldErrors<SignInInput>; formError?: string; values?: { username: string } };

export async function action({ request }: Route.ActionArgs) {
  const session = await redirectIfSignedIn(request);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "choose" || intent === "cancel") {
    const pending = session.get("pending");
    if (!pending) return redirect("/login");
    if (intent === "cancel") {
      await logout(pending.apiBase, pending.token).catch(() => undefined);
      return redirect("/login", { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
    }
    const account = pending.accounts.find((a) => a.id === form.get("account"));
    if (!account) return data<ActionResult>({ formError: messages.signIn.chooseAccountInvalid }, { status: 400 });
    return finishSignIn(session, pending, account);
  }

  const input = { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") };
  const values = { username: input.username.slice(0, 300) };
  const checked = validateSignIn(input);
  if (!checked.ok) return data<ActionResult>({ fieldErrors: checked.errors, formError: messages.signIn.summary, values }, { status: 400 });
  const { username, password } = checked.data;
  const redirectTo = safeRedirectTo(form.get("redirectTo"));

  try {
    const identity = await lookupIdentity(username, password);
    if (identity.kind === "rejected") return data<ActionResult>({ formError: identity.message || messages.signIn.rejectedFallback, values }, { status: 401 });
    const outcome = await authenticate(identity.apiBase, { userName: username, password });
    if (outcome.kind === "rejected") return data<ActionResult>({ formError: outcome.message || messages.signIn.rejectedFallback, values }, { status: 401 });
    if (outcome.kind === "noResource") return data<ActionResult>({ formError: messages.signIn.incorrect, values }, { status: 401 });
    return await continueAfterAuthentication(session, {
      token: outcome.token,
      apiBase: identity.apiBase,
      patientId: outcome.patientId,
      name: outcome.name,
      username,
      redirectTo,
    });
  } catch (error) {
    if (!(error instanceof PracticeApiError)) throw error;
    const text = error.kind === "contract" ? messages.errors.practiceBroken : messages.signIn.networkFailure;
    return data<ActionResult>({ formError: text, values }, { status: 503 });
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const [clientErrors, setClientErrors] = useState<FieldErrors<SignInInput> | null>(null);
  const errors = clientErrors ?? result?.fieldErrors ?? {};
  const formError = clientErrors ? messages.signIn.summary : result?.formError;

  function clearError(field: keyof SignInInput) {
    setClientErrors((current) => ({ ...(current ?? result?.fieldErrors ?? {}), [field]: undefined }));
  }

  return (
    <main id="main" className="mx-auto flex min-h-screen max-w-xl flex-col gap-6 px-4 py-10">
      <div className="border-l-8 border-brand bg-white p-4" role="note" aria-label="Health advice">
        <p className="font-bold">COVID-19 health advice</p>
        <p>If you have symptoms, stay home and call the practice or Healthline on 0800 358 5453 before you visit.</p>
      </div>
      <div className="rounded bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-3xl font-bold">Sign in to your patient portal</h1>
        {formError ? (
          <div className="mb-4">
            <Alert>{formError}</Alert>
          </div>
        ) : null}
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const checked = validateSignIn({ username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") });
            if (!checked.ok) {
              event.preventDefault();
              setClientErrors(checked.errors);
            } else {
              setClientErrors(null);
            }
          }}
        >
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <input type="hidden" name="intent" value="sign-in" />
          <TextField
            label="Email"
            name="username"
            type="email"
            autoComplete="username"
            inputMode="email"
            defaultValue={result?.values?.username}
            error={errors.username}
            onChange={() => clearError("username")}
          />
          <PasswordField label="Password" name="password" autoComplete="current-password" error={errors.password} onChange={() => clearError("password")} />
          <Button type="submit" disabled={submitting} aria-disabled={submitting}>
            {submitting ? "Signing in…" : "Login"}
          </Button>
        </Form>
      </div>
      {loaderData.accounts ? <AccountChooser accounts={loaderData.accounts} error={result?.formError} /> : null}
    </main>
  );
}

function AccountChooser({ accounts, error }: { accounts: { id: string; name: string; relationship: string }[]; error?: string }) {
  const submit = useSubmit();
  const cancel = () => submit({ intent: "cancel" }, { method: "post" });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : cancel())}
      dismissOnBackdrop={false}
      title={messages.signIn.chooseAccount}
      description="You can see the records of these people. Choose whose record to open; you can switch later by signing in again."
    >
      <Form method="post" className="flex flex-col gap-4">
        {error ? <Alert>{error}</Alert> : null}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-semibold">Accounts</legend>
          {accounts.map((account, i) => (
            <label key={account.id} className="flex min-h-11 cursor-pointer items-center gap-3 rounded border-2 border-line p-3 has-[:checked]:border-brand">
              <input type="radio" name="account" value={account.id} defaultChecked={i === 0} className="size-5" />
              <span>
                <span className="font-semibold">{account.name}</span> <span className="text-muted">({account.relationship})</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="choose">
            Continue
          </Button>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
