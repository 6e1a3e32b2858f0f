import { describe, expect, it } from "vitest";
import { signInTexts } from "~/areas/sign-in/texts";
import { signInSummary, validateSignIn } from "~/areas/sign-in/sign-in-form";

describe("sign-in validation (1§5)", () => {
  it("accepts a valid e-mail and password, trimming the e-mail", () => {
    expect(validateSignIn({ username: "  solo@demo.nz ", password: "Kiaora2024" })).toEqual({ ok: true, data: { username: "solo@demo.nz", password: "Kiaora2024" } });
  });

  it("says the e-mail cannot be empty", () => {
    expect(validateSignIn({ username: "", password: "x" })).toMatchObject({ ok: false, errors: { username: signInTexts.emailEmpty } });
    expect(validateSignIn({ username: "   ", password: "x" })).toMatchObject({ ok: false, errors: { username: signInTexts.emailEmpty } });
  });

  it.each(["solo", "solo@", "@demo.nz", "solo@demo", "so lo@demo.nz", "<script>alert(1)</script>@x.nz", "ngā@tēnā"])("rejects the malformed e-mail %s", (username) => {
    expect(validateSignIn({ username, password: "x" })).toMatchObject({ ok: false, errors: { username: signInTexts.emailInvalid } });
  });

  it("accepts an address with macrons, which .nz domains allow (1§5: a simple x@y.z pattern)", () => {
    expect(validateSignIn({ username: "tāne@māori.nz", password: "x" })).toEqual({ ok: true, data: { username: "tāne@māori.nz", password: "x" } });
  });

  it("says the password cannot be empty, including whitespace only", () => {
    expect(validateSignIn({ username: "a@b.nz", password: "" })).toMatchObject({ ok: false, errors: { password: signInTexts.passwordEmpty } });
    expect(validateSignIn({ username: "a@b.nz", password: " \t " })).toMatchObject({ ok: false, errors: { password: signInTexts.passwordEmpty } });
  });

  it("bounds both fields so that a pasted 10,000-character value gets a clear message", () => {
    const long = "a".repeat(10_000);
    expect(validateSignIn({ username: `${long}@demo.nz`, password: "x" })).toMatchObject({ ok: false, errors: { username: signInTexts.emailTooLong } });
    expect(validateSignIn({ username: "a@b.nz", password: long })).toMatchObject({ ok: false, errors: { password: signInTexts.passwordTooLong } });
  });

  it("accepts a unicode password as typed", () => {
    expect(validateSignIn({ username: "a@b.nz", password: "Kia ora, tēnā koe 🌿" })).toMatchObject({ ok: true, data: { password: "Kia ora, tēnā koe 🌿" } });
  });
});

describe("the summary above a refused sign-in (issue 21)", () => {
  const summary = (username: string, password: string) => {
    const checked = validateSignIn({ username, password });
    if (checked.ok) throw new Error("expected a refusal");
    return signInSummary(checked.errors);
  };
  it("names the missing field, or both", () => {
    expect(summary("", "")).toBe(signInTexts.summaryMissing.both);
    expect(summary("   ", "x")).toBe(signInTexts.summaryMissing.email);
    expect(summary("solo@demo.nz", "  ")).toBe(signInTexts.summaryMissing.password);
  });
  it("calls the address invalid only when one was typed and is not an address", () => {
    expect(summary("solo@demo", "Kiaora2024")).toBe(signInTexts.summary);
    expect(summary("solo@demo", "")).toBe(signInTexts.summary);
    expect(summary("solo@demo.nz", "b".repeat(200))).toBe(signInTexts.summaryPassword);
  });
});
