/**
 * What a booking writes into the reason the practice reads (2§4): English in either language, as the
 * practice's staff and record read it (decisions/403). Not a catalogue, so the te reo build keeps it;
 * the patient's own words for these are bookingTexts'.
 */
export const practiceWords = {
  /** The symptoms offered, in bookingTexts.symptoms' order: each one's identity, and its name in the reason. */
  symptoms: ["Cough", "Shortness of breath", "Sore throat", "Fever (38C or higher)", "Muscle aches", "Runny nose", "Fatigue", "Loss of smell", "Altered taste"],
  contactQuestion: (days: number) => `In the last ${days} days, have you been in close contact with someone who has COVID-19?`,
  positiveQuestion: (days: number) => `In the last ${days} days, have you tested positive for COVID-19?`,
  vaccinatedQuestion: "If you are over 12: have you had 2 doses of a COVID-19 vaccine?",
  yes: "Yes",
  no: "No",
  symptomAnswer: (symptom: string) => `Symptom: ${symptom}`,
  riskAnswer: (question: string, answer: string) => `${question} ${answer}`,
  screening: (answers: readonly string[]) => `COVID screening: ${answers.join("; ")}`,
} as const;
