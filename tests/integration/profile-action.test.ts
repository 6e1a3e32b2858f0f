import { beforeAll, describe, expect, it } from "vitest";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { profileTexts } from "~/areas/profile/texts";
import { readProfile } from "~/areas/profile/view";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { signInThrottleTexts } from "~/lib/texts/sign-in-throttle";
import { newPasswordTexts } from "~/lib/texts/new-password";

/**
 * The profile action's logic (app/areas/profile/page.server.ts) against the real mock over HTTP:
 * the signed-in context (api, user) and the posted FormData go in, the answer and the practice's
 * journal come out. No session store is involved.
 */
const mock = useMockServer();
let page: typeof import("~/areas/profile/page.server");
let patient: typeof import("~/.server/practice/patient.server");
let profile: typeof import("~/areas/profile/practice.server");
let world: TestWorld;

type SignedInContext = Parameters<typeof page.actOnProfile>[0];

/** The session's user as sign-in writes it: proxy "No" for oneself, "Yes" for a linked account. */
function contextOf(session: PortalSession, label: string, viewed = session.id, from = world): SignedInContext {
  const { username } = from.user(label);
  return {
    api: session.api,
    user: { token: session.token, apiBase: session.apiBase, userId: viewed, parentId: session.id, proxy: viewed === session.id ? "No" : "Yes", username, userName: username, parentName: "Account Holder" },
    // No session store here: password-change-sessions.test.ts covers the other sessions ending.
    endOtherSessions: async () => undefined,
  };
}

/** Where each post comes from, and the sign-in counts it joins: a throttle of this file's own. */
const ACCOUNT_LIMIT = 5;
const newThrottle = () => new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: ACCOUNT_LIMIT, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1_000 });
const attempt = { address: "192.0.2.30", throttle: newThrottle() };

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
  page = await import("~/areas/profile/page.server");
  patient = await import("~/.server/practice/patient.server");
  profile = await import("~/areas/profile/practice.server");
  world = await mock.createWorld({ scenario: "default", seed: 11 });
});

