/**
 * Why the server refuses a payment step (issues 20, 21; decisions/374): said only by the server's
 * answers, so kept off the page's first load (its budget, issue 54).
 */
export const paymentRefusalTexts = {
  /** One open payment per account holder (issue 20): what a second tab or session is told. */
  openElsewhere:
    "A payment for your account has already been started, in this or another window, and may have been taken from your card. Finish it before paying again, so you are not charged twice.",
  replaced: "This payment was replaced by one started in another window or tab. Your card was not charged.",
  amountFixed: "This payment has already gone to your card for another amount, so it cannot be changed. Finish it before paying again.",
  keySpent: "That payment is complete. Start a new payment to pay more.",
  /**
   * Decisions/374, 395: an open payment for more than is now owing (invoices paid at the desk since),
   * which nothing can charge: the page is read again, and a new payment of the invoices as they stand
   * lets it go.
   */
  invoicesChanged:
    "Your invoices have changed since this payment was started (some may have been paid at the practice), so it was not taken from your card and will not go ahead. The page now shows your invoices as they stand: choose what to pay, enter your card and press Pay.",
  /** Decisions/395: the same, but a confirmation of it may have charged the card (its answer never came). */
  invoicesChangedUnsure:
    "Your invoices have changed since this payment was started, and we cannot tell whether your card was charged for it, so it cannot be paid here. Please contact the practice, who can check whether it was taken, before paying again, so you are not charged twice.",
  /** Decisions/395: another card type asked for while a card tried on the payment may still be charged. */
  cardTypeFixed: (cardType: string) =>
    `This payment may still be going through with its card type, ${cardType}, so that cannot be changed now. Pay it with a card of that type: it is the same payment, so you cannot be charged twice.`,
} as const;
