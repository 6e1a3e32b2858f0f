/** The "I'm not a robot" box's status line (components/captcha.tsx). */
export const captchaTexts = {
  notARobot: "I’m not a robot",
  verifying: "Checking… this takes a few seconds.",
  verified: "Done: you can continue.",
  expired: "The check has expired. Please tick the box again.",
  error: "The check could not be completed. Please tick the box again.",
  /** Issue 21: beside a button the check keeps disabled, saying why. */
  gate: (action: string) => `${action} is available once “I’m not a robot” above is ticked and done.`,
} as const;
