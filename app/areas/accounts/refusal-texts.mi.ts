import type { paymentRefusalTexts as english } from "./refusal-texts";
import { teReo } from "~/lib/te-reo";

/** Why the server refuses a payment step, in te reo Māori (decisions/403): drafted, for review by a te reo speaker. */
export const paymentRefusalTexts = teReo<typeof english>({
  openElsewhere: [
    "Kua tīmata kē tētahi utunga mō tō pūkete, i tēnei matapihi, i tētahi atu rānei, ā, tērā pea kua tangohia te moni i tō kāri. Whakaotia i mua i tō utu anō, kia kore ai e tangohia rua te moni i a koe.",
    "drafted",
  ],
  replaced: ["I whakakapia tēnei utunga e tētahi i tīmata i tētahi atu matapihi, ripa rānei. Kāore he moni i tangohia i tō kāri.", "drafted"],
  amountFixed: ["Kua tae kē tēnei utunga ki tō kāri mō tētahi atu moni, nō reira e kore e taea te huri. Whakaotia i mua i tō utu anō.", "drafted"],
  keySpent: ["Kua oti taua utunga. Tīmatahia he utunga hou hei utu i ētahi atu.", "drafted"],
  invoicesChanged: [
    "Kua rerekē ō pire mai i te tīmatanga o tēnei utunga (tērā pea kua utua ētahi i te whare haumanu), nō reira kāore i tangohia i tō kāri, ā, e kore e haere tonu. Kua whakaaturia ināianei e te whārangi ō pire o nāianei: kōwhiria ngā mea hei utu, tuhia tō kāri, ka pēhi i te Utua.",
    "drafted",
  ],
  invoicesChangedUnsure: [
    "Kua rerekē ō pire mai i te tīmatanga o tēnei utunga, ā, kāore e taea e mātou te mōhio mēnā kua tangohia te moni i tō kāri mōna, nō reira e kore e taea te utu ki konei. Whakapā atu ki te whare haumanu, ka taea nei e rātou te takitaki mēnā kua tangohia, i mua i tō utu anō, kia kore ai e tangohia rua te moni i a koe.",
    "drafted",
  ],
  cardTypeFixed: [
    (cardType: string) =>
      `Tērā pea kei te haere tonu tēnei utunga me tōna momo kāri, ${cardType}, nō reira e kore e taea te huri ināianei. Utua ki tētahi kāri o taua momo: ko te utunga anō tēnei, nō reira e kore e taea te tango rua i te moni i a koe.`,
    "drafted",
  ],
});
