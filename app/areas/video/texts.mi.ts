import type { videoTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/** /zoom's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const videoTexts = teReo<typeof english>({
  pageTitle: ["Hono ki te Hui – Tomokanga Tūroro", "drafted"],
  appointments: ["Ngā Whakaritenga", "drafted"],
  noMeetingTitle: ["Kāore he hui hei hono atu", "drafted"],
  backToAppointments: ["Hoki ki ngā whakaritenga", "drafted"],
  consultHeading: [(type: string, when: string) => `${type}, ${when}`, "drafted"],
  videoConsult: ["Hui ataata me te rata", "drafted"],
  with: ["Me", "drafted"],
  for: ["Mō", "drafted"],
  meetingId: ["Tohu hui (ID)", "drafted"],
  devicesBlockedTitle: ["Kua aukatia te kāmera, te hopuoro rānei", "drafted"],
  notStartedTitle: ["Kāore te hui i tīmata", "drafted"],
  tryAgain: ["Whakamātau anō", "drafted"],
  startMeeting: ["Tīmata te Hui", "drafted"],
  gettingReady: ["E whakareri ana i te hui…", "drafted"],
  connecting: ["E hono ana ki te hui…", "drafted"],
  notYoursTitle: ["Kāore i kitea te hui", "drafted"],
  notYours: [
    "Ehara tēnei hui i tētahi o ngā whakaritenga ataata e heke mai nei o te pūkete e tirohia ana e koe. Tērā pea kua whakakorea, kua oti kē rānei. Whakatuwheratia te hui mā te hononga Hono i te whārangi Whakaritenga, waea atu rānei ki te whare haumanu.",
    "drafted",
  ],
  notYoursOf: [
    (name: string) =>
      `Ehara tēnei hui i tētahi o ngā whakaritenga ataata e heke mai nei a ${name}. Tērā pea kua whakakorea, kua oti kē rānei, nō tētahi atu o tō whānau rānei: huri ki tō rātou pūkete, kātahi ka whakatuwhera mā te hononga Hono i te whārangi Whakaritenga.`,
    "drafted",
  ],
});
