/** The frame of the signed-out screens (components/signed-out-page.tsx): apart, so sign up and the password pages do not load the sign-in page's words. */
export const signedOutTexts = {
  /** The way back to the sign-in page. */
  backToSignIn: "Sign In",
} as const;
