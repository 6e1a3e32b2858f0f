import { describe, expect, it } from "vitest";
import { hashCode, maskAddress, newEmailCode, newRecoveryCodes, RECOVERY_CODE_COUNT, SECOND_STEP_LIMITS, secondStepThrottle } from "~/.server/sign-in-security/second-step.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { secondStepTexts } from "~/lib/texts/second-step";
import { codeShapeProblem, hasSecondStep, normaliseCode, passkeyBringsRecoveryCodes, recoveryCodesStay } from "~/lib/second-step";

/** The rules of the second step's codes (decisions/277): their making, their shape, their hashes. */
describe("second-step codes", () => {
  it("e-mailed codes are six digits, leading zeros kept, and not all alike", () => {
    const codes = Array.from({ length: 200 }, newEmailCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 200 draws from a million: a repeat is possible but many would mean a broken source.
    expect(new Set(codes).size).toBeGreaterThan(195);
  });

  it("recovery codes are ten, each two groups of five from an alphabet without 0, O, 1, I or L, all different", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
  });

  it("a code's hash is bound to its holder and kind, and reads a code as typed (spaces, dashes, case)", () => {
    const code = "7kq2m x9pda";
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "recovery", code)).toBe(hashCode("holder-aaaaaaaaaaaaaaaa", "recovery", "7KQ2M-X9PDA"));
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "recovery", code)).not.toBe(hashCode("holder-bbbbbbbbbbbbbbbb", "recovery", code));
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "sign-in", "123456")).not.toBe(hashCode("holder-aaaaaaaaaaaaaaaa", "recovery", "123456"));
    // A code e-mailed for one purpose is not found for another (issue 51).
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "sign-in", "123456")).not.toBe(hashCode("holder-aaaaaaaaaaaaaaaa", "confirm", "123456"));
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "confirm", "123456")).not.toBe(hashCode("holder-aaaaaaaaaaaaaaaa", "turn-on", "123456"));
    // Never the code itself: 43 base64url characters of a SHA-256.
    expect(hashCode("holder-aaaaaaaaaaaaaaaa", "sign-in", "123456")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("the shape check names what is wrong, and takes a code typed with spaces", () => {
    expect(codeShapeProblem("12345", false)).toBe(secondStepTexts.codeShape);
    expect(codeShapeProblem("12a456", false)).toBe(secondStepTexts.codeShape);
    expect(codeShapeProblem(" 123 456 ", false)).toBeNull();
    expect(codeShapeProblem("7KQ2M-X9PD", true)).toBe(secondStepTexts.recoveryShape);
    expect(codeShapeProblem("7kq2m-x9pda", true)).toBeNull();
    expect(normaliseCode(" 7kq2m - x9pda ")).toBe("7KQ2MX9PDA");
    // Exactly six digits, or exactly ten letters and digits: nothing before, nothing after.
    expect(codeShapeProblem("1234567", false)).toBe(secondStepTexts.codeShape);
    expect(codeShapeProblem("x123456", false)).toBe(secondStepTexts.codeShape);
    expect(codeShapeProblem("7KQ2M-X9PDAB", true)).toBe(secondStepTexts.recoveryShape);
    expect(codeShapeProblem("#7KQ2M-X9PDA", true)).toBe(secondStepTexts.recoveryShape);
  });

  it("an address is shown masked, a value that is not one as words", () => {
    expect(maskAddress("jane.doe@example.com")).toBe("j•••@example.com");
    expect(maskAddress("nobody")).toBe(secondStepTexts.yourAddress);
    expect(maskAddress("j@example.com")).toBe("j•••@example.com");
    expect(maskAddress("@example.com")).toBe(secondStepTexts.yourAddress);
  });
});

/** Recovery codes belong to the second step as a whole (decisions/321): when a passkey makes them, when they go. */
describe("recovery codes and the second steps beside them", () => {
  it("a first passkey makes codes only for a holder with none left; a second passkey, or codes kept, makes none", () => {
    expect(passkeyBringsRecoveryCodes({ emailOn: false, passkeys: 1, recoveryCodesLeft: 0 })).toBe(true);
    // Every code used (from the e-mailed code's ten): the first passkey brings a fresh ten.
    expect(passkeyBringsRecoveryCodes({ emailOn: true, passkeys: 1, recoveryCodesLeft: 0 })).toBe(true);
    expect(passkeyBringsRecoveryCodes({ emailOn: true, passkeys: 1, recoveryCodesLeft: 7 })).toBe(false);
    expect(passkeyBringsRecoveryCodes({ emailOn: false, passkeys: 1, recoveryCodesLeft: 3 })).toBe(false);
    expect(passkeyBringsRecoveryCodes({ emailOn: false, passkeys: 2, recoveryCodesLeft: 0 })).toBe(false);
  });

  it("codes stay while a passkey or the e-mailed code remains, and go with the last of them", () => {
    expect(recoveryCodesStay({ emailOn: false, passkeys: 0 })).toBe(false);
    expect(recoveryCodesStay({ emailOn: true, passkeys: 0 })).toBe(true);
    expect(recoveryCodesStay({ emailOn: false, passkeys: 1 })).toBe(true);
    expect(hasSecondStep({ emailOn: false, passkeys: 0 })).toBe(false);
    expect(hasSecondStep({ emailOn: false, passkeys: 2 })).toBe(true);
  });
});

describe("wrong codes and wrong passwords", () => {
  it("are counted apart in the one state store: wrong codes from an address never pause its passwords, nor does a right code clear them", async () => {
    const state = new MemoryStateStore();
    const passwords = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 50, SIGNIN_MAX_FAILURES_PER_ADDRESS: 3 }, state);
    const codes = secondStepThrottle(state);
    const address = "192.0.2.40";
    for (let i = 0; i < SECOND_STEP_LIMITS.perAccount - 1; i++) expect((await codes.claim("holderaaaaaaaaaaaaaaaa1", address)).allowed).toBe(true);
    for (let i = 0; i < 3; i++) expect((await passwords.claim(`someone${i}@example.test`, address)).allowed).toBe(true);
    // The right code now: the address's wrong passwords stay counted.
    await codes.succeeded("holderaaaaaaaaaaaaaaaa1", address);
    expect((await passwords.claim("another@example.test", address)).allowed).toBe(false);
  });
});
