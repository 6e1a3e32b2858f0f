/**
 * The user-facing texts of the spec (1§5, 1§8, 2§5, 2§8) in one place, with the spec's wording and
 * spelling corrected. Screens and validation schemas take their words from here.
 */
export const messages = {
  signIn: {
    emailEmpty: "Email cannot be empty",
    emailInvalid: "Ooops! We need a valid email address",
    emailTooLong: "Email must be 254 characters or fewer",
    passwordEmpty: "Password cannot be empty",
    passwordTooLong: "Password must be 128 characters or fewer",
    summary: "You have entered an invalid email address.",
    /** Issue 21: an empty form names what is missing rather than calling an empty address invalid. */
    summaryMissing: { both: "Enter your email address and your password.", email: "Enter your email address.", password: "Enter your password." },
    /** Issue 21: the e-mail is fine and only the password is refused. */
    summaryPassword: "Check your password.",
    incorrect: "Your login details are incorrect.",
    networkFailure: "Ohh. We hit a snag.",
    rejectedFallback: "We could not sign you in. Please check your details and try again.",
    chooseAccount: "Select an account to continue",
    chooseAccountInvalid: "Please choose one of the listed accounts.",
    captchaNeeded: "Please confirm you are not a robot before signing in again.",
    passwordChangeFailed: "Something went wrong. Please try again.",
    signInExpired: "Your sign-in has expired. Please sign in again.",
    passwordHasName: "Your password must not contain your first, middle or family name.",
    switchFailed: "This sign-in link has expired or was already used. Please sign in with your e-mail and password.",
    switchConfirmTitle: "Sign in with this link?",
    switchConfirmText: "You followed a sign-in link from another website or app. Continue only if you asked the practice for this link yourself.",
    switchConfirmButton: "Continue to the portal",
  },
  loginHelp: {
    invalid: "Please correct the highlighted fields.",
    captcha: "Please confirm you are not a robot first.",
    sent: "Your request for help has been sent. The practice will contact you.",
    failed: "Your request for help could not be sent. Please try again, or phone the practice.",
    /** The form's fields (1§2, 1§5). */
    emailOrNhi: "Either Email or NHI Number is Required",
    emailInvalid: "Please enter a valid email address",
    nhiInvalid: "Please enter a valid NHI number, for example ZAC5361",
    firstName: "First Name is Required",
    familyName: "Family Name is Required",
    dob: "Date of Birth is required",
    dobFormat: "Enter the date of birth as dd-mm-yyyy, for example 07-03-1985",
    dobPast: "Date of Birth must be in the past",
    subject: "Subject is Required",
    body: "Message body is Required",
    tooLong: (max: number) => `Please keep this under ${max} characters`,
  },
  /** Forgot password (1§2, 1§5). */
  forgotPassword: {
    invalidEmail: "You have entered an invalid email address.",
    failed: "Something went wrong. Please try again.",
    captcha: "Please confirm you are not a robot first.",
    neutral: "If that address belongs to an account, the practice will send a temporary password to it.",
  },
  /** Sign up (1§2): no call is wired, so the patient is told what happens next. */
  signup: {
    familyName: "Family Name is Required",
    firstName: "First Name is Required",
    dob: "Enter the date of birth as dd-mm-yyyy, in the past",
    nhi: "Please enter a valid NHI number, for example ZAC5361",
    practice: "Practice Name is Required",
    email: "Please enter a valid email address",
    tooLong: (max: number) => `Please keep this under ${max} characters`,
    done: "Thank you. Registering with a practice is arranged with the practice itself: please call or visit them with these details and photo identification. No portal account has been created yet.",
  },
  /**
   * The new-password rules of 1§5. The reset panel on the sign-in page and the profile dialogs word
   * the first three checks differently; the strength rules are the practice's policy.
   */
  newPassword: {
    /** The rules shown beside every new-password form (1§5 New password). */
    rulesIntro: "Your password must:",
    rules: ["have at least 8 characters", "contain a lower case and an upper case letter", "contain at least two numbers", "not contain spaces, or your first, middle or family name"],
    resetPanel: {
      required: "Password is Required",
      confirmRequired: "Confirm Password is Required",
      mismatch: "Password and Confirm Password do not match",
      agree: "You need to mark that you agree before you can proceed.",
    },
    profile: {
      required: "Password cannot be empty",
      confirmRequired: "Confirm Password cannot be empty",
      mismatch: "Passwords did not match. Please try again",
      agree: "You need to mark that you agree before you can proceed.",
    },
    failed: "Something went wrong. Please try again.",
  },
  dashboard: {
    noLongTermMedication: "No long term medication",
    noNewResults: "No new results",
    noUnreadMessages: "No unread messages",
    noFutureAppointments: "No future appointments",
  },
  profile: {
    /** 1§5 Add emergency contact, as the spec words them. */
    titleEmpty: "Title Cannot Be Empty",
    firstNameEmpty: "Name cannot be Empty",
    familyNameEmpty: "Family Name Cannot Be Empty",
    relationshipEmpty: "Relationship cannot be Empty",
    /** Issue 21: a save that met an ended session; the dialog keeps what was typed. */
    sessionEnded: "Your sign-in has ended, so this was not saved. Everything you typed is still here: sign in again in a new tab, then come back and save.",
    signInNewTab: "Sign in again in a new tab",
    homePhoneEmpty: "Home Phone Cannot Be Empty",
    workPhoneEmpty: "Work Phone cannot be Empty",
    /** Issue 21: an emergency contact needs one number, of any kind (replaces the two above in the form). */
    onePhoneNeeded: "Enter at least one phone number: mobile, home or work",
    nameTooLong: "Please keep this to 50 characters or fewer",
    streetTooLong: "Please keep this to 100 characters or fewer",
    lookupsFailed: "The lists of titles and relationships could not be loaded, so a contact cannot be added just now. Please try again later.",
    phoneHint: "A New Zealand number (+64), or start with + and the country code.",
    nameCharacters: "Names can contain letters, spaces, hyphens, apostrophes and full stops only",
    phoneInvalid: "Enter a valid phone number, for example 021 555 1234, or start with + and the country code",
    emailInvalid: "Enter a valid email address, for example name@example.com",
    choiceInvalid: "Please choose one of the listed options",
    checkFields: "Please correct the highlighted fields. Nothing has been sent yet.",
    contactAdded: "Emergency contact added.",
    contactAddFailed: "The emergency contact could not be saved. What you typed is still here: please try again.",
    deleteConfirm: "Are you sure you want to delete this emergency contact?",
    contactRemoved: "Emergency contact removed.",
    contactRemoveFailed: "The emergency contact could not be removed. Please try again.",
    contactDetailsUpdated: "Contact details updated.",
    contactDetailsFailed: "Your contact details could not be saved. What you typed is still here: please try again.",
    noContactMethod: "Choose at least one way for the practice to contact you",
    preferredNotChosen: "Your preferred contact method must be one of the methods you ticked",
    mobileNeeded: "Add a mobile number to be contacted by cell phone or text",
    emailNeeded: "Add an email address to be contacted by email",
    /** 1§8, spelling corrected. */
    profileUpdated: "Profile updated successfully.",
    profileUpdateFailed: "The profile could not be updated. Please try again soon.",
    passwordChanged: "Your password has been changed.",
    passwordFailed: "Something went wrong. Please try again.",
    addressReadOnly: "Your address is kept by the practice. To change it, please phone or visit the practice; they will update it for you.",
    noAddress: "No address found",
    noContactDetail: "Contact detail not available",
    noEmergencyContacts: "No emergency contacts yet.",
    notificationsFailed: "Your notification settings could not be saved. Please try again.",
    notificationSaveFailed: (label: string, on: boolean) => `${label} could not be saved. It is still ${on ? "on" : "off"}. Please try again.`,
    termsUnavailable: "The terms and conditions could not be loaded just now. Please try again later.",
  },
  /** /accounts and paying (1§2 Accounts page, 1§4, 1§5 Payment, 1§8), spelling corrected. */
  payment: {
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
    poli: "Poli is not set up for this app",
    paymentExpress: "Payment Express is not set up for this app",
    succeeded: "Payment succeeded.",
    failed: "Payment unsuccessful.",
    /** Issue 21: the title of a failure that charged nothing; its message says so once. */
    failedTitle: "Payment unsuccessful",
    /** Issue 21: the pending tab when nothing is owed, in place of a $0.00 payment form. */
    nothingOwed: "You have nothing to pay: there are no invoices waiting for payment.",
    notStarted: "The practice could not start this payment. You have not been charged; please try again.",
    notCharged: "Your card was not charged.",
    chargedNotRecorded:
      "Your card was charged, but the practice has not yet recorded the payment. Do not pay again: try recording it once more, or contact the practice.",
    uncertain:
      "We could not hear back from the card provider, so we cannot tell whether your card was charged. Try again: the same payment is reused and your card cannot be charged twice.",
    /** One open payment per account holder (issue 20): what a second tab or session is told. */
    openElsewhere:
      "A payment for your account has already been started, in this or another window, and may have been taken from your card. Finish it before paying again, so you are not charged twice.",
    replaced: "This payment was replaced by one started in another window or tab. Your card was not charged.",
    amountFixed: "This payment has already gone to your card for another amount, so it cannot be changed. Finish it before paying again.",
    keySpent: "That payment is complete. Start a new payment to pay more.",
    openCharged: (amount: string) => `A payment of ${amount} was taken from your card, but the practice has not recorded it yet. Finish it before paying again, so you are not charged twice.`,
    openUncertain: (amount: string, started: string) =>
      `A payment of ${amount}, started ${started}, may have been taken from your card. Finish it before paying again: the practice records it if your card was charged.`,
    openHeading: "A payment is not finished",
    finish: "Finish this payment",
    finishRecorded: "The payment has been recorded with the practice.",
    finishNotCharged: "That payment was not taken from your card, so there was nothing to record. You can pay now.",
    finishPending:
      "That payment has not reached your card yet. If it is still open in another window or tab, finish it there; otherwise try again in ten minutes.",
    cardRequired: "Card number is required",
    cardIncomplete: "Your card number is incomplete.",
    cardInvalid: "Your card number is invalid.",
    cardCorrect: "Please enter correct card number",
    expiryRequired: "Expiry date is required",
    expiryInvalid: "Please enter the expiry date as MM/YY",
    expiryPast: "Your card's expiration date is in the past.",
    cvcRequired: "Security code is required",
    cvcInvalid: "Your card's security code is incomplete.",
    pdfFailed: "The invoice could not be loaded. Please try again later.",
    pdfPageFailed: (page: number) => `Page ${page} of the invoice could not be shown. Use Download PDF to open it in another viewer.`,
    invoicesFailed: "The invoices could not be loaded just now. Please try again later.",
  },
  /** The portal's own pause after many failed sign-ins (app/.server/throttle.server.ts). */
  signInThrottle: {
    tooManyFromAddress: "There have been too many unsuccessful sign-in attempts from your network. Please wait 15 minutes and try again.",
    tooManyForAccount: "There have been too many unsuccessful sign-in attempts for this account. Please wait 15 minutes and try again, or use Forgot Password.",
  },
  /** The sign-in's own dialogs (components/sign-in). */
  signInDialogs: {
    chooserDescription: "You can see the records of these people. Choose whose record to open; you can switch later by signing in again.",
    passwordUpdateTitle: "Update your password to continue",
    passwordUpdateDescription: "Your practice asks you to choose a new password before you go on.",
  },
  /** Issue 21: the warning before the idle timeout (components/shell/idle-warning.tsx). */
  session: {
    idleTitle: "You will be signed out soon",
    idleText: (minutes: number) => `You have not used the portal for a while. For your security you will be signed out in ${minutes} minutes unless you choose to stay signed in.`,
    staySignedIn: "Stay signed in",
    signOut: "Sign out now",
  },
  /** The "I'm not a robot" box's status line (components/captcha.tsx). */
  captcha: {
    verifying: "Checking… this takes a few seconds.",
    verified: "Done: you can continue.",
    expired: "The check has expired. Please tick the box again.",
    error: "The check could not be completed. Please tick the box again.",
    /** Issue 21: beside a button the check keeps disabled, saying why. */
    gate: (action: string) => `${action} is available once “I’m not a robot” above is ticked and done.`,
  },
  /** The date searches of 2§5 (test results, letters, the timeline): one wording for every screen. */
  dateRange: {
    fromInvalid: "Enter the start date as DD-MM-YYYY, for example 01-03-2025",
    toInvalid: "Enter the end date as DD-MM-YYYY, for example 31-03-2025",
    toBeforeFrom: "The end date cannot be before the start date",
  },
  /** 2§2 Test Results, 2§5 and 2§8, as the spec words them where it does. */
  reports: {
    noRecords: "No Records Found",
    noUnread: "No Records Found: every result here has been read.",
    noRead: "No Records Found: no result here has been read yet.",
    noData: "No Data is Available",
    noTableData: "no data is available",
    noChartData: "No Chart Data Available",
    chartNoData: "No Data Available",
    detailFailed: "The result could not be loaded from the practice. Please try again.",
    pdfFailed: "The result's PDF could not be shown. Please try again.",
    pdfPageFailed: (page: number) => `Page ${page} of the result could not be shown.`,
    loadingResult: "Loading the result…",
    loadingResults: "Loading results…",
    searchTooLong: "The search can be at most 100 characters",
  },
  /** 2§2 Medications, 2§5 (the repeat request) and 2§8, as the spec words them where it does. */
  medications: {
    noRecords: "No Records Found",
    loading: "Loading medicines…",
    selectOne: "Select at least one Medicine",
    selectPharmacy: "Please select pharmacy",
    outstandingBalance: "Cannot send pickup request patient has outstanding balance",
    chooseDelivery: "Choose whether to pick up the prescription or have it sent to a pharmacy",
    notesTooLong: "Please keep the notes to 500 characters or fewer",
    unknownPharmacy: "That pharmacy is not on the practice's list. Please choose it again.",
    notOnRecord: "One of the chosen medicines is no longer on your record. Please reload the page and choose again.",
    sendFailed: "Your request could not be sent just now. Nothing was lost: please try again.",
    pharmaciesFailed: "The list of pharmacies could not be loaded. Please try again.",
    loadingPharmacies: "Loading pharmacies…",
    noPharmacyMatch: "No pharmacy matches that name.",
    onLeave: (names: string) => `${names} is on leave.`,
    onLeaveChoice: "Your request can go to another doctor at the practice, or you can wait until your doctor is back.",
    newTab: "opens in a new tab",
    /** 1§3: PortalRepeatMedSetting's default, when the practice leaves it empty. */
    defaultNotice:
      "Repeat prescriptions can be collected from reception, or are sent to your chosen pharmacy, two working days after your request. " +
      "Please allow two working days before collecting. Long-term medicines need a review with your doctor every six months: if yours is due, the practice will ask you to book an appointment first.",
  },
  /** 2§2 Letters, 2§5 (the date search) and 2§8, as the spec words them where it does. */
  letters: {
    noRecords: "No Records Found",
    noRecordsInRange: "No Records Found between these dates.",
    fromMissing: "Enter a start date too, or clear the end date to see every letter",
    toMissing: "Enter an end date too, or clear the start date to see every letter",
    loading: "Loading letters…",
    loadingLetter: "Loading the letter…",
    pdfFailed: "The letter could not be loaded. Please try again later.",
    pdfPageFailed: (page: number) => `Page ${page} of the letter could not be shown. Use Download to open it in another viewer.`,
    notPdf: "This document is not a PDF, so it cannot be shown here. Download it to open it.",
  },
  /** 2§2 Diagnosis, Allergies, Immunisation, Timeline, Reminders and Vitals; 2§5 the timeline filter. */
  health: {
    noRecords: "No Records Found",
    loading: "Loading…",
  },
  /** 2§2 Timeline and 2§5's filter rules, with their wording. */
  timeline: {
    fromMissing: "Enter a start date too, or clear the end date",
    toMissing: "Enter an end date too, or clear the start date",
    fromAfterToday: "The start date cannot be later than today",
    fromTooEarly: "The start date cannot be earlier than one year ago",
    toAfterToday: "The end date cannot be later than today",
    toNotAfterFrom: "The end date must be after the start date",
    searchTooLong: "Search for at most 100 characters",
    providerUnknown: "Choose a provider from the list",
  },
  /** 2§2 Resources and 2§8 (a media item that fails to load). */
  resources: {
    noRecords: "No Records Found",
    loading: "Loading resources…",
    loadingResource: "Loading the resource…",
    pdfFailed: "The resource could not be loaded. Please try again later.",
    pdfPageFailed: (page: number) => `Page ${page} of the resource could not be shown. Use Download to open it in another viewer.`,
    newTab: "opens in a new tab",
    linkUnavailable: "This link cannot be opened from the portal.",
  },
  /** The card providers' own failures (components/accounts); a reason shown inside payment.failed. */
  cardProvider: {
    formNotReady: "The card form is not ready.",
    fieldNotReady: "The card field is not ready.",
    notLoaded: "The card provider could not be loaded.",
    notAccepted: "Your card was not accepted.",
    notCompleted: "The card provider did not complete the payment.",
  },
  errors: {
    notFoundTitle: "Failed to load the page",
    notFoundCode: "Error Code: 404",
    practiceUnavailable: "The practice's system is not answering just now. Please try again in a few minutes.",
    practiceBroken: "The practice's system sent a reply we could not read. Please try again later; if it keeps happening, contact the practice.",
    /** A page that failed to load, in the shell (root.tsx) or in place of the shell (routes/shell-page.tsx). */
    problemTitle: "Sorry, there is a problem",
    unexpected: "Something went wrong on our side. Please try again.",
    retry: "Retry",
    /** The shared store of sessions and payments (Redis, decisions/050) did not answer: nothing was done. */
    unreadableForm: "The form could not be read. Please go back and send it again.",
    tokenCheckFailed: "The practice could not confirm your sign-in just now. You are still signed in: please try again.",
    stateUnavailable: "The portal cannot reach its records just now, so nothing was done. Please try again in a few minutes.",
  },
} as const;
