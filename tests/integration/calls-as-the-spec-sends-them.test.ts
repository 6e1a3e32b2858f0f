import { beforeAll, describe, expect, it } from "vitest";
import { actOnProfile } from "~/areas/profile/page.server";
import { readProfile } from "~/areas/profile/view";
import { answerMessagingSteps, type MessagingDeps } from "~/areas/messaging/steps.server";
import { loadConfig } from "~/.server/config.server";
import { authenticate, logout } from "~/.server/practice/auth.server";
import { getLetter, getLetters } from "~/.server/practice/letters.server";
import { getPatient } from "~/.server/practice/patient.server";
import { createSessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { SignInThrottle } from "~/.server/sign-in-security/throttle.server";
import { messagingTexts } from "~/areas/messaging/texts";
import { endpoints } from "@contract/endpoints";
import { MESSAGE_BOXES } from "@contract/messaging";
import { NotificationSlots } from "@contract/profile";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { stepPoster } from "../helpers/steps";

/**
 * Every call sends its token and parameters where 1§7 and 2§7 put them, and the mock reads each only
 * there, as a practice built to the spec would (issue 52, decisions/369): the token in the query for
 * the notification flags, ChangePassword's PUT variant with its query, and the portal's own reads of a
 * message box at 2§7's all-messages page size. What was sent is read from the mock's request journal.
 */
const mock = useMockServer();
const sessions = createSessions(loadConfig({ NODE_ENV: "test" }));
const attempt = { address: "192.0.2.52", throttle: new SignInThrottle({ SIGNIN_MAX_FAILURES_PER_ACCOUNT: 5, SIGNIN_MAX_FAILURES_PER_ADDRESS: 1_000 }) };

/** The profile action's signed-in context for a patient viewing their own record. */
function profileContext(world: TestWorld, s: PortalSession, label: string): Parameters<typeof actOnProfile>[0] {
  const { username } = world.user(label);
  return {
    api: s.api,
    user: { token: s.token, apiBase: s.apiBase, userId: s.id, parentId: s.id, proxy: "No", username, userName: username, parentName: label },
    endOtherSessions: async () => undefined,
  };
}

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("the token where 1§7 and 2§7 put it", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 52 });
  });

  it("the contract puts it in the query for exactly the calls the spec does: Logout, the notification flags and the two letter calls", () => {
    const inQuery = Object.entries(endpoints).filter(([, e]) => "tokenIn" in e && e.tokenIn === "query").map(([name]) => name);
    expect(inQuery.sort()).toEqual(["letterById", "letters", "logout", "updateNotifications"]);
  });

  it("a notification toggle sends the Token in the query; the practice, which reads it only there, saves it, and the patient stays signed in", async () => {
    const s = await world.signIn("solo");
    const before = readProfile((await getPatient(s.api, s.id))!).notifications;
    await world.clearRequests();
    const toggle = formOf({ intent: "notifications", setting: "email", value: String(!before.email), email: String(before.email), notification: String(before.notification) });
    expect(await actOnProfile(profileContext(world, s, "solo"), toggle, attempt)).toMatchObject({ intent: "notifications", ok: true });
    const [save] = await world.requests({ method: "POST", path: "Patient" });
    expect(save).toMatchObject({ status: 200, query: { Token: "[redacted]" } });
    expect(readProfile((await getPatient(s.api, s.id))!).notifications).toEqual({ ...before, email: !before.email });
    // Still signed in: the same token reads on.
    expect((await fetch(new URL(endpoints.validateToken.path, s.apiBase), { headers: { Token: s.token } })).status).toBe(200);
  });

  it("the practice refuses the notification save whose token is only in the header (401), and a header call whose token is only in the query", async () => {
    const raw = await world.signInHttp("solo");
    const body = JSON.stringify({ resourceType: "Patient", id: raw.id, extension: NotificationSlots.write({ enableEmail: true, enableNotification: true }) });
    const save = (query: string, headers: Record<string, string>) => fetch(`${raw.base}Patient${query}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body });
    expect((await save("", { Token: raw.token })).status).toBe(401);
    expect((await save(`?Token=${raw.token}`, {})).status).toBe(200);
    // And the other way round: the profile read takes its token in the header only (1§7).
    expect((await fetch(`${raw.base}Patient?PatientID=${raw.id}&Token=${raw.token}`)).status).toBe(401);
  });

  it("the portal's client sends it in the query for the letters and Logout, as the contract says", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const caller = { api: s.api, patientId: s.id };
    const [first] = (await getLetters(caller, 1)).resources;
    await getLetter(caller, first.id);
    await logout(s.apiBase, s.token);
    const sent = (await world.requests()).map((e) => ({ call: `${e.method} ${e.path}`, status: e.status, token: e.query.Token }));
    expect(sent).toEqual([
      { call: "GET Patient/LetterAndDocument", status: 200, token: "[redacted]" },
      { call: "GET Patient/LetterAndDocumentByID", status: 200, token: "[redacted]" },
      { call: "POST Patient/Logout", status: 200, token: "[redacted]" },
    ]);
  });
});

describe("ChangePassword's PUT variant (1§7: \"A PUT helper variant takes a query\")", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ seed: 53 });
  });

  it("changes the holder's password from PatientID and Password in the query, by the practice's rules, its password kept out of the journal", async () => {
    const raw = await world.signInHttp("solo");
    const put = (password: string) =>
      fetch(`${raw.base}Patient/ChangePassword?${new URLSearchParams({ PatientID: raw.id, Password: password })}`, { method: "PUT", headers: { Token: raw.token } }).then(async (res) => ({ status: res.status, reply: (await res.json()) as unknown }));
    expect(await put("short")).toMatchObject({ status: 200, reply: { StatusCode: "3" } });
    expect(await put("Kahikatea42Ab")).toEqual({ status: 200, reply: { StatusCode: "1", StatusMessage: "Your password has been updated." } });
    expect(await authenticate(raw.base, { userName: world.user("solo").username, password: "Kahikatea42Ab" })).toMatchObject({ kind: "signedIn" });
    const journal = await world.requests({ method: "PUT", path: "Patient/ChangePassword" });
    expect(journal.map((e) => e.query)).toEqual([
      { PatientID: raw.id, Password: "[redacted]" },
      { PatientID: raw.id, Password: "[redacted]" },
    ]);
    // Its token is the header's, as for the POST.
    expect((await fetch(`${raw.base}Patient/ChangePassword?PatientID=${raw.id}&Password=Kahikatea42Ab&Token=${raw.token}`, { method: "PUT" })).status).toBe(401);
  });

  it("the portal changes a password with the POST, the password in the body and never in an address", async () => {
    const s = await world.signIn("family");
    await world.clearRequests();
    const password = "Totara42Abcd";
    const change = formOf({ intent: "change-password", current: world.user("family").password, password, confirm: password });
    expect(await actOnProfile(profileContext(world, s, "family"), change, attempt)).toMatchObject({ intent: "change-password", ok: true });
    const calls = (await world.requests()).filter((e) => e.path === "Patient/ChangePassword");
    expect(calls).toEqual([expect.objectContaining({ method: "POST", query: {}, body: { PatientID: s.id, Password: "[redacted]" } })]);
  });
});

describe("the portal's own reads of a box take 2§7's all-messages variant: 100 a page", () => {
  let world: TestWorld;
  beforeAll(async () => {
    world = await mock.createWorld({ scenario: "many-records", seed: 54 });
  });

  async function patient(label: string) {
    const { practice: s, cookie } = await signedInToPortal(sessions, world, label);
    const deps: MessagingDeps = { requireSession: sessions.openSession, store: new MemoryStateStore(), waitMs: 8_000 };
    const step = stepPoster("http://portal.test/emails/step", (r) => answerMessagingSteps(r, deps), { Cookie: cookie }).reply;
    return { s, step };
  }

  /** The portal's reads of one box since the journal was cleared: page size and number of each. */
  const boxReads = async (type: string) =>
    (await world.requests({ method: "GET", path: "Patient/Messaging" })).filter((e) => e.query.MessagingType === type).map((e) => ({ PageSize: e.query.PageSize, PageNumber: e.query.PageNumber }));

  it("a delete whose reply was lost is settled by one read of 100, where four pages of 25 were read", async () => {
    const { s, step } = await patient("many");
    const drafts = await s.api.call(endpoints.messages, { query: { PatientID: s.id, Type: "1", MessagingType: MESSAGE_BOXES.drafts, PageSize: 100, PageNumber: 1 } });
    expect(drafts.total).toBe(50);
    // Two drafts beyond the list's first page of 25.
    const ids = [drafts.resources[30].id, drafts.resources[40].id];
    await world.fault({ path: "Patient/DeleteMessage", body: "lost-reply", times: 1 });
    await world.clearRequests();
    expect(await step("delete", { ids, box: "drafts" })).toEqual({ deleted: 2, requested: 2, message: messagingTexts.deletedMany });
    expect(await boxReads(MESSAGE_BOXES.drafts)).toEqual([{ PageSize: "100", PageNumber: "1" }]);
  });

  it("a message whose reply was lost is looked for in the newest 100 of Sent, as the box was read before it was posted", async () => {
    const { step } = await patient("many");
    const [nurse] = await step<Array<{ id: string }>>("recipients", { roleId: "2" });
    const fields = { key: `calls-${Date.now()}`, mode: "compose", intent: "send", roleId: "2", practitionerId: nurse.id, subject: "Lost among many", body: "A message to a box of 2,000." };
    await world.fault({ path: "Patient/Message", method: "POST", body: "lost-reply", times: 1 });
    await world.clearRequests();
    expect(await step("send", fields)).toMatchObject({ outcome: "unknown" });
    expect(await step("send", fields)).toEqual({ outcome: "sent", message: messagingTexts.sent, detail: messagingTexts.foundOnCheck });
    // The read before the post, and the check after it: the same window.
    expect(await boxReads(MESSAGE_BOXES.sent)).toEqual([
      { PageSize: "100", PageNumber: "1" },
      { PageSize: "100", PageNumber: "1" },
    ]);
    expect(await world.requests({ method: "POST", path: "Patient/Message" })).toHaveLength(1);
  });
});
