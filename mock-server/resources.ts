import type { z } from "zod";
import { InvoiceSlots, type InvoiceSchema } from "../contract/accounts";
import { AuthSlots, type AuthPatientSchema } from "../contract/auth";
import type { ContactPoint, HumanName } from "../contract/fhir";
import {
  MenuItemSlots,
  PatientSlots,
  PracticeSlots,
  ProxyUserSlots,
  type MenuItemSchema,
  type OrganizationSchema,
  type PatientSchema,
  type ProxyUserSchema,
} from "../contract/patient";
import { BOX_NAMES, MessageSlots, type CommunicationSchema } from "../contract/messaging";
import { sentIso, type MessageRecord } from "../fixtures/builders/messages";
import { LabResultSlots, LetterSlots, type LabResultSchema, type LetterSchema, type MediaSchema, type ObservationRow } from "../contract/documents";
import type { LabResultRecord, LetterRecord, MediaRecord, Observation } from "../fixtures/builders/documents";
import { PRACTICE_ZONE } from "../fixtures/builders/practice";
import { DateTime } from "luxon";
import { AppointmentSlots, PractitionerSlots, type AppointmentSchema, type PractitionerSchema } from "../contract/appointments";
import type { AppointmentRecord } from "../fixtures/builders/appointments";
import { MedicationSlots, PharmacySlots, type MedicationSchema, type PharmacySchema } from "../contract/medications";
import type { MedicationRecord } from "../fixtures/builders/medications";
import type { StaffRecord } from "../fixtures/builders/staff";
import { menuItem, type MenuCode } from "../fixtures/builders/menu-items";
import { practiceAddressText } from "../fixtures/builders/practice";
import type { WorldStore } from "./world-store";

/**
 * Store rows to wire resources. Positional extensions are written only through the contract's slot
 * layouts, so the mock and the portal agree on which position holds what.
 */

type Row<K extends keyof WorldStore> = WorldStore[K] extends { getAll(): Array<infer R> } ? R : never;
export type PatientRow = Row<"patient">;
export type PracticeRow = Row<"practice">;
export type EmergencyContactRow = Row<"emergencyContact">;

export function humanName(p: PatientRow): HumanName {
  const name: HumanName = {
    use: "official",
    text: [...p.given, p.family].join(" "),
    prefix: [p.title],
    given: [...p.given],
    family: p.family,
  };
  if (p.preferred) name.preferred = p.preferred;
  return name;
}

export function authPatientResource(p: PatientRow, token: string, passwordReset: boolean): z.input<typeof AuthPatientSchema> {
  return { resourceType: "Patient", id: p.id, name: [humanName(p)], extension: AuthSlots.write({ token, passwordReset }) };
}

export function menuItemResource(code: MenuCode): z.input<typeof MenuItemSchema> {
  const item = menuItem(code);
  return { resourceType: "Basic", id: `menu-${item.code}`, extension: MenuItemSlots.write({ name: item.name, unused: item.icon, typeCode: item.code }) };
}

export function proxyUserResource(p: PatientRow, relationship: string): z.input<typeof ProxyUserSchema> {
  return { resourceType: "Patient", id: p.id, name: [humanName(p)], extension: ProxyUserSlots.write({ relationship }) };
}

export function patientResource(p: PatientRow, contacts: readonly EmergencyContactRow[]): z.input<typeof PatientSchema> {
  const telecom: ContactPoint[] = [];
  if (p.mobile) telecom.push({ system: "phone", use: "mobile", value: p.mobile });
  if (p.homePhone) telecom.push({ system: "phone", use: "home", value: p.homePhone });
  if (p.workPhone) telecom.push({ system: "phone", use: "work", value: p.workPhone });
  // "E-mail with use home is Primary Email" (1§3).
  if (p.email) telecom.push({ system: "email", use: "home", value: p.email });
  return {
    resourceType: "Patient",
    id: p.id,
    name: [humanName(p)],
    gender: p.gender,
    birthDate: p.birthDate,
    telecom,
    // A patient with no address on file has none in the resource.
    address:
      p.addressLines.length > 0 || p.city
        ? [
            {
              use: "home",
              line: [...p.addressLines],
              city: p.city,
              postalCode: p.postcode,
              country: "New Zealand",
              text: [...p.addressLines, `${p.city} ${p.postcode}`, "New Zealand"].join(", "),
            },
          ]
        : [],
    contact: contacts.map(emergencyContactResource),
    extension: PatientSlots.write({
      ethnicity: p.ethnicity,
      bloodGroup: p.bloodGroup ?? undefined,
      contactMethods: p.contactMethods,
      nhi: p.nhi,
      enableEmail: p.enableEmail,
      enableNotification: p.enableNotification,
      deviceToken: p.deviceToken ?? undefined,
      preferredContactMethod: p.preferredContactMethod ?? undefined,
    }),
  };
}

