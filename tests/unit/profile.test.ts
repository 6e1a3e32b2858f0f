import { describe, expect, it } from "vitest";
import { profileTexts } from "~/areas/profile/texts";
import { toBundle } from "@contract/fhir";
import { PatientReplySchema, PatientSlots } from "@contract/patient";
import { EmergencyContactPayloadSchema, LookupReplySchema, LookupSlots, NotificationSlots, UpdateContactMethodsRequestSchema } from "@contract/profile";
import { newPasswordProblem } from "~/lib/new-password";
import { checkPhone, formatPhone } from "~/areas/profile/phone";
import { contactMethodsRequest, demographicsRequest, emergencyContactPayload, userEmailOf } from "~/areas/profile/payload";
import { readContactMethods, readProfile } from "~/areas/profile/view";
import { fieldErrors } from "~/lib/forms";
import { ContactDetailsSchema, demographicsSchema, emergencyContactSchema, type ProfileLookups } from "~/areas/profile/forms";

const lookups: ProfileLookups = {
  titles: [{ id: "100", name: "Mr" }, { id: "102", name: "Ms" }, { id: "106", name: "Dr" }],
  cities: [{ id: "600", name: "Auckland" }],
  suburbs: [{ id: "700", name: "Ponsonby" }],
  relationships: [{ id: "907", name: "Sister" }],
};

const methods = JSON.stringify([
  { ContactMethod: "Email", ContactMethodID: 4, IsActive: true, IsDeleted: false, ProfileContactMethodID: 1, ProfileID: 1, InsertedAt: "", UpdatedAt: "", InsertedBY: 1, UpdatedBY: 1 },
  { ContactMethod: "Cell Phone", ContactMethodID: 1, IsActive: true, IsDeleted: false, ProfileContactMethodID: 2, ProfileID: 1, InsertedAt: "", UpdatedAt: "", InsertedBY: 1, UpdatedBY: 1 },
  { ContactMethod: "Post", ContactMethodID: 6, IsActive: true, IsDeleted: true, ProfileContactMethodID: 3, ProfileID: 1, InsertedAt: "", UpdatedAt: "", InsertedBY: 1, UpdatedBY: 1 },
]);

function wirePatient(overrides: Record<string, unknown> = {}) {
  return PatientReplySchema.parse(
    toBundle([
      {
        resourceType: "Patient",
        id: "482913",
        name: [{ prefix: ["Ms"], given: ["Mere", "Aroha"], family: "Parata", preferred: "Mere P" }],
        gender: "female",
        birthDate: "1984-03-07",
        telecom: [
          { system: "phone", use: "mobile", value: "0215550142" },
          { system: "phone", use: "work", value: "+61 412 345 678" },
          { system: "email", use: "home", value: "mere@example.com" },
          { system: "email", use: "temp", value: "mere.other@example.org" },
        ],
        address: [{ line: ["Flat 2", "14 Ponsonby Road", "Ponsonby"], city: "Auckland", country: "New Zealand", postalCode: "1011" }],
        contact: [{ id: "c1", name: { prefix: ["Mr"], given: ["Hemi"], family: "Parata" }, relationship: [{ coding: [{ display: "Brother" }] }], telecom: [{ system: "phone", use: "mobile", value: "0275550100" }] }],
        extension: PatientSlots.write({ ethnicity: "Māori", bloodGroup: "O+", contactMethods: methods, nhi: "ZAC5361", enableEmail: true, enableNotification: false, deviceToken: "phone-token", ...overrides }),
      },
    ]),
  ).resources[0];
}

