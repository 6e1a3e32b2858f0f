/**
 * What the card checks say of the card typed or chosen (1§5 Payment, issue 36): said by the checks that
 * come with the payment form's code (the test card's and the Stripe adapter's, decisions/180) and by the
 * server, never drawn with the page, so kept off /accounts' first load (its budget, issue 54).
 */
export const cardTexts = {
  cardRequired: "Card number is required",
  cardIncomplete: "Your card number is incomplete.",
  cardInvalid: "Your card number is invalid.",
  cardCorrect: "Please enter correct card number",
  expiryRequired: "Expiry date is required",
  expiryInvalid: "Please enter the expiry date as MM/YY",
  expiryPast: "Your card's expiration date is in the past.",
  /** Issue 36: the card fee follows the card's brand, not the card type chosen for it. */
  cardBrandMismatch: (brand: string, cardType: string) => `This is ${/^[AEIOU]/.test(brand) ? "an" : "a"} ${brand} card: choose ${cardType} as the card type, so the right card fee is charged.`,
  cardNotTaken: (taken: string) => `The practice does not take this card. Please pay with one of these: ${taken}.`,
  cardBrandNames: { visa: "Visa", mastercard: "Mastercard", amex: "American Express" },
  cvcRequired: "Security code is required",
  cvcInvalid: "Your card's security code is incomplete.",
  /** Decisions/395: the payment's card type is fixed (a card tried on it may still be charged): no choice to point to. */
  cardTypeLocked: (brand: string, cardType: string) =>
    `This payment's card type is ${cardType}, and a card tried on it may still be going through, so that cannot be changed now: pay it with ${/^[AEIOU]/.test(brand) ? "an" : "a"} ${brand} card.`,
} as const;
