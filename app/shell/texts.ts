/** The shell's words (1§2, 1§9): the header, the main menu, the account menu, the footer, the breadcrumb. */
export const shellTexts = {
  skipToMain: "Skip to main content",
  menu: "Menu",
  portalName: "Patient Portal",
  /** A page's title in the browser's tab. */
  pageTitle: (title: string) => `${title} – Patient Portal`,
  /** The account menu's button, short, below 993 px. */
  account: "Account",
  // The button's name, then ": account menu", form one name for screen readers.
  accountMenu: ": account menu",
  patient: "Patient:",
  signedInAs: "Signed in as:",
  practice: "Practice:",
  hideDetails: "Hide details",
  details: "Details",
  /** After Details, for screen readers: together they name the button. */
  detailsOf: (name: string) => ` of ${name}`,
  /** A detail's label in the header ("NHI:"). */
  detailLabel: (label: string) => `${label}:`,
  /** The patient's details in the header (issue 67). */
  nhi: "NHI",
  mobile: "Mobile",
  email: "Email",
  /** The practice's hours in the header (issue 68). */
  practiceOpen: (hours: string) => `Open ${hours}`,
  practiceHoursNotRecorded: (notRecorded: string) => `Opening hours: ${notRecorded}`,
  mainMenu: "Main menu",
  dashboard: "Dashboard",
  /** After a menu entry's count, for screen readers. */
  unread: " unread",
  aboutThisView: "About this view: ",
  copyright: "Patient Portal © 2022",
  version: (version: string) => `Version ${version}`,
  /** The account menu (user-menu.tsx). */
  profile: "Profile",
  notificationSettings: "Notification Settings",
  accessRecord: "Who has looked at my record",
  sharing: "Who can see my record",
  refresh: "Refresh Configurations",
  logOut: "Log Out",
  /** Said under the account menu's button when a press could not fetch the menu; the next press fetches it again. */
  menuNotFetched: "The account menu could not be loaded. Check your connection, then press the menu again.",
  breadcrumb: "Breadcrumb",
  /** 1§2's spinner's words, for screen readers, while moving between pages (decisions/371). */
  loadingPage: "Loading the page…",
} as const;