describe("profile mapper", () => {
  it("reads names, gender, dates, the six address rows, phones and e-mails by use, NHI and notification flags", () => {
    const p = readProfile(wirePatient());
    expect(p).toMatchObject({ title: "Ms", firstName: "Mere", middleNames: "Aroha", familyName: "Parata", preferredName: "Mere P", gender: "female", genderLabel: "Female" });
    expect(p).toMatchObject({ birthDate: "07-03-1984", birthDateIso: "1984-03-07", ethnicity: "Māori", bloodGroup: "O+", nhi: "ZAC5361" });
    expect(p.address.map((r) => r.label)).toEqual(["Address Line 1", "Address Line 2", "Address Line 3", "Town/City", "Country", "Postcode"]);
    expect(p.phones).toEqual({ mobile: "021 555 0142", home: null, work: "+61 412 345 678" });
    expect(p.emails).toEqual({ primary: "mere@example.com", secondary: "mere.other@example.org" });
    expect(p.notifications).toEqual({ email: true, notification: false });
    expect(JSON.stringify(p)).not.toContain("phone-token");
    expect(p.emergencyContacts).toEqual([{ id: "c1", name: "Mr Hemi Parata", relationship: "Brother", phones: [{ label: "Mobile", value: "027 555 0100" }], email: null }]);
  });

  it("reads the active contact methods in id order and the preferred one from its slot, else the first", () => {
    // Shown in New Zealand's words: Cell Phone (the practice's name for method 1) reads Mobile (issue 21).
    expect(readProfile(wirePatient()).contactMethods).toEqual([{ id: 1, name: "Mobile" }, { id: 4, name: "Email" }]);
    expect(readProfile(wirePatient()).preferredContactMethodId).toBe(1);
    expect(readProfile(wirePatient({ preferredContactMethod: "4" })).preferredContactMethodId).toBe(4);
    expect(readContactMethods("not json")).toEqual([]);
    expect(readContactMethods('{"a":1}')).toEqual([]);
    expect(readContactMethods(undefined)).toEqual([]);
  });

  it("shows a gender the portal does not know as the practice sent it, with the neutral avatar, and none as not recorded (issue 68)", () => {
    expect(readProfile(wirePatient()).gender).toBe("female");
    const p = PatientReplySchema.parse(toBundle([{ resourceType: "Patient", id: "1", name: [{ text: "A B" }], extension: PatientSlots.write({ ethnicity: "", nhi: "" }) }])).resources[0];
    // "" is what the profile's rows say as "Not recorded"; never "Not stated", which would be a claim.
    expect(readProfile(p)).toMatchObject({ gender: "other", genderLabel: "", address: [], emergencyContacts: [], contactMethods: [], preferredContactMethodId: null });
    const intersex = PatientReplySchema.parse(toBundle([{ resourceType: "Patient", id: "1", name: [{ text: "A B" }], gender: "intersex", extension: [] }])).resources[0];
    expect(readProfile(intersex)).toMatchObject({ gender: "other", genderLabel: "intersex" });
  });
});

describe("payloads carry the patient's real values", () => {
  const profile = readProfile(wirePatient());
  const ctx = { profile, userEmail: "mere@example.com", practiceId: "org-7", balance: 42.5, titles: lookups.titles };

  it("fills the emergency contact payload from the form and the patient, never with placeholders", () => {
    const input = emergencyContactSchema(lookups).parse({ title: "102", firstName: "Aroha", familyName: "Ngata", preferredName: "", relationship: "907", homePhone: "095550142", workPhone: "04 555 0199", email: "", street: "3 Queen St", suburb: "700", city: "" });
    const payload = emergencyContactPayload(ctx, input);
    expect(EmergencyContactPayloadSchema.parse(payload)).toEqual(payload);
    expect(payload).toMatchObject({
      PatientID: "482913",
      NHINumber: "ZAC5361",
      UserEmail: "mere@example.com",
      PracticeID: "org-7",
      Balance: 42.5,
      TitleID: "102",
      Title: "Ms",
      RelationshipID: "907",
      RelationshipName: "Sister",
      PatientContact: { HomePhoneNumber: "09 555 0142", WorkPhoneNumber: "04 555 0199" },
    });
    expect(payload.PatientAddress).toEqual([expect.objectContaining({ PaientID: "482913", HouseNumber: "3 Queen St", SuburbTownID: "700", SuburbTownName: "Ponsonby", CityAreaID: "" })]);
  });

  it("sends the preferred contact method the patient chose", () => {
    const input = ContactDetailsSchema.parse({ mobile: "0215550142", home: "", work: "", email: "m@example.com", methods: ["5", "4", "4"], preferred: "4" });
    const body = contactMethodsRequest(profile, input);
    expect(UpdateContactMethodsRequestSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ PrefferedContactMethodID: 4, PrefferedContactMethodName: "Email", CellPhoneNumber: "021 555 0142" });
    expect(body.SelectedContacttMethods).toEqual([{ ContactMethodID: 4, ContactMethod: "Email" }, { ContactMethodID: 5, ContactMethod: "Text" }]);
  });

  it("keeps the identity fields as the practice holds them in a demographics update", () => {
    const body = demographicsRequest(ctx, demographicsSchema(lookups).parse({ title: "", preferredName: "Mere", bloodGroup: "AB-" }));
    expect(body).toMatchObject({ TitleID: "102", Title: "Ms", FirstName: "Mere", FamilyName: "Parata", DOB: "1984-03-07", NHINumber: "ZAC5361", GenderName: "Female", BloodGroupName: "AB-", PreferredName: "Mere" });
  });
});

