import type { secondStepTexts as english } from "./second-step";
import { teReo } from "~/lib/te-reo";

/** The second step's words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const secondStepTexts = teReo<typeof english>({
  yourAddress: ["tō wāhitau īmēra", "drafted"],
  codeSent: [(to: string) => `Kua tukuna e mātou he waehere 6 mati ki ${to}. Ka mahi mō te 10 meneti.`, "drafted"],
  newCodeSent: [(to: string) => `Kua tukuna e mātou he waehere hou ki ${to}. Ko te waehere hou rawa anake ka mahi.`, "drafted"],
  setupRequired: ["Ka tono tō whare haumanu ki te katoa kia whakaū i tō rātou takiuru mā tētahi waehere ka tukuna mā te īmēra. Tuhia te waehere hei whakarite.", "drafted"],
  codeShape: ["Tuhia ngā mati 6 o te waehere i īmēratia e mātou ki a koe.", "drafted"],
  recoveryShape: ["Tuhia tētahi o ō waehere whakaora, hei tauira, 7KQ2M-X9PDA.", "drafted"],
  wrongCode: ["Kāore i tika tērā waehere. Tirohia te īmēra hou rawa i a mātou, tukuna rānei he waehere hou.", "drafted"],
  expiredCode: ["Kua pau te wā o tērā waehere. Tukuna he waehere hou, ka whakamahi i te mea hou rawa.", "drafted"],
  wrongRecoveryCode: ["Kāore i tika tērā waehere whakaora, kua whakamahia kē rānei. Kotahi te whakamahinga o ia waehere whakaora.", "drafted"],
  tooManyAttempts: ["He maha rawa ngā waehere hē. Tatari mō te 15 meneti, kātahi ka whakamātau anō.", "drafted"],
  tooManySends: ["Kua tukuna e mātou te nui o ngā waehere e taea ana mō tēnei wā. Tatari mō te 15 meneti, kātahi ka tono i tētahi waehere hou.", "drafted"],
  tooManySendsNewBrowser: [
    "Kua tukuna e mātou te nui o ngā waehere e taea ana mō tēnei wā ki ngā pūtirotiro hou. Tatari mō te 15 meneti, takiuru mai rānei i tētahi pūtirotiro kua takiuru kē koe i mua. Mēnā kāore koe i tono i ēnei waehere, tērā pea e mōhio ana tētahi ki tō kupuhipa: whakamahia te Kua wareware tō kupuhipa? hei huri.",
    "drafted",
  ],
  cannotSend: ["Kāore i taea e mātou te tuku i tō waehere i tēnei wā. Whakamātauria anō ā ētahi meneti.", "drafted"],
  unavailable: ["Kāore i taea e mātou te takitaki i tō waehere i tēnei wā. Whakamātauria anō ā ētahi meneti.", "drafted"],
  noAddress: ["Ka tono tō pūkete i tētahi waehere mā te īmēra ina takiuru koe. Takiuru mai ki konei mā tō wāhitau īmēra me tō kupuhipa.", "drafted"],
  turnedOn: ["Kua whakakāngia te waehere ka īmēratia.", "drafted"],
  turnedOff: ["Kua whakawetongia te waehere ka īmēratia.", "drafted"],
  turnedOffCodesKept: ["Kua whakawetongia te waehere ka īmēratia. Ka mahi tonu ō kī uru me ō waehere whakaora.", "drafted"],
  notOn: ["Kāore ōu hipanga tuarua (he kī uru, te waehere ka īmēratia rānei), nō reira kāore he waehere whakaora hei hanga.", "drafted"],
  newRecoveryCodes: ["He waehere whakaora hou ōu. Kua kore ngā mea tawhito e mahi.", "drafted"],
  proofNeeded: ["Hei whakarite i tēnei huringa, tuhia te waehere kātahi anō ka īmēratia e mātou ki a koe, tētahi rānei o ō waehere whakaora.", "drafted"],
  passwordNotProof: ["Kāore e taea e tō kupuhipa anake te whakaū i tēnei huringa. Tuhia te waehere kātahi anō ka īmēratia e mātou ki a koe, tētahi rānei o ō waehere whakaora.", "drafted"],
  wrongPassword: ["Kāore i tika tērā kupuhipa. Tuhia tō kupuhipa o nāianei, tonoa rānei he waehere mā te īmēra hei utu.", "drafted"],
  passwordUncheckable: ["Kāore i taea e mātou te takitaki i tō kupuhipa i tēnei wā. Whakamātauria anō ā ētahi meneti, tonoa rānei he waehere mā te īmēra hei utu.", "drafted"],
  tooManyPasswords: ["He maha rawa ngā kupuhipa hē, ngā waehere hē rānei. Tatari mō te 15 meneti, kātahi ka whakamātau anō.", "drafted"],
  confirmSent: [(to: string) => `Kua tukuna e mātou he waehere 6 mati ki ${to}. Tuhia hei whakaū. Ka mahi mō te 10 meneti.`, "drafted"],
  confirmSubject: ["Tō waehere hei whakaū i tētahi huringa ki tō takiuru", "drafted"],
  confirmBody: [
    (code: string) =>
      `Ko ${code} tō waehere tomokanga tūroro.\n\nI tono koe kia hurihia te āhua o tō takiuru (hei tauira, kia whakawetongia te waehere ka īmēratia). Ka mahi te waehere mō te 10 meneti. Mēnā kāore koe i tono i tēnei, tērā pea kua takiuru tētahi atu hei koe: mai i tō kōtaha, takiputahia ō pūrere kē atu, hurihia tō kupuhipa, ā, whakamōhiotia tō whare haumanu.`,
    "drafted",
  ],
  mailSubject: ["Tō waehere takiuru", "drafted"],
  mailBody: [
    (code: string) =>
      `Ko ${code} tō waehere takiuru ki te tomokanga tūroro.\n\nKa mahi mō te 10 meneti. Mēnā kāore koe i takiuru ināia tonu nei, e mōhio ana tētahi ki tō kupuhipa: hurihia mai i tō kōtaha, ā, whakamōhiotia tō whare haumanu.`,
    "drafted",
  ],
});
