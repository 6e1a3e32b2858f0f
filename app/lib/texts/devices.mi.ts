import type { deviceMailTexts as english, deviceNameTexts as englishDeviceNames } from "./devices";
import { teReo } from "~/lib/te-reo";

/** The new-device e-mail in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const deviceMailTexts = teReo<typeof english>({
  subject: ["Kua takiuru tētahi pūrere hou ki tō tomokanga tūroro", "drafted"],
  body: [
    (device: string, when: string, range: string) =>
      `Kātahi anō ka takiuru tētahi pūrere kāore anō kia kitea i mua ki tō pūkete tomokanga tūroro: ${device}, ${when} (te wā o te whare haumanu), mai i te awhe wāhitau ${range}.\n\nMēnā ko koe tēnā, kāore he mahi māu. Ki te kore, takiuru mai, whakatuwheratia tō kōtaha, takiputahia taua pūrere i raro i Ō pūrere, hurihia tō kupuhipa, ā, whakamōhiotia tō whare haumanu.`,
    "drafted",
  ],
});

/** A device's name in te reo Māori: drafted, for review. */
export const deviceNameTexts = teReo<typeof englishDeviceNames>({
  browserOn: [(browser: string, platform: string) => `${browser} i runga i ${platform}`, "drafted"],
  anotherBrowser: ["He pūtirotiro kē", "drafted"],
  anotherDevice: ["he pūrere kē", "drafted"],
});
