import type { ProxyView } from "~/lib/whanau-access";
import type { seesWords as englishSeesWords, sharingTexts as english } from "./texts";
import { teReo, teReoEntry } from "~/lib/te-reo";

/**
 * "Who can see my record"'s words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. `limited`
 * is te reo's limitedViewWords (whanau.mi.ts), each area with its article ("ngā whakaritenga … me ngā pire"), so a
 * sentence names it after a colon ("ēnei anake o tō pūkete: …") rather than after a possessive as English does.
 * Ages are said as "ka 16 ō tau" (when you are 16), not as an ordinal birthday.
 */
export const sharingTexts = teReo<typeof english>({
  title: ["Ko wai ka kite i taku pūkete", "drafted"],
  intro: [
    "Ka taea e ngā mātua me ngā kaitiaki kua honoa e te whare haumanu ki tō pūkete te mahi mōu i te tomokanga. Ka kite koe i konei i ia o rātou me te nui o tō pūkete ka kitea e rātou, ā, māu anō e kōwhiri, mai i tō ake takiuru.",
    "drafted",
  ],
  rules: [
    (limitedFrom: number, adultFrom: number, limited: string) =>
      `Ki te kore koe e kōwhiri, mā ngā ture a te whare haumanu e whakatau, e ai ki tō pakeke: kia ${limitedFrom} rā anō ō tau, ka kite rātou i ngā mea katoa; mai i te ${limitedFrom} tau, ko ēnei anake o tō pūkete: ${limited}; mai i te ${adultFrom} tau, kāore he mea.`,
    "drafted",
  ],
  confidential: [
    "Ko ngā mea ka tohua e te whare haumanu hei mea matatapu (pērā i te hauora taihemahema me te ārai hapū) e kore rawa e whakaaturia ki a rātou, ahakoa he aha tāu e kōwhiri ai.",
    "drafted",
  ],
  notYet: [(birthday: string, age: number) => `Ka ${age} ō tau hei te ${birthday}: mai i taua rā, ka taea e koe te kōwhiri ki konei te nui o tō pūkete ka kitea e ia o rātou.`, "drafted"],
  none: [
    "Kāore anō he matua, he kaitiaki rānei kia mahi mō tō pūkete i te tomokanga. Ina mahi tētahi, ka whakarārangitia ki konei, kātahi ka taea e koe te kōwhiri te nui ka kitea e ia.",
    "drafted",
  ],
  proxyOnly: [(name: string) => `Mā ${name} anake e kōwhiri ko wai ka kite i tōna pūkete, mai i tōna ake takiuru.`, "drafted"],
  listLabel: ["Ngā mātua me ngā kaitiaki", "drafted"],
  seesNow: ["Ka kite ināianei", "drafted"],
  since: [(date: string) => `E mahi ana mōu i te tomokanga mai i te ${date}`, "drafted"],
  legend: [(name: string) => `Te nui ka kitea e ${name}`, "drafted"],
  options: {
    rules: [(now: string) => `Tā ngā ture a te whare haumanu e tuku ai mō taku pakeke (ināianei: ${now})`, "drafted"],
    full: ["Taku pūkete katoa", "drafted"],
    limited: [(limited: string) => `Ko ēnei anake o taku pūkete: ${limited}`, "drafted"],
    none: ["Kāore he mea o taku pūkete", "drafted"],
  },
  save: [(name: string) => `Tiaki mō ${name}`, "drafted"],
  saving: ["E tiaki ana…", "drafted"],
  saved: [(name: string, sees: string) => `Kua tiakina. Ināianei, ko tā ${name} e kite ai: ${sees}.`, "drafted"],
  notListed: ["Kāore taua tangata i tō rārangi. Kōwhiria tētahi o ngā tāngata kua whakarārangitia.", "drafted"],
  pickOne: ["Kōwhiria te nui ka kitea e ia.", "drafted"],
  unavailable: ["Kāore i taea te pānui, te tiaki rānei i ō kōwhiringa i tēnei wā. Kāore he mea i hurihia. Whakamātauria anō ā tōna wā poto.", "drafted"],
  tooYoung: [(age: number) => `Ka taea e koe te kōwhiri ina ${age} ō tau.`, "drafted"],
});

/** How much one view shows, as what follows "Ka kite ināianei:" or a colon ("tō pūkete katoa"). */
export const seesWords = teReoEntry<typeof englishSeesWords>([
  (view: ProxyView, limited: string) => {
    if (view === "full") return "tō pūkete katoa";
    if (view === "limited") return `ēnei anake o tō pūkete: ${limited}`;
    return "kāore he mea o tō pūkete";
  },
  "drafted",
]);
