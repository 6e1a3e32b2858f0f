/**
 * The repeat request dialog's own words (2§4, 2§7): loaded with the dialog when the patient asks for a
 * repeat, not with the page (issue 12); what the page or the machine also says is in medicationsTexts.
 */
export const repeatTexts = {
  backToRequest: "Go back to the request",
  sendToAnotherDoctor: "Send to another doctor",
  /** The form's accessible name. */
  repeatRequest: "Repeat request",
  aboutRepeats: "About repeat prescriptions",
  medicinesToRepeat: (count: number) => `Medicines to repeat (${count})`,
  /** A chosen medicine in the list: its name, and its dose when the practice sent one. */
  medicineWithDose: (name: string, dose: string) => (dose ? `${name}, ${dose}` : name),
  howToGet: "How would you like to get it?",
  payAccount: "Pay your account",
  pickUp: "Pick up from the practice",
  sendToPharmacy: "Send to a pharmacy",
  /** Said instead of the choice when the practice offers only one way. */
  willBeSent: "The prescription will be sent to the pharmacy you choose.",
  willBeReady: "The prescription will be ready to pick up from the practice.",
  loadPharmaciesAgain: "Load the pharmacies again",
  urgent: "This request is urgent",
  fax: "Fax the prescription to the pharmacy",
  notes: "Notes for the practice (optional)",
  notSentTitle: "Your request was not sent",
  tryAgain: "Try again",
  changeRequest: "Change the request",
  cancel: "Cancel",
  sending: "Sending…",
  sendRequest: "Send request",
  /** The pharmacy picker. */
  pharmacy: "Pharmacy",
  searchPharmacies: "Search pharmacies by name",
  pharmacyMatches: (count: number) => (count === 1 ? "1 pharmacy matches." : `${count} pharmacies match.`),
  /** More matches than are drawn: the first `shown` are listed. */
  tooManyPharmacies: (count: number, shown: number) => `${count.toLocaleString("en-NZ")} pharmacies match; the first ${shown} are shown. Type more of the name to narrow the list.`,
  preferredPharmacy: "(your preferred pharmacy)",
} as const;
