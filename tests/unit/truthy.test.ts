import { describe, expect, it } from "vitest";
import { SavePaymentReplySchema } from "@contract/accounts";
import { readTruthy, settingOn } from "@contract/truthy";

/** The practice's yes/no answers, read as decisions/240 says. */
describe("readTruthy", () => {
  it.each([true, 1, 7, "true", "TRUE", " True ", "1", "yes", "Yes", "12"])("%j is yes", (value) => {
    expect(readTruthy(value)).toBe("yes");
  });
  it.each([false, 0, -1, "false", "False", "0", "no", "", "  ", "-1", null])("%j is no", (value) => {
    expect(readTruthy(value)).toBe("no");
  });
  it.each([undefined, "OK", "Payment processed", "truthy", Number.NaN])("%j is unknown", (value) => {
    expect(readTruthy(value)).toBe("unknown");
  });
});

describe("SavePayment's reply", () => {
  it("reads yes as recorded, no as not recorded, no answer or other text as unknown, and refuses a list", () => {
    expect(SavePaymentReplySchema.parse(1)).toBe("recorded");
    expect(SavePaymentReplySchema.parse("false")).toBe("not-recorded");
    expect(SavePaymentReplySchema.parse(null)).toBe("not-recorded");
    expect(SavePaymentReplySchema.parse(undefined)).toBe("unknown");
    expect(SavePaymentReplySchema.parse("Saved")).toBe("unknown");
    expect(SavePaymentReplySchema.safeParse([true]).success).toBe(false);
  });

  it("reads an object by its StatusCode, as the spec's other calls answer (decisions/369)", () => {
    for (const yes of [{ StatusCode: "1" }, { StatusCode: 1, StatusMessage: "Payment saved" }, { StatusCode: " 1 " }, { StatusCode: true }]) expect(SavePaymentReplySchema.parse(yes)).toBe("recorded");
    for (const no of [{ StatusCode: "0" }, { StatusCode: 0 }, { StatusCode: "-1", StatusMessage: "Not saved" }, { StatusCode: false }]) expect(SavePaymentReplySchema.parse(no)).toBe("not-recorded");
    // Another code (the spec's refusals are 2 and 3; a bare 3 would be a yes), or none: never recorded.
    for (const unclear of [{ StatusCode: "3" }, { StatusCode: 200 }, { StatusCode: "OK" }, { StatusCode: null }, {}, { ResponseMessage: "Payment recorded" }]) expect(SavePaymentReplySchema.parse(unclear)).toBe("unknown");
  });
});

describe("settingOn", () => {
  it("reads 1, true and yes as on; 0, false and no as off; empty, missing or other text as the fallback", () => {
    for (const on of ["1", "true", "True", " YES "]) expect(settingOn(on, false)).toBe(true);
    for (const off of ["0", "false", "FALSE", "no"]) expect(settingOn(off, true)).toBe(false);
    for (const fallback of [true, false]) {
      expect(settingOn(undefined, fallback)).toBe(fallback);
      expect(settingOn("  ", fallback)).toBe(fallback);
      expect(settingOn("maybe", fallback)).toBe(fallback);
    }
  });
});
