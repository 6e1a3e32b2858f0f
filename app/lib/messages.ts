/**
 * The user-facing texts of the spec (1§5, 1§8, 2§5, 2§8) in one place, with the spec's wording and
 * spelling corrected. Screens and validation schemas take their words from here.
 */
export const messages = {
  signIn: {
    emailEmpty: "Email cannot be empty",
    emailInvalid: "Ooops! We need a valid email address",
    emailTooLong: "Email must be 254 characters or fewer",
    passwordEmpty: "Password cannot be empty",
    passwordTooLong: "Password must be 128 characters or fewer",
    summary: "You have entered an invalid email address.",
    incorrect: "Your login details are incorrect.",
    networkFailure: "Ohh. We hit a snag.",
    rejectedFallback: "We could not sign you in. Please check your details and try again.",
    chooseAccount: "Select an account to continue",
    chooseAccountInvalid: "Please choose one of the listed accounts.",
    captchaNeeded: "Please confirm you are not a robot before signing in again.",
    passwordChangeFailed: "Something went wrong. Please try again.",
    signInExpired: "Your sign-in has expired. Please sign in again.",
    passwordHasName: "Your password must not contain your first, middle or family name.",
    switchFailed: "This sign-in link has expired or was already used. Please sign in with your e-mail and password.",
  },
  loginHelp: {
    invalid: "Please correct the highlighted fields.",
    captcha: "Please confirm you are not a robot first.",
    sent: "Your request for help has been sent. The practice will contact you.",
    failed: "Your request for help could not be sent. Please try again, or phone the practice.",
  },
  dashboard: {
    noLongTermMedication: "No long term medication",
    noNewResults: "No new results",
    noUnreadMessages: "No unread messages",
    noFutureAppointments: "No future appointments",
  },
  errors: {
    notFoundTitle: "Failed to load the page",
    notFoundCode: "Error Code: 404",
    practiceUnavailable: "The practice's system is not answering just now. Please try again in a few minutes.",
    practiceBroken: "The practice's system sent a reply we could not read. Please try again later; if it keeps happening, contact the practice.",
  },
} as const;
