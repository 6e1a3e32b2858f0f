import { config } from "./config.server";

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

const accounts = new FailureLog();
const addresses = new FailureLog();

/** From this many failures of one account, the next attempt needs a captcha (1§4). */
export const CAPTCHA_AFTER = 3;

export type ThrottleVerdict = { allowed: true; captchaRequired: boolean } | { allowed: false; message: string };

export function signInVerdict(username: string, address: string): ThrottleVerdict {
  if (addresses.count(address) >= config.SIGNIN_MAX_FAILURES_PER_ADDRESS) {
    return { allowed: false, message: "There have been too many unsuccessful sign-in attempts from your network. Please wait 15 minutes and try again." };
  }
  const failures = accounts.count(username.toLowerCase());
  if (failures >= config.SIGNIN_MAX_FAILURES_PER_ACCOUNT) {
    return { allowed: false, message: "There have been too many unsuccessful sign-in attempts for this account. Please wait 15 minutes and try again, or use Forgot Password." };
  }
  return { allowed: true, captchaRequired: failures >= CAPTCHA_AFTER };
}

/** Returns the account's failure count after this one. */
export function recordSignInFailure(username: string, address: string): number {
  addresses.record(address);
  return accounts.record(username.toLowerCase());
}

export function recordSignInSuccess(username: string) {
  accounts.clear(username.toLowerCase());
}

/** The client's address, set by the portal's HTTP server (never taken from the request as sent). */
export function clientAddress(request: Request): string {
  return request.headers.get("x-portal-client-address") ?? "unknown";
}
