import { config } from "~/.server/config.server";
import { requestPasswordReset } from "~/.server/practice/auth.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import { forgotPasswordThrottle, type AttemptThrottle } from "~/.server/sign-in-security/throttle.server";

/** Forgot Password's call to the practice (1§7): counted per account and per address before the practice is asked, and always the same neutral words (decisions/220). */
export type ForgotPasswordOutcome = "neutral" | "practiceFailed" | "practiceBroken";

export function createForgotPassword(deps: { throttle: AttemptThrottle; signedOutApi: string }) {
  return async function askForTemporaryPassword(email: string, address: string): Promise<ForgotPasswordOutcome> {
    const verdict = await deps.throttle.claim(email, address);
    if (!verdict.allowed) return "neutral";
    // Counted whatever the practice answers: a call whose reply was lost may still have replaced the
    // password, so nothing sent is taken back.
    try {
      const reply = await requestPasswordReset(email, deps.signedOutApi);
      return reply.StatusCode === "1" || reply.StatusCode === "0" ? "neutral" : "practiceBroken";
    } catch (error) {
      if (!(error instanceof PracticeApiError)) throw error;
      return "practiceFailed";
    }
  };
}

export const askForTemporaryPassword = createForgotPassword({ throttle: forgotPasswordThrottle, signedOutApi: config.PRACTICE_API_URL });
