import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { authenticate, lookupIdentity } from "~/.server/practice/auth.server";
import { signInAt } from "../helpers/mock-world";
import { parseRecording, REPLAY_PASSWORD, type Recording } from "../../mock-server/recording/file";
import { createMockServer, type MockServer } from "../../mock-server/server";
import { DEFAULT_WORLD_ID } from "../../mock-server/worlds";

/**
 * Record and replay over HTTP (decisions/384): a mock stands for the real practice, a second one
 * records it through the portal's own practice client, the file holds none of the practice's
 * personal details, and a third mock made from the file answers the same calls as recorded, with the
 * made-up values, to the recorded (made-up) user and the stated password only.
 */

let practice: MockServer;
let recorder: MockServer;
const servers: MockServer[] = [];
const ORIGINAL_USER = "family@demo.nz";

beforeAll(async () => {
  practice = await createMockServer({ port: 0 });
  recorder = await createMockServer({ port: 0, record: practice.url });
  servers.push(practice, recorder);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

/** Signs in through the portal's client at an identity server and reads what a walk through the screens reads. */
async function walk(identityUrl: string, userName: string, password: string) {
  const { identity, outcome, api } = await signInAt(`${identityUrl}/`, userName, password);
  const PatientID = outcome.patientId;
  const proxies = await api.call(endpoints.proxyUsers, { query: { PatientID } });
  const ids = proxies.resources.map((r) => r.id);
  const profiles = await Promise.all(ids.map((id) => api.call(endpoints.patient, { query: { PatientID: id } })));
  const inbox = await api.call(endpoints.messages, { query: { PatientID, Type: "1", MessagingType: "1", PageSize: "10", PageNumber: "1" } });
  const organization = await api.call(endpoints.organization, { query: { PatientID } });
  const photo = await api.call(endpoints.loadImage, { query: { PatientID, DocumentKey: "ProfileImage" } });
  return { identity, outcome, api, ids, proxies, profiles, inbox, organization, photo };
}

/**
 * Every personal detail the walk reads of the family account's people, as the practice's store has it:
 * each one's profile (with emergency contacts) and the holder's inbox, the one the walk opens.
 */
function originalDetails(server: MockServer, patientIds: string[]): string[] {
  const world = server.worlds.get(DEFAULT_WORLD_ID)!;
  const details = [ORIGINAL_USER];
  for (const id of patientIds) {
    const p = world.store.patient.findFirst({ where: { id: { equals: id } } })!;
    details.push(...p.given, p.family, p.nhi, ...p.addressLines, p.suburb, p.postcode);
    for (const value of [p.preferred, p.mobile, p.homePhone, p.workPhone, p.email]) if (value) details.push(value);
    for (const c of world.store.emergencyContact.findMany({ where: { patientId: { equals: id } } })) details.push(c.given, c.family, c.mobile);
  }
  details.push(...world.messages.page(patientIds[0], "inbox", { pageSize: 10, pageNumber: 1 }).messages.flatMap((m) => [m.body, m.subject]));
  return [...new Set(details.filter((d) => d.trim().length > 1))];
}

function occurrences(text: string, detail: string): boolean {
  const escaped = detail.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}

describe("record and replay", () => {
  let recorded: Awaited<ReturnType<typeof walk>>;
  let file: Recording;

  it("records a walk through the recording mock, with every personal detail made up and no secret kept", async () => {
    recorded = await walk(recorder.url, ORIGINAL_USER, "Kiaora2024");
    expect(recorded.identity.apiBase).toBe(`${recorder.url}/recordings/${recorder.recorder!.id}/practice/0/`);
    expect(recorded.ids.length).toBe(3);
    // What the portal was answered through the recorder is the practice's own.
    expect(recorded.profiles[0].resources[0].name?.[0]?.family).toBe(practice.worlds.get(DEFAULT_WORLD_ID)!.store.patient.findFirst({ where: { id: { equals: recorded.ids[0] } } })!.family);

    file = parseRecording(JSON.parse(JSON.stringify(recorder.recorder!.file())));
    const text = JSON.stringify(file);
    const originals = originalDetails(practice, recorded.ids);
    expect(originals.length).toBeGreaterThan(20);
    expect(originals.filter((detail) => occurrences(text, detail))).toEqual([]);
    expect(text).not.toContain(recorded.outcome.token);
    expect(text).not.toContain("Kiaora2024");
    expect(file.upstream).toBe(practice.url);
    expect(file.users).toHaveLength(1);
    expect(file.users[0]).not.toBe(ORIGINAL_USER);
    // The photo is left out and the calls are all there.
    expect(JSON.stringify(file.calls.find((c) => c.path === "Patient/LoadImage")?.reply)).toContain("recorded-document:png");
    expect(file.calls.map((c) => c.path)).toEqual(expect.arrayContaining(["Authentication", "Patient/Authentication", "Patient/ProxyUsers", "Patient", "Patient/Messaging", "Patient/Organization"]));
  });

  it("replays the file: the recorded user signs in with the stated password and is answered as recorded, with the made-up values", async () => {
    const replay = await createMockServer({ port: 0, defaultWorld: { recording: file } });
    servers.push(replay);
    const replayed = await walk(replay.url, file.users[0], REPLAY_PASSWORD);
    expect(replayed.outcome.patientId).toBe(recorded.outcome.patientId);
    expect(replayed.outcome.token).not.toBe(recorded.outcome.token);
    expect(replayed.ids).toEqual(recorded.ids);
    const recordedPatient = file.calls.find((c) => c.path === "Patient" && c.query.PatientID === recorded.ids[0])!;
    const madeUp = (recordedPatient.reply as { value: { entry: { resource: { name: { family: string }[] } }[] }[] }).value[0].entry[0].resource.name[0].family;
    expect(replayed.profiles[0].resources[0].name?.[0]?.family).toBe(madeUp);
    expect(madeUp).not.toBe(recorded.profiles[0].resources[0].name?.[0]?.family);
    expect(replayed.inbox.resources.length).toBe(recorded.inbox.resources.length);
    expect(replayed.inbox.resources.length).toBeGreaterThan(0);
    // The photo the recording left out is served as a generated picture.
    expect(replayed.photo?.contentType).toBe("image/png");
    expect(replayed.photo?.base64).not.toBe(recorded.photo?.base64);

    // Another password, or the original user, is refused as a wrong password is.
    const base = replayed.identity.apiBase;
    const refused = await authenticate(base, { userName: file.users[0], password: "Kiaora2025" });
    expect(refused.kind).not.toBe("signedIn");
    expect((await lookupIdentity({ userName: ORIGINAL_USER, password: REPLAY_PASSWORD }, `${replay.url}/`)).kind).toBe("rejected");

    // A call that was not recorded says so, and is in the journal for QA.
    const res = await fetch(`${base}${endpoints.medications.path}?PatientID=${replayed.outcome.patientId}&MedicationType=1`, { headers: { Token: replayed.outcome.token } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "Not recorded" });
    // Without a token the replay world refuses, as a practice does.
    expect((await fetch(`${base}Patient?PatientID=${replayed.outcome.patientId}`)).status).toBe(401);
    const journal = (await (await fetch(`${replay.url}/__admin/worlds/${DEFAULT_WORLD_ID}/requests?path=${endpoints.medications.path}`)).json()) as { requests: { status: number }[] };
    expect(journal.requests.map((e) => e.status)).toEqual([404]);
  });

  it("refuses to start a recording asked for by another site's page, or of an address that is not http(s)", async () => {
    const ask = (headers: Record<string, string>, upstream = practice.url) => fetch(`${recorder.url}/__admin/recordings`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify({ upstream }) });
    expect((await ask({ Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await ask({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await ask({}, "file:///etc/passwd")).status).toBe(400);
    const listed = (await (await fetch(`${recorder.url}/__admin/recordings`)).json()) as { recordings: { id: string }[] };
    expect(listed.recordings.map((r) => r.id)).toEqual([recorder.recorder!.id]);
  });

  it("records through the admin API and makes one more world from the file, with faults still applied", async () => {
    const started = await fetch(`${recorder.url}/__admin/recordings`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ upstream: practice.url }) });
    expect(started.status).toBe(201);
    const { id, identityUrl } = (await started.json()) as { id: string; identityUrl: string };
    await walk(identityUrl, "solo@demo.nz", "Kiaora2024");
    const stopped = await fetch(`${recorder.url}/__admin/recordings/${id}`, { method: "DELETE" });
    const soloFile = parseRecording(await stopped.json());
    expect((await fetch(`${recorder.url}/__admin/recordings/${id}`)).status).toBe(404);

    const made = await fetch(`${recorder.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ recording: soloFile }) });
    expect(made.status).toBe(201);
    const world = (await made.json()) as { id: string; scenario: string; users: { username: string; password: string }[]; recording: { calls: number } };
    expect(world).toMatchObject({ scenario: "recording", recording: { calls: soloFile.calls.length } });
    expect(world.users).toEqual([expect.objectContaining({ username: soloFile.users[0].replace("@", `+${world.id}@`).toLowerCase(), password: REPLAY_PASSWORD })]);
    // The console's sign-in link works in a replay world too: once.
    const link = (await (await fetch(`${recorder.url}/__admin/worlds/${world.id}/switch-tokens`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ label: "recorded-1" }) })).json()) as { q: string };
    // (This mock's own identity address records the practice, so the world's address is taken from its summary.)
    const linkIdentity = { apiBase: `${recorder.url}/worlds/${world.id}/api/` };
    const signedIn = await authenticate(linkIdentity.apiBase, { userName: "", password: "", q: link.q });
    expect(signedIn).toMatchObject({ kind: "signedIn", patientId: soloFile.calls.flatMap((c) => (c.path === "Patient/Authentication" && c.reply.kind === "json" ? [(c.reply.value as { id: string }[])[0].id] : []))[0] });
    expect((await authenticate(linkIdentity.apiBase, { userName: "", password: "", q: link.q })).kind).not.toBe("signedIn");
    await fetch(`${recorder.url}/__admin/worlds/${world.id}/faults`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path: "Patient/Organization", status: 503 }) });
    await expect(walk(recorder.url, world.users[0].username, REPLAY_PASSWORD)).rejects.toThrow();
  });
});
