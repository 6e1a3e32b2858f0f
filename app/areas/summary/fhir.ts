import type * as fhir from "@medplum/fhirtypes";
import { DateTime } from "luxon";
import { v5 as uuidv5 } from "uuid";
import type { LabResult } from "@contract/documents";
import type { HumanName } from "@contract/fhir";
import type { Allergy, Condition, Immunisation, VitalObservation } from "@contract/health";
import type { Medication } from "@contract/medications";
import { normaliseNhi } from "@contract/nhi";
import type { Organization, Patient } from "@contract/patient";
import { practiceDateTime, PRACTICE_ZONE } from "~/lib/dates";
import { recordTexts } from "~/lib/texts/record";
import { summaryDocumentWords as words } from "./document-words";

/** One person's record mapped to a FHIR R4 document Bundle as the NZ Patient Summary profiles it; pure, and nothing put in that the practice did not give (decisions/272). */

export const NHI_SYSTEM = "https://standards.digital.health.nz/ns/nhi-id";
export const LIST_EMPTY_REASON_SYSTEM = "http://terminology.hl7.org/CodeSystem/list-empty-reason";
const LOINC = "http://loinc.org";
const OBSERVATION_CATEGORY = "http://terminology.hl7.org/CodeSystem/observation-category";
const ALLERGY_CLINICAL = "http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical";
const DATA_ABSENT_REASON = "http://hl7.org/fhir/StructureDefinition/data-absent-reason";
const XHTML = "http://www.w3.org/1999/xhtml";

/** The namespace of this portal's name-based (v5) UUIDs: a fixed value, never to be changed. */
const UUID_NAMESPACE = "0ed78a4f-c098-4c16-8747-78e181dda55d";

export const SUMMARY_SECTIONS = {
  problems: { code: "11450-4", display: "Problem list - Reported", ...words.sections.problems, entry: "Condition" },
  medications: { code: "10160-0", display: "History of Medication use Narrative", ...words.sections.medications, entry: "MedicationStatement" },
  allergies: { code: "48765-2", display: "Allergies and adverse reactions Document", ...words.sections.allergies, entry: "AllergyIntolerance" },
  immunisations: { code: "11369-6", display: "History of Immunization Narrative", ...words.sections.immunisations, entry: "Immunization" },
  results: { code: "30954-2", display: "Relevant diagnostic tests/laboratory data Narrative", ...words.sections.results, entry: "Observation" },
  vitals: { code: "8716-3", display: "Vital signs", ...words.sections.vitals, entry: "Observation" },
} as const;
export type SectionKey = keyof typeof SUMMARY_SECTIONS;
const SECTION_KEYS = Object.keys(SUMMARY_SECTIONS) as SectionKey[];

/** What the practice sent for one person. */
export interface PracticeRecord {
  patient: Patient;
  practice: Organization;
  conditions: readonly Condition[];
  medications: readonly Medication[];
  allergies: readonly Allergy[];
  /** The administered list (TypeID 1): the history, not what is due. */
  immunisations: readonly Immunisation[];
  results: readonly LabResult[];
  vitals: readonly VitalObservation[];
  /** Lists of which the practice holds more than were read (decisions/272's bound): said in the section's narrative. */
  partial?: Partial<Record<SectionKey, { read: number; total?: number }>>;
}

/* ---------- Dates ---------- */

const DAY_FIRST = ["dd-MM-yyyy", "dd/MM/yyyy", "d-M-yyyy", "d/M/yyyy"];
const DAY_FIRST_TIMES = ["dd-MM-yyyy HH:mm:ss", "dd-MM-yyyy HH:mm", "dd/MM/yyyy HH:mm:ss", "dd/MM/yyyy HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm"];

interface PracticeDate {
  /** Only a day was given: it stays a day (FHIR's dateTime allows one), never a made-up time. */
  dayOnly: boolean;
  at: DateTime;
}

