import type { HumanName } from "../../contract/fhir";
import type { Patient } from "../../contract/patient";
import {
  ContactMethodRecordSchema,
  type EmergencyContactPayload,
  type LookupOption,
  type UpdateContactMethodsRequest,
  type UpdateDemographicsRequest,
} from "../../contract/profile";
import { formatDate } from "./dates";
import { formatPhone } from "./phone";
import { displayName } from "./patient-summary";

/** The profile resource read into what the profile screens show (1§3 Patient profile). */

/** 1§3 Contact method ids. */
export const CONTACT_METHODS = [
  { id: 1, name: "Cell Phone" },
  { id: 2, name: "Day Phone" },
  { id: 3, name: "Night Phone" },
  { id: 4, name: "Email" },
  { id: 5, name: "Text" },
  { id: 6, name: "Post" },
] as const;

export const BLOOD_GROUPS = ["O+", "O-", "A+", "A-", "B+", "B-", "AB+", "AB-"] as const;

export interface EmergencyContactView {
  id: string;
  name: string;
  relationship: string;
  phones: { label: string; value: string }[];
  email: string | null;
}

export interface ProfileView {
  id: string;
  title: string;
  firstName: string;
  middleNames: string;
  familyName: string;
  preferredName: string;
  fullName: string;
  gender: "female" | "male" | "other";
  genderLabel: string;
  birthDate: string;
  /** YYYY-MM-DD, as the API takes it. */
  birthDateIso: string;
  ethnicity: string;
  bloodGroup: string;
  nhi: string;
  /** Up to six: Address Line 1-3, City/County, Country, postal code (1§3). */
  address: { label: string; value: string }[];
  phones: { mobile: string | null; home: string | null; work: string | null };
  emails: { primary: string | null; secondary: string | null };
  contactMethods: { id: number; name: string }[];
  preferredContactMethodId: number | null;
  /** The device token is a phone app's and stays on the server. */
  notifications: { email: boolean; notification: boolean };
  emergencyContacts: EmergencyContactView[];
}

function genderOf(value: string | undefined): ProfileView["gender"] {
  const g = (value ?? "").trim().toLowerCase();
  if (g === "female" || g === "f") return "female";
  if (g === "male" || g === "m") return "male";
  return "other";
}

const GENDER_LABELS = { female: "Female", male: "Male", other: "Not stated" } as const;

