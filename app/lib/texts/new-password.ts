/**
 * The new-password rules of 1§5. The reset panel on the sign-in page and the profile dialogs word
 * the first three checks differently; the strength rules are the practice's policy.
 */
export const newPasswordTexts = {
  /** The rules shown beside every new-password form (1§5 New password). */
  rulesIntro: "Your password must:",
  rules: ["have at least 8 characters", "contain a lower case and an upper case letter", "contain at least two numbers", "not contain spaces, or your first, middle or family name"],
  resetPanel: {
    required: "Password is Required",
    confirmRequired: "Confirm Password is Required",
    mismatch: "Password and Confirm Password do not match",
    agree: "You need to mark that you agree before you can proceed.",
  },
  profile: {
    required: "Password cannot be empty",
    confirmRequired: "Confirm Password cannot be empty",
    mismatch: "Passwords did not match. Please try again",
    agree: "You need to mark that you agree before you can proceed.",
  },
  /** The current password, asked before a change made from the profile (issue 36). */
  current: {
    required: "Current Password cannot be empty",
    tooLong: "Password must be 128 characters or fewer",
  },
  failed: "Something went wrong. Please try again.",
} as const;
