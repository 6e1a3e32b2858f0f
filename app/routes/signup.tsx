import { useState } from "react";
import { data, Form } from "react-router";
import { redirectIfSignedIn } from "../.server/session.server";
import { SignedOutPage } from "../components/signed-out-page";
import { Alert } from "../components/ui/alert";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/field";
import { fieldErrors } from "../lib/sign-in";
import { SignupSchema, signupTexts } from "../lib/signup";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Sign up – Patient Portal" }];

type Values = Record<keyof typeof FIELDS, string>;
const FIELDS = {
  familyName: { label: "Family name", autoComplete: "family-name" },
  firstName: { label: "First name", autoComplete: "given-name" },
  middleName: { label: "Middle name (optional)", autoComplete: "additional-name" },
  dob: { label: "Date of birth", autoComplete: "bday", hint: "dd-mm-yyyy, for example 07-03-1985" },
  nhi: { label: "NHI number (optional)", autoComplete: "off", hint: "Seven characters, for example ZAC5361" },
  practiceName: { label: "Practice name", autoComplete: "organization" },
  email: { label: "Email address", autoComplete: "email" },
} as const;

function read(form: FormData): Values {
  return Object.fromEntries(Object.keys(FIELDS).map((k) => [k, String(form.get(k) ?? "").slice(0, 3000)])) as Values;
}

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/** The spec wires no call (1§2 Signup): the details are checked, and the patient told plainly what happens next. */
export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const values = read(await request.formData());
  const parsed = SignupSchema.safeParse(values);
  if (!parsed.success) return data({ done: false as const, values, errors: fieldErrors<Values>(parsed.error) }, { status: 400 });
  return { done: true as const, values, errors: {} };
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const [errors, setErrors] = useState<Partial<Values> | null>(null);
  const shown: Partial<Values> = errors ?? actionData?.errors ?? {};
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
      <Form
        method="post"
        noValidate
        className="flex flex-col gap-5"
        onSubmit={(event) => {
          const parsed = SignupSchema.safeParse(read(new FormData(event.currentTarget)));
          setErrors(parsed.success ? null : fieldErrors<Values>(parsed.error));
          if (!parsed.success) event.preventDefault();
        }}
      >
        {Object.entries(FIELDS).map(([name, f]) => (
          <TextField
            key={name}
            name={name}
            label={f.label}
            autoComplete={f.autoComplete}
            hint={"hint" in f ? f.hint : undefined}
            type={name === "email" ? "email" : "text"}
            defaultValue={actionData?.values[name as keyof Values]}
            error={shown[name as keyof Values]}
            onChange={() => setErrors((e) => ({ ...(e ?? actionData?.errors ?? {}), [name]: undefined }))}
          />
        ))}
        <Button type="submit">Signup</Button>
      </Form>
    </SignedOutPage>
  );
}
