import type { AccessAction, AccessArea } from "../../lib/access-kinds";

/**
 * The access record's screen, "Who has looked at my record" (issue 31; the spec has no such screen,
 * so its words follow the portal's own). The areas are named as the menu names them.
 */
export const accessRecordMessages = {
  title: "Who has looked at my record",
  intro: "Every page, document, download and change made through this portal on this record, newest first. Times are New Zealand time.",
  filtersLabel: "Filter the access record",
  person: "Whose record",
  area: "Area",
  everyArea: "Every area",
  from: "From (DD-MM-YYYY)",
  to: "To (DD-MM-YYYY)",
  fromHint: "For example, 01-03-2026",
  toHint: "For example, 31-03-2026",
  show: "Show",
  clear: "Clear filters",
  print: "Print",
  download: "Download CSV",
  older: "Older entries",
  newest: "Back to the newest entries",
  loading: "Loading the access record…",
  none: "No one has looked at this record through the portal yet.",
  noneFiltered: "No entries match these filters.",
  notYours: "You can see only your own record and the records of the people linked to your account.",
  areaUnknown: "Choose an area from the list",
  caption: "Accesses to the record, newest first",
  when: "When",
  who: "Who",
  what: "What",
  device: "Device",
  you: "You",
  someoneElse: "Another account holder",
  shown: (count: number, more: boolean) => `Showing ${count} ${count === 1 ? "entry" : "entries"}${more ? ", newest first; older entries are on the next page" : ", newest first"}.`,
} as const;

/** Each area of the access record as the menu names it. */
export const AREA_WORDS: Record<AccessArea, string> = {
  "sign-in": "Sign in",
  dashboard: "Dashboard",
  profile: "Profile",
  medications: "Medications",
  results: "Test Results",
  messages: "Messages",
  appointments: "Appointments",
  video: "Video consultation",
  diagnoses: "Diagnosis",
  allergies: "Allergies",
  immunisations: "Immunisation",
  vitals: "Vitals",
  timeline: "Timeline",
  reminders: "Reminders",
  resources: "Resources",
  letters: "Letters",
  accounts: "Accounts",
  summary: "Health summary",
  devices: "Devices",
  "access-record": "Who has looked at my record",
  "switch-account": "Switch account",
};

/** What was done, as words before the area: "Viewed Letters", "Opened an item in Letters". */
export const ACTION_WORDS: Record<AccessAction, { page: string; item: string }> = {
  view: { page: "Viewed", item: "Opened an item in" },
  download: { page: "Downloaded a file from", item: "Downloaded a file from" },
  change: { page: "Made a change in", item: "Made a change in" },
  "second-step-on": { page: "Turned on the e-mailed code at", item: "Turned on the e-mailed code at" },
  "second-step-off": { page: "Turned off the e-mailed code at", item: "Turned off the e-mailed code at" },
  "recovery-codes-made": { page: "Made new recovery codes for", item: "Made new recovery codes for" },
  "recovery-code-used": { page: "Used a recovery code at", item: "Used a recovery code at" },
  "second-step-failed": { page: "A wrong code was entered at", item: "A wrong code was entered at" },
  "new-device": { page: "A new device signed in at", item: "A new device signed in at" },
  "device-signed-out": { page: "Signed a device out at", item: "Signed a device out at" },
  // A share link's uses are made by whoever holds the link, named "Someone with a share link" (decisions/307).
  "share-link-made": { page: "Made a share link of the", item: "Made a share link of the" },
  "share-link-revoked": { page: "Revoked a share link of the", item: "Revoked a share link of the" },
  "share-manifest-fetched": { page: "Opened, with the passcode, a share link of the", item: "Opened, with the passcode, a share link of the" },
  "share-file-fetched": { page: "Took the file of a share link of the", item: "Took the file of a share link of the" },
  "share-passcode-wrong": { page: "Tried a wrong passcode on a share link of the", item: "Tried a wrong passcode on a share link of the" },
  "share-link-ended": { page: "Ended, by too many wrong passcodes, a share link of the", item: "Ended, by too many wrong passcodes, a share link of the" },
};
