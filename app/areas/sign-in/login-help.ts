import { DateTime } from "luxon";
import { z } from "zod";
import { isValidNhi, normaliseNhi } from "@contract/nhi";
import { PRACTICE_ZONE } from "~/lib/dates";
import { EMAIL_ADDRESS_MAX_LENGTH, emailAddressText, isEmailAddress } from "~/lib/email-address";
import { loginHelpTexts } from "./login-help-texts";

const text = (required: string, max: number) => z.string().trim().min(1, required).max(max, loginHelpTexts.tooLong(max));

/** The Login Help form (1§2, 1§5): either an e-mail or an NHI, a date of birth in the past. */
export const LoginHelpSchema = z
  .object({
    email: emailAddressText().max(EMAIL_ADDRESS_MAX_LENGTH, loginHelpTexts.tooLong(EMAIL_ADDRESS_MAX_LENGTH)),
    nhi: z.string().trim().max(7, loginHelpTexts.nhiInvalid),
    firstName: text(loginHelpTexts.firstName, 100),
    familyName: text(loginHelpTexts.familyName, 100),
    dob: z.string().trim().min(1, loginHelpTexts.dob),
    subject: text(loginHelpTexts.subject, 200),
    message: text(loginHelpTexts.body, 2000),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.nhi) ctx.addIssue({ code: "custom", path: ["email"], message: loginHelpTexts.emailOrNhi });
    if (v.email && !isEmailAddress(v.email)) ctx.addIssue({ code: "custom", path: ["email"], message: loginHelpTexts.emailInvalid });
    if (v.nhi && !isValidNhi(v.nhi)) ctx.addIssue({ code: "custom", path: ["nhi"], message: loginHelpTexts.nhiInvalid });
    if (v.dob) {
      const dob = DateTime.fromFormat(v.dob, "dd-MM-yyyy", { zone: PRACTICE_ZONE });
      if (!dob.isValid) ctx.addIssue({ code: "custom", path: ["dob"], message: loginHelpTexts.dobFormat });
      else if (dob >= DateTime.now().setZone(PRACTICE_ZONE).startOf("day")) ctx.addIssue({ code: "custom", path: ["dob"], message: loginHelpTexts.dobPast });
    }
  })
  .transform((v) => ({
    PatientID: "" as const,
    EmailAddress: v.email,
    UID: v.nhi ? normaliseNhi(v.nhi) : "",
    FirstName: v.firstName,
    FamilyName: v.familyName,
    // Display dd-MM-yyyy, the API takes YYYY-MM-DD (2 intro).
    DOB: DateTime.fromFormat(v.dob, "dd-MM-yyyy", { zone: PRACTICE_ZONE }).toISODate() ?? "",
    MessageSubject: v.subject,
    MessageBody: v.message,
  }));

export type LoginHelpInput = z.input<typeof LoginHelpSchema>;
