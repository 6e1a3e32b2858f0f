/** Issue 21, item 12: Switch account, from the header's account menu (decisions/160). */
export const accountSwitchTexts = {
  menuItem: "Switch account",
  title: "Switch account",
  intro: "Choose whose record to view. You stay signed in as yourself.",
  legend: "Accounts linked to your login",
  viewing: "now viewing",
  continue: "View this account",
  busy: "Opening…",
  cancel: "Cancel",
  notLinked: "That account is not linked to your login. Choose one of the accounts listed.",
  noneLinked: "No other accounts are linked to your login. The practice can link family members' records to it.",
} as const;
