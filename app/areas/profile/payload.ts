import type { EmergencyContactPayload, LookupOption, UpdateContactMethodsRequest, UpdateDemographicsRequest } from "@contract/profile";
import { BLOOD_GROUPS, CONTACT_METHODS, type ProfileView } from "./view";

/**
 * The practice's request bodies built from a profile form's checked values (1§3, 1§7). What the
 * screen shows is read in app/areas/profile/view.ts.
 */

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
  mobile: string;
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
      CellPhoneNumber: input.mobile,
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
