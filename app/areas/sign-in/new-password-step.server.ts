import { endpoints } from "@contract/endpoints";
import { signInTexts } from "./texts";
import { newPasswordProblem } from "~/lib/new-password";
import { practiceApi } from "~/.server/practice/api.server";
import { PracticeApiError } from "~/.server/practice/client.server";
import type { PortalSession } from "~/.server/session.server";
import { proxyCheck } from "./account-choice.server";
import { expired, type FlowResult, type SignInContext } from "./sign-in-context.server";

/** The forced password update panel (1§4 step 3): ChangePassword with the account holder's id. */
export async function changePasswordStep(
  ctx: SignInContext,
  session: PortalSession,
  input: { password: string; confirm: string; agreed: boolean },
): Promise<FlowResult<"expired" | "refused" | "failed" | "chooseAccount" | "signedIn">> {
  const pending = session.get("pending");
  if (!pending?.passwordReset || pending.secondStep || pending.secondStepPassed) return expired;
  const problem = newPasswordProblem(input, "resetPanel");
  if (problem) return { outcome: { kind: "refused", message: problem.message } };
  // The rules shown to the patient say the password must not contain their names (1§5); here it is enforced.
  const lowered = input.password.toLowerCase();
  if (pending.name.split(/\s+/).some((part) => part.length >= 3 && lowered.includes(part.toLowerCase()))) {
    return { outcome: { kind: "refused", message: signInTexts.passwordHasName } };
  }
  try {
    const reply = await practiceApi(pending.apiBase, pending.token).call(endpoints.changePassword, {
      body: { PatientID: pending.patientId, Password: input.password },
    });
    if (reply.StatusCode === "1") {
      // Any other session of the account (signed in before the practice asked for a new password,
      // or another browser at this panel) was opened with the old password: it ends here.
      await ctx.sessions.endOtherSessions(session);
      // 1§8: the practice's message is shown; here on the first signed-in page (the shell), once.
      const notice = reply.StatusMessage || reply.ResponseMessage || signInTexts.passwordChanged;
      return proxyCheck(ctx, session, { ...pending, passwordReset: false, notice });
    }
    if (reply.StatusCode === "3") return { outcome: { kind: "refused", message: reply.StatusMessage ?? reply.ResponseMessage ?? signInTexts.passwordChangeFailed } };
    return { outcome: { kind: "failed", message: signInTexts.passwordChangeFailed } };
  } catch (error) {
    if (error instanceof PracticeApiError) return { outcome: { kind: "failed", message: signInTexts.passwordChangeFailed } };
    throw error;
  }
}
