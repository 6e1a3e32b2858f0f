import { CAPTCHA_AFTER } from "../lib/sign-in-flow";
import { messages } from "../lib/messages";
import { config, type Config } from "./config.server";

/**
 * Sign-in throttling on the portal server, beyond the captcha: failures are counted per account and
 * per client address in memory here, so clearing cookies or starting a new browser does not reset
 * them. A success clears the account's count (1§4: "resets on success"), not the address's.
 */

const WINDOW_MS = 15 * 60 * 1000;

class FailureLog {
  readonly #times = new Map<string, number[]>();

  count(key: string, now = Date.now()): number {
    const recent = (this.#times.get(key) ?? []).filter((t) => now - t < WINDOW_MS);
    if (recent.length === 0) this.#times.delete(key);
    else this.#times.set(key, recent);
    return recent.length;
  }

  record(key: string, now = Date.now()): number {
    const count = this.count(key, now) + 1;
    this.#times.set(key, [...(this.#times.get(key) ?? []), now]);
    return count;
  }

  clear(key: string) {
    this.#times.delete(key);
  }
}

export type ThrottleVerdict = { allowed: true; captchaRequired: boolean } | { allowed: false; message: string };

export type ThrottleLimits = Pick<Config, "SIGNIN_MAX_FAILURES_PER_ACCOUNT" | "SIGNIN_MAX_FAILURES_PER_ADDRESS">;

/** The failure counts of one portal server; tests make their own so their counts start at zero. */
export class SignInThrottle {
  readonly #accounts = new FailureLog();
  readonly #addresses = new FailureLog();

  constructor(private readonly limits: ThrottleLimits) {}

  verdict(username: string, address: string): ThrottleVerdict {
    if (this.#addresses.count(address) >= this.limits.SIGNIN_MAX_FAILURES_PER_ADDRESS) {
      return { allowed: false, message: messages.signInThrottle.tooManyFromAddress };
    }
    const failures = this.#accounts.count(username.toLowerCase());
    if (failures >= this.limits.SIGNIN_MAX_FAILURES_PER_ACCOUNT) {
      return { allowed: false, message: messages.signInThrottle.tooManyForAccount };
    }
    return { allowed: true, captchaRequired: failures >= CAPTCHA_AFTER };
  }

  /** Returns the account's failure count after this one. */
  recordFailure(username: string, address: string): number {
    this.#addresses.record(address);
    return this.#accounts.record(username.toLowerCase());
  }

  recordSuccess(username: string) {
    this.#accounts.clear(username.toLowerCase());
  }
}

export const signInThrottle = new SignInThrottle(config);

/** The client's address, set by the portal's HTTP server (never taken from the request as sent). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-portal-client-address") ?? "unknown";
}
