import type { meetingTexts as english } from "./meeting-texts";
import { teReo } from "~/lib/te-reo";

/** Joining a video consult, in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const meetingTexts = teReo<typeof english>({
  title: ["Hono ki te Hui", "drafted"],
  missing: ["Me whai hui tēnei whārangi hei hono atu. Huakina mai i te hononga Hono o tētahi whakaritenga ataata.", "drafted"],
  malformed: ["Ehara te tautohu hui o tēnei hononga i tētahi e taea ana e mātou te hono. Huakina te hui mā te hononga Hono o tō whakaritenga ataata, whakapā atu rānei ki te whare haumanu.", "drafted"],
  badMeeting: ["Ehara tērā tautohu hui i tētahi e taea ana e mātou te hono.", "drafted"],
  notSigned: ["Kāore i taea e te ratonga ataata o te whare haumanu te tuku i a koe ki tēnei hui i tēnei wā. Whakamātauria anō ā ētahi meneti; ki te haere tonu te raru, waea atu ki te whare haumanu.", "drafted"],
  unreachable: ["Kāore e taea te toro atu ki te ratonga hui. Tirohia tō hononga ipurangi, kātahi ka whakamātau anō.", "drafted"],
  refused: ["Kāore te ratonga hui i whakaae ki ngā taipitopito o tēnei hui. Waea atu ki te whare haumanu mō tētahi hononga hou.", "drafted"],
  sdkFailed: ["Kāore i taea te tīmata i te hui i tēnei pūtirotiro. Whakamātauria anō; ki te haere tonu te raru, waea atu ki te whare haumanu.", "drafted"],
  timedOut: ["Kāore te ratonga hui i whakautu. Tirohia tō hononga ipurangi, kātahi ka whakamātau anō.", "drafted"],
  sessionEnded: ["Kua mutu tō takiuru, nō reira kāore i taea te tīmata i te hui: takiuru anō ki tētahi ripa hou, kātahi ka hoki mai ki konei ka pēhi i te Whakamātau anō.", "drafted"],
  devicesBlocked: [
    (blocked: "camera" | "microphone" | "both") =>
      blocked === "both"
        ? "Kei te aukati tō pūtirotiro i te kāmera me te hopuoro mō tēnei paetukutuku, nō reira kāore te rata e kite, e rongo rānei i a koe. Hei tuku i a rāua, kōwhiria te raka, te tohu tautuhinga rānei i te taha o te pae wāhitau, tautuhia te Kāmera me te Hopuoro ki te Tuku, kātahi ka kōwhiri i te Whakamātau anō. Ka taea tonu e koe te hono me te whai haere."
        : blocked === "camera"
          ? "Kei te aukati tō pūtirotiro i te kāmera mō tēnei paetukutuku, nō reira kāore te rata e kite i a koe. Hei tuku i a ia, kōwhiria te raka, te tohu tautuhinga rānei i te taha o te pae wāhitau, tautuhia te Kāmera ki te Tuku, kātahi ka kōwhiri i te Whakamātau anō. Ka taea tonu e koe te hono me te whai haere."
          : "Kei te aukati tō pūtirotiro i te hopuoro mō tēnei paetukutuku, nō reira kāore te rata e rongo i a koe. Hei tuku i a ia, kōwhiria te raka, te tohu tautuhinga rānei i te taha o te pae wāhitau, tautuhia te Hopuoro ki te Tuku, kātahi ka kōwhiri i te Whakamātau anō. Ka taea tonu e koe te hono me te whai haere.",
    "drafted",
  ],
});
