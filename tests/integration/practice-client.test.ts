import { beforeAll, describe, expect, it, vi } from "vitest";
import * as authServer from "~/.server/practice/auth.server";
import * as patient from "~/.server/practice/patient.server";
import * as client from "~/.server/practice/client.server";
import { practiceApi as apiOf } from "~/.server/practice/api.server";
import { endpoints } from "@contract/endpoints";
import { useMockServer } from "../helpers/mock-world";

/**
 * The portal's practice API client against the real mock server over HTTP, pointed at it by the
 * addresses of a configuration built for this mock (mock.portalConfig).
 */
const mock = useMockServer();
const auth = {
  ...authServer,
  lookupIdentity: (who: Parameters<typeof authServer.lookupIdentity>[0]) => authServer.lookupIdentity(who, mock.portalConfig.PRACTICE_IDENTITY_URL),
  requestPasswordReset: (email: string) => authServer.requestPasswordReset(email, mock.portalConfig.PRACTICE_API_URL),
  sendHelpMessage: (request: Parameters<typeof authServer.sendHelpMessage>[0]) => authServer.sendHelpMessage(request, mock.portalConfig.PRACTICE_API_URL),
};
let worldId: string;
let users: Record<string, { username: string; password: string }>;

const admin = (path: string, init?: { method?: string; body?: string }) => mock.admin(path, init);

async function signIn(label: string) {
  const user = users[label];
  const identity = await auth.lookupIdentity({ userName: user.username, password: user.password });
  if (identity.kind !== "found") throw new Error("identity not found");
  const outcome = await auth.authenticate(identity.apiBase, { userName: user.username, password: user.password });
  if (outcome.kind !== "signedIn") throw new Error(`sign-in failed: ${JSON.stringify(outcome)}`);
  return { ...outcome, apiBase: identity.apiBase, api: apiOf(identity.apiBase, outcome.token) };
}

beforeAll(async () => {
  const world = await mock.createWorld({ scenario: "default", seed: 3 });
  worldId = world.id;
  // A copy: one test changes solo's password.
  users = Object.fromEntries(world.users.map((u) => [u.label, { ...u }]));
});

