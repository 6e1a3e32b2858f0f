import type { timelineTexts as english } from "./timeline";
import { teReo } from "~/lib/te-reo";

/** The timeline filter's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const timelineTexts = teReo<typeof english>({
  fromMissing: ["Tuhia hoki he rā tīmata, ūkuia rānei te rā mutunga", "drafted"],
  toMissing: ["Tuhia hoki he rā mutunga, ūkuia rānei te rā tīmata", "drafted"],
  fromAfterToday: ["Kāore e taea te rā tīmata kia i muri i te rā nei", "drafted"],
  fromTooEarly: ["Kāore e taea te rā tīmata kia i mua atu i te tau kotahi ki muri", "drafted"],
  toAfterToday: ["Kāore e taea te rā mutunga kia i muri i te rā nei", "drafted"],
  toNotAfterFrom: ["Me i muri te rā mutunga i te rā tīmata", "drafted"],
  searchTooLong: ["Kia 100 pū, iti iho rānei te roa o te rapu", "drafted"],
  providerUnknown: ["Kōwhiria he kaiwhakarato i te rārangi", "drafted"],
});
