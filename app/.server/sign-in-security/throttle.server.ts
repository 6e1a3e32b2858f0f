import { CAPTCHA_AFTER } from "~/lib/sign-in-flow";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import { config, type Config } from "../config.server";

import { stateStore } from "../state.server";
import { MemoryStateStore, type StateStore } from "../state-store.server";

/** Sign-in throttling beyond the captcha: counted per account and per address in the state store, each attempt claiming its number before the practice is asked (decisions/008, 050, 051). */

const WINDOW_MS = 15 * 60 * 1000;

export type ThrottleVerdict = { allowed: true; captchaRequired: boolean; attempt: number } | { allowed: false; message: string };

export type ThrottleLimits = Pick<Config, "SIGNIN_MAX_FAILURES_PER_ACCOUNT" | "SIGNIN_MAX_FAILURES_PER_ADDRESS">;

/** How many attempts of one kind an account, and a client address, may make in 15 minutes. */
export interface AttemptLimits {
  perAccount: number;
  perAddress: number;
}

export type AttemptVerdict = { allowed: true; attempt: number } | { allowed: false; over: "account" | "address" };

/**
 * Attempts of one kind (`kind` names their counters) counted per account and per client address,
 * each claimed by one atomic increment before the practice is asked (decisions/051). Sign-in uses it
 * through SignInThrottle; Forgot Password with its own counters and limits (decisions/220).
 */
export class AttemptThrottle {
  constructor(
    private readonly limits: AttemptLimits,
    private readonly store: StateStore = new MemoryStateStore(),
    private readonly kind = "",
  ) {}

  private accountKey(username: string) {
    return `throttle:${this.kind}account:${username.trim().toLowerCase()}`;
  }

  private addressKey(address: string) {
    return `throttle:${this.kind}address:${address}`;
  }

  /** Claims one attempt; refused (and not counted) when either count is already at its limit. */
  async claim(username: string, address: string): Promise<AttemptVerdict> {
    const fromAddress = await this.store.increment(this.addressKey(address), WINDOW_MS);
    if (fromAddress > this.limits.perAddress) {
      await this.store.decrement(this.addressKey(address));
      return { allowed: false, over: "address" };
    }
    const attempt = await this.store.increment(this.accountKey(username), WINDOW_MS);
    if (attempt > this.limits.perAccount) {
      await this.release(username, address);
      return { allowed: false, over: "account" };
    }
    return { allowed: true, attempt };
  }

  /** Takes back a claimed attempt that turned out not to count. */
  async release(username: string, address: string): Promise<void> {
    await this.store.decrement(this.accountKey(username));
    await this.store.decrement(this.addressKey(address));
  }

  /** The account's count starts again, and this attempt is not held against the address. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.store.delete(this.accountKey(username));
    await this.store.decrement(this.addressKey(address));
  }
}

/** The attempt counts; tests make their own (a fresh store by default) so their counts start at zero. */
export class SignInThrottle {
  private readonly attempts: AttemptThrottle;

  constructor(limits: ThrottleLimits, store: StateStore = new MemoryStateStore()) {
    this.attempts = new AttemptThrottle({ perAccount: limits.SIGNIN_MAX_FAILURES_PER_ACCOUNT, perAddress: limits.SIGNIN_MAX_FAILURES_PER_ADDRESS }, store);
  }

  /**
   * Claims one attempt for the account from the address. Refused (and not counted) when either count
   * is already at its limit; otherwise `attempt` is this attempt's number for the account, counting
   * those still under way, and the captcha is needed from the one after CAPTCHA_AFTER.
   */
  async claim(username: string, address: string): Promise<ThrottleVerdict> {
    const verdict = await this.attempts.claim(username, address);
    if (!verdict.allowed) return { allowed: false, message: verdict.over === "address" ? signInThrottleTexts.tooManyFromAddress : signInThrottleTexts.tooManyForAccount };
    return { allowed: true, captchaRequired: verdict.attempt > CAPTCHA_AFTER, attempt: verdict.attempt };
  }

  /** Takes back a claimed attempt that was not a wrong password (no captcha, the practice unreachable). */
  release(username: string, address: string): Promise<void> {
    return this.attempts.release(username, address);
  }

  /** The right password: the account's count starts again, and this attempt is not the address's failure. */
  succeeded(username: string, address: string): Promise<void> {
    return this.attempts.succeeded(username, address);
  }
}

export const signInThrottle = new SignInThrottle(config, stateStore);

/** Forgot Password requests, counted apart from sign-in failures: asking for a password never pauses signing in. */
export const forgotPasswordThrottle = new AttemptThrottle({ perAccount: config.FORGOT_PASSWORD_MAX_PER_ACCOUNT, perAddress: config.FORGOT_PASSWORD_MAX_PER_ADDRESS }, stateStore, "forgot-password:");
