import type { HumanName } from "@contract/fhir";
import type { Patient } from "@contract/patient";
import { ContactMethodRecordSchema, type LookupOption } from "@contract/profile";
import { formatDate } from "~/lib/dates";
import { formatPhone } from "./phone";
import { displayName } from "~/lib/patient-summary";
import { recordTexts } from "~/lib/texts/record";
import { profileTexts } from "./texts";

/** The profile resource read into what the profile screens show (1§3 Patient profile). */

/**
 * 1§3 Contact method ids: `name` is the practice API's (sent back as PrefferedContactMethodName),
 * `label` what a patient reads, in New Zealand's words (issue 21: Mobile, not Cell Phone).
 */
export const CONTACT_METHODS = [
  { id: 1, name: "Cell Phone", label: profileTexts.contactMethodLabels.mobile },
  { id: 2, name: "Day Phone", label: profileTexts.contactMethodLabels.dayPhone },
  { id: 3, name: "Night Phone", label: profileTexts.contactMethodLabels.nightPhone },
  { id: 4, name: "Email", label: profileTexts.contactMethodLabels.email },
  { id: 5, name: "Text", label: profileTexts.contactMethodLabels.text },
  { id: 6, name: "Post", label: profileTexts.contactMethodLabels.post },
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
  /** The avatar's: "other" for a code the portal does not know or none. */
  gender: "female" | "male" | "other";
  /** Female or Male; another code as the practice sent it; "" where it sent none (shown as not recorded). */
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

/** A gender the portal does not know is shown as the practice wrote it (issue 68): never guessed, never "Not stated" when it said something. */
function genderLabelOf(gender: ProfileView["gender"], value: string | undefined): string {
  return gender === "female" ? profileTexts.genders.female : gender === "male" ? profileTexts.genders.male : (value?.trim() ?? "");
}

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
    methods.push({ id, name: known.label });
  }
  return methods.sort((a, b) => a.id - b.id);
}

function telecomValue(patient: Patient, system: "phone" | "email", use: string): string | null {
  const entry = patient.telecom.find((t) => (t.system ?? "phone") === system && t.use === use);
  return entry?.value?.trim() ? entry.value.trim() : null;
}

function nameParts(name: HumanName | undefined) {
  // A practice may send a name with none of its parts (issue 68): each is then "" and shown as not recorded.
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
  const addressRows = ([
    { label: profileTexts.addressRows.line1, value: lines[0] },
    { label: profileTexts.addressRows.line2, value: lines[1] },
    { label: profileTexts.addressRows.line3, value: lines[2] },
    // New Zealand's words (issue 21): the city line (1§3's City/County) is a town or city, as NZ Post
    // writes addresses; a suburb is a line of its own. And a postcode (issue 52).
    { label: profileTexts.addressRows.city, value: address?.city },
    { label: profileTexts.addressRows.country, value: address?.country },
    { label: profileTexts.addressRows.postcode, value: address?.postalCode },
  ] as { label: string; value: string | undefined }[]).filter((row): row is { label: string; value: string } => Boolean(row.value?.trim()));
  const methods = readContactMethods(patient.extension.contactMethods);
  const preferred = Number(patient.extension.preferredContactMethod);
  return {
    id: patient.id,
    ...parts,
    // The heading, the photo's words and the forms' titles name someone: a record without a name says so (issue 68).
    fullName: displayName(name) || recordTexts.notRecorded,
    gender,
    genderLabel: genderLabelOf(gender, patient.gender),
    birthDate: patient.birthDate?.trim() ? formatDate(patient.birthDate.trim()) : "",
    birthDateIso: patient.birthDate?.trim() ?? "",
    ethnicity: patient.extension.ethnicity?.trim() ?? "",
    bloodGroup: patient.extension.bloodGroup?.trim() ?? "",
    nhi: patient.extension.nhi?.trim() ?? "",
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
      const phone = (use: string) => c.telecom.find((t) => (t.system ?? "phone") === "phone" && t.use === use)?.value;
      const phones = ([
        { label: profileTexts.phoneKinds.mobile, value: formatPhone(phone("mobile")) },
        { label: profileTexts.phoneKinds.home, value: formatPhone(phone("home")) },
        { label: profileTexts.phoneKinds.work, value: formatPhone(phone("work")) },
      ] as { label: string; value: string | null }[]).filter((p): p is { label: string; value: string } => p.value !== null);
      return {
        id: c.id,
        // A contact whose name or relationship the practice does not send is still listed, and says so (issue 68).
        name: [c.name?.prefix[0], ...(c.name?.given ?? []), c.name?.family].filter((part) => part?.trim()).join(" ") || recordTexts.notRecorded,
        relationship: c.relationship[0]?.coding[0]?.display?.trim() ?? "",
        phones,
        email: c.telecom.find((t) => t.system === "email" && t.value?.trim())?.value ?? null,
      };
    }),
  };
}

/** The lists the profile's forms choose from (read by app/areas/profile/practice.server.ts). */
export interface ProfileLookups {
  titles: LookupOption[];
  cities: LookupOption[];
  suburbs: LookupOption[];
  relationships: LookupOption[];
}
