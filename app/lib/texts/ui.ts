/** The shared controls' own words (app/components/ui): dialogs, fields, notices, and the charts' tables. */
export const uiTexts = {
  /** A dialog's × button, and the Close of the document viewer. */
  close: "Close",
  /** Read by a screen reader before a field's message. */
  errorPrefix: "Error: ",
  /** The password field's toggle; a screen reader hears the field's name after it ("Show new password"). */
  showPassword: "Show",
  hidePassword: "Hide",
  /** The notices (toast.tsx): radix's region puts its hotkey in place of `{hotkey}`; the stand-in before it arrives says F8. */
  notificationsRegion: (hotkey: string) => `Notifications (${hotkey})`,
  notification: "Notification",
  dismiss: "Dismiss",
  /** The table standing in for a chart's drawing (charts/chart-figure.tsx). */
  chartCategory: "Category",
  chartNumber: "Number",
} as const;
