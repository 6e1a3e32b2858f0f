/**
 * The words of the profile's older layout (1§4, /profile-old) alone, and of its notification switches' saves:
 * kept off /profile's first load. The words both layouts show are profileTexts' (texts.ts).
 */
export const profileOldPageTexts = {
  metaTitle: "Profile (older layout) – Patient Portal",
  breadcrumb: "Profile",
  emailNotifications: "Email notifications",
  pushNotifications: "Push notifications",
  notificationTurned: (label: string, on: boolean) => `${label} turned ${on ? "on" : "off"}.`,
  /** A switch's busy mark, its state beside it. */
  savingSwitch: "Saving",
  on: "On",
  off: "Off",
  errorPrefix: "Error: ",
  personalInformation: "Personal Information",
  contactInformation: "Contact Information",
  centreDetails: "Centre Details",
  treatmentCentres: "Treatment centres",
  opensNewTab: " (opens in a new tab)",
  centres: {
    healthpoint: "Healthpoint: find a health service near you",
    tewhatuora: "Health New Zealand | Te Whatu Ora",
    infoHealth: "Health information and services (info.health.nz)",
    talk: "1737, Need to talk? Free call or text 1737",
  },
  passwordBelongsTo: (parent: string) => `The password belongs to ${parent}, who signed in.`,
  changeYourOwnPassword: "Change the password you sign in with.",
  termAndCondition: "Term and condition",
  portalTerms: "Portal terms of use",
  draftMessageTerms: "Draft message terms",
} as const;
