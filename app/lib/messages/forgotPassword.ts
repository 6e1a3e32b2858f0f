/** Forgot password (1§2, 1§5). */
export const forgotPasswordMessages = {
  invalidEmail: "You have entered an invalid email address.",
  failed: "Something went wrong. Please try again.",
  captcha: "Please confirm you are not a robot first.",
  neutral: "If that address belongs to an account, the practice will send a temporary password to it.",
} as const;