function emergencyContactResource(c: EmergencyContactRow) {
  const phones = [
    ["mobile", c.mobile],
    ["home", c.homePhone],
    ["work", c.workPhone],
  ] as const;
  const telecom: ContactPoint[] = phones.filter(([, value]) => value).map(([use, value]) => ({ system: "phone", use, value: value! }));
  if (c.email) telecom.push({ system: "email", use: "home", value: c.email });
  return {
    id: c.id,
    name: { ...(c.title ? { prefix: [c.title] } : {}), given: [c.given], family: c.family },
    relationship: [{ coding: [{ display: c.relationship }] }],
    telecom,
  };
}

export function organizationResource(p: PracticeRow): z.input<typeof OrganizationSchema> {
  return {
    resourceType: "Organization",
    id: p.id,
    name: p.name,
    telecom: [{ system: "phone", use: "work", value: p.phone }],
    address: [{ use: "work", text: practiceAddressText(p), line: [p.line, p.suburb], city: p.city, postalCode: p.postcode, country: "New Zealand" }],
    extension: PracticeSlots.write({ openingStart: p.openingStart, openingEnd: p.openingEnd, gpName: p.gpName }),
  };
}

export type InvoiceRow = Row<"invoice">;

/** Dollars on the wire; cents in the store (two decimals exactly). */
const dollars = (cents: number) => Math.round(cents) / 100;

export function invoiceResource(i: InvoiceRow): z.input<typeof InvoiceSchema> {
  return {
    resourceType: "Invoice",
    id: i.id,
    extension: InvoiceSlots.write({
      date: i.date,
      notes: i.notes,
      type: i.type,
      reference: i.reference,
      amount: dollars(i.amountCents),
      balance: dollars(i.balanceCents),
      payNow: dollars(i.payNowCents),
    }),
  };
}

/**
 * A message as 2§3 describes it. Inbox messages come from a team member to the patient; sent and
 * draft ones go the other way, so sender and recipient swap and the sender's name moves from
 * position 2 to 3.
 */
export function messageResource(m: MessageRecord, patient: { id: string; name: string }): z.input<typeof CommunicationSchema> {
  const staff = { reference: `Practitioner/${m.staff.id}`, display: m.staff.name };
  const self = { reference: `Patient/${patient.id}`, display: patient.name };
  const incoming = m.box === "inbox";
  return {
    resourceType: "Communication",
    id: m.id,
    status: m.box === "drafts" ? "preparation" : "completed",
    sent: sentIso(m),
    sender: incoming ? staff : self,
    recipient: [incoming ? self : staff],
    note: [{ text: m.subject }],
    extension: MessageSlots.write({
      body: m.body,
      box: BOX_NAMES[m.box],
      inboxSender: incoming ? m.staff.name : undefined,
      outboxSender: incoming ? undefined : patient.name,
      readStatus: incoming ? (m.read ? "2" : "1") : undefined,
      roleId: m.staff.roleId,
      roleIdCopy: m.staff.roleId,
    }),
  };
}

const zoned = (ms: number) => DateTime.fromMillis(ms, { zone: PRACTICE_ZONE }).toISO({ suppressMilliseconds: true })!;

