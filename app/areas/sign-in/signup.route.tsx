import { useCallback, useState, type FormEvent } from "react";
import { data, Form } from "react-router";
import { redirectIfSignedIn } from "~/.server/session.server";
import { SignedOutPage } from "./components/signed-out-page";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmailField, TextField } from "~/components/ui/field";
import { useSchemaForm } from "~/components/ui/use-schema-form";
import { parseForm } from "~/lib/form-data";
import { signupTexts } from "./signup-texts";
import { signupSchema, SignupSchema } from "./signup";
import { chosenFile, IMAGE_HEAD_BYTES } from "./signup-image";
import { ProfileImageField } from "./components/profile-image-field";
import type { Route } from "./+types/signup.route";
import { requestForm } from "~/.server/request-form.server";

export const meta: Route.MetaFunction = () => [{ title: signupTexts.pageTitle }];

const FIELDS = {
  familyName: { label: signupTexts.familyNameLabel, autoComplete: "family-name" },
  firstName: { label: signupTexts.firstNameLabel, autoComplete: "given-name" },
  middleName: { label: signupTexts.middleNameLabel, autoComplete: "additional-name" },
  dob: { label: signupTexts.dobLabel, autoComplete: "bday", hint: signupTexts.dobHint },
  nhi: { label: signupTexts.nhiLabel, autoComplete: "off", hint: signupTexts.nhiHint },
  practiceName: { label: signupTexts.practiceNameLabel, autoComplete: "organization" },
  email: { label: signupTexts.emailLabel, autoComplete: "email" },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  await redirectIfSignedIn(request);
  return null;
}

/**
 * The spec wires no call (1§2 Signup): the details are checked, and the patient told plainly what
 * happens next. The profile image is checked by its first bytes in memory (server/index.ts bounds the post)
 * and dropped with the request: never stored, logged, echoed back or sent on.
 */
export async function action({ request }: Route.ActionArgs) {
  await redirectIfSignedIn(request);
  const form = await requestForm(request);
  const image = chosenFile(form.get("image"));
  const head = image ? new Uint8Array(await image.slice(0, IMAGE_HEAD_BYTES).arrayBuffer()) : undefined;
  const parsed = parseForm(form, signupSchema(head), { hideFields: ["image"] });
  if (!parsed.ok) return data({ done: false as const, result: parsed.result, imageSent: image !== null }, { status: 400 });
  return { done: true as const, imageSent: image !== null };
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const form = useSchemaForm({ schema: SignupSchema, lastResult: actionData && !actionData.done ? actionData.result : undefined });
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const clearImage = useCallback(() => form.clear("image"), [form]);
  if (actionData?.done) {
    return (
      <SignedOutPage title={signupTexts.title}>
        <Alert tone="info" title={signupTexts.notSent}>
          {signupTexts.done}
          {actionData.imageSent ? (
            <>
              {" "}
              {signupTexts.imageDiscarded}
            </>
          ) : null}
        </Alert>
      </SignedOutPage>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    form.formProps.onSubmit(event);
    // The chosen file was read when chosen and is wrong: its message is already shown; nothing is sent.
    if (imageProblem) {
      event.preventDefault();
      event.currentTarget.querySelector<HTMLInputElement>('input[type="file"]')?.focus();
    }
  };
  return (
    <SignedOutPage title={signupTexts.title}>
      <p className="mb-4">{signupTexts.intro}</p>
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5" {...form.formProps} onSubmit={submit}>
        {Object.entries(FIELDS).map(([name, f]) => {
          const Field = name === "email" ? EmailField : TextField;
          const field = <Field key={name} label={f.label} autoComplete={f.autoComplete} hint={"hint" in f ? f.hint : undefined} defaultValue={form.initialValue(name)} {...form.field(name)} />;
          // 1§2's order: the image after the NHI number, before the practice name.
          return name === "nhi" ? [field, <ProfileImageField key="image" name="image" error={form.errors.image} cameBackEmpty={actionData?.imageSent === true} onChange={clearImage} onProblem={setImageProblem} />] : field;
        })}
        <Button type="submit">{signupTexts.submit}</Button>
      </Form>
    </SignedOutPage>
  );
}
