import { z } from "zod";

export const forgotPasswordTexts = {
  invalidEmail: "You have entered an invalid email address.",
  failed: "Something went wrong. Please try again.",
  captcha: "Please confirm you are not a robot first.",
} as const;

/** Forgot password (1§5): a valid e-mail; the captcha is checked by the server. */
export const ForgotPasswordSchema = z.object({
  email: z.string().trim().min(1, forgotPasswordTexts.invalidEmail).max(254, forgotPasswordTexts.invalidEmail).pipe(z.email(forgotPasswordTexts.invalidEmail)),
});
