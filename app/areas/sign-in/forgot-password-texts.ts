/** Forgot password (1§2, 1§5). */
export const forgotPasswordTexts = {
  invalidEmail: "You have entered an invalid email address.",
  failed: "Something went wrong. Please try again.",
  captcha: "Please confirm you are not a robot first.",
  /**
   * The one answer for a password sent, an unknown address and a request held back by the throttle
   * (decisions/220): what a patient needs whichever it was. Only the newest temporary password works,
   * and asking again within 15 minutes may send nothing more.
   */
  neutral:
    "If that address belongs to an account, the practice will send a temporary password to it. Only the newest one works. If none has arrived within 15 minutes, check your junk mail, then contact the practice rather than asking again.",
  pageTitle: "Forgot password – Patient Portal",
  title: "Forgot your password?",
  intro: "Enter the e-mail address you sign in with. The practice will send you a temporary password.",
  email: "Email",
  sending: "Sending…",
  sendPassword: "Send Password",
} as const;
