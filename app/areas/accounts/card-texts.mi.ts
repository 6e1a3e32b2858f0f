import type { cardTexts as english } from "./card-texts";
import { teReo } from "~/lib/te-reo";

/**
 * The card checks' words in te reo Māori (decisions/403): drafted, for review by a te reo speaker. "He kāri Visa" needs
 * no "a" / "an" before the brand, so the brand only names the card. The brands' names are their own.
 */
export const cardTexts = teReo<typeof english>({
  cardRequired: ["Me tuhi te nama kāri", "drafted"],
  cardIncomplete: ["Kāore anō tō nama kāri kia oti.", "drafted"],
  cardInvalid: ["Kāore i tika tō nama kāri.", "drafted"],
  cardCorrect: ["Tuhia te nama kāri tika", "drafted"],
  expiryRequired: ["Me tuhi te rā pau", "drafted"],
  expiryInvalid: ["Tuhia te rā pau hei MM/YY", "drafted"],
  expiryPast: ["Kua hipa kē te rā pau o tō kāri.", "drafted"],
  cardBrandMismatch: [
    (brand: string, cardType: string) => `He kāri ${brand} tēnei: kōwhiria ko ${cardType} te momo kāri, kia tika ai te utu tāpiri kāri ka tangohia.`,
    "drafted",
  ],
  cardNotTaken: [(taken: string) => `Kāore te whare haumanu e whakaae ki tēnei kāri. Utua ki tētahi o ēnei: ${taken}.`, "drafted"],
  cardBrandNames: { visa: ["Visa", "usage"], mastercard: ["Mastercard", "usage"], amex: ["American Express", "usage"] },
  cvcRequired: ["Me tuhi te waehere haumaru", "drafted"],
  cvcInvalid: ["Kāore anō te waehere haumaru o tō kāri kia oti.", "drafted"],
  cardTypeLocked: [
    (brand: string, cardType: string) =>
      `Ko ${cardType} te momo kāri o tēnei utunga, ā, tērā pea kei te haere tonu tētahi kāri i whakamātauria mōna, nō reira e kore e taea te huri ināianei: utua ki tētahi kāri ${brand}.`,
    "drafted",
  ],
});
