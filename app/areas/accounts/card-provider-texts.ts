/** The card providers' own failures (components/accounts); a reason shown inside payment.failed. */
export const cardProviderTexts = {
  /** The Stripe card field's label. */
  cardDetails: "Card details",
  formNotReady: "The card form is not ready.",
  fieldNotReady: "The card field is not ready.",
  notLoaded: "The card provider could not be loaded.",
  notAccepted: "Your card was not accepted.",
  notCompleted: "The card provider did not complete the payment.",
  /** A refusal by its code (Stripe's, which the built-in test provider shares), in the provider's own English words. */
  refusals: {
    card_declined: "Your card was declined.",
    insufficient_funds: "Your card has insufficient funds.",
    expired_card: "Your card has expired.",
    incorrect_number: "Your card number is incorrect.",
  },
} as const;
