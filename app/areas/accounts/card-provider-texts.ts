/** The card providers' own failures (components/accounts); a reason shown inside payment.failed. */
export const cardProviderTexts = {
  /** The Stripe card field's label. */
  cardDetails: "Card details",
  formNotReady: "The card form is not ready.",
  fieldNotReady: "The card field is not ready.",
  notLoaded: "The card provider could not be loaded.",
  notAccepted: "Your card was not accepted.",
  notCompleted: "The card provider did not complete the payment.",
} as const;
