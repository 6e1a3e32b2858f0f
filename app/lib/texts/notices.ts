/** The passing notices' own words (components/ui/toast.tsx and its stand-in, toast-region.tsx). */
export const noticeTexts = {
  /** radix's region puts its hotkey in place of `{hotkey}`; the stand-in shown before it arrives says F8. */
  region: (hotkey: string) => `Notifications (${hotkey})`,
  notification: "Notification",
  dismiss: "Dismiss",
} as const;
