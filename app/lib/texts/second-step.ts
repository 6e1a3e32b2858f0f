/** The words of the second step at sign-in and of the profile's Sign-in security (decisions/277). */
export const secondStepTexts = {
  yourAddress: "your e-mail address",
  codeSent: (to: string) => `We have sent a 6-digit code to ${to}. It works for 10 minutes.`,
  newCodeSent: (to: string) => `We have sent a new code to ${to}. Only the newest code works.`,
  setupRequired: "Your practice asks everyone to confirm their sign-in with a code sent by e-mail. Enter the code to set it up.",
  codeShape: "Enter the 6 digits of the code we e-mailed you.",
  recoveryShape: "Enter one of your recovery codes, for example 7KQ2M-X9PDA.",
  wrongCode: "That code is not right. Check the newest e-mail from us, or send a new code.",
  expiredCode: "That code has expired. Send a new code and use the newest one.",
  wrongRecoveryCode: "That recovery code is not right, or it has been used already. Each recovery code works once.",
  tooManyAttempts: "There have been too many wrong codes. Please wait 15 minutes and try again.",
  // The codes sent are counted apart from the wrong ones (issue 51): the pause says which it is.
  tooManySends: "We have sent as many codes as we can for now. Please wait 15 minutes, then ask for a new code.",
  // Browsers the holder has not signed in on share one count; a browser they have has its own (decisions/393).
  tooManySendsNewBrowser:
    "We have sent as many codes as we can for now to new browsers. Please wait 15 minutes, or sign in from a browser you have signed in with before. If you did not ask for these codes, someone may know your password: use Forgot Password to change it.",
  cannotSend: "We could not send your code just now. Please try again in a few minutes.",
  unavailable: "We could not check your code just now. Please try again in a few minutes.",
  // A link's sign-in carries no address to send the code to (decisions/277).
  noAddress: "Your account asks for a code by e-mail when you sign in. Please sign in here with your e-mail address and password.",
  turnedOn: "The e-mailed code is now on.",
  turnedOff: "The e-mailed code is now off.",
  /** Off while a passkey remains: the recovery codes stay, as the passkeys' way back (decisions/321). */
  turnedOffCodesKept: "The e-mailed code is now off. Your passkeys and recovery codes still work.",
  notOn: "You have no second step (a passkey or the e-mailed code), so there are no recovery codes to make.",
  newRecoveryCodes: "You have new recovery codes. The old ones no longer work.",
  // Fresh proof before a change that weakens sign-in (decisions/312).
  proofNeeded: "To make this change, enter the code we have just e-mailed you, or one of your recovery codes.",
  // The current password as proof: only for a passkey added by a holder with no second step yet (issue 51).
  passwordNotProof: "Your password alone cannot confirm this change. Enter the code we have just e-mailed you, or one of your recovery codes.",
  wrongPassword: "That password is not right. Enter your current password, or ask for a code by e-mail instead.",
  passwordUncheckable: "We could not check your password just now. Please try again in a few minutes, or ask for a code by e-mail instead.",
  tooManyPasswords: "There have been too many wrong passwords or codes. Please wait 15 minutes and try again.",
  confirmSent: (to: string) => `We have sent a 6-digit code to ${to}. Enter it to confirm. It works for 10 minutes.`,
  confirmSubject: "Your code to confirm a change to your sign-in",
  confirmBody: (code: string) =>
    `Your patient portal code is ${code}.\n\nYou asked to change how you sign in (for example, to turn off the e-mailed code). The code works for 10 minutes. If you did not ask for this, someone may be signed in as you: from your profile, sign out your other devices and change your password, and tell your practice.`,
  mailSubject: "Your sign-in code",
  mailBody: (code: string) =>
    `Your patient portal sign-in code is ${code}.\n\nIt works for 10 minutes. If you did not just sign in, someone knows your password: change it from your profile, and tell your practice.`,
} as const;