describe("practice API client against the mock server", () => {
  it("finds each user's own practice API through the identity server", async () => {
    const identity = await auth.lookupIdentity({ userName: users.solo.username, password: users.solo.password });
    expect(identity).toEqual({ kind: "found", apiBase: expect.stringContaining(worldId) });
  });

  it("signs in and reads every patient-level call through the contract", async () => {
    const s = await signIn("solo");
    expect(s.token).toBeTruthy();
    const [menu, proxies, profile, practice, counters, settings] = await Promise.all([
      patient.getMenu(s.api, s.patientId, ""),
      patient.getProxyUsers(s.api, s.patientId),
      patient.getPatient(s.api, s.patientId),
      patient.getPractice(s.api, s.patientId),
      patient.getCounters(s.api, s.patientId),
      patient.getPracticeSettings(s.api, s.patientId),
    ]);
    expect(menu.resources.map((m) => m.extension.typeCode)).toEqual(expect.arrayContaining(["11", "14", "16", "15"]));
    expect(proxies.resources).toHaveLength(1);
    expect(profile?.extension.nhi).toMatch(/^[A-Z]{3}\d{2}[A-Z\d]{2}$/);
    expect(practice?.name).toBeTruthy();
    expect(counters.InboxCounter).toBeGreaterThan(0);
    expect(settings.PaymentMethodType).toBe("2");
    expect(await auth.validateToken(s.apiBase, s.token)).toBe(true);
  });

  it("lists the family's linked accounts", async () => {
    const s = await signIn("family");
    const proxies = await patient.getProxyUsers(s.api, s.patientId);
    expect(proxies.resources.length).toBeGreaterThanOrEqual(3);
    // A linked account's record is reachable with the holder's token.
    const other = proxies.resources.find((p) => p.id !== s.patientId)!;
    expect((await patient.getPatient(s.api, other.id))?.id).toBe(other.id);
  });

  it("passes on a rejected sign-in with the practice's message", async () => {
    const identity = await auth.lookupIdentity({ userName: users.solo.username, password: "wrong" });
    if (identity.kind !== "found") throw new Error("identity not found");
    const outcome = await auth.authenticate(identity.apiBase, { userName: users.solo.username, password: "wrong" });
    expect(outcome).toMatchObject({ kind: "rejected", message: expect.any(String) });
  });

  it("answers 401 as unauthorized, for a bad token and after logout", async () => {
    const s = await signIn("solo");
    const bad = apiOf(s.apiBase, "not-a-token");
    await expect(patient.getCounters(bad, s.patientId)).rejects.toMatchObject({ kind: "unauthorized", status: 401 });
    await auth.logout(s.apiBase, s.token);
    await expect(auth.validateToken(s.apiBase, s.token)).rejects.toMatchObject({ kind: "unauthorized" });
    await expect(patient.getCounters(s.api, s.patientId)).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("answers 403 as forbidden for a patient who is not linked to the token", async () => {
    const solo = await signIn("solo");
    const family = await signIn("family");
    await expect(patient.getPatient(solo.api, family.patientId)).rejects.toMatchObject({ kind: "forbidden", status: 403 });
  });

  it("refuses a reply that breaks the contract, naming the call", async () => {
    const s = await signIn("solo");
    await admin(`/worlds/${worldId}/faults`, { method: "POST", body: JSON.stringify({ path: "Patient/RefreshCounter", body: "malformed", times: 1 }) });
    const error = await patient.getCounters(s.api, s.patientId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(client.PracticeApiError);
    expect(error).toMatchObject({ kind: "contract", call: "GET Patient/RefreshCounter" });
    // The fault was for one call only.
    await expect(patient.getCounters(s.api, s.patientId)).resolves.toMatchObject({ InboxCounter: expect.any(Number) });
  });

  it("reports an empty body, a server error and a slow reply", async () => {
    const s = await signIn("solo");
    const fault = (body: object) => admin(`/worlds/${worldId}/faults`, { method: "POST", body: JSON.stringify({ path: "Patient/Organization", times: 1, ...body }) });
    await fault({ body: "empty" });
    await expect(patient.getPractice(s.api, s.patientId)).rejects.toMatchObject({ kind: "contract" });
    await fault({ status: 503 });
    await expect(patient.getPractice(s.api, s.patientId)).rejects.toMatchObject({ kind: "http", status: 503 });
    await fault({ delayMs: 500 });
    await expect(s.api.call(endpoints.organization, { query: { PatientID: s.patientId }, timeoutMs: 150 })).rejects.toMatchObject({ kind: "timeout" });
  });

  it("lets go of a call's time limit as soon as the call has ended, answered or refused (decisions/362)", async () => {
    const s = await signIn("solo");
    // A time limit no other timer of this process uses, so its timers can be told apart.
    const LIMIT_MS = 43_210;
    const started = vi.spyOn(globalThis, "setTimeout");
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    try {
      await s.api.call(endpoints.organization, { query: { PatientID: s.patientId }, timeoutMs: LIMIT_MS });
      await admin(`/worlds/${worldId}/faults`, { method: "POST", body: JSON.stringify({ path: "Patient/Organization", status: 503, times: 1 }) });
      await expect(s.api.call(endpoints.organization, { query: { PatientID: s.patientId }, timeoutMs: LIMIT_MS })).rejects.toMatchObject({ kind: "http", status: 503 });
      const limits = started.mock.calls.flatMap((call, i) => (call[1] === LIMIT_MS ? [started.mock.results[i].value] : []));
      expect(limits).toHaveLength(2);
      for (const timer of limits) expect(cleared).toHaveBeenCalledWith(timer);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });

  it("reports an unreachable practice as a network failure", async () => {
    await expect(client.callPractice(endpoints.validateToken, { base: "http://127.0.0.1:9/api/", token: "t" })).rejects.toMatchObject({ kind: "network" });
  });
});

describe("account calls against the mock server", () => {
  it("forgot password: a known e-mail gets StatusCode 1 and a temporary password by mail, an unknown one 0", async () => {
    const sent = await auth.requestPasswordReset(users.reset.username);
    expect(sent).toMatchObject({ StatusCode: "1" });
    const mail = (await (await admin(`/worlds/${worldId}/mail?to=${encodeURIComponent(users.reset.username)}`)).json()) as { mail: { body: string }[] };
    const temporary = /temporary password is (\S+)\./.exec(mail.mail[0].body)?.[1];
    expect(temporary).toBeTruthy();
    // The old password no longer works; the temporary one does, and asks for a new password.
    const identity = await auth.lookupIdentity({ userName: users.reset.username, password: temporary! });
    if (identity.kind !== "found") throw new Error("identity not found");
    expect(await auth.authenticate(identity.apiBase, { userName: users.reset.username, password: users.reset.password })).toMatchObject({ kind: "rejected" });
    expect(await auth.authenticate(identity.apiBase, { userName: users.reset.username, password: temporary! })).toMatchObject({ kind: "signedIn", passwordReset: true });
    expect(await auth.requestPasswordReset("nobody@example.nz")).toMatchObject({ StatusCode: "0" });
  });

  it("change password enforces the policy (StatusCode 3) and then accepts a strong one", async () => {
    const s = await signIn("solo");
    const change = (Password: string) => s.api.call(endpoints.changePassword, { body: { PatientID: s.patientId, Password } });
    expect(await change("WEAK")).toMatchObject({ StatusCode: "3", StatusMessage: "Password must contain at least one lower case letter." });
    expect(await change("abcdefgh12")).toMatchObject({ StatusCode: "3", StatusMessage: "Password must contain at least one upper case letter." });
    expect(await change("Harakeke42")).toMatchObject({ StatusCode: "1" });
    users.solo.password = "Harakeke42";
    expect((await signIn("solo")).token).toBeTruthy();
  });

  it("the help request reaches the world of the e-mail it names", async () => {
    const reply = await auth.sendHelpMessage({ PatientID: "", EmailAddress: users.empty.username, UID: "", FirstName: "Tama", FamilyName: "Ngata", DOB: "1990-01-31", MessageSubject: "Locked out", MessageBody: "Please help" });
    expect(reply).toMatchObject({ StatusCode: "1" });
    const received = (await (await admin(`/worlds/${worldId}/help-messages`)).json()) as { messages: { MessageSubject: string; DOB: string }[] };
    expect(received.messages).toEqual([expect.objectContaining({ MessageSubject: "Locked out", DOB: "1990-01-31" })]);
  });

  it("a switch token signs its holder in once", async () => {
    const issued = (await (await admin(`/worlds/${worldId}/switch-tokens`, { method: "POST", body: JSON.stringify({ label: "family" }) })).json()) as { q: string };
    const identity = await auth.lookupIdentity({ q: issued.q });
    expect(identity).toEqual({ kind: "found", apiBase: expect.stringContaining(worldId) });
    if (identity.kind !== "found") return;
    expect(await auth.authenticate(identity.apiBase, { userName: "", password: "", q: issued.q })).toMatchObject({ kind: "signedIn" });
    expect(await auth.authenticate(identity.apiBase, { userName: "", password: "", q: issued.q })).toMatchObject({ kind: "rejected" });
  });

  it("a locked account is refused with the practice's message; another answers without a resource", async () => {
    for (const [label, expected] of [["locked", { kind: "rejected", message: expect.stringContaining("locked") }], ["noresource", { kind: "noResource" }]] as const) {
      const user = users[label];
      const identity = await auth.lookupIdentity({ userName: user.username, password: user.password });
      if (identity.kind !== "found") throw new Error("identity not found");
      expect(await auth.authenticate(identity.apiBase, { userName: user.username, password: user.password })).toMatchObject(expected);
    }
  });
});

describe("a dropped connection", () => {
  it("reaches the portal as a network failure, and is journalled", async () => {
    const s = await signIn("empty");
    await admin(`/worlds/${worldId}/faults`, { method: "POST", body: JSON.stringify({ path: "Patient/RefreshCounter", body: "drop", times: 1 }) });
    await expect(patient.getCounters(s.api, s.patientId)).rejects.toMatchObject({ kind: "network" });
    await expect(patient.getCounters(s.api, s.patientId)).resolves.toMatchObject({ InboxCounter: 0 });
    const journal = (await (await admin(`/worlds/${worldId}/requests?path=Patient/RefreshCounter`)).json()) as { requests: { fault: string | null }[] };
    expect(journal.requests.map((r) => r.fault).slice(-2)).toEqual(["dropped connection", null]);
  });
});
