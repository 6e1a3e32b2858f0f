import type { manifestTexts as english } from "./manifest-texts";
import { teReo } from "~/lib/te-reo";

/** The installed portal's names in te reo Māori (decisions/403, 404): drafted, for review by a te reo speaker. */
export const manifestTexts = teReo<typeof english>({
  name: ["Tomokanga Tūroro", "drafted"],
  shortName: ["Tomokanga", "drafted"],
  description: ["Tō pūkete hauora, ō wā whakarite, ō rongoā me ō karere ki tō whare haumanu, me tō kāri hauora ahakoa kāore he whatunga.", "drafted"],
});
