import { DEFAULT_REPEAT_NOTICE } from "~/lib/practice-settings";

/** 2§2 Medications, 2§5 (the repeat request) and 2§8, as the spec words them where it does. */
export const medicationsTexts = {
  pageTitle: "Medications – Patient Portal",
  title: "Medications",
  /** The tabs' accessible name. */
  medicines: "Medicines",
  longTermTab: "Long Term",
  historyTab: "History",
  /** History's lists, and the group of links that chooses one. */
  showMedicines: "Show medicines",
  listAll: "All",
  listRecent: "Recent",
  listRepeated: "Repeated",
  /** The table's caption: the list shown. */
  longTermList: "Long term medicines",
  allList: "All medicines",
  recentList: "Recent medicines",
  repeatedList: "Repeated medicines",
  repeat: "Repeat",
  printSelected: (count: number) => `Print selected (${count})`,
  printAll: "Print all",
  selectToRepeat: "Select medicines to repeat or print.",
  selectedCount: (count: number) => (count === 1 ? "1 medicine selected." : `${count} medicines selected.`),
  longTermCount: (count: number) => (count === 1 ? "1 long term medicine" : `${count} long term medicines`),
  showingCount: (count: number) => (count === 1 ? "Showing 1 medicine" : `Showing ${count} medicines`),
  showingOf: (count: number, total: number) => `Showing ${count} of ${total} ${total === 1 ? "medicine" : "medicines"}`,
  showMore: "Show more medicines",
  /** The repeat dialog's titles, needed before its content (and its own words) have loaded. */
  requestRepeat: "Request repeat medication",
  sentTitle: "Medication",
  onLeaveTitle: "Your doctor is on leave",
  loadingDialog: "Loading…",
  /** The table's heads and each card's labels. */
  medicine: "Medicine",
  dose: "Dose",
  instructions: "Instructions",
  quantity: "Quantity",
  prescriber: "Prescriber",
  prescribed: "Prescribed",
  ends: "Ends",
  longTerm: "Long term",
  selectAllShown: "Select all medicines shown",
  selectMedicine: (name: string) => `Select ${name}`,
  /** The printed list (2§2). */
  printedList: "Printed medication list",
  printedTitle: "Medication list",
  /** The printed list's line under its title: the patient's NHI only when the practice sent one. */
  printedFor: (name: string, nhi: string, printedOn: string) => (nhi ? `${name} · NHI ${nhi} · Printed ${printedOn}` : `${name} · Printed ${printedOn}`),
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
  /**
   * Issue 36: the request went out and nothing proved whether it arrived. The practice offers no way to
   * look (decisions/216), so the patient is asked to check with it before sending again.
   */
  unconfirmedTitle: "We could not confirm whether your request arrived",
  unconfirmed: "The practice may have received your request. Everything you chose is still here. To avoid a second prescription, please check with the practice before you send it again.",
  sendAgainAnyway: "Send it again anyway",
  sendAgainWarning: "If the first request did arrive, the practice will receive this one as well.",
  close: "Close",
  /** Issue 21: a step that met an ended session; the dialog keeps everything chosen. */
  sessionEnded: "Your sign-in has ended, so your request was not sent. Everything you chose is still here: sign in again in a new tab, then come back and press Try again.",
  pharmaciesSessionEnded: "Your sign-in has ended, so the pharmacies could not be loaded: sign in again in a new tab, then load them again.",
  pharmaciesFailed: "The list of pharmacies could not be loaded. Please try again.",
  loadingPharmacies: "Loading pharmacies…",
  noPharmacyMatch: "No pharmacy matches that name.",
  /** The prescribers on leave, by name; or, when the practice names none, who they are. */
  onLeave: (names: readonly string[]) => (names.length === 0 ? "The doctor who prescribed one of these medicines is on leave." : `${names.join(" and ")} is on leave.`),
  onLeaveChoice: "Your request can go to another doctor at the practice, or you can wait until your doctor is back.",
  newTab: "opens in a new tab",
  /** A medicine the practice sent without its long-term flag (2§3): said, never guessed (decisions/396). */
  longTermNotRecorded: "Long term: Not recorded",
  unflagged: (count: number) => `${count} ${count === 1 ? "medicine has" : "medicines have"} no long-term flag recorded by the practice, so ${count === 1 ? "it is" : "they are"} listed under History only.`,
  showHistory: "Show History",
  /** 1§3: PortalRepeatMedSetting's default, when the practice leaves it empty. */
  defaultNotice: DEFAULT_REPEAT_NOTICE,
} as const;
