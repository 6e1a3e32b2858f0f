export const signInTexts = {
  emailEmpty: "Email cannot be empty",
  emailInvalid: "Ooops! We need a valid email address",
  emailTooLong: "Email must be 254 characters or fewer",
  passwordEmpty: "Password cannot be empty",
  passwordTooLong: "Password must be 128 characters or fewer",
  summary: "You have entered an invalid email address.",
  /** Issue 21: an empty form names what is missing rather than calling an empty address invalid. */
  summaryMissing: { both: "Enter your email address and your password.", email: "Enter your email address.", password: "Enter your password." },
  /** Issue 21: the e-mail is fine and only the password is refused. */
  summaryPassword: "Check your password.",
  incorrect: "Your login details are incorrect.",
  /** The notice after Login Help is sent; the practice's own words follow it. */
  helpSent: "Help request sent",
  /**
   * Every refusal of a user name and password, whatever the practice said: unknown, wrong, locked
   * (which the practice says only to the right password) or answered without a patient. One wording,
   * so a refusal tells nobody whether the account exists or the password was right (decisions/221);
   * it names the lock so that a locked-out patient knows whom to ask.
   */
  credentialsRefused: "Invalid username or password. If your account has been locked, please contact the practice.",
  networkFailure: "Ohh. We hit a snag.",
  chooseAccount: "Select an account to continue",
  chooseAccountInvalid: "Please choose one of the listed accounts.",
  captchaNeeded: "Please confirm you are not a robot before signing in again.",
  passwordChangeFailed: "Something went wrong. Please try again.",
  /** The practice accepted the new password but said nothing (1§8 StatusCode "1" shows the practice's message). */
  passwordChanged: "Your password has been changed.",
  signInExpired: "Your sign-in has expired. Please sign in again.",
  passwordHasName: "Your password must not contain your first, middle or family name.",
  switchFailed: "This sign-in link has expired or was already used. Please sign in with your e-mail and password.",
  switchConfirmTitle: "Sign in with this link?",
  switchConfirmText: "You followed a sign-in link from another website or app. Continue only if you asked the practice for this link yourself.",
  switchConfirmButton: "Continue to the portal",
  /** The sign-in page (1§2 Login). */
  pageTitle: "Sign in – Patient Portal",
  switchPageTitle: "Sign in with a link – Patient Portal",
  healthAdvice: "Health advice",
  covidTitle: "COVID-19 health advice",
  covidAdvice: "If you have symptoms, stay home and call the practice or Healthline on 0800 358 5453 before you visit.",
  heading: "Sign in to your patient portal",
  needsJavaScript: "The patient portal needs JavaScript. Please turn it on in your browser and reload this page.",
  email: "Email",
  password: "Password",
  signingIn: "Signing in…",
  login: "Login",
  forgotPassword: "Forgot Password?",
  trouble: "Having trouble signing in?",
  signUp: "New patient? Sign up",
  openingHelp: "Opening Login Help…",
} as const;
