import type { z } from "zod";
import { AuthSlots, type AuthPatientSchema } from "@contract/auth";
import type { ContactPoint, HumanName } from "@contract/fhir";
import {
  MenuItemSlots,
  PatientSlots,
  PracticeSlots,
  ProxyUserSlots,
  type MenuItemSchema,
  type OrganizationSchema,
  type PatientSchema,
  type ProxyUserSchema,
} from "@contract/patient";
import { menuItem, type MenuCode } from "../../fixtures/builders/menu-items";
import { practiceAddressText } from "../../fixtures/builders/practice";
import type { EmergencyContactRow, PatientRow, PracticeRow } from "./rows";

/** The patient-level resources (1§7): the signed-in patient, the menu, linked accounts, the practice. */

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
