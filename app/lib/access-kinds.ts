/**
 * The access record's closed sets, what was done and in which area of the portal, isomorphic so the area registry,
 * the access record's screen and the store's schema all take them from here (issue 31, decisions/270 and 274).
 */

/**
 * What was done: seen, taken away, changed at the practice, or a change to sign-in, devices, passkeys, share links and whānau access
 * (decisions/277, 295, 300, 305-309, 365, 382). Never with a code, passcode, key or a passkey's name.
 */
export const ACCESS_ACTIONS = [
  "view",
  "download",
  "change",
  "second-step-on",
  "second-step-off",
  "recovery-codes-made",
  "recovery-code-used",
  "second-step-failed",
  "new-device",
  "device-signed-out",
  "share-link-made",
  "share-link-revoked",
  "share-manifest-fetched",
  "share-file-fetched",
  "share-passcode-wrong",
  "share-link-ended",
  "card-kept",
  "passkey-added",
  "passkey-renamed",
  "passkey-removed",
  "passkey-used",
  "passkey-refused",
  "password-check-failed",
  "passkey-recovery",
  "refused",
  "sharing-full",
  "sharing-limited",
  "sharing-none",
  "sharing-by-age",
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/**
 * The portal's areas as the access record names them: a closed set of words, never a page's address
 * (which may carry an id or a search). The store's column accepts any lower-case word, so a new area
 * needs no migration; the type keeps the portal's own writes to this list.
 */
export const ACCESS_AREAS = [
  "sign-in",
  "dashboard",
  "profile",
  "medications",
  "results",
  "messages",
  "appointments",
  "video",
  "diagnoses",
  "allergies",
  "immunisations",
  "vitals",
  "timeline",
  "reminders",
  "resources",
  "letters",
  "accounts",
  "summary",
  "devices",
  "access-record",
  "switch-account",
  "sharing",
] as const;
export type AccessArea = (typeof ACCESS_AREAS)[number];

export const isAccessArea = (value: string): value is AccessArea => (ACCESS_AREAS as readonly string[]).includes(value);
