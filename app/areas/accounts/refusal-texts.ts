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
  /** Decisions/374: an open payment for more than is now owing (invoices paid at the desk since). */
  invoicesChanged: "Your invoices have changed since this payment was started, so it was not taken from your card. Please contact the practice before paying again.",
} as const;
