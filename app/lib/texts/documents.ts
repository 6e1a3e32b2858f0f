/** Documents opened too fast from one account (issue 36): what the page, the viewer and the dashboard say. */
export const documentsTexts = {
  slowedDown: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    const wait = seconds < 60 ? "in a minute" : `in ${minutes} minute${minutes === 1 ? "" : "s"}`;
    return `Many documents have been opened from your account in the last few minutes, so the portal is pausing for a moment to protect your records. Please try again ${wait}.`;
  },
  /** The PDF viewer cannot read the wait from pdf.js: the same words without it. */
  slowedDownViewer:
    "Many documents have been opened from your account in the last few minutes, so the portal is pausing for a moment to protect your records. Please wait a few minutes, then open this document again.",
  noticeTitle: "Many documents were opened from your account",
  notice: (when: string, count: number) =>
    `${count} or more documents were opened from your account within a few minutes, at ${when}. If this was you, there is nothing to do. If it was not you, change your password now, and phone the practice.`,
  changePassword: "Change your password",
  dismiss: "Dismiss this notice",
} as const;
