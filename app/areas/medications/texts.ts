import { DEFAULT_REPEAT_NOTICE } from "~/lib/practice-settings";

/** 2§2 Medications, 2§5 (the repeat request) and 2§8, as the spec words them where it does. */
export const medicationsTexts = {
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
  onLeave: (names: string) => `${names} is on leave.`,
  onLeaveChoice: "Your request can go to another doctor at the practice, or you can wait until your doctor is back.",
  newTab: "opens in a new tab",
  /** A medicine the practice sent without its long-term flag (2§3): said, never guessed (decisions/396). */
  longTermNotRecorded: "Long term: Not recorded",
  unflagged: (count: number) => `${count} ${count === 1 ? "medicine has" : "medicines have"} no long-term flag recorded by the practice, so ${count === 1 ? "it is" : "they are"} listed under History only.`,
  showHistory: "Show History",
  /** 1§3: PortalRepeatMedSetting's default, when the practice leaves it empty. */
  defaultNotice: DEFAULT_REPEAT_NOTICE,
} as const;
