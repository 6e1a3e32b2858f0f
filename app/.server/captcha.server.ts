import { createChallenge, verifySolution } from "altcha-lib/v1";
import { config } from "./config.server";

/**
 * A self-hosted proof-of-work captcha (ALTCHA's library): works with no internet, and the server,
 * not the browser, decides whether it was solved. Each solution is accepted once.
 */

const EXPIRES_MS = 5 * 60 * 1000;
const used = new Map<string, number>();

export async function newCaptchaChallenge() {
  const expires = new Date(Date.now() + EXPIRES_MS);
  const challenge = await createChallenge({ hmacKey: config.sessionSecret, maxNumber: config.CAPTCHA_MAX_NUMBER, expires });
  return { ...challenge, expiresAt: expires.toISOString() };
}

/** True once for a valid, unexpired, unused solution (the base64 payload the widget posts). */
export async function verifyCaptcha(payload: unknown): Promise<boolean> {
  if (typeof payload !== "string" || payload.length === 0 || payload.length > 4000) return false;
  let ok: boolean;
  try {
    ok = await verifySolution(payload, config.sessionSecret, true);
  } catch {
    return false;
  }
  if (!ok) return false;
  const now = Date.now();
  for (const [key, until] of used) if (until < now) used.delete(key);
  if (used.has(payload)) return false;
  used.set(payload, now + EXPIRES_MS);
  return true;
}
