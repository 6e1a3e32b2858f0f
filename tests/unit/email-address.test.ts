import { describe, expect, it } from "vitest";
import { emailAddressSchema, isEmailAddress } from "~/lib/email-address";

describe("the e-mail address rule (1§5's x@y.z)", () => {
  it.each(["tāne@māori.nz", "a@b.co", "solo@demo.nz", "family+w4k2q9@demo.nz", "mere.o'brien@example.com", "ngā@tēnā.kōrero.nz", "ta\u0304ne@ma\u0304ori.nz"])("accepts %s", (address) => {
    expect(isEmailAddress(address)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["no @", "tane.maori.nz"],
    ["nothing before the @", "@māori.nz"],
    ["nothing after the @", "tāne@"],
    ["no dot after the @", "tāne@māori"],
    ["an empty label after the @", "tāne@māori..nz"],
    ["a dot at the end", "tāne@māori.nz."],
    ["a space", "tā ne@māori.nz"],
    ["a space around it", " tāne@māori.nz"],
    ["two @", "tāne@whānau@māori.nz"],
    ["markup", "<script>alert(1)</script>@x.nz"],
  ])("refuses %s", (_, address) => {
    expect(isEmailAddress(address)).toBe(false);
  });
});

describe("a required address field", () => {
  const field = emailAddressSchema({ empty: "empty", tooLong: "too long", invalid: "invalid" });
  const message = (value: string) => field.safeParse(value).error?.issues.map((i) => i.message);

  it("trims, and composes a macron typed as a letter and a combining mark, so the practice gets one spelling", () => {
    expect(field.parse("  ta\u0304ne@ma\u0304ori.nz ")).toBe("tāne@māori.nz");
  });

  it("says one thing at a time: empty, too long, or not an address", () => {
    expect(message("   ")).toEqual(["empty"]);
    expect(message(`${"a".repeat(250)}@demo.nz`)).toEqual(["too long"]);
    expect(message("tāne@māori")).toEqual(["invalid"]);
  });
});
