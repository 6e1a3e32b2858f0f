import { z } from "zod";
import { isValidNhi } from "../../../contract/nhi";
import { isPastDay } from "../../lib/calendar-day";
import { emailAddressSchema } from "../../lib/email-address";
import { signupTexts } from "./signup-texts";

const name = (required: string) => z.string().trim().min(1, required).max(100, signupTexts.tooLong(100));

/**
 * The Signup form (1§2). The spec wires no call and shows no validation; registering a new patient is
 * arranged with the practice, so the portal checks what was typed and says exactly that.
 */
export const SignupSchema = z.object({
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
});

