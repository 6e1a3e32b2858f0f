import { beforeAll, describe, expect, it } from "vitest";
import * as patient from "~/.server/practice/patient.server";
import * as profile from "~/areas/profile/practice.server";
import { getTerms } from "~/.server/practice/terms.server";
import * as client from "~/.server/practice/client.server";
import type { PracticeApi } from "~/.server/practice/api.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { emergencyContactPayload, contactMethodsRequest, demographicsRequest } from "~/areas/profile/payload";
import { readProfile } from "~/areas/profile/view";

/** The profile calls of 1§7, from the portal's server code to the mock's world and back. */
const mock = useMockServer();
let world: TestWorld;

const signIn = (label: string) => world.signIn(label);

async function viewOf(api: PracticeApi, id: string) {
  return readProfile((await patient.getPatient(api, id))!);
}

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 5 });
});

describe("profile calls against the mock", () => {
  it("loads the four lookups the forms use, the balance and both terms documents", async () => {
    const { id, api } = await signIn("solo");
    const lookups = await profile.getLookups(api, id);
    expect(lookups.titles.map((t) => t.name)).toContain("Mrs");
    expect(lookups.relationships.map((t) => t.name)).toContain("Friend");
    expect(lookups.cities.length).toBeGreaterThan(3);
    expect(lookups.suburbs.length).toBeGreaterThan(lookups.cities.length);
    expect(Object.keys(lookups).sort()).toEqual(["cities", "relationships", "suburbs", "titles"]);
    expect(await profile.getBalance(api, id)).toBeGreaterThanOrEqual(0);
    expect(await getTerms(api, id, "1")).toMatch(/terms of use/);
    expect(await getTerms(api, id, "2")).toMatch(/Drafts/);
    const empty = await signIn("empty");
    expect(await profile.getBalance(empty.api, empty.id)).toBe(0);
  });

  it("adds an emergency contact that persists, then removes it", async () => {
    const { id, api } = await signIn("solo");
    const before = await viewOf(api, id);
    const lookups = await profile.getLookups(api, id);
    const payload = emergencyContactPayload(
      { profile: before, userEmail: world.user("solo").username, practiceId: "p1", balance: 12.5, titles: lookups.titles },
      {
        title: lookups.titles[0],
        firstName: "Aroha",
        familyName: "Ngata",
        preferredName: "",
        relationship: lookups.relationships[0],
        mobile: "",
        homePhone: "09 555 1234",
        workPhone: "04 555 9876",
        email: "",
        street: "",
        suburb: null,
        city: null,
      },
    );
    expect(payload).toMatchObject({ PatientID: id, NHINumber: before.nhi, UserEmail: world.user("solo").username, Balance: 12.5 });
    const added = await profile.addEmergencyContact(api, payload);
    expect(added.StatusCode).toBe("1");
    const after = await viewOf(api, id);
    expect(after.emergencyContacts).toHaveLength(before.emergencyContacts.length + 1);
    const contact = after.emergencyContacts.find((c) => c.id === added.EmergencyContactID)!;
    expect(contact).toMatchObject({ name: "Mr Aroha Ngata", relationship: "Partner" });
    expect(contact.phones).toEqual([
      { label: "Home", value: "09 555 1234" },
      { label: "Work", value: "04 555 9876" },
    ]);

    expect((await profile.deleteEmergencyContact(api, id, contact.id)).StatusCode).toBe("1");
    expect((await viewOf(api, id)).emergencyContacts).toHaveLength(before.emergencyContacts.length);
    expect((await profile.deleteEmergencyContact(api, id, contact.id)).StatusCode).toBe("3");
  });

  it("updates contact methods with the chosen preferred method, demographics and notification flags", async () => {
    const { id, api } = await signIn("solo");
    const before = await viewOf(api, id);
    const reply = await profile.updateContactMethods(api, contactMethodsRequest(before, { mobile: "021 555 0001", home: "", work: "", email: "new@example.com", methods: [4, 5], preferred: 5 }));
    expect(reply.StatusCode).toBe("1");
    const lookups = await profile.getLookups(api, id);
    await profile.updateDemographics(api, demographicsRequest({ profile: before, userEmail: "x@example.com", practiceId: "p", balance: 0, titles: lookups.titles }, { title: lookups.titles.find((t) => t.name === "Dr")!, preferredName: "Bo", bloodGroup: "AB-" }));
    await profile.updateNotifications(api, id, { enableEmail: !before.notifications.email, enableNotification: true });
    const after = await viewOf(api, id);
    expect(after.phones).toEqual({ mobile: "021 555 0001", home: null, work: null });
    expect(after.emails.primary).toBe("new@example.com");
    expect(after.contactMethods.map((m) => m.name)).toEqual(["Email", "Text"]);
    expect(after.preferredContactMethodId).toBe(5);
    expect(after).toMatchObject({ title: "Dr", preferredName: "Bo", bloodGroup: "AB-", firstName: before.firstName, familyName: before.familyName });
    expect(after.notifications).toMatchObject({ email: !before.notifications.email, notification: true });
  });

  it("refuses another patient's flags and answers faults like any call", async () => {
    const solo = await signIn("solo");
    const family = await signIn("family");
    await expect(profile.updateNotifications(family.api, solo.id, { enableEmail: true, enableNotification: true })).rejects.toMatchObject({ kind: "forbidden" });
    await world.fault({ path: "patient/AddEmergencyContact", status: 503, times: 1 });
    const view = await viewOf(solo.api, solo.id);
    const lookups = await profile.getLookups(solo.api, solo.id);
    const payload = emergencyContactPayload(
      { profile: view, userEmail: "", practiceId: "", balance: 0, titles: lookups.titles },
      { title: lookups.titles[1], firstName: "A", familyName: "B", preferredName: "", relationship: lookups.relationships[1], mobile: "", homePhone: "09 555 1111", workPhone: "09 555 2222", email: "", street: "", suburb: null, city: null },
    );
    await expect(profile.addEmergencyContact(solo.api, payload)).rejects.toBeInstanceOf(client.PracticeApiError);
    expect((await viewOf(solo.api, solo.id)).emergencyContacts).toHaveLength(view.emergencyContacts.length);
  });
});