/**
 * A date as the practice writes it: ISO (with or without an offset; without one it is the practice's
 * time, Pacific/Auckland), YYYY-MM-DD, or the display shape DD-MM-YYYY (with or without a time).
 * Null when it cannot be read.
 */
export function readPracticeDate(value: string | null | undefined): PracticeDate | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const at = practiceDateTime(text);
    return at.isValid ? { dayOnly: true, at } : null;
  }
  if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    const at = DateTime.fromISO(text, { zone: PRACTICE_ZONE, setZone: true });
    return at.isValid ? { dayOnly: false, at } : null;
  }
  for (const format of DAY_FIRST) {
    const at = DateTime.fromFormat(text, format, { zone: PRACTICE_ZONE });
    if (at.isValid) return { dayOnly: true, at };
  }
  for (const format of DAY_FIRST_TIMES) {
    const at = DateTime.fromFormat(text, format, { zone: PRACTICE_ZONE });
    if (at.isValid) return { dayOnly: false, at };
  }
  return null;
}

/** FHIR `date` (YYYY-MM-DD): the day the practice wrote, in the zone it wrote it in. */
export function fhirDate(value: string | null | undefined): string | undefined {
  return readPracticeDate(value)?.at.toISODate() ?? undefined;
}

/** FHIR `dateTime`: a day stays a day; a time always carries its offset, as FHIR requires. */
export function fhirDateTime(value: string | null | undefined): string | undefined {
  const read = readPracticeDate(value);
  if (!read) return undefined;
  return (read.dayOnly ? read.at.toISODate() : read.at.toISO({ suppressMilliseconds: true })) ?? undefined;
}

/** The narrative's date: DD-MM-YYYY as the portal shows dates, or the practice's own text when unreadable. */
export function shownDate(value: string | null | undefined): string {
  const read = readPracticeDate(value);
  // The day in the practice's zone: a date-time sent in UTC (decisions/396) is kept in its own zone by the reading.
  return read ? read.at.setZone(PRACTICE_ZONE).toFormat("dd-MM-yyyy") : (value?.trim() ?? "");
}

/* ---------- Narrative ---------- */

