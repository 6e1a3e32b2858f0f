import { cardTexts } from "./card-texts";

/**
 * A card's brand, so that the card fee follows the card and not the label chosen for it (issue 36,
 * decisions/212). The names are Stripe's (its card element reports `brand` in the same words).
 */
export type CardBrand = "visa" | "mastercard" | "amex";

/** The brand a practice's card type names (1§3 PaymentCardTypes: CardType "Visa", CardFee "Visa - 2.5%"), if any. */
export function brandOfCardType(name: string): CardBrand | undefined {
  if (/\bvisa\b/i.test(name)) return "visa";
  if (/\bmaster\s?card\b/i.test(name)) return "mastercard";
  if (/\bamex\b|\bamerican express\b/i.test(name)) return "amex";
  return undefined;
}

/** The brand of a card number, from its first digits (its BIN): Visa 4, Mastercard 51-55 and 2221-2720, Amex 34 and 37. */
export function cardBrandOf(digits: string): CardBrand | undefined {
  if (/^4/.test(digits)) return "visa";
  if (/^5[1-5]/.test(digits)) return "mastercard";
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return undefined;
}

/** A card type the practice takes, with its fee (1§3 PaymentCardTypes: "Visa - 2.5%"). */
export interface CardType {
  label: string;
  feeBasisPoints: number;
  /** The brand it names, which a card paid under it must be (issue 36); none: any card. */
  brand?: CardBrand;
}

/** The card types chosen from: the one chosen and all the practice offers. */
export interface CardChoice {
  chosen: CardType | undefined;
  all: CardType[];
  /** The chosen type cannot be changed now: a card tried on the payment may still be charged (decisions/395). */
  locked?: boolean;
}

/**
 * Why a card of `brand` cannot be paid under the chosen card type, or undefined when it can. A type
 * naming no brand (or no types at all) takes any card; a brand the practice lists must be paid under
 * its own type; a card the practice lists no type for is not taken. `brand` undefined: a card the
 * portal cannot place (another network), which a practice listing brands does not take.
 */
export function cardBrandProblem(brand: CardBrand | undefined, choice: CardChoice): string | undefined {
  const wanted = choice.chosen?.brand;
  if (!wanted || brand === wanted) return undefined;
  // No choice to point to: the card must be of the payment's own type.
  if (choice.locked) return cardTexts.cardTypeLocked(cardTexts.cardBrandNames[wanted], choice.chosen!.label);
  const own = brand ? choice.all.find((type) => type.brand === brand) : undefined;
  if (own && brand) return cardTexts.cardBrandMismatch(cardTexts.cardBrandNames[brand], own.label);
  const taken = [...new Set(choice.all.flatMap((type) => (type.brand ? [cardTexts.cardBrandNames[type.brand]] : [])))];
  return cardTexts.cardNotTaken(taken.join(", "));
}
