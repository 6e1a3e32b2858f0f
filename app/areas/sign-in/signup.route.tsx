import { data, Form } from "react-router";
import { redirectIfSignedIn } from "../../.server/session.server";
import { SignedOutPage } from "./components/signed-out-page";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { EmailField, TextField } from "../../components/ui/field";
import { useSchemaForm } from "../../components/ui/use-schema-form";
import { parseForm } from "../../lib/form-data";
import { signupTexts } from "./signup-texts";
import { SignupSchema } from "./signup";
import type { Route } from "./+types/signup.route";
import { requestForm } from "../../.server/request-form.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign up – Patient Portal" }];

const FIELDS = {
  familyName: { label: "Family name", autoComplete: "family-name" },
  firstName: { label: "First name", autoComplete: "given-name" },
  middleName: { label: "Middle name (optional)", autoComplete: "additional-name" },
  dob: { label: "Date of birth", autoComplete: "bday", hint: "dd-mm-yyyy, for example 07-03-1985" },
  nhi: { label: "NHI number (optional)", autoComplete: "off", hint: "Seven characters, for example ZAC5361" },
  practiceName: { label: "Practice name", autoComplete: "organization" },
  email: { label: "Email address", autoComplete: "email" },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/** The spec wires no call (1§2 Signup): the details are checked, and the patient told plainly what happens next. */
export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const parsed = parseForm(await requestForm(request), SignupSchema);
  if (!parsed.ok) return data({ done: false as const, result: parsed.result }, { status: 400 });
  return { done: true as const };
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const form = useSchemaForm({ schema: SignupSchema, lastResult: actionData && !actionData.done ? actionData.result : undefined });
  if (actionData?.done) {
    return (
      <SignedOutPage title="Sign up">
        <Alert tone="info" title="Your details have not been sent">
          {signupTexts.done}
        </Alert>
      </SignedOutPage>
    );
  }
  return (
    <SignedOutPage title="Sign up">
      <p className="mb-4">Tell us who you are. The practice registers new patients itself; this form checks your details and tells you what to do next.</p>
      <Form method="post" className="flex flex-col gap-5" {...form.formProps}>
        {Object.entries(FIELDS).map(([name, f]) => {
          const Field = name === "email" ? EmailField : TextField;
          return <Field key={name} label={f.label} autoComplete={f.autoComplete} hint={"hint" in f ? f.hint : undefined} defaultValue={form.initialValue(name)} {...form.field(name)} />;
        })}
        <Button type="submit">Signup</Button>
      </Form>
    </SignedOutPage>
  );
}
