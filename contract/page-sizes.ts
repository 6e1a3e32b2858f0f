/**
 * The page sizes the portal asks the practice for (1§9: invoices; 2§9: every list of part 2), defined
 * once: the portal's calls and pagers, the contract checks and the tests read them from here.
 * Page numbers start at 1.
 */
export const PAGE_SIZES = {
  pendingInvoices: 100,
  invoices: 10,
  /** Appointment lists, results, immunisation, reminders, resources, letters, timeline. */
  records: 100,
  /** 2§9 gives none for diagnoses: the records' 100 (decisions/080). */
  conditions: 100,
  historySearch: 200,
  slots: 50,
  medications: 50,
  repeatedMedications: 10,
  allergies: 30,
  vitals: 30,
  pharmacies: 1965,
  messages: 25,
  allMessages: 100,
} as const;
