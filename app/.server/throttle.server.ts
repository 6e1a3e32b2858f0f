import { CAPTCHA_AFTER } from "../lib/sign-in-flow";
import { signInThrottleMessages } from "../lib/messages/signInThrottle";
import { config, type Config } from "./config.server";

import { stateStore } from "./state.server";
import { MemoryStateStore, type StateStore } from "./state-store.server";

/**
 * Sign-in throttling on the portal server, beyond the captcha: attempts are counted per account and
 * per client address in the state store (decisions/050), so clearing cookies, starting a new browser
 * or landing on another portal process does not reset them. Each count lives 15 minutes from its
 * first attempt.
 *
 * An attempt is counted BEFORE the practice is asked, as one atomic increment whose result is this
 * attempt's own number (decisions/051): requests sent together each get a different number, so the
 * fourth of forty parallel attempts needs the captcha and the eleventh is paused, exactly as if they
 * had come one after another. An attempt that turns out not to be a wrong password (the captcha was
 * missing, the practice could not be reached, or it succeeded) is taken back; a success also clears
 * the account's count (1§4: "resets on success"), not the address's.
 */

const WINDOW_MS = 15 * 60 * 1000;

export type ThrottleVerdict = { allowed: true; captchaRequired: boolean; attempt: number } | { allowed: false; message: string };

export type ThrottleLimits = Pick<Config, "SIGNIN_MAX_FAILURES_PER_ACCOUNT" | "SIGNIN_MAX_FAILURES_PER_ADDRESS">;

const accountKey = (username: string) => `throttle:account:${username.toLowerCase()}`;
const addressKey = (address: string) => `throttle:address:${address}`;

/** The attempt counts; tests make their own (a fresh store by default) so their counts start at zero. */
export class SignInThrottle {
  constructor(
    private readonly limits: ThrottleLimits,
    private readonly store: StateStore = new MemoryStateStore(),
  ) {}

  /**
   * Claims one attempt for the account from the address. Refused (and not counted) when either count
   * is already at its limit; otherwise `attempt` is this attempt's number for the account, counting
   * those still under way, and the captcha is needed from the one after CAPTCHA_AFTER.
   */
  async claim(username: string, address: string): Promise<ThrottleVerdict> {
    const fromAddress = await this.store.increment(addressKey(address), WINDOW_MS);
    if (fromAddress > this.limits.SIGNIN_MAX_FAILURES_PER_ADDRESS) {
      await this.store.decrement(addressKey(address));
      return { allowed: false, message: signInThrottleMessages.tooManyFromAddress };
    }
    const attempt = await this.store.increment(accountKey(username), WINDOW_MS);
    if (attempt > this.limits.SIGNIN_MAX_FAILURES_PER_ACCOUNT) {
      await this.release(username, address);
      return { allowed: false, message: signInThrottleMessages.tooManyForAccount };
    }
    return { allowed: true, captchaRequired: attempt > CAPTCHA_AFTER, attempt };
  }

  /** Takes back a claimed attempt that was not a wrong password (no captcha, the practice unreachable). */
  async release(username: string, address: string): Promise<void> {
    await this.store.decrement(accountKey(username));
    await this.store.decrement(addressKey(address));
  }

  /** The right password: the account's count starts again, and this attempt is not the address's failure. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.store.delete(accountKey(username));
    await this.store.decrement(addressKey(address));
  }
}

export const signInThrottle = new SignInThrottle(config, stateStore);

/** The client's address, set by the portal's HTTP server (never taken from the request as sent). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-portal-client-address") ?? "unknown";
}
