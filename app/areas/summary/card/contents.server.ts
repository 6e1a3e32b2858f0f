import { readPracticeDate, shownDate, type PracticeRecord } from "../fhir";
import { formatDateTime } from "~/lib/dates";
import { displayName, summarisePractice } from "~/lib/patient-summary";
import type { CardContents } from "./contents";
import type { CardSection } from "./sections";

/** The card's essentials from the practice's record, as the summary read it (issue 71, decisions/405). */

const clean = (value: string | null | undefined): string => value?.trim() ?? "";

/** A medicine still taken on `now`: one the practice gives no end for, a long-term one, or one whose end is still to come. */
function current(endDate: string | undefined, longTerm: boolean | undefined, now: Date): boolean {
  if (longTerm) return true;
  const end = readPracticeDate(endDate);
  return end === null || end.at.endOf("day").toMillis() > now.getTime();
}

/** The first phone the telecom list holds: a mobile first, as a clinician calling would want. */
function phoneOf(telecom: readonly { system?: string | null; use?: string | null; value?: string | null }[]): string {
  const phones = telecom.filter((t) => (t.system ?? "phone") === "phone" && clean(t.value));
  return clean((phones.find((t) => t.use === "mobile") ?? phones[0])?.value);
}

export interface CardMaking {
  copyId: string;
  madeAt: Date;
  expiresAt: Date;
  /** Whether the view reaches the person's emergency contacts (their profile). */
  contacts: boolean;
}

export function cardContentsOf(record: PracticeRecord, making: CardMaking): CardContents {
  const { patient, practice } = record;
  const partial = new Set<CardSection>();
  if (record.partial?.allergies) partial.add("allergies");
  if (record.partial?.medications) partial.add("medicines");
  if (record.partial?.problems) partial.add("conditions");
  if (record.partial?.immunisations) partial.add("immunisations");
  return {
    version: 1,
    copyId: making.copyId,
    madeAt: making.madeAt.toISOString(),
    expiresAt: making.expiresAt.toISOString(),
    madeAtText: formatDateTime(making.madeAt.getTime()),
    expiresAtText: formatDateTime(making.expiresAt.getTime()),
    patient: { name: displayName(patient.name[0]), nhi: clean(patient.extension.nhi).toUpperCase(), birthDate: shownDate(patient.birthDate) },
    practice: { name: clean(practice.name), phone: summarisePractice(practice).phone ?? "" },
    allergies: record.allergies.map((a) => ({
      name: clean(a.code?.text),
      severity: clean(a.extension.severity),
      reaction: (a.reaction ?? []).flatMap((r) => (r.manifestation ?? []).map((m) => clean(m.text))).filter(Boolean).join("; "),
    })),
    medicines: record.medications
      .filter((m) => current(m.extension.endDate, m.extension.longTerm, making.madeAt))
      .map((m) => ({ name: clean(m.medicationCodeableConcept?.coding?.[0]?.display), instructions: (m.dosageInstruction ?? []).map((d) => clean(d.text)).filter(Boolean).join("; ") })),
    conditions: record.conditions.map((c) => ({ name: (c.note ?? []).map((n) => clean(n.text)).filter(Boolean).join(" "), since: shownDate(c.onsetDateTime) })),
    immunisations: record.immunisations.filter((i) => i.extension.given !== false).map((i) => ({ name: clean(i.extension.name), given: shownDate(i.date) })),
    contacts: making.contacts
      ? patient.contact.map((c) => ({
          name: [...(c.name?.prefix ?? []), ...(c.name?.given ?? []), c.name?.family].map(clean).filter(Boolean).join(" "),
          relationship: clean(c.relationship[0]?.coding[0]?.display),
          phone: phoneOf(c.telecom),
        }))
      : null,
    partial: [...partial],
  };
}
