import { data, Form, Link, redirect, useNavigation } from "react-router";
import { changePasswordStep } from "./login-flow.server";
import { redirectIfSignedIn } from "~/.server/session.server";
import { SignedOutPage } from "./components/signed-out-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { CheckboxField, PasswordField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { parseForm } from "~/lib/form-data";
import { newPasswordTexts } from "~/lib/texts/new-password";
import { signInDialogsTexts } from "./dialog-texts";
import { newPasswordSchema } from "~/lib/new-password";
import type { Route } from "./+types/reset-password.route";
import { requestForm } from "~/.server/request-form.server";

export const meta: Route.MetaFunction = () => [{ title: signInDialogsTexts.resetPageTitle }];

/**
 * The set-password page. In the original product its button did nothing; here it sets the password
 * for the sign-in that the practice flagged for a reset (the reset record: token and user id), with
 * ChangePassword and the same rules (docs/spec-deviations.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await redirectIfSignedIn(request);
  const pending = session.get("pending");
  // Not before the second step is passed (decisions/277): the password is not enough to change it.
  return { canSet: pending?.passwordReset === true && !pending.secondStep };
}

// The rules of the sign-in's reset panel (1§5), its agreement box (rule 8) included: the same schema
// checks in the browser and, as the authority, here.
const ResetPasswordSchema = newPasswordSchema("resetPanel", { agreement: true });

export async function action({ request }: Route.ActionArgs) {
  const session = await redirectIfSignedIn(request);
  const form = await requestForm(request);
  // The schema is the authority; a password is never echoed back into the page.
  const parsed = parseForm(form, ResetPasswordSchema, { hideFields: ["password", "confirm"] });
  if (!parsed.ok) return data({ message: null, result: parsed.result }, { status: 400 });
  const { outcome, cookie } = await changePasswordStep(session, { password: parsed.value.password, confirm: parsed.value.confirm, agreed: parsed.value.agreed });
  const headers = cookie ? { "Set-Cookie": cookie } : undefined;
  if (outcome.kind === "signedIn") return redirect(outcome.redirectTo, { headers });
  if (outcome.kind === "chooseAccount") return redirect("/login?resume=1", { headers });
  const message = "message" in outcome ? outcome.message : newPasswordTexts.failed;
  return data({ message, result: undefined }, { status: 400, headers });
}

const t = signInDialogsTexts;

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = useSchemaForm({ schema: ResetPasswordSchema, lastResult: actionData?.result });
  if (!loaderData.canSet) {
    return (
      <SignedOutPage title={t.resetTitle}>
        <p className="mb-4">{t.resetHow}</p>
        <p>
          <Link to="/login" className="text-brand underline underline-offset-4">
            {t.resetSignIn}
          </Link>{" "}
          {t.resetOr}{" "}
          <Link to="/forgetPassword" className="text-brand underline underline-offset-4">
            {t.resetAskForOne}
          </Link>
          .
        </p>
      </SignedOutPage>
    );
  }
  return (
    <SignedOutPage title={t.resetTitle}>
      {actionData?.message && !form.refused ? (
        <div className="mb-4">
          <Alert>{actionData.message}</Alert>
        </div>
      ) : null}
      <Form method="post" className="flex flex-col gap-5" {...form.formProps}>
        <PasswordField label={t.password} autoComplete="new-password" {...form.field("password")} />
        <PasswordField label={t.confirmPassword} autoComplete="new-password" {...form.field("confirm")} />
        <CheckboxField label={t.agreement} defaultChecked={form.initialValue("agreed") === "on"} {...form.field("agreed")} />
        <Button type="submit" busy={navigation.state !== "idle"}>
          {t.setPassword}
        </Button>
      </Form>
    </SignedOutPage>
  );
}
