/**
 * What the end of a payment says when the card may have been charged (issue 21, decisions/240): only
 * the payment machine says these, so they come with its code when the patient reaches for the form,
 * not with the page's first load (its budget, issue 54).
 */
export const paymentOutcomeTexts = {
  chargedNotRecorded:
    "Your card was charged, but the practice has not yet recorded the payment. Do not pay again: try recording it once more, or contact the practice.",
  /** Issue 33: SavePayment's answer said neither recorded nor not recorded (decisions/240). */
  chargedRecordingUnknown:
    "Your card was charged, but the practice's answer did not say whether it recorded the payment. Do not pay again: try recording it once more (it cannot be recorded twice), or contact the practice.",
  uncertain:
    "We could not hear back from the card provider, so we cannot tell whether your card was charged. Try again: the same payment is reused and your card cannot be charged twice.",
} as const;
