import type { HumanName } from "@contract/fhir";
import type { Organization, Patient, RecordContactPoint } from "@contract/patient";
import { formatClockTime } from "./dates";
import { recordTexts } from "./texts/record";

/** Reading the profile and practice resources into what the shell and dashboard show. */

export function displayName(name: HumanName | undefined): string {
  if (!name) return "";
  if (name.text?.trim()) return name.text.trim();
  return [...(name.prefix ?? []), ...(name.given ?? []), name.family].filter(Boolean).join(" ");
}

/**
 * A record's field as shown: its text trimmed, or null where the practice left it out, null or empty
 * (issue 68, decisions/396), for the screen to say "Not recorded".
 */
export function recorded(value: string | null | undefined): string | null {
  return value?.trim() ? value.trim() : null;
}

/** The first telecom entry of `system` (a phone where none is said) with a value, preferring `use`. */
function contactOf(telecom: readonly RecordContactPoint[], system: string, use?: string): string | null {
  const of = telecom.filter((t) => (t.system ?? "phone") === system && recorded(t.value));
  return recorded((use ? of.find((t) => t.use === use) : of[0])?.value);
}

/** The profile's details the header shows; null where the practice's record does not hold them; the name "" when it holds none. */
export interface PatientSummary {
  name: string;
  nhi: string | null;
  mobile: string | null;
  email: string | null;
}

export function summarisePatient(patient: Patient): PatientSummary {
  const mobile = contactOf(patient.telecom, "phone", "mobile");
  const email = contactOf(patient.telecom, "email", "home") ?? contactOf(patient.telecom, "email");
  return { name: displayName(patient.name[0]), nhi: recorded(patient.extension.nhi), mobile, email };
}

/** The practice as the header, the dashboard and the profile show it; null where its record does not hold a field. */
export interface PracticeSummary {
  name: string | null;
  /** "8:00 am – 5:00 pm", with "Not recorded" for the end the practice does not give; null when it gives neither. */
  hours: string | null;
  openingStart: string | null;
  phone: string | null;
  gp: string | null;
  address: string | null;
}

export function summarisePractice(practice: Organization): PracticeSummary {
  const address = practice.address.find((a) => recorded(a.text) || a.line.some(recorded) || recorded(a.city));
  const start = recorded(practice.extension.openingStart);
  const end = recorded(practice.extension.openingEnd);
  const clock = (time: string | null) => (time ? formatClockTime(time) : recordTexts.notRecorded);
  return {
    name: recorded(practice.name),
    hours: start || end ? `${clock(start)} – ${clock(end)}` : null,
    openingStart: start,
    phone: contactOf(practice.telecom, "phone"),
    gp: recorded(practice.extension.gpName),
    address: recorded(address?.text) ?? recorded([...(address?.line ?? []), address?.city, address?.postalCode].map(recorded).filter(Boolean).join(", ")),
  };
}
