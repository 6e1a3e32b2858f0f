import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changePasswordStep } from "../.server/sign-in.server";
import { redirectIfSignedIn } from "../.server/session.server";
import { SignedOutPage } from "../components/signed-out-page";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { PasswordField } from "../components/ui/field";
import { newPasswordProblem, type NewPasswordProblem } from "../lib/new-password";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [{ title: "Set password – Patient Portal" }];

/**
 * The set-password page. In the original product its button did nothing; here it sets the password
 * for the sign-in that the practice flagged for a reset (the reset record: token and user id), with
 * ChangePassword and the same rules (docs/spec-deviations.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  return { canSet: session.get("pending")?.passwordReset === true };
}

export async function action({ request }: Route.ActionArgs) {
  const session = await redirectIfSignedIn(request);
  const form = await request.formData();
  const { outcome, cookie } = await changePasswordStep(session, {
    password: String(form.get("password") ?? ""),
    confirm: String(form.get("confirm") ?? ""),
  });
  const headers = cookie ? { "Set-Cookie": cookie } : undefined;
  if (outcome.kind === "signedIn") return redirect(outcome.redirectTo, { headers });
  if (outcome.kind === "chooseAccount") return redirect("/login?resume=1", { headers });
  const message = "message" in outcome ? outcome.message : "Something went wrong. Please try again.";
  return data({ message }, { status: 400, headers });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  if (!loaderData.canSet) {
    return (
      <SignedOutPage title="Set your password">
        <p className="mb-4">A new password is set after signing in with the temporary password the practice sent you.</p>
        <p>
          <Link to="/login" className="text-brand underline underline-offset-4">
            Sign in
          </Link>{" "}
          or, if you have no temporary password,{" "}
          <Link to="/forgetPassword" className="text-brand underline underline-offset-4">
            ask for one
          </Link>
          .
        </p>
      </SignedOutPage>
    );
  }
  return (
    <SignedOutPage title="Set your password">
      {actionData?.message && !problem ? (
        <div className="mb-4">
          <Alert>{actionData.message}</Alert>
        </div>
      ) : null}
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const found = newPasswordProblem({ password: String(form.get("password") ?? ""), confirm: String(form.get("confirm") ?? "") }, "resetPanel");
          setProblem(found);
          if (found) event.preventDefault();
        }}
      >
        <PasswordField label="Password" name="password" autoComplete="new-password" error={problem?.field === "password" ? problem.message : undefined} />
        <PasswordField label="Confirm password" name="confirm" autoComplete="new-password" error={problem?.field === "confirm" ? problem.message : undefined} />
        <Button type="submit" disabled={navigation.state !== "idle"}>
          Set Password
        </Button>
      </Form>
    </SignedOutPage>
  );
}
