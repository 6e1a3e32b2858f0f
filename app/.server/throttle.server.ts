import { CAPTCHA_AFTER } from "../lib/sign-in-flow";
import { messages } from "../lib/messages";
import { config, type Config } from "./config.server";

import { stateStore } from "./state.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";

/**
 * Sign-in throttling on the portal server, beyond the captcha: failures are counted per account and
 * per client address in the state store (decisions/050), so clearing cookies, starting a new browser
 * or landing on another portal process does not reset them. A success clears the account's count
 * (1§4: "resets on success"), not the address's. Each count lives 15 minutes from its first failure.
 */

const WINDOW_MS = 15 * 60 * 1000;

export type ThrottleVerdict = { allowed: true; captchaRequired: boolean } | { allowed: false; message: string };

export type ThrottleLimits = Pick<Config, "SIGNIN_MAX_FAILURES_PER_ACCOUNT" | "SIGNIN_MAX_FAILURES_PER_ADDRESS">;

const accountKey = (username: string) => `throttle:account:${username.toLowerCase()}`;
const addressKey = (address: string) => `throttle:address:${address}`;

/** The failure counts; tests make their own (a fresh store by default) so their counts start at zero. */
export class SignInThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly store: StateStore = new MemoryStateStore(),
  ) {}

  async #count(key: string): Promise<number> {
    return Number((await this.store.get(key)) ?? 0);
  }

  async verdict(username: string, address: string): Promise<ThrottleVerdict> {
    if ((await this.#count(addressKey(address))) >= this.limits.SIGNIN_MAX_FAILURES_PER_ADDRESS) {
      return { allowed: false, message: messages.signInThrottle.tooManyFromAddress };
    }
    const failures = await this.#count(accountKey(username));
    if (failures >= this.limits.SIGNIN_MAX_FAILURES_PER_ACCOUNT) {
      return { allowed: false, message: messages.signInThrottle.tooManyForAccount };
    }
    return { allowed: true, captchaRequired: failures >= CAPTCHA_AFTER };
  }

  /** Returns the account's failure count after this one, counted atomically across processes. */
  async recordFailure(username: string, address: string): Promise<number> {
    await this.store.increment(addressKey(address), WINDOW_MS);
    return this.store.increment(accountKey(username), WINDOW_MS);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.store.delete(accountKey(username));
  }
}

export const signInThrottle = new SignInThrottle(config, stateStore);

/** The client's address, set by the portal's HTTP server (never taken from the request as sent). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-portal-client-address") ?? "unknown";
}
