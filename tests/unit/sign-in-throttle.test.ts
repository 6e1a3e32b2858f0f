import { describe, expect, it } from "vitest";
import { AttemptThrottle, SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";

/**
 * The sign-in's counts (1§4, decisions/050, 051): per account and per client address, each attempt
 * claimed before the practice is asked, taken back when it was not a wrong password, the account's
 * cleared by a success; every count lives 15 minutes from its first attempt. The store is the memory
 * one with the test's clock; the same rules over HTTP with the mock: tests/integration/sign-in-steps.test.ts.
 */

const WINDOW_MS = 15 * 60 * 1000;

function throttleOf(limits = { SIGNIN_MAX_FAILURES_PER_ACCOUNT: 5, SIGNIN_MAX_FAILURES_PER_ADDRESS: 8 }) {
  let now = Date.parse("2026-03-02T09:00:00Z");
  const store = new MemoryStateStore(() => now);
  return { throttle: new SignInThrottle(limits, store), store, later: (ms: number) => (now += ms) };
}

describe("the sign-in's counts", () => {
  it("numbers each attempt for the account; the captcha is needed from the one after CAPTCHA_AFTER; at the limit the account is paused", async () => {
    const { throttle } = throttleOf();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: true, captchaRequired: attempt > CAPTCHA_AFTER, attempt });
    }
    expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: false, message: signInThrottleTexts.tooManyForAccount });
    // Another account from the same address is not paused by it.
    expect(await throttle.claim("family@demo.nz", "198.51.100.7")).toEqual({ allowed: true, captchaRequired: false, attempt: 1 });
  });

  it("counts the account as the patient would type it, in any case and with spaces around it", async () => {
    const { throttle } = throttleOf();
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    expect(await throttle.claim("  SOLO@demo.NZ ", "198.51.100.8")).toMatchObject({ attempt: 2 });
    // Two addresses that differ only where upper case would merge them (ß, SS) are two accounts.
    await throttle.claim("strasse@demo.nz", "198.51.100.7");
    expect(await throttle.claim("straße@demo.nz", "198.51.100.7")).toMatchObject({ attempt: 1 });
  });

  it("a paused account's refused attempts are not counted against its address, nor held against it when the pause ends", async () => {
    const { throttle } = throttleOf({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 2, SIGNIN_MAX_FAILURES_PER_ADDRESS: 4 });
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    for (let i = 0; i < 5; i++) expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toMatchObject({ allowed: false });
    // The address has spent two of its four: two more accounts may still try from it.
    expect(await throttle.claim("family@demo.nz", "198.51.100.7")).toMatchObject({ allowed: true });
    expect(await throttle.claim("empty@demo.nz", "198.51.100.7")).toMatchObject({ allowed: true });
    expect(await throttle.claim("reset@demo.nz", "198.51.100.7")).toEqual({ allowed: false, message: signInThrottleTexts.tooManyFromAddress });
  });

  it("pauses an address at its limit across accounts, and its refused attempts count against no account", async () => {
    const { throttle } = throttleOf({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 5, SIGNIN_MAX_FAILURES_PER_ADDRESS: 3 });
    for (const account of ["a@demo.nz", "b@demo.nz", "c@demo.nz"]) expect(await throttle.claim(account, "198.51.100.7")).toMatchObject({ allowed: true });
    for (let i = 0; i < 3; i++) expect(await throttle.claim("d@demo.nz", "198.51.100.7")).toEqual({ allowed: false, message: signInThrottleTexts.tooManyFromAddress });
    // From another address, d@ has made no attempt yet; the paused address is still paused.
    expect(await throttle.claim("d@demo.nz", "203.0.113.9")).toMatchObject({ allowed: true, attempt: 1 });
    expect(await throttle.claim("a@demo.nz", "198.51.100.7")).toMatchObject({ allowed: false });
  });

  it("an attempt taken back (the practice unreachable, no captcha) counts for neither the account nor the address", async () => {
    const { throttle } = throttleOf({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 2, SIGNIN_MAX_FAILURES_PER_ADDRESS: 2 });
    for (let i = 0; i < 10; i++) {
      expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toMatchObject({ allowed: true, attempt: 1 });
      await throttle.release("solo@demo.nz", "198.51.100.7");
    }
  });

  it("the right password starts the account's count again and does not count against the address", async () => {
    const { throttle } = throttleOf({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 3, SIGNIN_MAX_FAILURES_PER_ADDRESS: 3 });
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    await throttle.succeeded("solo@demo.nz", "198.51.100.7");
    // The address keeps the two wrong passwords: one more attempt from it.
    expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: true, captchaRequired: false, attempt: 1 });
    expect(await throttle.claim("family@demo.nz", "198.51.100.7")).toMatchObject({ allowed: false });
  });

  it("each count lives 15 minutes from its first attempt", async () => {
    const { throttle, later } = throttleOf({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 2, SIGNIN_MAX_FAILURES_PER_ADDRESS: 10 });
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    later(WINDOW_MS - 60_000);
    await throttle.claim("solo@demo.nz", "198.51.100.7");
    expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toMatchObject({ allowed: false });
    later(60_000);
    expect(await throttle.claim("solo@demo.nz", "198.51.100.7")).toMatchObject({ allowed: true, attempt: 1 });
  });
});

describe("counts of another kind", () => {
  it("are kept apart from the sign-in's and from each other's, for the same account and address", async () => {
    const store = new MemoryStateStore();
    const signIn = new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 1, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1 }, store);
    const forgot = new AttemptThrottle({ perAccount: 1, perAddress: 1 }, store, "forgot-password:");
    const codes = new AttemptThrottle({ perAccount: 1, perAddress: 1 }, store, "second-step:");
    expect(await signIn.claim("solo@demo.nz", "198.51.100.7")).toMatchObject({ allowed: true });
    expect(await forgot.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: true, attempt: 1 });
    expect(await codes.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: true, attempt: 1 });
    expect(await forgot.claim("solo@demo.nz", "198.51.100.7")).toEqual({ allowed: false, over: "address" });
    expect(await forgot.claim("solo@demo.nz", "203.0.113.9")).toEqual({ allowed: false, over: "account" });
  });

  it("an account named like an address is not that address's count", async () => {
    const throttle = new AttemptThrottle({ perAccount: 1, perAddress: 1 }, new MemoryStateStore(), "kind:");
    expect(await throttle.claim("198.51.100.7", "198.51.100.8")).toMatchObject({ allowed: true });
    expect(await throttle.claim("198.51.100.8", "198.51.100.7")).toMatchObject({ allowed: true });
  });
});
