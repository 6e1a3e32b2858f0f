import { LabResultsReplySchema, LabResultSlots } from "@contract/documents";
import { toBundle } from "@contract/fhir";
import {
  AllergiesReplySchema,
  AllergySlots,
  ConditionsReplySchema,
  ConditionSlots,
  ImmunisationSlots,
  ImmunisationsReplySchema,
  VitalsReplySchema,
} from "@contract/health";
import { MedicationSlots, MedicationsReplySchema } from "@contract/medications";
import { OrganizationReplySchema, PatientReplySchema, PatientSlots, PracticeSlots } from "@contract/patient";
import type { PracticeRecord } from "~/areas/summary/fhir";

/** One person's record as the practice sends it (written with the contract's slot layouts, parsed by the contract): the summary's unit tests' input. */

export const AT = new Date("2026-11-25T01:30:00Z"); // 2:30 pm in Auckland (NZDT, +13:00)

export const patientReply = (over: { nhi?: string; gender?: string; birthDate?: string; name?: string } = {}) =>
  PatientReplySchema.parse(
    toBundle([
      {
        resourceType: "Patient",
        id: "p-1",
        name: [{ use: "official", text: over.name ?? "Aroha Ngata", prefix: ["Ms"], given: ["Aroha"], family: "Ngata", preferred: "Ro" }],
        gender: over.gender ?? "female",
        birthDate: over.birthDate ?? "1968-04-09",
        telecom: [{ system: "phone", use: "mobile", value: "021 555 0101" }],
        extension: PatientSlots.write({ ethnicity: "NZ Māori", nhi: over.nhi ?? "ZZZ0016" }),
      },
    ]),
  ).resources[0];

export const practiceReply = () =>
  OrganizationReplySchema.parse(
    toBundle([
      {
        resourceType: "Organization",
        id: "org-9",
        name: "Kōwhai Medical Centre",
        telecom: [{ system: "phone", use: "work", value: "09 555 0199" }],
        address: [{ use: "work", text: "12 Queen Street, Auckland 1010", line: ["12 Queen Street"], city: "Auckland", postalCode: "1010", country: "New Zealand" }],
        extension: PracticeSlots.write({ openingStart: "08:00", openingEnd: "17:00", gpName: "Dr Mere Tane" }),
      },
    ]),
  ).resources[0];

export const conditions = (notes: string[] = ["Type 2 diabetes mellitus. Managed with metformin."]) =>
  ConditionsReplySchema.parse(
    toBundle(notes.map((text, k) => ({ resourceType: "Condition", id: `dx-${k + 1}`, onsetDateTime: "2019-03-14T10:15:00+13:00", note: [{ text }], extension: ConditionSlots.write({ longTerm: k === 0 }) }))),
  ).resources;

const medications = () =>
  MedicationsReplySchema.parse(
    toBundle([
      {
        resourceType: "MedicationRequest",
        id: "rx-1",
        authoredOn: "2026-10-01T09:00:00+13:00",
        medicationCodeableConcept: { coding: [{ display: "Metformin 500 mg tablet", code: "10022301000116105" }] },
        dosageInstruction: [{ text: "Take one tablet twice a day with food" }],
        dispenseRequest: { quantity: { value: 180 } },
        extension: MedicationSlots.write({ longTerm: true, period: "3 months", prescribedBy: "Dr Mere Tane", practiceName: "Kōwhai Medical Centre", dose: "500", endDate: "2026-12-30T09:00:00+13:00", unit: "mg" }),
      },
      {
        resourceType: "MedicationRequest",
        id: "rx-2",
        authoredOn: "2025-06-01T09:00:00+12:00",
        medicationCodeableConcept: { coding: [{ display: "Amoxicillin 500 mg capsule", code: "10002521000116100" }] },
        dosageInstruction: [{ text: "Take one capsule three times a day for 7 days" }],
        dispenseRequest: { quantity: { value: 21 } },
        extension: MedicationSlots.write({ longTerm: false, period: "7 days", prescribedBy: "Dr Mere Tane", practiceName: "Kōwhai Medical Centre", dose: "500", endDate: "2025-06-08T09:00:00+12:00", unit: "mg" }),
      },
    ]),
  ).resources;

