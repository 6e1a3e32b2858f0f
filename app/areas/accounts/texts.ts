/** /accounts and paying (1§2 Accounts page, 1§4, 1§5 Payment, 1§8), spelling corrected. */
export const paymentTexts = {
  disclaimer:
    "Never share your account details or passwords with anyone. The practice will never ask you for your bank details by phone, e-mail or text message.",
  noPending: "No Record Found",
  noInvoices: "No Records Found",
  /** 1§5: the amount's message before it has been typed in, then once it has been typed and emptied. */
  amountRequiredInitially: "Please enter some amount",
  amountRequired: "Please enter amount",
  amountInvalid: "Please enter an amount in dollars and cents, for example 45.50",
  amountTooLarge: "The amount is more than the balance of the invoices",
  nothingToPay: "No invoices to pay",
  /** The payment form's code did not arrive (decisions/180): nothing was sent, so nothing was charged. */
  formNotLoaded: "The payment form could not finish loading, so nothing was sent and your card was not charged. Check your connection and press Pay again.",
  poli: "Poli is not set up for this app",
  paymentExpress: "Payment Express is not set up for this app",
  succeeded: "Payment succeeded.",
  failed: "Payment unsuccessful.",
  /** Issue 21: the title of a failure that charged nothing; its message says so once. */
  failedTitle: "Payment unsuccessful",
  /** Issue 21: Pay met an ended session before anything started. */
  sessionEndedTitle: "Your sign-in has ended",
  sessionEnded: "The payment did not start and you have not been charged. What you entered is still here: sign in again in a new tab, then come back here to pay.",
  /** Issue 21: the pending tab when nothing is owed, in place of a $0.00 payment form. */
  nothingOwed: "You have nothing to pay: there are no invoices waiting for payment.",
  notStarted: "The practice could not start this payment. You have not been charged; please try again.",
  notCharged: "Your card was not charged.",
  openCharged: (amount: string) => `A payment of ${amount} was taken from your card, but the practice has not recorded it yet. Finish it before paying again, so you are not charged twice.`,
  /** Decisions/374: an open payment the card provider refused, paid with another card through its own intent. */
  openDeclined: (amount: string, started: string) =>
    `Your card was declined for a payment of ${amount}, started ${started}, and it was not charged. Pay it below with another card: it is the same payment, so you cannot be charged twice.`,
  /** Decisions/374: an open payment whose card confirmation was never heard back. */
  openUnfinished: (amount: string, started: string) =>
    `A payment of ${amount}, started ${started}, did not finish, and we cannot tell whether your card was charged. Pay it below with a card: it is the same payment, so if your card was charged already it is not charged again.`,
  /**
   * An open payment that may have charged and cannot be paid here as it stands: less is now owing than
   * it pays (invoices settled at the desk), or it was kept before the portal kept its amount (a day at most).
   */
  openNotPayable: (amount: string, started: string) =>
    `A payment of ${amount}, started ${started}, did not finish, and we cannot tell whether your card was charged for it. It cannot be paid here as it stands, as your invoices have changed since. Please contact the practice, who can check whether it was taken, before paying again, so you are not charged twice.`,
  /** Decisions/395: the same, but nothing can charge it: a new payment lets it go. */
  openSetAside: (amount: string, started: string) =>
    `A payment of ${amount}, started ${started}, was not taken from your card, and it will not go ahead as your invoices have changed since (some may have been paid at the practice). Your invoices as they stand are listed above: choose what to pay, enter your card and press Pay.`,
  /** Decisions/374: after a refused card, the same payment goes on with another card. */
  retryAnotherCard: "To pay with another card, change the card details above (and the card type, for another kind of card) and press Try again. It is the same payment, so you cannot be charged twice.",
  openHeading: "A payment is not finished",
  finish: "Finish this payment",
  finishRecorded: "The payment has been recorded with the practice.",
  finishUnpaid: "That payment has not been taken from your card. Pay it with a card below.",
  finishPending: "The practice has not recorded that payment yet. Do not pay again: try once more in a few minutes, or contact the practice.",
  pdfFailed: "The invoice could not be loaded. Please try again later.",
  pdfPageFailed: (page: number) => `Page ${page} of the invoice could not be shown. Use Download PDF to open it in another viewer.`,
  invoicesFailed: "The invoices could not be loaded just now. Please try again later.",
} as const;
