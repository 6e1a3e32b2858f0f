import { describe, expect, it } from "vitest";
import { SavePaymentReplySchema } from "../../contract/accounts";
import { readTruthy, settingOn } from "../../contract/truthy";

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
  it("reads yes as recorded, no as not recorded, no answer or other text as unknown, and refuses other shapes", () => {
    expect(SavePaymentReplySchema.parse(1)).toBe("recorded");
    expect(SavePaymentReplySchema.parse("false")).toBe("not-recorded");
    expect(SavePaymentReplySchema.parse(null)).toBe("not-recorded");
    expect(SavePaymentReplySchema.parse(undefined)).toBe("unknown");
    expect(SavePaymentReplySchema.parse("Saved")).toBe("unknown");
    expect(SavePaymentReplySchema.safeParse({ StatusCode: "1" }).success).toBe(false);
    expect(SavePaymentReplySchema.safeParse([true]).success).toBe(false);
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