describe("UserEmail is the viewed patient's e-mail", () => {
  const holder = { proxy: "No" as const, username: "holder@example.com" };
  const proxy = { proxy: "Yes" as const, username: "holder@example.com" };

  it("is the sign-in e-mail for the account holder", () => {
    expect(userEmailOf(readProfile(wirePatient()), holder)).toBe("holder@example.com");
  });

  it("is the member's own e-mail when acting for a family member, in both payloads", () => {
    const member = readProfile(wirePatient());
    const ctx = { profile: member, userEmail: userEmailOf(member, proxy), practiceId: "org-7", balance: 0, titles: lookups.titles };
    expect(ctx.userEmail).toBe("mere@example.com");
    const contact = emergencyContactSchema(lookups).parse({ title: "102", firstName: "Aroha", familyName: "Ngata", preferredName: "", relationship: "907", homePhone: "095550142", workPhone: "04 555 0199", email: "", street: "", suburb: "", city: "" });
    expect(emergencyContactPayload(ctx, contact).UserEmail).toBe("mere@example.com");
    expect(demographicsRequest(ctx, demographicsSchema(lookups).parse({ title: "", preferredName: "", bloodGroup: "" })).UserEmail).toBe("mere@example.com");
  });

  it("is empty, never the account holder's, for a member with no e-mail on file", () => {
    const child = { ...readProfile(wirePatient()), emails: { primary: null, secondary: "other@example.org" } };
    expect(userEmailOf(child, proxy)).toBe("");
  });
});

