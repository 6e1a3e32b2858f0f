/** /accounts and paying (1§2 Accounts page, 1§4, 1§5 Payment, 1§8), spelling corrected. */
export const paymentTexts = {
  /** The page (1§2 Accounts page). */
  metaTitle: "Accounts – Patient Portal",
  title: "Accounts",
  keepSafe: "Keep your details safe",
  invoicesTabs: "Invoices",
  pendingTab: "Pending Invoices",
  allTab: "All Invoices",
  allCaption: "All invoices",
  pendingCaption: "Pending invoices",
  showing: (shown: number) => `Showing ${shown} invoices.`,
  showingOf: (shown: number, total: number) => `Showing ${shown} of ${total} invoices.`,
  showMore: "Show more invoices",
  /** The invoice's viewer. */
  invoiceDocumentTitle: "INVOICE",
  invoiceNamed: (reference: string) => `Invoice ${reference}`,
  downloadPdf: "Download PDF",
  invoiceLoading: "Loading the invoice…",
  /** The invoices' columns, in the order of a row's `shown` (made by the server). */
  columns: ["Notes", "Type", "Reference No.", "Amount", "Balance", "Pay Now", "Date"],
  inPaymentColumn: "In this payment",
  inPayment: "In this payment:",
  actionColumn: "Action",
  included: "Included",
  notIncluded: "Not included",
  viewInvoiceLabel: (reference: string) => `View invoice ${reference} (PDF)`,
  view: "View",
  viewInvoice: "View invoice",
  /** The payment form (1§5 Payment). */
  makePayment: "Make a payment",
  howMuch: "How much would you like to pay?",
  payTotal: (total: string) => `Pay the total balance (${total})`,
  payOther: "Pay another amount",
  amountLabel: "Amount (NZD)",
  cardTypeAndFee: "Card type and fee",
  cardTypeAndFeeFixed: "Card type and fee:",
  loadingCardForm: "Loading the card form…",
  /** The test card's fields (the Stripe field's words are its own). */
  cardNumber: "Card number",
  cardExpiry: "Expiry (MM/YY)",
  cardCvc: "Security code (CVC)",
  amount: "Amount",
  cardFee: "Card fee",
  totalToCharge: "Total to charge",
  // "Payment progress" and, after a failure, ": stopped, not completed" form one sentence.
  progress: "Payment progress",
  progressStopped: ": stopped, not completed",
  progressStoppedValue: "Stopped: the payment was not completed",
  progressValue: (percent: number) => `${percent}%`,
  chargedTitle: "Your card was charged",
  interruptedTitle: "The payment was interrupted",
  retryRecording: "Try recording the payment again",
  tryAgain: "Try again",
  changePayment: "Change the payment",
  pay: "Pay",
  paying: "Paying…",
  finishing: "Finishing…",
  /** The receipt (1§8). */
  amountPaid: "Amount paid",
  ofWhichFee: "Of which card fee",
  feeCardType: (cardType: string) => ` (${cardType})`,
  paidAt: "Date",
  practiceReference: "Practice payment reference",
  paidTowards: "Paid towards",
  paidInvoice: (reference: string, paid: string) => `Invoice ${reference}: ${paid}`,
  printReceipt: "Print receipt",
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
