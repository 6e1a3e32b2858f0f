/** The words of the new-device e-mail (decisions/295); the screen's own words are the profile's (app/areas/profile/texts.ts). */
export const deviceMailTexts = {
  subject: "A new device signed in to your patient portal",
  body: (device: string, when: string, range: string) =>
    `Your patient portal account was just signed in to from a device it has not seen before: ${device}, ${when} (practice time), from the address range ${range}.\n\nIf this was you, there is nothing to do. If it was not, sign in, open your profile, sign that device out under Your devices, change your password, and tell your practice.`,
} as const;

/** A device as the screens name it: its browser and system, both names of products kept as they are. */
export const deviceNameTexts = {
  browserOn: (browser: string, platform: string) => `${browser} on ${platform}`,
  anotherBrowser: "Another browser",
  anotherDevice: "another device",
} as const;
