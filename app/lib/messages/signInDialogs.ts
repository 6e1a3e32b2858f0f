/** The sign-in's own dialogs (components/sign-in). */
export const signInDialogsMessages = {
  chooserDescription: "You can see the records of these people. Choose whose record to open; you can switch later by signing in again.",
  passwordUpdateTitle: "Update your password to continue",
  passwordUpdateDescription: "Your practice asks you to choose a new password before you go on.",
} as const;