/** The contact-methods extension is a JSON string; anything unreadable is treated as none on file. */
export function readContactMethods(json: string | undefined): { id: number; name: string }[] {
  if (!json?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<number>();
  const methods: { id: number; name: string }[] = [];
  for (const item of parsed) {
    const record = ContactMethodRecordSchema.partial().safeParse(item);
    if (!record.success) continue;
    const { ContactMethodID: id, IsActive, IsDeleted } = record.data;
    if (id === undefined || IsActive === false || IsDeleted === true || seen.has(id)) continue;
    const known = CONTACT_METHODS.find((m) => m.id === id);
    if (!known) continue;
    seen.add(id);
    methods.push({ id, name: known.name });
  }
  return methods.sort((a, b) => a.id - b.id);
}

function telecomValue(patient: Patient, system: "phone" | "email", use: string): string | null {
  const entry = patient.telecom.find((t) => (t.system ?? "phone") === system && t.use === use);
  return entry?.value?.trim() ? entry.value.trim() : null;
}

function nameParts(name: HumanName | undefined) {
  const given = name?.given ?? [];
  return {
    title: name?.prefix?.[0] ?? "",
    firstName: given[0] ?? "",
    middleNames: given.slice(1).join(" "),
    familyName: name?.family ?? "",
    preferredName: name?.preferred ?? "",
  };
}

export function readProfile(patient: Patient): ProfileView {
  const name = patient.name[0];
  const parts = nameParts(name);
  const gender = genderOf(patient.gender);
  const address = patient.address[0];
  const lines = address?.line ?? [];
  const addressRows = [
    { label: "Address Line 1", value: lines[0] },
    { label: "Address Line 2", value: lines[1] },
    { label: "Address Line 3", value: lines[2] },
    { label: "City/County", value: address?.city },
    { label: "Country", value: address?.country },
    { label: "Postal code", value: address?.postalCode },
  ].filter((row): row is { label: string; value: string } => Boolean(row.value?.trim()));
  const methods = readContactMethods(patient.extension.contactMethods);
  const preferred = Number(patient.extension.preferredContactMethod);
  return {
    id: patient.id,
    ...parts,
    fullName: displayName(name),
    gender,
    genderLabel: GENDER_LABELS[gender],
    birthDate: patient.birthDate ? formatDate(patient.birthDate) : "",
    birthDateIso: patient.birthDate ?? "",
    ethnicity: patient.extension.ethnicity,
    bloodGroup: patient.extension.bloodGroup ?? "",
    nhi: patient.extension.nhi,
    address: addressRows,
    phones: {
      mobile: formatPhone(telecomValue(patient, "phone", "mobile")),
      home: formatPhone(telecomValue(patient, "phone", "home")),
      work: formatPhone(telecomValue(patient, "phone", "work")),
    },
    // "E-mail with use home is Primary Email; use temp is Secondary Email" (1§3).
    emails: { primary: telecomValue(patient, "email", "home"), secondary: telecomValue(patient, "email", "temp") },
    contactMethods: methods,
    // Where the practice does not say, the first method on file stands for the preferred one.
    preferredContactMethodId: CONTACT_METHODS.some((m) => m.id === preferred) ? preferred : (methods[0]?.id ?? null),
    notifications: {
      email: patient.extension.enableEmail ?? false,
      notification: patient.extension.enableNotification ?? false,
    },
    emergencyContacts: patient.contact.map((c) => {
      const phone = (use: string) => c.telecom?.find((t) => (t.system ?? "phone") === "phone" && t.use === use)?.value;
      const phones = [
        { label: "Mobile", value: formatPhone(phone("mobile")) },
        { label: "Home", value: formatPhone(phone("home")) },
        { label: "Work", value: formatPhone(phone("work")) },
      ].filter((p): p is { label: string; value: string } => p.value !== null);
      return {
        id: c.id,
        name: [c.name.prefix?.[0], ...(c.name.given ?? []), c.name.family].filter(Boolean).join(" "),
        relationship: c.relationship?.[0]?.coding?.[0]?.display ?? "",
        phones,
        email: c.telecom?.find((t) => t.system === "email")?.value ?? null,
      };
    }),
  };
}

/* ---------- payloads: the profile's real values, never placeholders ---------- */

export interface PatientContext {
  profile: ProfileView;
  /** The payload's UserEmail: the viewed patient's e-mail (see userEmailOf). */
  userEmail: string;
  practiceId: string;
  balance: number;
  titles: readonly LookupOption[];
}

/**
 * UserEmail in the emergency-contact and demographics payloads (1§3, 1§7). The payload is about the
 * viewed patient (PatientID, NHINumber are theirs), so is the e-mail: for the account holder the
 * sign-in e-mail (1§3 username); for a family member acted for (1§6) their own e-mail on file
 * (Primary Email), empty when they have none, never the account holder's.
 */
export function userEmailOf(profile: ProfileView, user: { proxy: "Yes" | "No"; username: string }): string {
  return user.proxy === "Yes" ? (profile.emails.primary ?? "") : user.username;
}

const GENDER_IDS = { female: "2", male: "1", other: "3" } as const;

function titleIdOf(titles: readonly LookupOption[], title: string): string {
  return titles.find((t) => t.name.toLowerCase() === title.toLowerCase())?.id ?? "";
}

export interface EmergencyContactInput {
  title: LookupOption;
  firstName: string;
  familyName: string;
  preferredName: string;
  relationship: LookupOption;
  homePhone: string;
  workPhone: string;
  email: string;
  street: string;
  suburb: LookupOption | null;
  city: LookupOption | null;
}

/**
 * The 1§3 payload: the contact's own fields from the form; the fields about the patient (ids, NHI,
 * e-mail, practice, balance) from the patient's record. Fields the portal does not know about the
 * contact (their gender, birth date, blood group) are sent empty rather than invented.
 */
export function emergencyContactPayload(ctx: PatientContext, input: EmergencyContactInput): EmergencyContactPayload {
  const { profile } = ctx;
  const hasAddress = Boolean(input.street || input.suburb || input.city);
  return {
    PatientID: profile.id,
    ChartNumber: profile.nhi,
    TitleID: input.title.id,
    Title: input.title.name,
    FirstName: input.firstName,
    FamilyName: input.familyName,
    PreferredName: input.preferredName,
    GenderID: "",
    GenderName: "",
    Ethnicity: "",
    DOB: "",
    BloodGroupID: "",
    BloodGroupName: "",
    NHINumber: profile.nhi,
    UserEmail: ctx.userEmail,
    PracticeID: ctx.practiceId,
    Balance: ctx.balance,
    RelationshipID: input.relationship.id,
    RelationshipName: input.relationship.name,
    InCaseOfEmergency: true,
    PatientAddress: hasAddress
      ? [
          {
            AddressID: "",
            PaientID: profile.id,
            AddressTypeID: "",
            HouseNumber: input.street,
            BuildingNumber: "",
            StreetNumber: "",
            SuburbTownName: input.suburb?.name ?? "",
            SuburbTownID: input.suburb?.id ?? "",
            CityAreaName: input.city?.name ?? "",
            CityAreaID: input.city?.id ?? "",
            PostCodeID: "",
          },
        ]
      : [],
    PatientContact: {
      CellPhoneNumber: "",
      HomePhoneNumber: input.homePhone,
      WorkPhoneNumber: input.workPhone,
      EmailAddress: input.email,
      // The form does not ask how the contact prefers to be reached: 0 says "not stated".
      PrefferedContactMethodID: 0,
      PrefferedContactMethodName: "",
    },
    lstContactMethods: [],
    PreferredContactMethodID: 0,
  };
}

export interface ContactDetailsInput {
  mobile: string;
  home: string;
  work: string;
  email: string;
  methods: number[];
  preferred: number;
}

/** UpdatePatientContactMethods with the preferred method the patient chose (the original always sent 1). */
export function contactMethodsRequest(profile: ProfileView, input: ContactDetailsInput): UpdateContactMethodsRequest {
  const nameOf = (id: number) => CONTACT_METHODS.find((m) => m.id === id)?.name ?? "";
  return {
    PatientID: profile.id,
    CellPhoneNumber: input.mobile,
    HomePhoneNumber: input.home,
    WorkPhoneNumber: input.work,
    EmailAddress: input.email,
    PrefferedContactMethodID: input.preferred,
    PrefferedContactMethodName: nameOf(input.preferred),
    SelectedContacttMethods: input.methods.map((id) => ({ ContactMethodID: id, ContactMethod: nameOf(id) })),
  };
}

export interface DemographicsInput {
  title: LookupOption | null;
  preferredName: string;
  bloodGroup: string;
}

/** UpdatePatientDemographics: the editable fields from the form, the rest as the practice holds them. */
export function demographicsRequest(ctx: PatientContext, input: DemographicsInput): UpdateDemographicsRequest {
  const { profile } = ctx;
  const title = input.title ?? { id: titleIdOf(ctx.titles, profile.title), name: profile.title };
  return {
    PatientID: profile.id,
    TitleID: title.id,
    Title: title.name,
    FirstName: profile.firstName,
    FamilyName: profile.familyName,
    PreferredName: input.preferredName,
    GenderID: GENDER_IDS[profile.gender],
    GenderName: profile.gender === "other" ? "" : profile.genderLabel,
    Ethnicity: profile.ethnicity,
    DOB: profile.birthDateIso,
    BloodGroupID: input.bloodGroup ? String(BLOOD_GROUPS.indexOf(input.bloodGroup as (typeof BLOOD_GROUPS)[number]) + 1) : "",
    BloodGroupName: input.bloodGroup,
    NHINumber: profile.nhi,
    UserEmail: ctx.userEmail,
  };
}
