/** Ten recovery codes, shown once (components/recovery-codes.tsx, decisions/277): at sign-in and on the profile. */
export const recoveryCodesTexts = {
  /** What each code stands in for: the e-mailed code, or a passkey (decisions/321). */
  keep: (instead: "email" | "passkey") =>
    `Keep these recovery codes somewhere safe, apart from your password. ${instead === "email" ? "Each one works once, instead of the e-mailed code, if you cannot get to your e-mail." : "Each one works once, instead of your passkey, if you lose the device it is on."} They will not be shown again.`,
  list: "Recovery codes",
  copy: "Copy codes",
  print: "Print codes",
  copied: "The codes are copied.",
  notCopied: "The codes could not be copied: write them down or print them.",
} as const;