export function labResultResource(r: LabResultRecord): z.input<typeof LabResultSchema> {
  return {
    resourceType: "DiagnosticReport",
    id: r.id,
    description: r.test,
    author: { display: r.author.name },
    extension: LabResultSlots.write({ laboratory: r.laboratory, date: zoned(r.atMs), comments: r.comments, folder: r.folder, read: r.read ? "True" : "False" }),
  };
}

export function observationRows(observations: readonly Observation[]): ObservationRow[] {
  return observations.map((o) => ({ ObservationText: o.text, ObservationValue: `${o.value} ${o.unit}`, AbnormalFlagDesc: o.flag, ObservationSummary: o.range }));
}

/** The HTML a laboratory sends for a narrative result: plain markup, which the portal sanitises anyway. */
export function resultHtml(r: LabResultRecord): string {
  const paragraphs = r.content.kind === "html" ? r.content.paragraphs : [];
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<h3>${escape(r.test)}</h3>${paragraphs.map((p) => `<p>${escape(p)}</p>`).join("")}<p><em>${escape(r.laboratory)}</em></p>`;
}

export function letterResource(l: LetterRecord, data?: string): z.input<typeof LetterSchema> {
  return {
    resourceType: "DocumentReference",
    id: l.id,
    type: { coding: [{ display: l.type }] },
    extension: LetterSlots.write({ date: zoned(l.atMs) }),
    content: [{ attachment: { contentType: "application/pdf", title: `${l.type}.pdf`, ...(data ? { data } : {}) } }],
  };
}

export function mediaResource(m: MediaRecord): z.input<typeof MediaSchema> {
  return { resourceType: "Media", id: m.id, content: { title: m.title, contentType: m.kind === "pdf" ? "application/pdf" : "link", ...(m.kind === "link" ? { url: m.url } : {}) } };
}

export function appointmentResource(a: AppointmentRecord, ctx: { practice: PracticeRow; patientName: string }): z.input<typeof AppointmentSchema> {
  const video = a.kind === "Video Consult" && a.status === "Future";
  return {
    resourceType: "Appointment",
    id: a.id,
    period: { start: zoned(a.startMs) },
    extension: AppointmentSlots.write({
      type: a.kind,
      patientName: ctx.patientName,
      providerName: a.provider.name,
      practiceAddress: practiceAddressText(ctx.practice),
      location: `${ctx.practice.line}, ${ctx.practice.suburb}, ${ctx.practice.city}`,
      locationName: ctx.practice.name,
      status: a.status,
      duration: a.durationMinutes,
      cancelReason: a.cancelReason,
      // A meeting link that only the mock knows; the portal opens it in its video-consult page.
      videoConfig: video ? JSON.stringify({ JoinUrl: `https://zoom.example.nz/j/${a.id.replace(/\D/g, "").slice(0, 11).padEnd(11, "0")}` }) : "",
      statusId: a.statusId,
    }),
  };
}

export function practitionerResource(s: StaffRecord): z.input<typeof PractitionerSchema> {
  return { resourceType: "Practitioner", id: s.id, name: [{ text: s.name }], extension: PractitionerSlots.write({ lockedDown: s.lockedDown }) };
}

export function medicationResource(m: MedicationRecord, practiceName: string): z.input<typeof MedicationSchema> {
  return {
    resourceType: "MedicationRequest",
    id: m.id,
    authoredOn: zoned(m.authoredMs),
    medicationCodeableConcept: { coding: [{ display: m.name, code: m.code }] },
    dosageInstruction: [{ text: m.instructions }],
    dispenseRequest: { quantity: { value: m.quantity } },
    extension: MedicationSlots.write({
      longTerm: m.longTerm,
      period: m.longTerm ? "3 months" : "7 days",
      prescribedBy: m.prescriber.name,
      practiceName,
      dose: m.dose,
      endDate: zoned(m.endMs),
      unit: m.unit,
    }),
  };
}

export function pharmacyResource(p: { id: string; name: string; favourite: boolean }): z.input<typeof PharmacySchema> {
  return { resourceType: "Organization", id: p.id, name: p.name, extension: PharmacySlots.write({ favourite: p.favourite }) };
}
