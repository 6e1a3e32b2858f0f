import { describe, expect, it } from "vitest";
import { profileTexts as englishProfile } from "~/areas/profile/texts";
import { profileTexts as teReoProfile } from "~/areas/profile/texts.mi";
import { securityMailTexts as englishSecurity } from "~/.server/sign-in-security/security-mail-texts";
import { securityMailTexts as teReoSecurity } from "~/.server/sign-in-security/security-mail-texts.mi";
import { deviceMailTexts as englishDevice } from "~/lib/texts/devices";
import { deviceMailTexts as teReoDevice } from "~/lib/texts/devices.mi";
import { passkeyTexts as englishPasskeys } from "~/lib/texts/passkeys";
import { passkeyTexts as teReoPasskeys } from "~/lib/texts/passkeys.mi";

/**
 * The mails tell the holder what to press, by name (issue 69): in each language the names are the ones the
 * portal shows in that language, so a control renamed in its catalogue and not in the mail is caught here.
 */
const languages = [
  { language: "English", security: englishSecurity, device: englishDevice, profile: englishProfile, passkeys: englishPasskeys },
  { language: "te reo Māori", security: teReoSecurity, device: teReoDevice, profile: teReoProfile, passkeys: teReoPasskeys },
];

describe.each(languages)("the mails in $language", ({ security, device, profile, passkeys }) => {
  it("the sign-in change's mail names the passkey's way out and the profile's sections and button as the portal shows them", () => {
    const body = security.body("", "", "", "");
    for (const name of [passkeys.useEmailedCode, profile.signInSecurity, profile.devicesTitle, profile.signOutEverywhereElse]) expect(body).toContain(name);
  });

  it("the new-device mail names the profile's devices section as the portal shows it", () => {
    expect(device.body("", "", "")).toContain(profile.devicesTitle);
  });
});