export const allergies = () =>
  AllergiesReplySchema.parse(
    toBundle([
      { resourceType: "AllergyIntolerance", id: "al-1", code: { text: "Penicillin" }, extension: AllergySlots.write({ type: "Drug", severity: "Severe" }), reaction: [{ manifestation: [{ text: "Anaphylaxis" }] }], note: [{ text: "Carries an adrenaline auto-injector." }] },
      { resourceType: "AllergyIntolerance", id: "al-2", code: { text: "Codeine" }, extension: AllergySlots.write({ type: "Drug", severity: "Moderate" }), reaction: [{ manifestation: [{ text: "Nausea" }] }] },
      { resourceType: "AllergyIntolerance", id: "al-3", code: { text: "Latex" }, extension: AllergySlots.write({ type: "Other", severity: "Mild" }) },
      { resourceType: "AllergyIntolerance", id: "al-4", code: { text: "Kiwifruit" }, extension: AllergySlots.write({ type: "Food" }), note: [{ text: "Tingling mouth" }] },
    ]),
  ).resources;

const immunisations = () =>
  ImmunisationsReplySchema.parse(
    toBundle([
      {
        resourceType: "Immunization",
        id: "im-1",
        date: "2026-04-03T10:00:00+13:00",
        status: "completed",
        extension: ImmunisationSlots.write({ name: "Influenza", indication: "Annual influenza vaccine", vaccinator: "Nurse Hine Walker", due: "2026-04-01T10:00:00+13:00", immType: "other", given: true, declined: false }),
      },
      {
        resourceType: "Immunization",
        id: "im-2",
        status: "completed",
        extension: ImmunisationSlots.write({ name: "Td (ADT Booster)", indication: "Adult schedule: 45 years", vaccinator: "", immType: "other", given: true, declined: false }),
      },
    ]),
  ).resources;

const results = () =>
  LabResultsReplySchema.parse(
    toBundle([
      {
        resourceType: "DiagnosticReport",
        id: "lab-1",
        description: "HbA1c",
        author: { display: "Dr Mere Tane" },
        extension: LabResultSlots.write({ laboratory: "Awanui Labs", date: "2026-11-02T08:40:00+13:00", comments: "Improved since May.", folder: "Lab", read: "True" }),
      },
    ]),
  ).resources;

const vitals = () =>
  VitalsReplySchema.parse(
    toBundle([
      { resourceType: "Observation", id: "v-1", code: { coding: [{ display: "Blood Pressure" }] }, effectiveDateTime: "2026-11-02T09:00:00+13:00", component: [{ valueQuantity: { value: 128, unit: "mmHg" } }, { valueQuantity: { value: 82, unit: "mmHg" } }] },
      { resourceType: "Observation", id: "v-2", code: { coding: [{ display: "Weight" }] }, effectiveDateTime: "2026-11-02T09:00:00+13:00", component: [{ valueQuantity: { value: 71.4, unit: "kg" } }] },
      { resourceType: "Observation", code: { coding: [{ display: "Heart Rate" }] }, effectiveDateTime: "2026-11-02 09:05:00", component: [{ valueQuantity: { value: 64 } }] },
    ]),
  ).resources;

export function fullRecord(): PracticeRecord {
  return { patient: patientReply(), practice: practiceReply(), conditions: conditions(), medications: medications(), allergies: allergies(), immunisations: immunisations(), results: results(), vitals: vitals() };
}

export function emptyRecord(): PracticeRecord {
  return { patient: patientReply(), practice: practiceReply(), conditions: [], medications: [], allergies: [], immunisations: [], results: [], vitals: [] };
}

