import { createHash } from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { config } from "~/.server/config.server";
import { stateStore } from "~/.server/state.server";

/**
 * A self-hosted proof-of-work captcha (ALTCHA's library): works with no internet and the server decides whether it
 * was solved; each solution is accepted once, claimed in the state store by whichever process sees it first (decisions/050).
 */

const EXPIRES_MS = 5 * 60 * 1000;

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
  const signature = ok ? challengeSignature(payload) : null;
  if (!signature) return false;
  // Claimed by its challenge, not by the posted text: a re-encoding of one solution (keys reordered,
  // spaces, the number as text, padding stripped) is the same challenge and is refused. Kept until the
  // challenge itself has expired, after which the signature check refuses it anyway.
  const used = `captcha:${createHash("sha256").update(signature).digest("base64url")}`;
  return stateStore.compareAndSet(used, null, "used", EXPIRES_MS);
}

/** The server's signature of the challenge a solution answers: one per challenge issued. */
function challengeSignature(payload: string): string | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
    const signature = typeof decoded === "object" && decoded !== null && "signature" in decoded ? decoded.signature : null;
    return typeof signature === "string" && signature.length > 0 ? signature : null;
  } catch {
    return null;
  }
}
