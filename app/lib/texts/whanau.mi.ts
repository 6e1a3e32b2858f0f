import type { AccessArea } from "../access-kinds";
import type { ProxyAccess, WhanauPolicy } from "../whanau-access";
import type { limitedViewWords as englishLimitedViewWords, viewReason as englishViewReason, whanauTexts as english, YoungPerson } from "./whanau";
import { teReo, teReoEntry } from "~/lib/te-reo";

/**
 * Whānau access's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. Te reo's "ia" and
 * "tōna" name the young person whatever their gender, so the gender the practice records changes no word here.
 */

export type { YoungPerson } from "./whanau";

/** The areas as a sentence names what a view shows, each with its article (te: one, ngā: many). */
const AREA_WORDS: Partial<Record<AccessArea, string>> = {
  appointments: "ngā whakaritenga",
  video: "ngā hui ataata",
  immunisations: "ngā werohanga ārai mate",
  allergies: "ngā mate pāwera",
  reminders: "ngā whakamaumahara",
  accounts: "ngā pire",
  medications: "ngā rongoā",
  results: "ngā hua whakamātautau",
  messages: "ngā karere",
  diagnoses: "ngā tautohu mate",
  vitals: "ngā inenga hauora",
  timeline: "te rārangi wā",
  resources: "ngā rauemi",
  letters: "ngā reta",
  summary: "te whakarāpopototanga hauora",
  profile: "te kōtaha",
  "access-record": "te rārangi o te hunga kua titiro",
  devices: "ngā pūrere",
};

function listed(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "te papatohu";
  return `${words.slice(0, -1).join(", ")} me ${words[words.length - 1]}`;
}

/** "ngā whakaritenga, ngā hui ataata, … me ngā pire": what the practice's limited view shows. */
export const limitedViewWords = teReoEntry<typeof englishLimitedViewWords>([
  (policy: Pick<WhanauPolicy, "limitedAreas">) => listed(policy.limitedAreas.flatMap((area) => AREA_WORDS[area] ?? [])),
  "drafted",
]);

/** A practice date (yyyy-mm-dd) as the portal shows dates, DD-MM-YYYY (2 intro). */
function shown(date: string | null): string {
  return date ? date.split("-").reverse().join("-") : "";
}

/** The line every page of a view other than the whole record carries, as in English; null where English gives none. */
export const viewReason = teReoEntry<typeof englishViewReason>([
  (person: YoungPerson, access: ProxyAccess, policy: WhanauPolicy) => {
    const shows = limitedViewWords(policy);
    const name = person.name;
    const on = access.since ? ` i te ${shown(access.since)}` : "";
    if (access.view === "full") return access.reason === "choice" ? `Kua tiria e ${name} tōna pūkete katoa ki a koe, mai i tōna ake takiuru.` : null;
    if (access.view === "none") {
      if (access.reason === "choice") return `Kua whakatau a ${name}, mai i tōna ake takiuru, kia kaua e tiria tōna pūkete ki a koe.`;
      return `Kua ${policy.adultFrom} tau a ${name}${on}: nōna ake tōna pūkete ināianei. Ka taea e ia te tiri ki a koe mai i tōna ake takiuru.`;
    }
    if (access.reason === "choice") return `Kua whakatau a ${name}, mai i tōna ake takiuru, kia tiria ki a koe ēnei o tōna pūkete: ${shows}.`;
    if (access.reason === "no-birth-date") return `Kāore anō te whare haumanu kia tuhi i te rā whānau o ${name}, nō reira ko ēnei anake o tōna pūkete ka kitea e koe: ${shows}. Ka taea e te whare haumanu te whakatika.`;
    return `Kua ${policy.limitedFrom} tau a ${name}${on}: ko ēnei anake o tōna pūkete ka kitea e koe ināianei: ${shows}. Ka taea e ia te tiri i ētahi atu mai i tōna ake takiuru.`;
  },
  "drafted",
]);

export const whanauTexts = teReo<typeof english>({
  refused: [
    (person: YoungPerson, area: AccessArea | null) => {
      const words = (area && AREA_WORDS[area]) || "te pūkete";
      return `Kāore i tiria ki a koe ${words} o ${person.name}.`;
    },
    "drafted",
  ],
  unavailable: ["Kāore i taea te takitaki i ngā wāhanga o tēnei pūkete kua tiria ki a koe i tēnei wā. Whakamātauria anō ā tōna wā poto.", "drafted"],
});
