/** The sign-in's own dialogs (components/sign-in). */
export const signInDialogsTexts = {
  /** The header's account menu has Switch account (decisions/160): no need to sign in again to change. */
  chooserDescription: "You can see the records of these people. Choose whose record to open; you can change it later with Switch account, in the account menu at the top of every page.",
  /** The agreement box of the forced password update and of /resetpassword (1§5 New password, rule 8). */
  agreement: "I agree to the patient portal user agreement",
  passwordUpdateTitle: "Update your password to continue",
  passwordUpdateDescription: "Your practice asks you to choose a new password before you go on.",
} as const;
