import { describe, expect, it } from "vitest";
import { completeOldNhi, isValidNhi } from "@contract/nhi";

describe("NHI check (old AAANNNC and new AAANNAX formats)", () => {
  it.each(["ZAC5361", "WLD9413", "ZZZ0016", "ZZZ0024", "ZBN77VL", "ZSC21TN", "ZVB97XQ"])("accepts %s", (nhi) => {
    expect(isValidNhi(nhi)).toBe(true);
  });

  it("accepts lower case and surrounding spaces", () => {
    expect(isValidNhi(" zac5361 ")).toBe(true);
  });

  it.each(["ZZZ0044", "ZZZ00AA", "ZAC5362", "ZBN77VM", "IAC5361", "OAC5361", "ZAC536", "ZAC53611", "", "1234567", "ZAC 5361"])("rejects %s", (nhi) => {
    expect(isValidNhi(nhi)).toBe(false);
  });

  it("completes a prefix into a valid number, or says none exists", () => {
    let completed = 0;
    for (let n = 0; n < 1000; n++) {
      const prefix = `ZAA${String(n).padStart(3, "0")}`;
      const nhi = completeOldNhi(prefix);
      if (nhi === null) continue;
      completed++;
      expect(isValidNhi(nhi)).toBe(true);
      // Any other check digit fails.
      const wrong = `${prefix}${(Number(nhi[6]) + 1) % 10}`;
      expect(isValidNhi(wrong)).toBe(false);
    }
    expect(completed).toBeGreaterThan(850);
  });
});