describe("the profile action against the mock", () => {
  it("saves a valid emergency contact, and the profile read back has it", async () => {
    const solo = await world.signIn("solo");
    const answer = await page.actOnProfile(contextOf(solo, "solo"), await contactForm(solo, { firstName: "Wiremu" }), attempt);
    expect(answer).toMatchObject({ intent: "add-contact", ok: true });
    const after = readProfile((await patient.getPatient(solo.api, solo.id))!);
    expect(after.emergencyContacts.map((c) => c.name)).toContainEqual(expect.stringContaining("Wiremu Ngata"));
  });

  // One number of any kind is enough (issue 21): sent as that number, the others empty.
  it.each([
    ["mobile", "CellPhoneNumber"],
    ["workPhone", "WorkPhoneNumber"],
  ])("saves an emergency contact with only a %s number, sent to the practice as %s", async (field, sentAs) => {
    // A world of its own: the shared one's emergency contacts are kept few for the tests below.
    const own = await mock.createWorld({ scenario: "default", seed: 12 });
    const solo = await own.signIn("solo");
    const form = await contactForm(solo, { firstName: "Mereana", homePhone: "", workPhone: "", [field]: "021 555 0142" });
    await own.clearRequests();
    expect(await page.actOnProfile(contextOf(solo, "solo", solo.id, own), form, attempt)).toMatchObject({ intent: "add-contact", ok: true });
    const [sent] = added(await own.requests());
    const contact = (sent!.body as { PatientContact: Record<string, string> }).PatientContact;
    expect(contact[sentAs]).toBe("021 555 0142");
    for (const other of ["CellPhoneNumber", "HomePhoneNumber", "WorkPhoneNumber"].filter((f) => f !== sentAs)) expect(contact[other]).toBe("");
  });

  it("answers an invalid contact with its field errors and sends nothing to the practice", async () => {
    const solo = await world.signIn("solo");
    const form = await contactForm(solo, { firstName: "", homePhone: "not a phone", title: "no-such-title" });
    await world.clearRequests();
    const answer = await page.actOnProfile(contextOf(solo, "solo"), form, attempt);
    expect(answer).toEqual({
      intent: "add-contact",
      ok: false,
      message: profileTexts.checkFields,
      fields: { firstName: profileTexts.firstNameEmpty, homePhone: profileTexts.phoneInvalid, title: profileTexts.choiceInvalid },
    });
    expect(added(await world.requests())).toEqual([]);
  });

  it("answers a practice failure with the failed message, keeping the dialog's input", async () => {
    const solo = await world.signIn("solo");
    const form = await contactForm(solo);
    await world.fault({ path: "patient/AddEmergencyContact", method: "POST", status: 500, times: 1 });
    try {
      expect(await page.actOnProfile(contextOf(solo, "solo"), form, attempt)).toEqual({ intent: "add-contact", ok: false, message: profileTexts.contactAddFailed });
    } finally {
      await world.clearFaults();
    }
  });

  it("a proxy's calls carry the family member's id for the profile and the account holder's for the password", async () => {
    const holder = await world.signIn("family");
    const members = await patient.getProxyUsers(holder.api, holder.id);
    const member = members.resources.map((m) => m.id).find((id) => id !== holder.id);
    expect(member).toBeDefined();
    const proxy = contextOf(holder, "family", member);

    await world.clearRequests();
    expect(await page.actOnProfile(proxy, await contactForm(holder, { firstName: "Hemi" }), attempt)).toMatchObject({ ok: true });
    const [save] = added(await world.requests());
    expect(save?.query).toMatchObject({ PatientID: member });
    expect(save?.body).toMatchObject({ PatientID: member });

    await world.clearRequests();
    const password = "Kahikatea42Ab";
    expect(await page.actOnProfile(proxy, formOf({ intent: "change-password", current: world.user("family").password, password, confirm: password }), attempt)).toMatchObject({ intent: "change-password" });
    // The current password is checked with the account holder's user name, then the change is the holder's.
    const check = (await world.requests()).filter((e) => e.method === "POST" && e.path === "Patient/Authentication");
    expect(check).toHaveLength(1);
    expect(JSON.stringify(check[0]!.body)).toContain(world.user("family").username);
    const change = (await world.requests()).filter((e) => e.method === "POST" && /ChangePassword/i.test(e.path));
    expect(change).toHaveLength(1);
    expect(JSON.stringify(change[0]!.body)).toContain(holder.id);
    expect(JSON.stringify(change[0]!.body)).not.toContain(`"${member}"`);
  });

  it("checks the contact-details form on the server with the same schema, a single ticked method included", async () => {
    const solo = await world.signIn("solo");
    const answer = await page.actOnProfile(contextOf(solo, "solo"), formOf({ intent: "contact-details", mobile: "", home: "", work: "", email: "", methods: "5", preferred: "5" }), attempt);
    expect(answer).toMatchObject({ ok: false, fields: { mobile: profileTexts.mobileNeeded } });
  });

  it("removes a contact by the id posted, and refuses a tampered notification switch without calling the practice", async () => {
    const solo = await world.signIn("solo");
    const ctx = contextOf(solo, "solo");
    expect(await page.actOnProfile(ctx, await contactForm(solo, { firstName: "Rangi" }), attempt)).toMatchObject({ ok: true });
    const contact = readProfile((await patient.getPatient(solo.api, solo.id))!).emergencyContacts.find((c) => c.name.includes("Rangi"))!;
    expect(await page.actOnProfile(ctx, formOf({ intent: "delete-contact", contactId: contact.id }), attempt)).toEqual({ intent: "delete-contact", ok: true, message: profileTexts.contactRemoved });
    expect(readProfile((await patient.getPatient(solo.api, solo.id))!).emergencyContacts.some((c) => c.id === contact.id)).toBe(false);

    await world.clearRequests();
    const tampered = formOf({ intent: "notifications", setting: "email", value: "yes", email: "true", notification: "false" });
    expect(await page.actOnProfile(ctx, tampered, attempt)).toEqual({ intent: "notifications", ok: false, message: profileTexts.choiceInvalid });
    expect((await world.requests()).filter((e) => e.method !== "GET")).toEqual([]);
  });
});

/**
 * Issue 36, finding 5: Change Password asks for the current password and has the practice check it
 * (Patient/Authentication, as sign-in does) before the change. A wrong one is a failed sign-in for the
 * throttle, so the dialog is no way round the pause. Each test has its own world, as each may change
 * the password.
 */
describe("Update Profile at a practice as the spec describes it (issue 68)", () => {
  // The spec lets GET Patient leave the names out, and UpdatePatientDemographics needs them back: without
  // them nothing is sent and the patient is told why, instead of a refusal that says to try again.
  it.each([1, 2, 3, 4, 5])("room seed %i: saved when the practice sent the names, else refused in words with nothing sent", async (roomSeed) => {
    const spec = await mock.createWorld({ scenario: "default", practice: "spec", roomSeed });
    const solo = await spec.signIn("solo");
    const before = readProfile((await patient.getPatient(solo.api, solo.id))!);
    const form = formOf({ intent: "demographics", title: "", preferredName: "Tama", bloodGroup: "AB-" });
    const answer = await page.actOnProfile(contextOf(solo, "solo", solo.id, spec), form, attempt);
    const posted = await spec.requests({ method: "POST", path: "Patient/UpdatePatientDemographics" });
    if (before.firstName && before.familyName) {
      expect(answer).toEqual({ intent: "demographics", ok: true, message: profileTexts.profileUpdated });
      expect(posted.map((call) => call.status)).toEqual([200]);
    } else {
      expect(answer).toEqual({ intent: "demographics", ok: false, message: profileTexts.profileNamesNotSent });
      expect(posted).toEqual([]);
    }
    await spec.delete();
  });
});

