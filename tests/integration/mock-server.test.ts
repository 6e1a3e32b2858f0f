import express from "express";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readAuthReply } from "@contract/auth";
import { endpoints, type Endpoint } from "@contract/endpoints";
import { isValidNhi } from "@contract/nhi";
import { PRACTICE_SETTING_NAMES } from "@contract/patient";
import { worldRouteHandler } from "../../mock-server/endpoint-route";
import { createMockServer, type MockServer } from "../../mock-server/server";

/** The mock practice server over real HTTP, started in-process on a free port. */

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});

afterAll(async () => {
  await mock?.close();
});

interface WorldInfo {
  id: string;
  scenario: string;
  seed: number;
  users: { label: string; username: string; password: string }[];
}

async function admin(method: string, path: string, body?: unknown) {
  return fetch(`${mock.url}/__admin${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function createWorld(body: { scenario?: string; seed?: number } = {}): Promise<WorldInfo> {
  const res = await admin("POST", "/worlds", body);
  expect(res.status).toBe(201);
  return (await res.json()) as WorldInfo;
}

const userOf = (world: WorldInfo, label: string) => world.users.find((u) => u.label === label)!;
const apiOf = (worldId: string) => `${mock.url}/worlds/${worldId}/api/`;

/** One call of the contract table, as the portal makes it. */
async function call(base: string, endpoint: Endpoint, options: { token?: string; query?: Record<string, string>; body?: unknown } = {}) {
  const url = new URL(endpoint.path, base);
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.Token = options.token;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  return fetch(url, { method: endpoint.method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

async function identity(username: string, password = "anything") {
  const res = await fetch(`${mock.url}/api/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: username, Password: password }) });
  expect(res.status).toBe(200);
  return endpoints.identityAuthentication.reply.parse(await res.json());
}

interface SignedIn {
  base: string;
  token: string;
  patientId: string;
  passwordReset: boolean;
}

async function signIn(user: { username: string; password: string }): Promise<SignedIn> {
  const found = await identity(user.username);
  if (!("ACCAPIURL" in found)) throw new Error(`identity server does not know ${user.username}`);
  const res = await call(found.ACCAPIURL, endpoints.patientAuthentication, { body: { UserName: user.username, Password: user.password, q: "" } });
  const outcome = readAuthReply(endpoints.patientAuthentication.reply.parse(await res.json()));
  if (outcome.kind !== "signedIn") throw new Error(`sign-in refused: ${JSON.stringify(outcome)}`);
  return { base: found.ACCAPIURL, token: outcome.token, patientId: outcome.patientId, passwordReset: outcome.passwordReset };
}

/** Every patient-level call for one patient, as raw reply texts (for byte comparisons). */
async function allReplies(s: SignedIn, patientId = s.patientId) {
  const q = { PatientID: patientId };
  const calls = {
    menu: call(s.base, endpoints.patientMenu, { token: s.token, body: { UserLoggedID: s.patientId, ProxyID: patientId === s.patientId ? "" : patientId } }),
    proxyUsers: call(s.base, endpoints.proxyUsers, { token: s.token, query: { PatientID: s.patientId } }),
    patient: call(s.base, endpoints.patient, { token: s.token, query: q }),
    organization: call(s.base, endpoints.organization, { token: s.token, query: q }),
    counters: call(s.base, endpoints.refreshCounter, { token: s.token, query: q }),
    settings: call(s.base, endpoints.practiceSettings, { token: s.token, query: { ...q, PortalSettingTypeID: "1" } }),
    validate: call(s.base, endpoints.validateToken, { token: s.token }),
  };
  const out: Record<string, string> = {};
  for (const [name, pending] of Object.entries(calls)) {
    const res = await pending;
    expect(res.status, name).toBe(200);
    out[name] = await res.text();
  }
  return out as Record<keyof typeof calls, string>;
}

