/**
 * The words of the health summary's documents (issue 32, decisions/275): the sections' titles and nouns,
 * the FHIR document's narrative, and the PDF. English in either language (decisions/403, "What stays
 * English"): clinical documents, read by whoever cares for the patient, here or abroad, and by their
 * systems. Not a catalogue, so the te reo build keeps it; the screen's words for the sections are
 * summaryTexts'. Said by the server only, so kept off the page's first load. The LOINC and FHIR codes'
 * displays are the codes' own and stay in fhir.ts.
 */
export const summaryDocumentWords = {
  sections: {
    problems: { title: "Problems", noun: "problems" },
    medications: { title: "Medication Summary", noun: "medicines" },
    allergies: { title: "Allergies and Intolerances", noun: "allergies or intolerances" },
    immunisations: { title: "Immunisations", noun: "immunisations" },
    results: { title: "Results", noun: "test results" },
    vitals: { title: "Vital Signs", noun: "vital signs" },
  },
  /** Each section's table's columns, in the order of its cells. */
  headers: {
    problems: ["Problem", "Onset", "Long term"],
    medications: ["Medicine", "Instructions", "Prescribed", "Until", "Long term", "Prescriber"],
    allergies: ["Substance", "Type", "Severity", "Reaction", "Note"],
    immunisations: ["Vaccine", "Given", "Indication", "Vaccinator", "Status"],
    results: ["Test", "Date", "Laboratory", "Comments"],
    vitals: ["Vital sign", "Date", "Value"],
  },
  yes: "Yes",
  no: "No",
  immunisationGiven: "Given",
  immunisationDeclined: "Declined",
  immunisationNotGiven: "Not given",
  systolic: "Systolic",
  diastolic: "Diastolic",
  /** The words a section without items says, in the narrative, on the screen's details and in the PDF. */
  emptySection: (noun: string) => `The practice's record holds no ${noun} for this person. This does not say that there are none.`,
  emptyReason: (noun: string) => `The practice holds no ${noun} for this person.`,
  /** A section the practice sent only part of: `total` undefined where it did not say how many it holds. */
  partialNarrative: (noun: string, read: number, total?: number) =>
    total === undefined ? `The practice may hold more ${noun}; the first ${read} are included.` : `The practice holds ${total} ${noun}; the first ${read} are included.`,
  partialPdf: (read: number, total?: number) => (total === undefined ? `The practice may hold more; the first ${read} are included.` : `The practice holds ${total}; the first ${read} are included.`),
  documentTitle: (name: string) => (name ? `Patient summary: ${name}` : "Patient summary"),
  /** The PDF. */
  pdfTitle: (name: string) => (name ? `Health summary: ${name}` : "Health summary"),
  thePractice: "The practice",
  pdfSubject: "Patient summary from the practice's record (International Patient Summary sections)",
  pdfCreator: "Patient portal",
  patient: "Patient",
  nhi: "NHI",
  birthDate: "Date of birth",
  made: "Made",
  madeAt: (when: string) => `${when} (New Zealand time)`,
  factLabel: (label: string) => `${label}:`,
  pdfIntro: "From the practice's record as it stood when this was made. A section with none recorded means the practice's record holds none; it does not say that there are none.",
  footNhi: (nhi: string) => `NHI ${nhi}`,
  foot: (who: string, made: string, page: number, pages: number) => `${who ? `${who} · ` : ""}Health summary made ${made} · Page ${page} of ${pages}`,
  noneRecorded: (empty: string) => `None recorded. ${empty}`,
  continued: (title: string) => `${title} (continued)`,
} as const;