describe("profile forms", () => {
  it("gives 1§5's required-field texts, and asks for one number of any kind rather than both a home and a work phone (issue 21)", () => {
    const result = emergencyContactSchema(lookups).safeParse({ title: "", firstName: "", familyName: " ", preferredName: "", relationship: "", mobile: "", homePhone: "", workPhone: "", email: "", street: "", suburb: "", city: "" });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      title: "Title Cannot Be Empty",
      firstName: "Name cannot be Empty",
      familyName: "Family Name Cannot Be Empty",
      relationship: "Relationship cannot be Empty",
      mobile: profileTexts.onePhoneNeeded,
    });
  });

  it("takes a contact with any one number: mobile, home or work", () => {
    const base = { title: "102", firstName: "Aroha", familyName: "Ngata", preferredName: "", relationship: "907", mobile: "", homePhone: "", workPhone: "", email: "", street: "", suburb: "", city: "" };
    for (const field of ["mobile", "homePhone", "workPhone"] as const) {
      const parsed = emergencyContactSchema(lookups).safeParse({ ...base, [field]: "021 555 0142" });
      expect(parsed.success, field).toBe(true);
      expect(parsed.data![field]).toBe("021 555 0142");
    }
    // A form without the Mobile field at all (a tab opened before it existed) is read as no mobile.
    const { mobile: _omitted, ...older } = base;
    expect(emergencyContactSchema(lookups).safeParse({ ...older, homePhone: "09 555 0142" }).success).toBe(true);
  });

  it("refuses markup, over-long names, unknown choices and invalid numbers; accepts macrons and hyphens", () => {
    const base = { title: "102", firstName: "Te Rangi-Ātea", familyName: "O'Connor", preferredName: "", relationship: "907", homePhone: "09 555 0142", workPhone: "+61 412 345 678", email: "", street: "", suburb: "", city: "" };
    expect(emergencyContactSchema(lookups).safeParse(base).success).toBe(true);
    const bad = emergencyContactSchema(lookups).safeParse({ ...base, firstName: "<script>alert(1)</script>", familyName: "x".repeat(51), relationship: "999", homePhone: "12345", workPhone: "021 abc", email: "nope" });
    expect(fieldErrors(bad.error!)).toMatchObject({
      firstName: "Names can contain letters, spaces, hyphens, apostrophes and full stops only",
      familyName: "Please keep this to 50 characters or fewer",
      relationship: "Please choose one of the listed options",
      homePhone: expect.stringContaining("Enter a valid phone number"),
      workPhone: expect.stringContaining("Enter a valid phone number"),
      email: expect.stringContaining("Enter a valid email address"),
    });
  });

  it("asks for a method, a preferred method among them, and the number or address each needs", () => {
    const errors = (v: Record<string, unknown>) => {
      const r = ContactDetailsSchema.safeParse({ mobile: "", home: "", work: "", email: "", methods: [], preferred: "", ...v });
      return r.success ? {} : fieldErrors(r.error);
    };
    expect(errors({})).toMatchObject({ methods: "Choose at least one way for the practice to contact you" });
    expect(errors({ methods: ["6"], preferred: "4" })).toMatchObject({ preferred: "Your preferred contact method must be one of the methods you ticked" });
    expect(errors({ methods: ["5"], preferred: "5" })).toMatchObject({ mobile: "Add a mobile number to be contacted by cell phone or text" });
    expect(errors({ methods: ["4"], preferred: "4" })).toMatchObject({ email: "Add an email address to be contacted by email" });
    expect(errors({ methods: ["6"], preferred: "6" })).toEqual({});
    // The sign-in form's address rule (1§5), macrons included.
    expect(errors({ email: "tāne@māori.nz", methods: ["4"], preferred: "4" })).toEqual({});
  });

  it("checks the profile password rules in the spec's order", () => {
    const problem = (password: string, confirm = password) => newPasswordProblem({ password, confirm }, "profile")?.message;
    expect(problem("", "")).toBe("Password cannot be empty");
    expect(problem("x", "")).toBe("Confirm Password cannot be empty");
    expect(problem("x", "y")).toBe("Passwords did not match. Please try again");
    expect(problem("ABCDEFG12")).toBe("Password must contain at least one lower case letter.");
    expect(problem("abC12")).toBe("Your password has less than 8 characters.");
    expect(problem("abcdefg12")).toBe("Password must contain at least one upper case letter.");
    expect(problem("Abcdefgh1")).toBe("Password must contain at least two numbers.");
    expect(problem("Abcdefg12")).toBeUndefined();
  });
});

describe("phones", () => {
  it("reads New Zealand numbers by default and shows them in national format", () => {
    expect(checkPhone("0215550142")).toMatchObject({ ok: true, national: "021 555 0142" });
    expect(checkPhone("+64 9 555 0142")).toMatchObject({ ok: true, national: "09 555 0142" });
    expect(checkPhone("+61412345678")).toMatchObject({ ok: true, national: "+61 412 345 678" });
    for (const bad of ["12345", "04 555 12", "021-abc-1234", "<b>021</b>", ""]) expect(checkPhone(bad).ok).toBe(false);
    expect(formatPhone("not a phone")).toBe("not a phone");
    expect(formatPhone("")).toBeNull();
  });
});

describe("profile slot layouts", () => {
  it("reads lookups as id and name pairs, and writes notification flags in slot order", () => {
    const reply = toBundle([{ resourceType: "Basic", extension: LookupSlots.write({ id: "907", name: "Sister" }) }]);
    expect(LookupReplySchema.parse(reply)).toEqual([{ id: "907", name: "Sister" }]);
    expect(LookupReplySchema.parse([{ entry: null }])).toEqual([]);
    expect(NotificationSlots.write({ enableEmail: true, enableNotification: false })).toEqual([
      { url: "PatientDeviceToken" },
      { url: "EnableEmail", valueBoolean: true },
      { url: "EnableNotification", valueBoolean: false },
    ]);
  });
});
