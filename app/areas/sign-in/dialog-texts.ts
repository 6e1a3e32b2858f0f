/** The sign-in's own dialogs (components/sign-in). */
export const signInDialogsTexts = {
  /** The header's account menu has Switch account (decisions/160): no need to sign in again to change. */
  chooserDescription: "You can see the records of these people. Choose whose record to open; you can change it later with Switch account, in the account menu at the top of every page.",
  /** The agreement box of the forced password update and of /resetpassword (1§5 New password, rule 8). */
  agreement: "I agree to the patient portal user agreement",
  passwordUpdateTitle: "Update your password to continue",
  passwordUpdateDescription: "Your practice asks you to choose a new password before you go on.",
  newPassword: "New password",
  confirmPassword: "Confirm password",
  saving: "Saving…",
  proceed: "Proceed",
  cancel: "Cancel",
  continue: "Continue",
  /** The chooser's list of accounts. */
  accounts: "Accounts",
  opening: "Opening…",
  pleaseWait: "Please wait…",
  /** The second step at sign-in (decisions/277). */
  setUpTitle: "Set up a code by e-mail",
  recoveryTitle: "Enter a recovery code",
  codeTitle: "Enter the code we e-mailed you",
  recoveryDescription: "Enter one of the recovery codes you kept.",
  recoveryCode: "Recovery code",
  sixDigitCode: "6-digit code",
  checking: "Checking…",
  sendNewCode: "Send a new code",
  useEmailedCode: "Use the e-mailed code",
  useRecoveryCode: "Use a recovery code",
  recoveryCodesTitle: "Your recovery codes",
  recoveryCodesDescription: "The code by e-mail is set up. These codes let you in if you cannot get to your e-mail.",
  signingIn: "Signing in…",
  codesKept: "I have kept my codes: continue",
  /** The set-password page (/resetpassword, 1§5 New password). */
  resetPageTitle: "Set password – Patient Portal",
  resetTitle: "Set your password",
  resetHow: "A new password is set after signing in with the temporary password the practice sent you.",
  /** "Sign in or, if you have no temporary password, ask for one.": one sentence, its two links' words apart. */
  resetSignIn: "Sign in",
  resetOr: "or, if you have no temporary password,",
  resetAskForOne: "ask for one",
  password: "Password",
  setPassword: "Set Password",
} as const;
