import { beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { profileMessages } from "../../app/lib/messages/profile";
import { readProfile } from "../../app/lib/profile-view";
import { errorsMessages } from "../../app/lib/messages/errors";
import { viewingKeyOf } from "../../app/.server/session.server";

/**
 * The profile action's logic (app/.server/profile-page.server.ts) against the real mock over HTTP:
 * the signed-in context (api, user) and the posted FormData go in, the answer and the practice's
 * journal come out. No session store is involved.
 */
const mock = useMockServer();
let page: typeof import("../../app/.server/profile-page.server");
let patient: typeof import("../../app/.server/practice/patient.server");
let profile: typeof import("../../app/.server/practice/profile.server");
let world: TestWorld;

type SignedInContext = Parameters<typeof page.actOnProfile>[0];

/** The session's user as sign-in writes it: proxy "No" for oneself, "Yes" for a linked account. */
function contextOf(session: PortalSession, label: string, viewed = session.id): SignedInContext {
  const { username } = world.user(label);
  return {
    api: session.api,
    user: { token: session.token, apiBase: session.apiBase, userId: viewed, parentId: session.id, proxy: viewed === session.id ? "No" : "Yes", username, userName: username, parentName: "Account Holder" },
    // No session store here: password-change-sessions.test.ts covers the other sessions ending.
    endOtherSessions: async () => undefined,
  };
}

function formOf(fields: Record<string, string | string[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) form.append(name, v);
  return form;
}

async function contactForm(session: PortalSession, overrides: Record<string, string> = {}) {
  const lookups = await profile.getLookups(session.api, session.id);
  return formOf({
    intent: "add-contact",
    title: lookups.titles[0]!.id,
    firstName: "Aroha",
    familyName: "Ngata",
    preferredName: "",
    relationship: lookups.relationships[0]!.id,
    homePhone: "09 555 1234",
    workPhone: "04 555 9876",
    email: "",
    street: "",
    suburb: "",
    city: "",
    ...overrides,
  });
}

const added = <E extends { method: string; path: string }>(entries: E[]) => entries.filter((e) => e.method === "POST" && /AddEmergencyContact/i.test(e.path));

beforeAll(async () => {
  page = await import("../../app/.server/profile-page.server");
  patient = await import("../../app/.server/practice/patient.server");
  profile = await import("../../app/.server/practice/profile.server");
  world = await mock.createWorld({ scenario: "default", seed: 11 });
});

describe("the profile action against the mock", () => {
  it("saves a valid emergency contact, and the profile read back has it", async () => {
    const solo = await world.signIn("solo");
    const answer = await page.actOnProfile(contextOf(solo, "solo"), await contactForm(solo, { firstName: "Wiremu" }));
    expect(answer).toMatchObject({ intent: "add-contact", ok: true });
    const after = readProfile((await patient.getPatient(solo.api, solo.id))!);
    expect(after.emergencyContacts.map((c) => c.name)).toContainEqual(expect.stringContaining("Wiremu Ngata"));
  });

  it("answers an invalid contact with its field errors and sends nothing to the practice", async () => {
    const solo = await world.signIn("solo");
    const form = await contactForm(solo, { firstName: "", homePhone: "not a phone", title: "no-such-title" });
    await world.clearRequests();
    const answer = await page.actOnProfile(contextOf(solo, "solo"), form);
    expect(answer).toEqual({
      intent: "add-contact",
      ok: false,
      message: profileMessages.checkFields,
      fieldErrors: { firstName: profileMessages.firstNameEmpty, homePhone: profileMessages.phoneInvalid, title: profileMessages.choiceInvalid },
    });
    expect(added(await world.requests())).toEqual([]);
  });

  it("answers a practice failure with the failed message, keeping the dialog's input", async () => {
    const solo = await world.signIn("solo");
    const form = await contactForm(solo);
    await world.fault({ path: "patient/AddEmergencyContact", method: "POST", status: 500, times: 1 });
    try {
      expect(await page.actOnProfile(contextOf(solo, "solo"), form)).toEqual({ intent: "add-contact", ok: false, message: profileMessages.contactAddFailed });
    } finally {
      await world.clearFaults();
    }
  });

  it("refuses a form from a tab still showing the person viewed before a switch, calling nothing; the viewed person's own key saves", async () => {
    const holder = await world.signIn("family");
    const members = await patient.getProxyUsers(holder.api, holder.id);
    const member = members.resources.map((m) => m.id).find((id) => id !== holder.id)!;
    const nowViewing = contextOf(holder, "family", member);
    const before = readProfile((await patient.getPatient(holder.api, member))!).emergencyContacts.length;

    await world.clearRequests();
    const stale = await contactForm(holder, { firstName: "Tama", viewing: viewingKeyOf({ apiBase: holder.apiBase, userId: holder.id }) });
    expect(await page.actOnProfile(nowViewing, stale)).toEqual({ intent: "add-contact", ok: false, message: errorsMessages.viewingChanged });
    const switches = formOf({ intent: "notifications", setting: "email", value: "true", email: "false", notification: "false", viewing: viewingKeyOf({ apiBase: holder.apiBase, userId: holder.id }) });
    expect(await page.actOnProfile(nowViewing, switches)).toMatchObject({ ok: false, message: errorsMessages.viewingChanged });
    expect((await world.requests()).filter((e) => e.method !== "GET")).toEqual([]);
    expect(readProfile((await patient.getPatient(holder.api, member))!).emergencyContacts).toHaveLength(before);

    const current = await contactForm(holder, { firstName: "Tama", viewing: viewingKeyOf(nowViewing.user) });
    expect(await page.actOnProfile(nowViewing, current)).toMatchObject({ intent: "add-contact", ok: true });
    expect(readProfile((await patient.getPatient(holder.api, member))!).emergencyContacts).toHaveLength(before + 1);
  });

  it("a proxy's calls carry the family member's id for the profile and the account holder's for the password", async () => {
    const holder = await world.signIn("family");
    const members = await patient.getProxyUsers(holder.api, holder.id);
    const member = members.resources.map((m) => m.id).find((id) => id !== holder.id);
    expect(member).toBeDefined();
    const proxy = contextOf(holder, "family", member);

    await world.clearRequests();
    expect(await page.actOnProfile(proxy, await contactForm(holder, { firstName: "Hemi" }))).toMatchObject({ ok: true });
    const [save] = added(await world.requests());
    expect(save?.query).toMatchObject({ PatientID: member });
    expect(save?.body).toMatchObject({ PatientID: member });

    await world.clearRequests();
    const password = "Kahikatea42Ab";
    expect(await page.actOnProfile(proxy, formOf({ intent: "change-password", password, confirm: password }))).toMatchObject({ intent: "change-password" });
    const change = (await world.requests()).filter((e) => e.method === "POST" && /ChangePassword/i.test(e.path));
    expect(change).toHaveLength(1);
    expect(JSON.stringify(change[0]!.body)).toContain(holder.id);
    expect(JSON.stringify(change[0]!.body)).not.toContain(`"${member}"`);
  });

  it("checks the contact-details form on the server with the same schema, a single ticked method included", async () => {
    const solo = await world.signIn("solo");
    const answer = await page.actOnProfile(contextOf(solo, "solo"), formOf({ intent: "contact-details", mobile: "", home: "", work: "", email: "", methods: "5", preferred: "5" }));
    expect(answer).toMatchObject({ ok: false, fieldErrors: { mobile: profileMessages.mobileNeeded } });
  });

  it("removes a contact by the id posted, and refuses a tampered notification switch without calling the practice", async () => {
    const solo = await world.signIn("solo");
    const ctx = contextOf(solo, "solo");
    expect(await page.actOnProfile(ctx, await contactForm(solo, { firstName: "Rangi" }))).toMatchObject({ ok: true });
    const contact = readProfile((await patient.getPatient(solo.api, solo.id))!).emergencyContacts.find((c) => c.name.includes("Rangi"))!;
    expect(await page.actOnProfile(ctx, formOf({ intent: "delete-contact", contactId: contact.id }))).toEqual({ intent: "delete-contact", ok: true, message: profileMessages.contactRemoved });
    expect(readProfile((await patient.getPatient(solo.api, solo.id))!).emergencyContacts.some((c) => c.id === contact.id)).toBe(false);

    await world.clearRequests();
    const tampered = formOf({ intent: "notifications", setting: "email", value: "yes", email: "true", notification: "false" });
    expect(await page.actOnProfile(ctx, tampered)).toEqual({ intent: "notifications", ok: false, message: profileMessages.choiceInvalid });
    expect((await world.requests()).filter((e) => e.method !== "GET")).toEqual([]);
  });
});
