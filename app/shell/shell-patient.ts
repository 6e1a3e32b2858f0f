import { recordTexts } from "~/lib/texts/record";
import { shellTexts } from "./texts";
import type { PatientSummary, PracticeSummary } from "~/lib/patient-summary";

/**
 * The patient as the shell's header shows them: the name, and the profile's details (label and value,
 * drawn as they come) only where the view shares the profile; a parent's limited view of a young
 * person's record does not (issue 67, F5).
 */
export interface ShellPatient {
  name: string;
  details: readonly (readonly [label: string, value: string])[];
}

/** `fallbackName`: the name the sign-in gave, for a profile that holds none (issue 68). */
export function shellPatientOf({ name, nhi, mobile, email }: PatientSummary, sharesProfile: boolean, fallbackName = ""): ShellPatient {
  const shown = (value: string | null) => value || recordTexts.notRecorded;
  return { name: name || fallbackName || recordTexts.notRecorded, details: sharesProfile ? [[shellTexts.nhi, shown(nhi)], [shellTexts.mobile, shown(mobile)], [shellTexts.email, shown(email)]] : [] };
}

/** The practice as the header shows it: its name and when it is open, each "Not recorded" where its record lacks it (issue 68). */
export interface ShellPractice {
  name: string;
  /** "Open 8:00 am – 5:00 pm", or "Opening hours: Not recorded". */
  open: string;
}

export function shellPracticeOf({ name, hours }: PracticeSummary): ShellPractice {
  return { name: name ?? recordTexts.notRecorded, open: hours ? shellTexts.practiceOpen(hours) : shellTexts.practiceHoursNotRecorded(recordTexts.notRecorded) };
}