/** Characters XML 1.0 cannot hold at all, even escaped: dropped from the narrative (the resource keeps the text as sent). */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Every practice string goes through this before it reaches the XHTML. */
export function escapeXhtml(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function div(inner: string): fhir.Narrative {
  return { status: "generated", div: `<div xmlns="${XHTML}">${inner}</div>` };
}

function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = headers.map((h) => `<th>${escapeXhtml(h)}</th>`).join("");
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${escapeXhtml(cell)}</td>`).join("")}</tr>`).join("");
  return `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}

/* ---------- Helpers ---------- */

const clean = (value: string | null | undefined): string => value?.trim() ?? "";
const yesNo = (value: boolean | undefined) => (value === undefined ? recordTexts.notRecorded : value ? words.yes : words.no);
/** A cell of a field the practice left out, null or empty (decisions/396): said, never blank. */
const shown = (value: string): string => value || recordTexts.notRecorded;
/** A required code the practice sent no words for: stated absent, as FHIR allows, never an empty text. */
const absentCode = (): fhir.CodeableConcept => ({ extension: [{ url: DATA_ABSENT_REASON, valueCode: "unknown" }] });

/** The practice's items of one list, each id once (a page read twice, an item moved between pages). */
function once<T>(items: readonly T[], idOf: (item: T, index: number) => string): Array<{ item: T; key: string }> {
  const seen = new Set<string>();
  const out: Array<{ item: T; key: string }> = [];
  items.forEach((item, index) => {
    const key = idOf(item, index);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ item, key });
  });
  return out;
}

const HUMAN_NAME_USES = ["usual", "official", "temp", "nickname", "anonymous", "old", "maiden"] as const;
const CONTACT_USES = ["home", "work", "temp", "old", "mobile"] as const;
/** FHIR's contact systems: a system the practice words otherwise (issue 68) is left unsaid. */
const CONTACT_SYSTEMS = ["phone", "fax", "email", "pager", "url", "sms", "other"] as const;
const ADDRESS_USES = ["home", "work", "temp", "old", "billing"] as const;
const oneOf = <T extends string>(allowed: readonly T[], value: string | undefined): T | undefined => {
  const v = clean(value).toLowerCase();
  return (allowed as readonly string[]).includes(v) ? (v as T) : undefined;
};

function humanName(name: HumanName): fhir.HumanName {
  const given = (name.given ?? []).map(clean).filter(Boolean);
  const prefix = (name.prefix ?? []).map(clean).filter(Boolean);
  const out: fhir.HumanName = {};
  const use = oneOf(HUMAN_NAME_USES, name.use);
  if (use) out.use = use;
  if (clean(name.text)) out.text = clean(name.text);
  if (clean(name.family)) out.family = clean(name.family);
  if (given.length > 0) out.given = given;
  if (prefix.length > 0) out.prefix = prefix;
  return out;
}

function displayName(name: HumanName | undefined): string {
  if (!name) return "";
  if (clean(name.text)) return clean(name.text);
  return [...(name.given ?? []), name.family].map(clean).filter(Boolean).join(" ");
}

/** The practice's word for a gender, as FHIR's administrative gender; absent when it sent none. */
export function administrativeGender(value: string | undefined): fhir.Patient["gender"] {
  const g = clean(value).toLowerCase();
  if (g === "") return undefined;
  if (g === "female" || g === "f") return "female";
  if (g === "male" || g === "m") return "male";
  if (g === "unknown" || g === "u") return "unknown";
  return "other";
}

type Severity = "mild" | "moderate" | "severe";

/** The practice's Mild/Moderate/Severe (and the High/Medium/Low some systems send); null for any other word. */
export function allergySeverity(value: string | undefined): Severity | null {
  const word = clean(value).toLowerCase();
  if (word === "severe" || word === "high") return "severe";
  if (word === "moderate" || word === "medium") return "moderate";
  if (word === "mild" || word === "low") return "mild";
  return null;
}

const ALLERGY_CATEGORY: Readonly<Record<string, "medication" | "food" | "environment" | "biologic">> = {
  drug: "medication",
  medication: "medication",
  medicine: "medication",
  food: "food",
  environment: "environment",
  environmental: "environment",
  biologic: "biologic",
};

function quantity(q: { value: number; unit?: string }): fhir.Quantity {
  return clean(q.unit) ? { value: q.value, unit: clean(q.unit) } : { value: q.value };
}

const number = (n: number) => String(n);

/* ---------- The bundle ---------- */

interface Entry {
  section: SectionKey;
  resource: fhir.Resource;
  url: string;
}

/** One section as a person reads it: the same table the section's narrative holds (and the PDF draws). */
export interface SummaryTable {
  key: SectionKey;
  title: string;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  /** The practice holds more than were read (decisions/272's bound). */
  partial?: { read: number; total?: number };
  /** Said when the section has no rows: the practice's record holds none, which does not say there are none. */
  empty: string;
}

/** Who and whose the summary is, as the screen and the PDF head it. */
export interface SummaryHeading {
  patientName: string;
  /** The NHI in capitals, or "" when the practice holds none. */
  nhi: string;
  /** DD-MM-YYYY, or "" when the practice sent none. */
  birthDate: string;
  practiceName: string;
  practiceAddress: string;
  /** The generation time in the practice's time, DD-MM-YYYY HH:mm. */
  generated: string;
}

export interface SummaryDocument {
  bundle: fhir.Bundle;
  heading: SummaryHeading;
  tables: SummaryTable[];
}

/** The words a section without items says, in the narrative, on the screen's details and in the PDF. */
export const emptySectionText = (key: SectionKey) => words.emptySection(SUMMARY_SECTIONS[key].noun);

/**
 * The summary of one person as a FHIR R4 document Bundle. `generatedAt` is the document's date and
 * the bundle's timestamp; with the same record and time, the same bundle comes out, byte for byte.
 */
export function summaryBundle(record: PracticeRecord, generatedAt: Date): fhir.Bundle {
  return summaryDocument(record, generatedAt).bundle;
}

/**
 * The bundle and, from the same reading of the record, the heading and the sections' tables that a
 * person reads (the narratives' tables): the screen and the PDF show exactly what the bundle says.
 */
export function summaryDocument(record: PracticeRecord, generatedAt: Date): SummaryDocument {
  const { patient, practice } = record;
  const uuid = (...name: string[]) => uuidv5(JSON.stringify([practice.id, patient.id, ...name]), UUID_NAMESPACE);
  const urlOf = (id: string) => `urn:uuid:${id}`;
  const when = DateTime.fromJSDate(generatedAt, { zone: PRACTICE_ZONE });
  const stamp = when.toISO({ suppressMilliseconds: true })!;

  const patientId = uuid("Patient");
  const practiceId = uuid("Organization");
  const subject: fhir.Reference<fhir.Patient> = { reference: urlOf(patientId) };
  const name = displayName(patient.name[0]);

  /* Patient */
  const nhi = normaliseNhi(patient.extension.nhi ?? "");
  const fhirPatient: fhir.Patient = { resourceType: "Patient", id: patientId };
  if (nhi) fhirPatient.identifier = [{ use: "official", system: NHI_SYSTEM, value: nhi }];
  const names = patient.name.map(humanName).filter((n) => Object.keys(n).length > 0);
  if (names.length > 0) fhirPatient.name = names;
  const gender = administrativeGender(patient.gender);
  if (gender) fhirPatient.gender = gender;
  const birthDate = fhirDate(patient.birthDate);
  if (birthDate) fhirPatient.birthDate = birthDate;

  /* Organization: the practice, author and custodian */
  const fhirPractice: fhir.Organization = { resourceType: "Organization", id: practiceId };
  if (clean(practice.name)) fhirPractice.name = clean(practice.name);
  const telecom = practice.telecom
    .filter((t) => clean(t.value))
    .map((t): fhir.ContactPoint => ({ ...(oneOf(CONTACT_SYSTEMS, t.system) ? { system: oneOf(CONTACT_SYSTEMS, t.system) } : {}), ...(oneOf(CONTACT_USES, t.use) ? { use: oneOf(CONTACT_USES, t.use) } : {}), value: clean(t.value) }));
  if (telecom.length > 0) fhirPractice.telecom = telecom;
  const addresses = practice.address.map((a): fhir.Address => {
    const out: fhir.Address = {};
    const use = oneOf(ADDRESS_USES, a.use);
    if (use) out.use = use;
    if (clean(a.text)) out.text = clean(a.text);
    const line = (a.line ?? []).map(clean).filter(Boolean);
    if (line.length > 0) out.line = line;
    if (clean(a.city)) out.city = clean(a.city);
    if (clean(a.district)) out.district = clean(a.district);
    if (clean(a.postalCode)) out.postalCode = clean(a.postalCode);
    if (clean(a.country)) out.country = clean(a.country);
    return out;
  });
  const someAddresses = addresses.filter((a) => Object.keys(a).length > 0);
  if (someAddresses.length > 0) fhirPractice.address = someAddresses;

  const entries: Entry[] = [];
  const rows: Record<SectionKey, string[][]> = { problems: [], medications: [], allergies: [], immunisations: [], results: [], vitals: [] };
  const add = (section: SectionKey, id: string, resource: fhir.Resource, row: string[]) => {
    entries.push({ section, resource: { ...resource, id } as fhir.Resource, url: urlOf(id) });
    rows[section].push(row);
  };

  /* Problems: the diagnosis as the practice wrote it is the code's text. */
  for (const { item: c, key } of once(record.conditions, (c, index) => c.id ?? `#${index}`)) {
    const text = (c.note ?? []).map((n) => clean(n.text)).filter(Boolean).join(" ");
    const condition: fhir.Condition = { resourceType: "Condition", subject };
    if (text) condition.code = { text };
    const onset = fhirDateTime(c.onsetDateTime);
    if (onset) condition.onsetDateTime = onset;
    add("problems", uuid("Condition", key), condition, [shown(text), shown(shownDate(c.onsetDateTime)), yesNo(c.extension.longTerm)]);
  }

  /* Medications: the practice's prescription (MedicationRequest) read as a statement of use. */
  for (const { item: m, key } of once(record.medications, (m) => m.id)) {
    // Any field but the id may be missing (decisions/396): a coding carries only what was sent.
    const codings = (m.medicationCodeableConcept?.coding ?? []).map((c): fhir.Coding => ({ ...(clean(c.code) ? { code: clean(c.code) } : {}), ...(clean(c.display) ? { display: clean(c.display) } : {}) })).filter((c) => Object.keys(c).length > 0);
    const medicine = clean(m.medicationCodeableConcept?.coding?.[0]?.display);
    const start = fhirDateTime(m.authoredOn);
    const endRead = readPracticeDate(m.extension.endDate);
    const startRead = readPracticeDate(m.authoredOn);
    const end = endRead && (!startRead || endRead.at >= startRead.at) ? fhirDateTime(m.extension.endDate) : undefined;
    const current = endRead !== null && endRead.at.toMillis() > generatedAt.getTime();
    const statement: fhir.MedicationStatement = {
      resourceType: "MedicationStatement",
      status: current ? "active" : "unknown",
      // FHIR requires the medicine: one the practice did not name is said to be unknown, never an empty element.
      medicationCodeableConcept:
        codings.length > 0 || medicine ? { ...(codings.length > 0 ? { coding: codings } : {}), ...(medicine ? { text: medicine } : {}) } : { extension: [{ url: DATA_ABSENT_REASON, valueCode: "unknown" }] },
      subject,
    };
    if (start || end) statement.effectivePeriod = { ...(start ? { start } : {}), ...(end ? { end } : {}) };
    const dosage = (m.dosageInstruction ?? []).map((d) => clean(d.text)).filter(Boolean);
    if (dosage.length > 0) statement.dosage = dosage.map((text) => ({ text }));
    // The narrative says "Not recorded" where the practice sent nothing, as the screens do.
    const said = (text: string) => text || recordTexts.notRecorded;
    add("medications", uuid("MedicationStatement", key), statement, [
      said(medicine),
      said(dosage.join("; ")),
      said(shownDate(m.authoredOn)),
      said(shownDate(m.extension.endDate)),
      m.extension.longTerm === undefined ? recordTexts.notRecorded : yesNo(m.extension.longTerm),
      said(clean(m.extension.prescribedBy)),
    ]);
  }

  /* Allergies: listed by the practice, so active (FHIR requires a clinical status); severity mapped. */
  for (const { item: a, key } of once(record.allergies, (a) => a.id)) {
    const severity = allergySeverity(a.extension.severity);
    const manifestations = (a.reaction ?? []).flatMap((r) => (r.manifestation ?? []).map((m) => clean(m.text))).filter(Boolean);
    const notes = (a.note ?? []).map((n) => clean(n.text)).filter(Boolean);
    const category = ALLERGY_CATEGORY[clean(a.extension.type).toLowerCase()];
    const allergy: fhir.AllergyIntolerance = {
      resourceType: "AllergyIntolerance",
      clinicalStatus: { coding: [{ system: ALLERGY_CLINICAL, code: "active", display: "Active" }] },
      patient: subject,
    };
    if (clean(a.code?.text)) allergy.code = { text: clean(a.code?.text) };
    if (category) allergy.category = [category];
    if (severity) allergy.criticality = severity === "severe" ? "high" : "low";
    if (manifestations.length > 0) allergy.reaction = [{ manifestation: manifestations.map((text) => ({ text })), ...(severity ? { severity } : {}) }];
    if (notes.length > 0) allergy.note = notes.map((text) => ({ text }));
    add("allergies", uuid("AllergyIntolerance", key), allergy, [
      shown(clean(a.code?.text)),
      shown(clean(a.extension.type)),
      clean(a.extension.severity) || recordTexts.notRecorded,
      manifestations.join("; "),
      notes.join(" "),
    ]);
  }

  /* Immunisations: the administered list; a date the practice did not give is said to be unknown. */
  for (const { item: i, key } of once(record.immunisations, (i) => i.id)) {
    const vaccine = clean(i.extension.name);
    const occurred = fhirDateTime(i.date);
    const immunization: fhir.Immunization = {
      resourceType: "Immunization",
      status: i.extension.given ? "completed" : "not-done",
      vaccineCode: vaccine ? { text: vaccine } : absentCode(),
      patient: subject,
      ...(occurred ? { occurrenceDateTime: occurred } : { _occurrenceDateTime: { extension: [{ url: DATA_ABSENT_REASON, valueCode: "unknown" }] } }),
    };
    if (clean(i.extension.vaccinator)) immunization.performer = [{ actor: { display: clean(i.extension.vaccinator) } }];
    if (clean(i.extension.indication)) immunization.reasonCode = [{ text: clean(i.extension.indication) }];
    add("immunisations", uuid("Immunization", key), immunization, [
      shown(vaccine),
      i.date ? shown(shownDate(i.date)) : recordTexts.notRecorded,
      shown(clean(i.extension.indication)),
      shown(clean(i.extension.vaccinator)),
      i.extension.given ? words.immunisationGiven : i.extension.declined ? words.immunisationDeclined : words.immunisationNotGiven,
    ]);
  }

  /* Results: the listing's report names and dates; the values stay in the report at the practice. */
  for (const { item: r, key } of once(record.results, (r) => r.id)) {
    const effective = fhirDateTime(r.extension.date);
    const observation: fhir.Observation = {
      resourceType: "Observation",
      status: "unknown",
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: "laboratory", display: "Laboratory" }] }],
      // A test the practice names none for (decisions/396) is said to be unknown, as a date it did not give.
      code: clean(r.description) ? { text: clean(r.description) } : { extension: [{ url: DATA_ABSENT_REASON, valueCode: "unknown" }] },
      subject,
    };
    if (effective) observation.effectiveDateTime = effective;
    if (clean(r.extension.laboratory)) observation.performer = [{ display: clean(r.extension.laboratory) }];
    if (clean(r.extension.comments)) observation.note = [{ text: clean(r.extension.comments) }];
    add("results", uuid("Observation", "result", key), observation, [
      clean(r.description) || recordTexts.notRecorded,
      clean(r.extension.date) ? shownDate(r.extension.date) : recordTexts.notRecorded,
      clean(r.extension.laboratory) || recordTexts.notRecorded,
      clean(r.extension.comments),
    ]);
  }

  /* Vitals: blood pressure as its two components (systolic, diastolic), every other vital its one value. */
  for (const { item: v, key } of once(record.vitals, (v, index) => v.id ?? `#${index}:${v.effectiveDateTime}:${v.code?.coding?.[0]?.display ?? ""}`)) {
    const vital = clean(v.code?.coding?.[0]?.display);
    const effective = fhirDateTime(v.effectiveDateTime);
    const observation: fhir.Observation = {
      resourceType: "Observation",
      status: "unknown",
      category: [{ coding: [{ system: OBSERVATION_CATEGORY, code: "vital-signs", display: "Vital Signs" }] }],
      code: vital ? { text: vital } : absentCode(),
      subject,
    };
    if (effective) observation.effectiveDateTime = effective;
    // A value the practice left out is no value: a component keeps its name, and the table says not recorded.
    const values = (v.component ?? []).map((c) => (typeof c.valueQuantity?.value === "number" ? { value: c.valueQuantity.value, unit: c.valueQuantity.unit } : null));
    const unit = clean(values[0]?.unit);
    const valueText = (q: { value: number } | null | undefined) => (q ? number(q.value) : recordTexts.notRecorded);
    if (vital.toLowerCase() === "blood pressure") {
      observation.component = values.slice(0, 2).map((q, k) => ({ code: { text: k === 0 ? words.systolic : words.diastolic }, ...(q ? { valueQuantity: quantity(q) } : {}) }));
    } else if (values[0]) {
      observation.valueQuantity = quantity(values[0]);
    }
    const value = values.length === 0 ? "" : vital.toLowerCase() === "blood pressure" ? [valueText(values[0]), valueText(values[1])].join("/") : valueText(values[0]);
    add("vitals", uuid("Observation", "vital", key), observation, [shown(vital), shown(shownDate(v.effectiveDateTime)), shown([value, values[0] ? unit : ""].filter(Boolean).join(" "))]);
  }

  /* Composition */
  const HEADERS: Record<SectionKey, readonly string[]> = words.headers;
  const sections = SECTION_KEYS.map((key): fhir.CompositionSection => {
    const s = SUMMARY_SECTIONS[key];
    const code: fhir.CodeableConcept = { coding: [{ system: LOINC, code: s.code, display: s.display }] };
    const inSection = entries.filter((e) => e.section === key);
    if (inSection.length === 0) {
      return {
        title: s.title,
        code,
        text: div(`<p>${escapeXhtml(emptySectionText(key))}</p>`),
        emptyReason: {
          coding: [{ system: LIST_EMPTY_REASON_SYSTEM, code: "unavailable", display: "Unavailable" }],
          text: words.emptyReason(s.noun),
        },
      };
    }
    const partial = record.partial?.[key];
    const note = partial ? `<p>${escapeXhtml(words.partialNarrative(s.noun, partial.read, partial.total))}</p>` : "";
    return { title: s.title, code, text: div(`${table(HEADERS[key], rows[key])}${note}`), entry: inSection.map((e) => ({ reference: e.url })) };
  });

  const compositionId = uuid("Composition", stamp);
  const composition: fhir.Composition = {
    resourceType: "Composition",
    id: compositionId,
    identifier: { system: "urn:ietf:rfc:3986", value: urlOf(compositionId) },
    status: "final",
    type: { coding: [{ system: LOINC, code: "60591-5", display: "Patient summary Document" }] },
    subject: { reference: urlOf(patientId), ...(name ? { display: name } : {}) },
    date: stamp,
    author: [{ reference: urlOf(practiceId), ...(fhirPractice.name ? { display: fhirPractice.name } : {}) }],
    title: words.documentTitle(name),
    custodian: { reference: urlOf(practiceId) },
    section: sections,
  };

  const bundle: fhir.Bundle = {
    resourceType: "Bundle",
    identifier: { system: "urn:ietf:rfc:3986", value: urlOf(uuid("Bundle", stamp)) },
    type: "document",
    timestamp: stamp,
    entry: [
      { fullUrl: urlOf(compositionId), resource: composition },
      { fullUrl: urlOf(patientId), resource: fhirPatient },
      { fullUrl: urlOf(practiceId), resource: fhirPractice },
      ...entries.map((e) => ({ fullUrl: e.url, resource: e.resource })),
    ],
  };

  const heading: SummaryHeading = {
    patientName: name,
    nhi,
    birthDate: birthDate ? shownDate(birthDate) : "",
    practiceName: fhirPractice.name ?? "",
    practiceAddress: someAddresses.map((a) => a.text ?? [...(a.line ?? []), a.city, a.postalCode].filter(Boolean).join(", ")).find(Boolean) ?? "",
    generated: when.toFormat("dd-MM-yyyy HH:mm"),
  };
  const tables = SECTION_KEYS.map((key): SummaryTable => {
    const partial = record.partial?.[key];
    return { key, title: SUMMARY_SECTIONS[key].title, headers: HEADERS[key], rows: rows[key], ...(partial && rows[key].length > 0 ? { partial } : {}), empty: emptySectionText(key) };
  });
  return { bundle, heading, tables };
}
