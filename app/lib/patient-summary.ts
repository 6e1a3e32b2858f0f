import type { HumanName } from "@contract/fhir";
import type { Organization, Patient } from "@contract/patient";
import { formatOpeningHours } from "./dates";

/** Reading the profile and practice resources into what the shell and dashboard show. */

export function displayName(name: HumanName | undefined): string {
  if (!name) return "";
  if (name.text?.trim()) return name.text.trim();
  return [...(name.prefix ?? []), ...(name.given ?? []), name.family].filter(Boolean).join(" ");
}

export interface PatientSummary {
  name: string;
  nhi: string;
  mobile: string | null;
  email: string | null;
}

export function summarisePatient(patient: Patient): PatientSummary {
  const phone = patient.telecom.find((t) => (t.system ?? "phone") === "phone" && t.use === "mobile");
  const email = patient.telecom.find((t) => t.system === "email" && t.use === "home") ?? patient.telecom.find((t) => t.system === "email");
  return { name: displayName(patient.name[0]), nhi: patient.extension.nhi, mobile: phone?.value ?? null, email: email?.value ?? null };
}

export interface PracticeSummary {
  name: string;
  hours: string;
  openingStart: string;
  phone: string | null;
  gp: string;
  address: string;
}

export function summarisePractice(practice: Organization): PracticeSummary {
  const phone = practice.telecom.find((t) => (t.system ?? "phone") === "phone");
  const address = practice.address[0];
  return {
    name: practice.name,
    hours: formatOpeningHours(practice.extension.openingStart, practice.extension.openingEnd),
    openingStart: practice.extension.openingStart,
    phone: phone?.value ?? null,
    gp: practice.extension.gpName,
    address: address?.text ?? [...(address?.line ?? []), address?.city, address?.postalCode].filter(Boolean).join(", "),
  };
}
