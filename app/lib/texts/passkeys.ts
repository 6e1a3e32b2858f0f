/** The words of passkeys: at sign-in and in the profile's Sign-in security (decisions/300). */
export const passkeyTexts = {
  /** The sign-in's dialog. */
  signInTitle: "Use your passkey",
  signInDescription: "Your account asks for a passkey after your password. Use the passkey on this device, your phone or your security key.",
  usePasskey: "Use your passkey",
  checking: "Waiting for your passkey…",
  adding: "Waiting for your browser's passkey prompt…",
  useEmailedCode: "E-mail me a code instead",
  useRecoveryCode: "Use a recovery code",
  /** The browser's ceremony was cancelled, timed out or found no passkey (NotAllowedError). */
  cancelled: "The passkey was not used: it was cancelled, took too long, or this device has none of yours. Try again, or choose another way below.",
  /** The browser cannot do WebAuthn at all (an old browser, or not a secure page). */
  unsupported: "This browser cannot use passkeys. Choose another way below, or sign in from another browser.",
  /** The browser refused for another reason (a security error, an authenticator fault). */
  browserFailed: "Your browser could not use the passkey just now. Try again, or choose another way below.",
  /** The server's verdicts. */
  notThisAccount: "That passkey is not one of this account's. Use a passkey you added to this account.",
  refused: "That passkey could not be checked. Try again with a passkey you added to this account.",
  replayed: "That passkey answer was already used or has expired. Press Use your passkey to try again.",
  tooManyAttempts: "There have been too many failed attempts. Please wait 15 minutes and try again.",
  unavailable: "We could not check your passkey just now. Please try again in a few minutes.",
  linkSignIn: "Your account asks for a passkey when you sign in. Please sign in here with your e-mail address and password.",
  usePasskeyFirst: "Use your passkey, or choose another way to confirm it is you.",
  noEmailedCode: "The e-mailed code is not on for your account. Use your passkey or a recovery code.",
  /**
   * A sign-in with an e-mailed code in place of a passkey (issue 51, decisions/365): only the passkeys
   * added in the last PASSKEY_UNDO_DAYS days can be removed this way.
   */
  recoveryTitle: "Passkeys added recently",
  recoveryDescription: (days: number) =>
    `You signed in with your password and a code we e-mailed you instead of a passkey. These passkeys were added to your account in the last ${days} days. If you do not recognise one, someone may have signed in as you: remove them, then change your password.`,
  recoveryListLabel: "Passkeys added recently",
  recoveryAdded: (when: string, from: string | null) => (from ? `Added ${when} from ${from}` : `Added ${when}`),
  recoveryRemove: "Remove these passkeys",
  recoveryKeep: "Keep them and cancel",
  recoveryRemoved: (count: number) => (count === 1 ? "The passkey was removed." : `The ${count} passkeys were removed.`),
  noOrigin: "Passkeys cannot be used on this portal yet: its public address is not set up. Please ask your practice.",
  /** The profile. */
  sectionTitle: "Passkeys",
  none: "No passkeys yet. A passkey signs you in with your fingerprint, face or screen lock instead of a code, and cannot be stolen like a password.",
  intro: "After your password we ask for one of these passkeys.",
  addPasskey: "Add a passkey",
  addTitle: "Add a passkey",
  addDescription: "Give this passkey a name you will recognise. To check it is you, we then ask for a code we e-mail you (or a recovery code, or your password if you have no second step yet), and your browser shows its own steps (your fingerprint, face, screen lock or security key).",
  /** The proof was given: the browser's prompt is next, and again after a cancelled one, without new proof (issue 51). */
  promptTitle: (name: string) => `Add the passkey "${name}"`,
  promptDescription: "Follow your browser's steps: your fingerprint, face, screen lock or security key.",
  tryAgain: "Try again",
  nameLabel: "Name",
  nameHint: "For example: My phone, Work laptop.",
  nameMissing: "Enter a name for this passkey.",
  nameTooLong: "Use 60 characters or fewer for the name.",
  nameBadCharacters: "Use letters, digits, spaces and common punctuation only (no < or >).",
  added: (name: string) => `Passkey "${name}" added. It is asked for from your next sign-in.`,
  addCancelled: "The passkey was not added: it was cancelled or took too long. Press Try again to ask your browser once more.",
  alreadyAdded: "This device's passkey is already on your list.",
  /** Another account's credential (issue 51): refused without saying whose. */
  cannotAdd: "This passkey cannot be added. Use another device or security key.",
  renameTitle: (name: string) => `Rename "${name}"`,
  renamed: (name: string) => `The passkey is now called "${name}".`,
  removeTitle: (name: string) => `Remove "${name}"?`,
  removeDescription: "It will no longer sign you in. The passkey may stay on the device itself: remove it there too if you wish.",
  removed: (name: string) => `Passkey "${name}" removed.`,
  /** The last passkey, with the e-mailed code off: no second step is left, so the recovery codes went too (decisions/321). */
  removeLastDescription:
    "It will no longer sign you in. It is your last passkey and the e-mailed code is off, so signing in will need only your password and your recovery codes will stop working. The passkey may stay on the device itself: remove it there too if you wish.",
  removedWithCodes: (name: string) => `Passkey "${name}" removed. Signing in needs only your password now, and your recovery codes no longer work.`,
  /** A first passkey brings recovery codes (decisions/321). */
  codesTitle: "Your recovery codes",
  codesDescription: (name: string) => `Passkey "${name}" added. If you lose this device, a recovery code signs you in instead of your passkey.`,
  notListed: "That passkey is no longer on your list.",
  addedOn: "Added",
  addedFromLabel: "Added from",
  lastUsed: "Last used",
  neverUsed: "Not used yet",
  renameLabel: (name: string) => `Rename ${name}`,
  removeLabel: (name: string) => `Remove ${name}`,
} as const;
