import { z } from "zod";
import { isValidNhi } from "@contract/nhi";
import { isPastDay } from "~/lib/calendar-day";
import { emailAddressSchema } from "~/lib/email-address";
import { signupTexts } from "./signup-texts";
import { chosenFile, profileImageProblem } from "./signup-image";

const name = (required: string) => z.string().trim().min(1, required).max(100, signupTexts.tooLong(100));

/**
 * The profile image field: nothing chosen, or a JPEG or PNG by name, declared type and size, and by
 * content where `head` (the file's first bytes) was read: the server reads them before it parses; the
 * browser reads them when the file is chosen (signup.route.tsx) and checks the rest here on submit.
 */
const profileImage = (head?: Uint8Array) =>
  z.unknown().transform((value, ctx): File | undefined => {
    const file = chosenFile(value);
    // Nothing chosen: the empty, nameless file a file input posts (which conform drops only when its
    // File is the global one: not so for every server's form parser).
    if (!file && (value === undefined || value === "" || value instanceof Blob)) return undefined;
    // A name where a file belongs: the form was posted as text, not as the file the patient chose.
    const problem = file ? profileImageProblem({ name: file.name, type: file.type, size: file.size, head }) : "type";
    if (problem) ctx.addIssue({ code: "custom", message: signupTexts.imageProblem[problem](file?.name ?? String(value)) });
    return file ?? undefined;
  });

/**
 * The Signup form (1§2). The spec wires no call and shows no validation; registering a new patient is
 * arranged with the practice, so the portal checks what was typed and says exactly that.
 */
export const signupSchema = (imageHead?: Uint8Array) =>
  z.object({
    familyName: name(signupTexts.familyName),
    firstName: name(signupTexts.firstName),
    middleName: z.string().trim().max(100, signupTexts.tooLong(100)),
    dob: z
      .string()
      .trim()
      // A day before today in the practice's zone, read without luxon (decisions/346).
      .refine((v) => isPastDay(v), signupTexts.dob),
    nhi: z
      .string()
      .trim()
      .refine((v) => v === "" || isValidNhi(v), signupTexts.nhi),
    practiceName: name(signupTexts.practice),
    email: emailAddressSchema({ empty: signupTexts.email, tooLong: signupTexts.email, invalid: signupTexts.email }),
    image: profileImage(imageHead).optional(),
  });

/** The form as the browser checks it on submit: the chosen file's content was read when it was chosen. */
export const SignupSchema = signupSchema();