describe("admin API", () => {
  it("reports health", async () => {
    const res = await admin("GET", "/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("creates, lists, shows and deletes worlds", async () => {
    const world = await createWorld({ scenario: "default", seed: 4 });
    expect(world).toMatchObject({ scenario: "default", seed: 4 });
    expect(world.id).toMatch(/^[a-z0-9]+$/);
    expect(world.users.map((u) => u.username)).toEqual(["family", "solo", "reset", "locked", "noresource", "empty"].map((l) => `${l}+${world.id}@demo.nz`));
    expect(world.users.every((u) => u.password === "Kiaora2024")).toBe(true);

    const listed = (await (await admin("GET", "/worlds")).json()) as { worlds: WorldInfo[] };
    expect(listed.worlds.map((w) => w.id)).toEqual(expect.arrayContaining(["default", world.id]));
    expect((await admin("GET", `/worlds/${world.id}`)).status).toBe(200);

    expect((await admin("DELETE", `/worlds/${world.id}`)).status).toBe(204);
    expect((await admin("DELETE", `/worlds/${world.id}`)).status).toBe(404);
    expect((await admin("GET", `/worlds/${world.id}`)).status).toBe(404);
    const after = (await (await admin("GET", "/worlds")).json()) as { worlds: WorldInfo[] };
    expect(after.worlds.map((w) => w.id)).not.toContain(world.id);
  });

  it("creates a default-scenario world, seed 1, from an empty request", async () => {
    const res = await fetch(`${mock.url}/__admin/worlds`, { method: "POST" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ scenario: "default", seed: 1 });
  });

  it("refuses an unknown scenario, listing the known ones", async () => {
    const res = await admin("POST", "/worlds", { scenario: "nope" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; scenarios: string[] };
    expect(body.scenarios).toContain("default");
    expect(body.error).toContain("nope");
  });

  it("refuses a malformed world request", async () => {
    expect((await admin("POST", "/worlds", { seed: "one" })).status).toBe(400);
    expect((await admin("POST", "/worlds", { sed: 1 })).status).toBe(400);
  });

  it("does not delete the default world", async () => {
    expect((await admin("DELETE", "/worlds/default")).status).toBe(409);
    expect((await admin("GET", "/worlds/default")).status).toBe(200);
  });
});

describe("identity server", () => {
  it("routes each world's users to that world's practice API", async () => {
    const a = await createWorld();
    const b = await createWorld();
    expect(await identity("family@demo.nz")).toEqual({ ACCAPIURL: apiOf("default") });
    expect(await identity(userOf(a, "family").username)).toEqual({ ACCAPIURL: apiOf(a.id) });
    expect(await identity(userOf(b, "solo").username)).toEqual({ ACCAPIURL: apiOf(b.id) });
    // User names are unique across worlds.
    const all = [...a.users, ...b.users].map((u) => u.username);
    expect(new Set(all).size).toBe(all.length);
  });

  it("matches user names trimmed and case-insensitively", async () => {
    expect(await identity("  Solo@Demo.NZ ")).toEqual({ ACCAPIURL: apiOf("default") });
  });

  it("answers an unknown user name with a status reply", async () => {
    expect(await identity("nobody@demo.nz")).toEqual({ StatusCode: "0", ResponseMessage: "Invalid username or password." });
  });

  it("forgets the users of a deleted world", async () => {
    const world = await createWorld();
    await admin("DELETE", `/worlds/${world.id}`);
    expect(await identity(userOf(world, "solo").username)).toMatchObject({ StatusCode: "0" });
  });

  it("refuses a malformed body with the issues", async () => {
    const res = await fetch(`${mock.url}/api/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: "x" }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.any(String), issues: [expect.objectContaining({ path: "Password" })] });
  });
});

describe("sign-in", () => {
  const base = () => apiOf("default");
  const authenticate = async (body: unknown) => {
    const res = await call(base(), endpoints.patientAuthentication, { body });
    return { status: res.status, json: (await res.json()) as unknown };
  };

  it("signs in with the right password and issues a token", async () => {
    const s = await signIn({ username: "solo@demo.nz", password: "Kiaora2024" });
    expect(s.token).toMatch(/^[0-9a-f-]{36}$/);
    expect(s.passwordReset).toBe(false);
  });

  it("carries the password-reset flag for the reset account", async () => {
    expect((await signIn({ username: "reset@demo.nz", password: "Kiaora2024" })).passwordReset).toBe(true);
  });

  it("matches the user name trimmed and case-insensitively", async () => {
    const { json } = await authenticate({ UserName: " FAMILY@demo.nz ", Password: "Kiaora2024", q: "" });
    expect(readAuthReply(endpoints.patientAuthentication.reply.parse(json)).kind).toBe("signedIn");
  });

  it.each([
    ["a wrong password", { UserName: "solo@demo.nz", Password: "kiaora2024", q: "" }],
    ["an unknown user", { UserName: "ghost@demo.nz", Password: "Kiaora2024", q: "" }],
  ])("refuses %s with StatusCode 2", async (_, body) => {
    const { status, json } = await authenticate(body);
    expect(status).toBe(200);
    expect(json).toEqual({ StatusCode: "2", ResponseMessage: "Invalid username or password." });
  });

  it("refuses an unknown switch token with its own message", async () => {
    const { status, json } = await authenticate({ UserName: "", Password: "", q: "not-a-switch-token" });
    expect(status).toBe(200);
    expect(json).toEqual({ StatusCode: "2", ResponseMessage: "This sign-in link has expired or was already used." });
  });

  it("refuses another world's user at this world's address", async () => {
    const world = await createWorld();
    const { json } = await authenticate({ UserName: userOf(world, "solo").username, Password: "Kiaora2024", q: "" });
    expect(json).toMatchObject({ StatusCode: "2" });
  });

  it("answers 400 to a body the contract does not allow", async () => {
    const { status, json } = await authenticate({ UserName: "solo@demo.nz", Password: "Kiaora2024" });
    expect(status).toBe(400);
    expect(json).toMatchObject({ issues: [expect.objectContaining({ path: "q" })] });
  });
});

describe("tokens and patients", () => {
  let solo: SignedIn;
  let family: SignedIn;

  beforeAll(async () => {
    solo = await signIn({ username: "solo@demo.nz", password: "Kiaora2024" });
    family = await signIn({ username: "family@demo.nz", password: "Kiaora2024" });
  });

  it("answers 401 without a token, with an unknown one, and with another world's", async () => {
    const q = { PatientID: solo.patientId };
    expect((await call(solo.base, endpoints.refreshCounter, { query: q })).status).toBe(401);
    expect((await call(solo.base, endpoints.refreshCounter, { query: q, token: "nope" })).status).toBe(401);
    expect((await call(solo.base, endpoints.validateToken, { token: "nope" })).status).toBe(401);
    const world = await createWorld();
    const other = await signIn(userOf(world, "solo"));
    const res = await call(solo.base, endpoints.patient, { token: other.token, query: { PatientID: other.patientId } });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "Unauthorized" });
  });

  it("answers 403 for a patient not linked to the token, in this world or another", async () => {
    expect((await call(solo.base, endpoints.patient, { token: solo.token, query: { PatientID: family.patientId } })).status).toBe(403);
    const world = await createWorld({ seed: 77 });
    const stranger = await signIn(userOf(world, "solo"));
    expect(stranger.patientId).not.toBe(solo.patientId);
    const res = await call(solo.base, endpoints.refreshCounter, { token: solo.token, query: { PatientID: stranger.patientId } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "Forbidden" });
    const menu = await call(solo.base, endpoints.patientMenu, { token: solo.token, body: { UserLoggedID: solo.patientId, ProxyID: family.patientId } });
    expect(menu.status).toBe(403);
    const settings = await call(solo.base, endpoints.practiceSettings, { token: solo.token, query: { PatientID: family.patientId, PortalSettingTypeID: "1" } });
    expect(settings.status).toBe(403);
  });

  it("lets an account holder read their linked accounts", async () => {
    const proxies = endpoints.proxyUsers.reply.parse(await (await call(family.base, endpoints.proxyUsers, { token: family.token, query: { PatientID: family.patientId } })).json());
    expect(proxies.total).toBe(3);
    expect(proxies.resources.map((p) => p.extension.relationship)).toEqual(["Self", "Partner", "Child"]);
    expect(proxies.resources[0].id).toBe(family.patientId);
    for (const linked of proxies.resources.slice(1)) {
      const replies = await allReplies(family, linked.id);
      const profile = endpoints.patient.reply.parse(JSON.parse(replies.patient));
      expect(profile.resources[0].id).toBe(linked.id);
    }
  });

  it("answers 400 to a query the contract does not allow", async () => {
    const res = await call(solo.base, endpoints.practiceSettings, { token: solo.token, query: { PatientID: solo.patientId, PortalSettingTypeID: "2" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("Lookup/LoadPracticeSetting"), issues: [expect.objectContaining({ path: "PortalSettingTypeID" })] });
    expect((await call(solo.base, endpoints.patient, { token: solo.token })).status).toBe(400);
  });

  it("answers 400 to a body that is not JSON", async () => {
    const res = await fetch(new URL(endpoints.patientAuthentication.path, solo.base), { method: "POST", headers: { "Content-Type": "application/json" }, body: "{not json" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Malformed JSON body" });
  });

  it("answers 404 JSON for an unknown world or call", async () => {
    const res = await call(apiOf("no-such-world"), endpoints.validateToken, { token: solo.token });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining("no-such-world") });
    const unknown = await fetch(`${solo.base}Patient/NoSuchCall`, { headers: { Token: solo.token } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: expect.any(String) });
  });

  it("kills the token on logout", async () => {
    const s = await signIn({ username: "solo@demo.nz", password: "Kiaora2024" });
    expect(await (await call(s.base, endpoints.validateToken, { token: s.token })).json()).toBe(true);
    const out = await call(s.base, endpoints.logout, { query: { Token: s.token } });
    expect(out.status).toBe(200);
    expect(endpoints.logout.reply.parse(await out.json())).toEqual({ StatusCode: "1", ResponseMessage: "Logged out" });
    expect((await call(s.base, endpoints.validateToken, { token: s.token })).status).toBe(401);
    expect((await call(s.base, endpoints.refreshCounter, { token: s.token, query: { PatientID: s.patientId } })).status).toBe(401);
    expect((await call(s.base, endpoints.logout, { query: { Token: s.token } })).status).toBe(401);
    expect((await call(s.base, endpoints.logout)).status).toBe(401);
    // Other sign-ins are untouched.
    expect((await call(solo.base, endpoints.validateToken, { token: solo.token })).status).toBe(200);
  });
});

describe("every reply parses with its contract schema", () => {
  it.each(["family", "solo", "reset", "empty"])("for %s", async (label) => {
    const s = await signIn({ username: `${label}@demo.nz`, password: "Kiaora2024" });
    const r = await allReplies(s);
    const menu = endpoints.patientMenu.reply.parse(JSON.parse(r.menu));
    expect(menu.resources.map((m) => m.extension.typeCode).sort()).toEqual(["11", "14", "15", "16", "17", "18", "19", "24", "26", "28", "29", "50", "56"]);
    expect(menu.resources.find((m) => m.extension.typeCode === "15")?.extension.name).toBe("Test Results");

    const proxies = endpoints.proxyUsers.reply.parse(JSON.parse(r.proxyUsers));
    expect(proxies.resources).toHaveLength(label === "family" ? 3 : 1);

    const profile = endpoints.patient.reply.parse(JSON.parse(r.patient)).resources[0];
    expect(isValidNhi(profile.extension.nhi ?? "")).toBe(true);
    expect(profile.name[0]).toMatchObject({ given: expect.any(Array), family: expect.any(String), text: expect.any(String), prefix: [expect.any(String)] });
    if (label === "empty") expect(profile.address).toEqual([]);
    else expect(profile.address[0]).toMatchObject({ country: "New Zealand", postalCode: expect.stringMatching(/^\d{4}$/) });
    expect(profile.telecom.find((t) => t.use === "mobile")?.value).toMatch(/^02\d 555 \d{4}$/);
    expect(profile.telecom.find((t) => t.system === "email")?.use).toBe("home");
    expect(JSON.parse(profile.extension.contactMethods!)).toEqual(expect.arrayContaining([expect.objectContaining({ ContactMethodID: expect.any(Number), IsActive: true })]));
    if (label === "empty") expect(profile.contact).toEqual([]);
    if (label === "solo") expect(profile.contact.length).toBeGreaterThan(0);

    const practice = endpoints.organization.reply.parse(JSON.parse(r.organization)).resources[0];
    expect(practice.extension.openingStart).toMatch(/^\d{2}:\d{2}$/);
    expect(practice.extension.gpName).toMatch(/^Dr /);
    expect(practice.telecom[0].value).toMatch(/^0[34679] \d{3} \d{4}$/);

    const counters = endpoints.refreshCounter.reply.parse(JSON.parse(r.counters));
    expect(counters.totalpatientappointments).toBe(counters.facetofacecount! + counters.videoconsultappointmentcount! + counters.phonetriagecount!);
    expect(counters.AppointmentsCounter).toBe(counters.futurecount);
    if (label === "empty") expect(Object.values(counters).every((v) => v === 0)).toBe(true);
    if (label === "solo") expect(counters.InboxCounter).toBeGreaterThan(0);

    const settings = endpoints.practiceSettings.reply.parse(JSON.parse(r.settings));
    expect(Object.keys(settings)).toEqual([...PRACTICE_SETTING_NAMES]);
    expect(settings.PaymentMethodType).toBe("2");
    // The default practice takes the built-in provider's test cards' brands (README, docs/demo.md).
    expect(JSON.parse(settings.PaymentCardTypes!)).toEqual([
      { CardType: "Visa", CardFee: "Visa - 2.5%" },
      { CardType: "Mastercard", CardFee: "Mastercard - 2.5%" },
      { CardType: "American Express", CardFee: "American Express - 3.5%" },
    ]);

    expect(endpoints.validateToken.reply.parse(JSON.parse(r.validate))).toBe(true);
  });
});

describe("worlds", () => {
  it("are isolated: patients and tokens of one are unknown to the other", async () => {
    const a = await createWorld({ seed: 21 });
    const b = await createWorld({ seed: 22 });
    const sa = await signIn(userOf(a, "family"));
    const sb = await signIn(userOf(b, "family"));
    expect(sa.base).not.toBe(sb.base);
    expect(sa.patientId).not.toBe(sb.patientId);
    // A's token means nothing at B, even for A's own patient id.
    expect((await call(sb.base, endpoints.patient, { token: sa.token, query: { PatientID: sa.patientId } })).status).toBe(401);
    expect((await call(sa.base, endpoints.patient, { token: sa.token, query: { PatientID: sb.patientId } })).status).toBe(403);
    // Logging out in one world leaves the other's sign-in alone.
    await call(sa.base, endpoints.logout, { query: { Token: sa.token } });
    expect((await call(sb.base, endpoints.validateToken, { token: sb.token })).status).toBe(200);
    // A deleted world's practice API is gone.
    await admin("DELETE", `/worlds/${b.id}`);
    expect((await call(sb.base, endpoints.validateToken, { token: sb.token })).status).toBe(404);
  });

  it("are deterministic: the same seed gives byte-identical replies, another seed different data", async () => {
    const a = await createWorld({ seed: 42 });
    const b = await createWorld({ seed: 42 });
    const c = await createWorld({ seed: 43 });
    for (const label of ["family", "solo", "reset", "empty"]) {
      const [ra, rb, rc] = await Promise.all([a, b, c].map(async (w) => allReplies(await signIn(userOf(w, label)))));
      expect(rb, label).toEqual(ra);
      expect(rc.patient).not.toBe(ra.patient);
    }
    // Linked accounts too.
    const [fa, fb] = await Promise.all([a, b].map((w) => signIn(userOf(w, "family"))));
    const child = endpoints.proxyUsers.reply.parse(JSON.parse((await allReplies(fa)).proxyUsers)).resources[2].id;
    expect(await allReplies(fb, child)).toEqual(await allReplies(fa, child));
  });
});

describe("faults", () => {
  let world: WorldInfo;
  let s: SignedIn;
  const counters = () => call(s.base, endpoints.refreshCounter, { token: s.token, query: { PatientID: s.patientId } });
  const fault = (body: unknown, worldId = world.id) => admin("POST", `/worlds/${worldId}/faults`, body);

  beforeAll(async () => {
    world = await createWorld({ seed: 5 });
    s = await signIn(userOf(world, "solo"));
  });

  it("answers with an injected status, once", async () => {
    expect((await fault({ path: "Patient/RefreshCounter", status: 503, times: 1 })).status).toBe(201);
    const res = await counters();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: "Injected fault" });
    expect((await counters()).status).toBe(200);
  });

  it("sends a reply that breaks the contract", async () => {
    await fault({ path: "Patient/RefreshCounter", body: "malformed", times: 1 });
    const res = await counters();
    expect(res.status).toBe(200);
    const json = await res.json();
    expect(json).toEqual({ unexpected: true });
    expect(endpoints.refreshCounter.reply.safeParse(json).success).toBe(false);
  });

  it("sends an empty body", async () => {
    await fault({ path: "Patient/RefreshCounter", body: "empty", times: 1 });
    const res = await counters();
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("answer: carries the call out and sends the test's value in its place, unchecked by the contract; a refusal stays a refusal", async () => {
    const other = await createWorld({ seed: 6 });
    const solo = userOf(other, "solo");
    const signedIn = await signIn(solo);
    const newPassword = "Haere2026mai";
    for (const answer of [1, "true", null, { odd: ["shape"] }]) {
      expect((await fault({ path: "Patient/RefreshCounter", answer, times: 1 }, other.id)).status).toBe(201);
      const res = await call(signedIn.base, endpoints.refreshCounter, { token: signedIn.token, query: { PatientID: signedIn.patientId } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(answer);
    }
    // The call is carried out: the password changes although the practice answered 1, not a StatusCode.
    await fault({ path: "Patient/ChangePassword", answer: 1, status: 202, times: 1 }, other.id);
    const changed = await call(signedIn.base, endpoints.changePassword, { token: signedIn.token, body: { PatientID: signedIn.patientId, Password: newPassword } });
    expect(changed.status).toBe(202);
    expect(await changed.json()).toBe(1);
    await signIn({ username: solo.username, password: newPassword });
    // A refusal is that call's answer: another patient's id is still a 403.
    await fault({ path: "Patient/RefreshCounter", answer: true, times: 1 }, other.id);
    expect((await call(signedIn.base, endpoints.refreshCounter, { token: signedIn.token, query: { PatientID: "not-a-patient" } })).status).toBe(403);
    const journal = (await (await admin("GET", `/worlds/${other.id}/requests`)).json()) as { requests: { path: string; fault: string | null }[] };
    expect(journal.requests.filter((r) => r.fault?.includes("answered")).map((r) => r.fault)).toEqual([
      "carried out, answered 1",
      'carried out, answered "true"',
      "carried out, answered null",
      'carried out, answered {"odd":["shape"]}',
      "carried out, answered 1 with status 202",
      "carried out, answered true",
    ]);
    // It replaces a reply of a call carried out, so it does not go with a body fault.
    expect((await fault({ path: "Patient/RefreshCounter", answer: 1, body: "empty" }, other.id)).status).toBe(400);
  });

  it("carries a call out and answers a raw body of the test's own, beyond JSON: text with its type, or nothing with 204 (issue 68)", async () => {
    const other = await createWorld({ seed: 7 });
    const signedIn = await signIn(userOf(other, "solo"));
    const counters = () => call(signedIn.base, endpoints.refreshCounter, { token: signedIn.token, query: { PatientID: signedIn.patientId } });
    expect((await fault({ path: "Patient/RefreshCounter", answerBody: "OK", times: 1 }, other.id)).status).toBe(201);
    const text = await counters();
    expect([text.status, text.headers.get("content-type"), await text.text()]).toEqual([200, "text/plain; charset=utf-8", "OK"]);
    await fault({ path: "Patient/RefreshCounter", answerBody: "<p>Saved</p>", contentType: "text/html", status: 202, times: 1 }, other.id);
    const html = await counters();
    expect([html.status, html.headers.get("content-type"), await html.text()]).toEqual([202, "text/html; charset=utf-8", "<p>Saved</p>"]);
    await fault({ path: "Patient/RefreshCounter", answerBody: "", status: 204, times: 1 }, other.id);
    const none = await counters();
    expect([none.status, none.headers.get("content-type"), await none.text()]).toEqual([204, null, ""]);
    const journal = (await (await admin("GET", `/worlds/${other.id}/requests`)).json()) as { requests: { fault: string | null }[] };
    expect(journal.requests.map((r) => r.fault).filter(Boolean)).toEqual(['carried out, answered the text "OK"', 'carried out, answered the text "<p>Saved</p>" with status 202', 'carried out, answered the text "" with status 204']);
    // A raw body is the whole reply: it goes with neither a JSON answer nor a body fault, and a content type only with it.
    expect((await fault({ path: "Patient/RefreshCounter", answerBody: "OK", answer: 1 }, other.id)).status).toBe(400);
    expect((await fault({ path: "Patient/RefreshCounter", answerBody: "OK", body: "empty" }, other.id)).status).toBe(400);
    expect((await fault({ path: "Patient/RefreshCounter", contentType: "text/plain" }, other.id)).status).toBe(400);
  });

  it("delays the normal reply", async () => {
    await fault({ path: "Patient/RefreshCounter", delayMs: 300, times: 1 });
    const started = performance.now();
    const res = await counters();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(res.status).toBe(200);
    expect(endpoints.refreshCounter.reply.safeParse(await res.json()).success).toBe(true);
  });

  it("holds a call until the test releases it, and tells the test when it has arrived", async () => {
    const created = await fault({ path: "Patient/RefreshCounter", hold: true, times: 1 });
    const { id } = (await created.json()) as { id: number };
    let answered = false;
    const pending = counters().then((res) => ((answered = true), res));
    const held = await admin("GET", `/worlds/${world.id}/faults/${id}/held?atLeast=1`);
    expect(await held.json()).toEqual({ arrived: 1, released: false });
    // A second call passes: the fault had one use, and the held call still waits behind it.
    expect((await counters()).status).toBe(200);
    expect(answered).toBe(false);
    expect(await (await admin("POST", `/worlds/${world.id}/faults/${id}/release`)).json()).toEqual({ released: 1 });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(endpoints.refreshCounter.reply.safeParse(await res.json()).success).toBe(true);
    const journal = (await (await admin("GET", `/worlds/${world.id}/requests?path=Patient/RefreshCounter`)).json()) as { requests: { fault: string | null }[] };
    expect(journal.requests.map((r) => r.fault)).toContain("held");
  });

  // A held call waits on the mock's closing signal too, which lives as long as the mock: once released it
  // leaves nothing on it. It did, and a run's twelfth held call made Node warn of a leak.
  it("leaves nothing behind once a held call is released: a dozen in turn raise no leak warning", async () => {
    const warnings: string[] = [];
    const warned = (warning: Error) => warnings.push(warning.name);
    process.on("warning", warned);
    try {
      for (let i = 0; i < 12; i++) {
        const { id } = (await (await fault({ path: "Patient/RefreshCounter", hold: true, times: 1 })).json()) as { id: number };
        const pending = counters();
        await admin("GET", `/worlds/${world.id}/faults/${id}/held?atLeast=1`);
        await admin("POST", `/worlds/${world.id}/faults/${id}/release`);
        expect((await pending).status).toBe(200);
      }
      // Node tells of a warning on the next turn of its loop.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", warned);
    }
  });

  it("applies the rest of a held fault once released, and waits for as many calls as asked", async () => {
    const { id } = (await (await fault({ path: "Patient/RefreshCounter", hold: true, status: 503, times: 2 })).json()) as { id: number };
    const pending = [counters(), counters()];
    expect(await (await admin("GET", `/worlds/${world.id}/faults/${id}/held?atLeast=2`)).json()).toEqual({ arrived: 2, released: false });
    await admin("POST", `/worlds/${world.id}/faults/${id}/release`);
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual([503, 503]);
    // Too few calls in time: 408; an unknown fault: 404.
    const { id: other } = (await (await fault({ path: "Patient/RefreshCounter", hold: true, times: 1 })).json()) as { id: number };
    expect((await admin("GET", `/worlds/${world.id}/faults/${other}/held?atLeast=1&timeoutMs=50`)).status).toBe(408);
    expect((await admin("POST", `/worlds/${world.id}/faults/9999/release`)).status).toBe(404);
    expect((await admin("GET", `/worlds/${world.id}/faults/9999/held`)).status).toBe(404);
    await admin("DELETE", `/worlds/${world.id}/faults`);
  });

  it("lets held calls go on when the faults are cleared", async () => {
    const { id } = (await (await fault({ path: "Patient/RefreshCounter", hold: true })).json()) as { id: number };
    const pending = counters();
    await admin("GET", `/worlds/${world.id}/faults/${id}/held`);
    expect((await admin("DELETE", `/worlds/${world.id}/faults`)).status).toBe(204);
    expect((await pending).status).toBe(200);
  });

  it("applies `times` calls, or every call until cleared", async () => {
    await fault({ path: "patient/refreshcounter", status: 500, times: 2 });
    expect([(await counters()).status, (await counters()).status, (await counters()).status]).toEqual([500, 500, 200]);

    await fault({ path: "Patient/RefreshCounter", status: 502 });
    for (let i = 0; i < 3; i++) expect((await counters()).status).toBe(502);
    const listed = (await (await admin("GET", `/worlds/${world.id}/faults`)).json()) as { faults: unknown[] };
    expect(listed.faults).toHaveLength(1);
    expect((await admin("DELETE", `/worlds/${world.id}/faults`)).status).toBe(204);
    expect((await counters()).status).toBe(200);
  });

  it("touches only the named path and world", async () => {
    await fault({ path: "Patient/RefreshCounter", status: 500 });
    expect((await call(s.base, endpoints.validateToken, { token: s.token })).status).toBe(200);
    const other = await signIn({ username: "solo@demo.nz", password: "Kiaora2024" });
    expect((await call(other.base, endpoints.refreshCounter, { token: other.token, query: { PatientID: other.patientId } })).status).toBe(200);
    await admin("DELETE", `/worlds/${world.id}/faults`);
  });

  it("changes no data: a faulted logout leaves the token alive", async () => {
    await fault({ path: "Patient/Logout", status: 500, times: 1 });
    expect((await call(s.base, endpoints.logout, { query: { Token: s.token } })).status).toBe(500);
    expect((await call(s.base, endpoints.validateToken, { token: s.token })).status).toBe(200);
  });

  it("refuses an unknown path or world, and a malformed fault", async () => {
    const res = await fault({ path: "Patient/Nothing", status: 500 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain("Patient/RefreshCounter");
    expect((await fault({ path: "Patient", status: 99 })).status).toBe(400);
    expect((await fault({ path: "Patient", body: "garbage" })).status).toBe(400);
    expect((await fault({ path: "Patient", status: 500 }, "no-such-world")).status).toBe(404);
  });
});

describe("reply validation", () => {
  it("answers 500 instead of sending a reply that breaks the contract", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const world = mock.worlds.get("default")!;
    const app = express();
    app.get(
      "/broken",
      worldRouteHandler({ ...endpoints.organization, needsToken: false }, { signedIn: false, handle: () => [{ resourceType: "Bundle", entry: [{ resource: { name: 3 } }] }] as never }, { worldOf: () => world, closing: new AbortController().signal }),
    );
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/broken?PatientID=1`);
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: "Contract violation", call: "GET Patient/Organization", issues: expect.any(Array) });
      expect(errors).toHaveBeenCalled();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("where a handler reads its token", () => {
  it("is the contract's to say: a handler that disagrees with it about needing one is refused as its route is made (decisions/369)", () => {
    const options = { worldOf: () => undefined, closing: new AbortController().signal };
    expect(() => worldRouteHandler(endpoints.organization, { signedIn: false, handle: () => ({}) as never }, options)).toThrow(/GET Patient\/Organization: its handler is not signed in, but the contract says the call needs a token/);
    expect(() => worldRouteHandler(endpoints.forgotPassword, { signedIn: true, handle: () => ({}) as never }, options)).toThrow(/takes no token/);
  });
});

describe("admin requests that would otherwise be misread", () => {
  it("refuses a body that is not declared JSON (415), names a bad %-escape as such, and refuses a repeated journal filter", async () => {
    const plain = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: '{"scenario":"family"}' });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { error: string }).error).toMatch(/Content-Type: application\/json/);
    const badJson = await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(badJson.status).toBe(400);
    expect(((await badJson.json()) as { error: string }).error).toBe("Malformed JSON body");
    const world = await createWorld();
    const twice = await fetch(`${mock.url}/__admin/worlds/${world.id}/requests?method=GET&method=POST`);
    expect(twice.status).toBe(400);
  });

  it("refuses a repeated mail filter rather than ignoring it (which listed every mail; found by the property test)", async () => {
    const world = await createWorld();
    const username = world.users[0].username;
    const twice = await fetch(`${mock.url}/__admin/worlds/${world.id}/mail?to=${encodeURIComponent(username)}&to=nobody@example.nz`);
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: string }).error).toMatch(/Give to once/);
    expect((await fetch(`${mock.url}/__admin/worlds/${world.id}/mail?to=${encodeURIComponent(username)}`)).status).toBe(200);
  });
});
