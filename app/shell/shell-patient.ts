import { recordTexts } from "~/lib/texts/record";
import type { PatientSummary } from "~/lib/patient-summary";

/**
 * The patient as the shell's header shows them: the name, and the profile's details (label and value,
 * drawn as they come) only where the view shares the profile; a parent's limited view of a young
 * person's record does not (issue 67, F5).
 */
export interface ShellPatient {
  name: string;
  details: readonly (readonly [label: string, value: string])[];
}

export function shellPatientOf({ name, nhi, mobile, email }: PatientSummary, sharesProfile: boolean): ShellPatient {
  const shown = (value: string | null) => value || recordTexts.notRecorded;
  return { name, details: sharesProfile ? [["NHI", shown(nhi)], ["Mobile", shown(mobile)], ["Email", shown(email)]] : [] };
}
