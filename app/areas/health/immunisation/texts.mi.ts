import type { immunisationTexts as english } from "./texts";
import { teReo } from "~/lib/te-reo";

/**
 * Immunisation's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. A tab's
 * word follows the noun in te reo ("ngā werohanga ārai mate kua hipa te wā"), so the tab names read as its
 * qualifier.
 */
export const immunisationTexts = teReo<typeof english>({
  immunisation: ["Werohanga Ārai Mate", "drafted"],
  immunisationPageTitle: ["Werohanga Ārai Mate – Tomokanga Tūroro", "drafted"],
  immunisations: ["Ngā Werohanga Ārai Mate", "drafted"],
  immunisationTabs: { due: ["Ka tae te wā", "drafted"], overdue: ["Kua hipa te wā", "drafted"], administered: ["Kua hoatu", "drafted"], all: ["Katoa", "drafted"] },
  tabImmunisations: [(tab: string) => `Ngā werohanga ārai mate ${tab.toLowerCase()}`, "drafted"],
  print: ["Tā", "drafted"],
  printWhat: [(tab: string) => ` ngā werohanga ārai mate ${tab.toLowerCase()}`, "drafted"],
  // Te reo marks no plural on the noun: "1 werohanga ārai mate", "5 werohanga ārai mate".
  immunisationsShown: [
    (shown: number, total?: number) =>
      total === undefined ? `${shown} werohanga ārai mate e whakaaturia ana.` : `${shown} o ${total === 1 ? "te" : "ngā"} ${total} werohanga ārai mate e whakaaturia ana.`,
    "drafted",
  ],
  moreImmunisations: ["Whakaatu ētahi atu werohanga ārai mate", "drafted"],
  immunisationStates: {
    Overdue: ["Kua hipa te wā", "drafted"],
    Due: ["Ka tae te wā", "drafted"],
    Administered: ["Kua hoatu", "drafted"],
    Declined: ["Kua whakakāhoretia", "drafted"],
  },
  given: ["I hoatu", "drafted"],
  wasDue: ["I tae te wā", "drafted"],
  due: ["Ka tae te wā", "drafted"],
  indication: ["Take", "drafted"],
  vaccinator: ["Kaiwero", "drafted"],
});
