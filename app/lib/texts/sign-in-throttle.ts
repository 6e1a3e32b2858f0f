/** The portal's own pause after many failed sign-ins (app/.server/sign-in-security/throttle.server.ts). */
export const signInThrottleTexts = {
  tooManyFromAddress: "There have been too many unsuccessful sign-in attempts from your network. Please wait 15 minutes and try again.",
  tooManyForAccount: "There have been too many unsuccessful sign-in attempts for this account. Please wait 15 minutes and try again, or use Forgot Password.",
} as const;
