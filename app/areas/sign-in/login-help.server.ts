import { verifyCaptcha } from "./captcha.server";
import { sendHelpMessage } from "~/.server/practice/auth.server";
import { refuse, stepDispatcher } from "~/.server/steps.server";
import { parseForm } from "~/lib/form-data";
import type { FieldErrors } from "~/lib/forms";
import { LoginHelpSchema } from "./login-help";
import { loginHelpTexts } from "./login-help-texts";
import { loginHelpSteps } from "./steps";

/** The fields the form's schema refused, with their words. */
const wordsOf = (errors: FieldErrors): Record<string, string> => Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/**
 * The Login Help dialog's step (`./steps.ts`, decisions/280), the route's action: the form is checked
 * again here, the captcha verified, then sent. Nobody is signed in, so there is no session to begin with; a practice
 * that cannot be reached is the protocol's `failed`, with the dialog's "could not be sent".
 */
export const answerLoginHelp = stepDispatcher(
  loginHelpSteps,
  {
    send: async (fields) => {
      const parsed = parseForm(new URLSearchParams(fields), LoginHelpSchema);
      if (!parsed.ok) return refuse(loginHelpTexts.invalid, { fields: wordsOf(parsed.errors) });
      if (!(await verifyCaptcha(fields.captcha))) return refuse(loginHelpTexts.captcha, { fields: { captcha: loginHelpTexts.captcha } });
      const answer = await sendHelpMessage(parsed.value);
      if (answer.StatusCode === "1") return { message: answer.ResponseMessage || loginHelpTexts.sent };
      // The practice said no: nothing was sent.
      return refuse(answer.ResponseMessage || loginHelpTexts.failed);
    },
  },
  { begin: async () => null, failed: () => loginHelpTexts.failed },
);
