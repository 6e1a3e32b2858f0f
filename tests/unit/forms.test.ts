import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, resultOf } from "~/lib/form-data";
import { fieldErrors, firstErrors, visibleErrors } from "~/lib/forms";
import { paymentTexts } from "~/areas/accounts/texts";
import { profileTexts } from "~/areas/profile/texts";
import { signupTexts } from "~/areas/sign-in/signup-texts";
import { checkPaymentAmount, centsAsAmountText } from "~/areas/accounts/payment-amount";
import { ContactDetailsSchema } from "~/areas/profile/forms";
import { SignupSchema } from "~/areas/sign-in/signup";

/** The forms layer: form data → object → schema → one message per field, and messages clearing on edit. */

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("forms layer", () => {
  it("keeps the first message of each field, and a whole-form issue under 'form'", () => {
    const schema = z.object({ a: z.string().min(1, "A empty").min(3, "A short"), b: z.string().min(1, "B empty") }).refine(() => false, "Whole form");
    const result = schema.safeParse({ a: "", b: "x" });
    expect(fieldErrors(result.error!)).toEqual({ a: "A empty", form: "Whole form" });
    expect(fieldErrors({ issues: [{ code: "custom", path: [], message: "Whole form", input: undefined }] })).toEqual({ form: "Whole form" });
    expect(firstErrors({ a: ["A empty", "A short"], "": ["Whole form"], b: null, c: [] })).toEqual({ a: "A empty", form: "Whole form" });
  });

  it("reads form data as sent: empty fields keep their own 'cannot be empty' message (no coercion)", () => {
    const parsed = parseForm(form([["familyName", ""], ["firstName", "Mere"], ["middleName", ""], ["dob", "07-03-1985"], ["nhi", ""], ["practiceName", "Kauri"], ["email", "x"]]), SignupSchema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({ familyName: signupTexts.familyName, email: signupTexts.email });
    // What was typed goes back with the refusal, so a page without JavaScript keeps it.
    expect(parsed.result.initialValue).toMatchObject({ firstName: "Mere", practiceName: "Kauri", email: "x" });
  });

  it("a repeated name is a list and a single one a list of one, for the same schema in the browser and on the server", () => {
    const base: [string, string][] = [["mobile", "021 555 0142"], ["home", ""], ["work", ""], ["email", ""], ["preferred", "5"]];
    const one = parseForm(form([...base, ["methods", "5"]]), ContactDetailsSchema);
    const two = parseForm(form([...base, ["methods", "5"], ["methods", "6"]]), ContactDetailsSchema);
    const none = parseForm(form(base), ContactDetailsSchema);
    expect(one).toMatchObject({ ok: true, value: { methods: [5], preferred: 5 } });
    expect(two).toMatchObject({ ok: true, value: { methods: [5, 6] } });
    expect(none).toMatchObject({ ok: false, errors: { methods: profileTexts.noContactMethod } });
  });

  it("hides secrets from what is sent back", () => {
    const parsed = parseForm(form([["password", "Secret12ab"], ["confirm", "other"]]), z.object({ password: z.string(), confirm: z.literal("x") }), { hideFields: ["password", "confirm"] });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(JSON.stringify(parsed.result)).not.toContain("Secret12ab");
  });

  it("turns a server's field errors into conform's last result, marking those fields checked", () => {
    expect(resultOf({})).toBeUndefined();
    expect(resultOf(undefined)).toBeUndefined();
    expect(resultOf({ email: "Bad", form: "Whole" })).toEqual({ status: "error", error: { email: ["Bad"], "": ["Whole"] }, fields: ["email", ""] });
  });

  it("clears a field's message once it is edited, and linked fields together", () => {
    const errors = { email: "Either Email or NHI Number is Required", firstName: "First Name is Required", dob: "Date of Birth is required" };
    expect(visibleErrors(errors, new Set())).toEqual(errors);
    expect(visibleErrors(errors, new Set(["firstName"]))).toEqual({ email: errors.email, dob: errors.dob });
    // Editing the NHI answers "either e-mail or NHI", so the e-mail's message goes too.
    expect(visibleErrors(errors, new Set(["nhi"]), [["email", "nhi"]])).toEqual({ firstName: errors.firstName, dob: errors.dob });
    expect(visibleErrors(errors, new Set(["nhi"]))).toEqual(errors);
  });
});

describe("payment amount schema", () => {
  const t = paymentTexts;
  it("words 1§5's messages and gives whole cents", () => {
    expect(checkPaymentAmount("", { totalCents: 5000, typed: false })).toEqual({ error: t.amountRequiredInitially });
    expect(checkPaymentAmount(" ", { totalCents: 5000, typed: true })).toEqual({ error: t.amountRequired });
    expect(checkPaymentAmount("12.345", { totalCents: 5000 })).toEqual({ error: t.amountInvalid });
    expect(checkPaymentAmount("0", { totalCents: 5000 })).toEqual({ error: t.amountInvalid });
    expect(checkPaymentAmount("50.01", { totalCents: 5000 })).toEqual({ error: t.amountTooLarge });
    expect(checkPaymentAmount("$1,2.5", { totalCents: 5000 })).toEqual({ cents: 1250 });
    expect(checkPaymentAmount(centsAsAmountText(5000), { totalCents: 5000 })).toEqual({ cents: 5000 });
    expect(centsAsAmountText(Number.NaN)).toBe("");
  });
});
