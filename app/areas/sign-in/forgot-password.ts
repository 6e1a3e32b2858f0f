import { z } from "zod";
import { emailAddressSchema } from "~/lib/email-address";
import { forgotPasswordTexts } from "./forgot-password-texts";

const t = forgotPasswordTexts;

/** Forgot password (1§5): a valid e-mail, by the sign-in form's one rule; the captcha is checked by the server. */
export const ForgotPasswordSchema = z.object({
  email: emailAddressSchema({ empty: t.invalidEmail, tooLong: t.invalidEmail, invalid: t.invalidEmail }),
});
