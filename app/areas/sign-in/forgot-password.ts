import { z } from "zod";
import { forgotPasswordTexts } from "./forgot-password-texts";

const t = forgotPasswordTexts;

/** Forgot password (1§5): a valid e-mail; the captcha is checked by the server. */
export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, t.invalidEmail).max(254, t.invalidEmail).pipe(z.email(t.invalidEmail)),
});
