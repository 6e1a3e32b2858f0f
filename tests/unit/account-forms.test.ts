import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { passwordStrengthProblem, passwordTexts } from "@contract/password-policy";
import { ForgotPasswordSchema } from "~/areas/sign-in/forgot-password";
import { LoginHelpSchema } from "~/areas/sign-in/login-help";
import { loginHelpTexts } from "~/areas/sign-in/login-help-texts";

import { newPasswordProblem } from "~/lib/new-password";
import { SignupSchema } from "~/areas/sign-in/signup";

const help = { email: "mere@example.com", nhi: "", firstName: "Mere", familyName: "Parata", dob: "07-03-1985", subject: "Locked out", message: "I cannot sign in." };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("password policy", () => {
  it("accepts a strong password, including unicode letters", () => {
    expect(passwordStrengthProblem("Harakeke42")).toBeNull();
    expect(passwordStrengthProblem("Ōtautahi2024")).toBeNull();
  });

  it("refuses spaces and over-long passwords", () => {
    expect(passwordStrengthProblem("Harakeke 42")).toBe(passwordTexts.whitespace);
    expect(passwordStrengthProblem(`Aa1${"1".repeat(200)}`)).toBe(passwordTexts.tooLong);
  });

  it("uses the profile wording for the first three checks", () => {
    expect(newPasswordProblem({ password: "", confirm: "" }, "profile")?.message).toBe("Password cannot be empty");
    expect(newPasswordProblem({ password: "a", confirm: "" }, "profile")?.message).toBe("Confirm Password cannot be empty");
    expect(newPasswordProblem({ password: "a", confirm: "b" }, "profile")?.message).toBe("Passwords did not match. Please try again");
    // No agreement box in the profile dialogs.
    expect(newPasswordProblem({ password: "Harakeke42", confirm: "Harakeke42" }, "profile")).toBeNull();
  });
});

describe("Login Help form", () => {
  it("builds the help request of 1§3, with the date as YYYY-MM-DD and the NHI as UID", () => {
    const parsed = LoginHelpSchema.parse({ ...help, nhi: "zac5361" });
    expect(parsed).toEqual({ PatientID: "", EmailAddress: "mere@example.com", UID: "ZAC5361", FirstName: "Mere", FamilyName: "Parata", DOB: "1985-03-07", MessageSubject: "Locked out", MessageBody: "I cannot sign in." });
  });

  it("needs either an e-mail or an NHI, and checks each given", () => {
    expect(issues(LoginHelpSchema.safeParse({ ...help, email: "" }))).toEqual({ email: loginHelpTexts.emailOrNhi });
    expect(LoginHelpSchema.safeParse({ ...help, email: "", nhi: "ZAC5361" }).success).toBe(true);
    expect(issues(LoginHelpSchema.safeParse({ ...help, email: "nope" }))).toEqual({ email: loginHelpTexts.emailInvalid });
    expect(LoginHelpSchema.parse({ ...help, email: "tāne@māori.nz" }).EmailAddress).toBe("tāne@māori.nz");
    expect(issues(LoginHelpSchema.safeParse({ ...help, nhi: "ZAC5362" }))).toEqual({ nhi: loginHelpTexts.nhiInvalid });
  });

  it("gives every required field its text", () => {
    const empty = { email: "", nhi: "", firstName: " ", familyName: "", dob: "", subject: "", message: "" };
    expect(issues(LoginHelpSchema.safeParse(empty))).toEqual({
      email: loginHelpTexts.emailOrNhi,
      firstName: loginHelpTexts.firstName,
      familyName: loginHelpTexts.familyName,
      dob: loginHelpTexts.dob,
      subject: loginHelpTexts.subject,
      message: loginHelpTexts.body,
    });
  });

  it("wants a real date of birth in dd-MM-yyyy, in the past", () => {
    expect(issues(LoginHelpSchema.safeParse({ ...help, dob: "1985-03-07" }))).toEqual({ dob: loginHelpTexts.dobFormat });
    expect(issues(LoginHelpSchema.safeParse({ ...help, dob: "31-02-1985" }))).toEqual({ dob: loginHelpTexts.dobFormat });
    const tomorrow = DateTime.now().setZone("Pacific/Auckland").plus({ days: 1 }).toFormat("dd-MM-yyyy");
    expect(issues(LoginHelpSchema.safeParse({ ...help, dob: tomorrow }))).toEqual({ dob: loginHelpTexts.dobPast });
  });

  it("bounds the message", () => {
    expect(issues(LoginHelpSchema.safeParse({ ...help, message: "x".repeat(10_000) }))).toEqual({ message: loginHelpTexts.tooLong(2000) });
  });
});

describe("forgot password and sign-up forms", () => {
  it("forgot password needs a valid e-mail", () => {
    expect(ForgotPasswordSchema.safeParse({ email: " solo@demo.nz " }).data).toEqual({ email: "solo@demo.nz" });
    for (const email of ["", "solo", "<script>@x", "a".repeat(300) + "@x.nz"]) expect(ForgotPasswordSchema.safeParse({ email }).success).toBe(false);
    // The sign-in form's rule (1§5), so an address that signs in can also ask for a password.
    expect(ForgotPasswordSchema.safeParse({ email: "tāne@māori.nz" }).data).toEqual({ email: "tāne@māori.nz" });
  });

  it("sign-up checks names, date of birth, NHI and e-mail", () => {
    const ok = { familyName: "Parata", firstName: "Mere", middleName: "", dob: "07-03-1985", nhi: "", practiceName: "Māngere Family Doctors", email: "mere@example.com" };
    expect(SignupSchema.safeParse(ok).success).toBe(true);
    expect(SignupSchema.safeParse({ ...ok, email: "tāne@māori.nz" }).success).toBe(true);
    expect(Object.keys(issues(SignupSchema.safeParse({ ...ok, familyName: "", dob: "x", nhi: "ABC", email: "no" })))).toEqual(["familyName", "dob", "nhi", "email"]);
  });
});