describe("Change Password and the current password", () => {
  let seed = 70;
  const passwordForm = (current: string, password = "Kahikatea42Ab") => formOf({ intent: "change-password", current, password, confirm: password });
  const calls = async (w: TestWorld) => (await w.requests()).filter((e) => e.method === "POST").map((e) => e.path);

  it("refuses a wrong current password on its field, never asks for the change, and counts it as a failed sign-in", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    const throttle = newThrottle();
    await own.clearRequests();
    const answer = await page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm("NotThePassword1"), { address: "192.0.2.31", throttle });
    expect(answer).toEqual({ intent: "change-password", ok: false, message: profileTexts.currentPasswordWrong, fields: { current: profileTexts.currentPasswordWrong } });
    expect(await calls(own)).toEqual(["Patient/Authentication"]);
    // The attempt is the account's first failure: the next one, from anywhere, is its second.
    expect(await throttle.claim(own.user("solo").username, "198.51.100.9")).toMatchObject({ allowed: true, attempt: 2 });
  });

  it("with the right current password, checks it, hands back the token the check was given, then changes the password", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    await own.clearRequests();
    const answer = await page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm(own.user("solo").password), { address: "192.0.2.32", throttle: newThrottle() });
    expect(answer).toMatchObject({ intent: "change-password", ok: true });
    expect(await calls(own)).toEqual(["Patient/Authentication", "Patient/Logout", "Patient/ChangePassword"]);
    // The session's own token is not the one handed back.
    expect(await patient.getPatient(solo.api, solo.id)).toBeTruthy();
    const journal = await own.requests();
    expect(JSON.stringify(journal)).not.toContain(own.user("solo").password);
  });

  it("lets at most the account's limit of wrong current passwords, sent at once, reach the practice; then it is paused like sign-in", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    const throttle = newThrottle();
    await own.clearRequests();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm(`NotThePassword${i}`), { address: "192.0.2.33", throttle })));
    expect(await calls(own)).toEqual(Array(ACCOUNT_LIMIT).fill("Patient/Authentication"));
    expect(answers.filter((a) => a.message === profileTexts.currentPasswordWrong)).toHaveLength(ACCOUNT_LIMIT);
    expect(answers.filter((a) => a.message === signInThrottleTexts.tooManyForAccount)).toHaveLength(12 - ACCOUNT_LIMIT);
    // The right password too waits out the pause, and signing in is paused with it.
    await own.clearRequests();
    expect(await page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm(own.user("solo").password), { address: "192.0.2.33", throttle })).toMatchObject({ ok: false, message: signInThrottleTexts.tooManyForAccount });
    expect(await calls(own)).toEqual([]);
    expect(await throttle.claim(own.user("solo").username, "198.51.100.10")).toMatchObject({ allowed: false });
  });

  it("the practice's refusal of the change is told in its own words (1§8), and a failed change says so", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    const { password } = own.user("solo");
    const context = contextOf(solo, "solo", solo.id, own);
    // The current password as the new one: the practice answers StatusCode "3" with its reason.
    expect(await page.actOnProfile(context, passwordForm(password, password), { address: "192.0.2.35", throttle: newThrottle() })).toEqual({ intent: "change-password", ok: false, message: "Your new password must be different from your current one." });
    await own.fault({ path: "Patient/ChangePassword", status: 503, times: 1 });
    expect(await page.actOnProfile(context, passwordForm(password, "Kahikatea43Ab"), { address: "192.0.2.35", throttle: newThrottle() })).toEqual({ intent: "change-password", ok: false, message: profileTexts.passwordFailed });
  });

  it("a practice that cannot check the current password changes nothing and counts nothing", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    const throttle = newThrottle();
    await own.fault({ path: "Patient/Authentication", status: 503, times: 1 });
    expect(await page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm(own.user("solo").password), { address: "192.0.2.34", throttle })).toEqual({ intent: "change-password", ok: false, message: profileTexts.passwordFailed });
    expect(await calls(own)).not.toContain("Patient/ChangePassword");
    expect(await throttle.claim(own.user("solo").username, "192.0.2.34")).toMatchObject({ allowed: true, attempt: 1 });
  });

  it("asks for the current password before anything is sent", async () => {
    const own = await mock.createWorld({ scenario: "default", seed: ++seed });
    const solo = await own.signIn("solo");
    await own.clearRequests();
    expect(await page.actOnProfile(contextOf(solo, "solo", solo.id, own), passwordForm(""), attempt)).toMatchObject({ ok: false, fields: { current: newPasswordTexts.current.required } });
    expect(await calls(own)).toEqual([]);
  });
});
