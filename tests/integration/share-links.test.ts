import type { Bundle, Patient } from "@medplum/fhirtypes";
import { compactDecrypt, decodeProtectedHeader } from "jose";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { listAccess, practiceKey, type AccessEntry } from "~/.server/access-entries.server";
import { DocumentRate } from "~/.server/document-rate.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { shareLinks } from "~/.server/portal-store/schema";
import { sessions } from "~/.server/session.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { NHI_SYSTEM } from "~/areas/summary/fhir";
import { fileResponse, manifestResponse, SHARE_REQUESTS_PER_MINUTE, type ReceivingSide } from "~/areas/summary/share-link-receiving.server";
import { shareLinkStore, TICKET_MS, type ShareLinkStore } from "~/areas/summary/share-link-store.server";
import { shareLinksOf, type ShareDeps } from "~/areas/summary/share-page.server";
import { answerSummarySteps } from "~/areas/summary/steps.server";
import type { StepEnvelope } from "~/lib/steps";
import type { ShareLinkListItem } from "~/areas/summary/view";
import { decodeShlink, MAX_WRONG_PASSCODES, SHARE_ORIGIN_MAX, type ShlinkPayload } from "~/areas/summary/shlink";
import { shareTexts as t } from "~/areas/summary/texts";
import { SHARE_FILE_PATH, SHARE_MANIFEST_PATH } from "~/areas/summary/share-link-paths";
import { documentProblems, fhirValidator, validateBundle } from "../helpers/fhir-document";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";
import { openEmbeddedTestStore, openPostgresTestStore } from "../helpers/test-stores";

/**
 * Share links of the health summary (SMART Health Links, decisions/305-309), made through the summary
 * page's action for a signed-in patient against the mock practice, and followed as a receiving app
 * follows them: the `shlink:/` decoded, the manifest POSTed with the passcode, the file fetched from
 * its location (or read embedded) and decrypted with jose, the bundle validated as the summary's tests
 * validate it. Refused after revoke, after expiry and after too many wrong passcodes; time is the
 * test's clock, never a wait. Against the embedded store and a real PostgreSQL. The access record is
 * written through the store made the process's, handed back when the file ends (vitest.config.ts).
 */

const mock = useMockServer();
let world: TestWorld;
let embedded: PortalStore;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  embedded = await openEmbeddedTestStore();
  sharePortalStore(embedded);
  world = await mock.createWorld({ scenario: "default", seed: 3205 });
  await fhirValidator();
}, 120_000);
afterAll(async () => {
  unsharePortalStore(embedded);
  for (const close of closers) await close().catch(() => undefined);
  await embedded?.close().catch(() => undefined);
}, 60_000);

const PASSCODE = "kōwhai-2026";
const RECEIVER_UA = "SmartHealthLinkReader/1.0";

/** The portal's side of one test: its store, its counts and its clock, which the test moves. */
function portalWith(store: ShareLinkStore, options: { origin?: string } = {}) {
  const clock = { now: new Date("2026-11-26T01:00:00Z") };
  const deps: ShareDeps = { store, rate: new DocumentRate({ DOCUMENT_RATE_LIMIT: 1000, DOCUMENT_RATE_WINDOW_SECONDS: 60 }, new MemoryStateStore()), now: () => clock.now, origin: options.origin };
  const side: ReceivingSide = { store, counts: new MemoryStateStore(), now: () => clock.now, origin: options.origin };

  /** What the portal's two routes answer, by address (the routes' own functions). */
  async function portalFetch(url: string, init: RequestInit = {}): Promise<Response> {
    const request = new Request(url, { ...init, headers: { "User-Agent": RECEIVER_UA, "X-Portal-Client-Address": "198.51.100.7", ...(init.headers as Record<string, string>) } });
    const path = new URL(url).pathname;
    if (SHARE_MANIFEST_PATH.test(path)) return manifestResponse(request, path.split("/").pop()!, side);
    if (SHARE_FILE_PATH.test(path)) return fileResponse(request, path.split("/").pop()!, side);
    return new Response("Not found", { status: 404 });
  }

  /** One share step as the page posts it, with the HTTP status and the envelope it was answered with. */
  async function post(cookie: string, step: "share-create" | "share-revoke", input: Record<string, string>) {
    const request = new Request("http://portal.test/summary/step", {
      method: "POST",
      headers: { Cookie: cookie, "X-Portal-Step": "1", "User-Agent": "Mozilla/5.0 (Windows NT 10.0) Chrome/130.0 Safari/537.36" },
      body: new URLSearchParams({ step, input: JSON.stringify(input) }),
    });
    const answer = await answerSummarySteps(request, deps);
    return { status: answer.status, envelope: (await answer.json()) as StepEnvelope<{ shlink: string; qr: string; message: string; links: ShareLinkListItem[] | null }> };
  }

  async function make(cookie: string, fields: Record<string, string> = {}): Promise<{ link: string; payload: ShlinkPayload }> {
    const { status, envelope } = await post(cookie, "share-create", { passcode: PASSCODE, expiryDays: "7", label: "For Dr Smith", ...fields });
    expect(status, JSON.stringify(envelope)).toBe(200);
    if (!envelope.ok) throw new Error("no link");
    expect(envelope.reply.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    // The list as it is after it, which the page shows without reading the practice again.
    expect(envelope.reply.links).toEqual(await list(cookie));
    expect(envelope.reply.links?.filter((l) => l.status === "active" && l.uses === 0).length).toBeGreaterThan(0);
    return { link: envelope.reply.shlink, payload: decodeShlink(envelope.reply.shlink) };
  }

  async function list(cookie: string) {
    return shareLinksOf(new Request("http://portal.test/summary", { headers: { Cookie: cookie } }), deps);
  }

  return { clock, deps, side, portalFetch, post, make, list };
}

type Portal = ReturnType<typeof portalWith>;

/** A receiving app's manifest request. */
function askManifest(portal: Portal, payload: ShlinkPayload, body: Record<string, unknown>) {
  return portal.portalFetch(payload.url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ recipient: "Dr Smith, Example Clinic", ...body }) });
}

/** A receiving app, as the specification's steps go: the manifest with the passcode, then each file, decrypted with the link's key. */
async function receive(portal: Portal, link: string, passcode: string, options: { embeddedLengthMax?: number } = {}) {
  const payload = decodeShlink(link);
  expect(payload.flag).toBe("P");
  const manifest = await askManifest(portal, payload, { passcode, ...options });
  expect(manifest.status).toBe(200);
  expect(manifest.headers.get("content-type")).toBe("application/json");
  expect(manifest.headers.get("access-control-allow-origin")).toBe("*");
  expect(manifest.headers.get("cache-control")).toBe("no-store");
  const { files } = (await manifest.json()) as { files: { contentType: string; location?: string; embedded?: string; lastUpdated?: string; fhirVersion?: string }[] };
  expect(files).toHaveLength(1);
  const [file] = files;
  expect(file).toMatchObject({ contentType: "application/fhir+json", fhirVersion: "4.0.1", status: "finalized" });
  let jwe: string;
  if (file.embedded) {
    expect(file.location).toBeUndefined();
    jwe = file.embedded;
  } else {
    const res = await portal.portalFetch(file.location!);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/jose");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cache-control")).toBe("no-store");
    jwe = await res.text();
  }
  expect(decodeProtectedHeader(jwe)).toEqual({ alg: "dir", enc: "A256GCM", cty: "application/fhir+json" });
  const { plaintext, protectedHeader } = await compactDecrypt(jwe, Buffer.from(payload.key, "base64url"));
  expect(protectedHeader.cty).toBe("application/fhir+json");
  const bundle = JSON.parse(new TextDecoder().decode(plaintext)) as Bundle;
  expect(documentProblems(bundle)).toEqual([]);
  expect(await validateBundle(bundle)).toEqual([]);
  return { bundle, file };
}

const nhiIn = (bundle: Bundle) => (bundle.entry!.find((e) => e.resource?.resourceType === "Patient")!.resource as Patient).identifier?.find((i) => i.system === NHI_SYSTEM)?.value;

async function nhiOf(label: string, memberId?: string) {
  const s = await world.signIn(label);
  const [patient] = (await s.api.call(endpoints.patient, { query: { PatientID: memberId ?? s.id } })).resources;
  return patient.extension.nhi;
}

async function entriesOf(apiBase: string, patientId: string): Promise<AccessEntry[]> {
  await embedded.settled();
  return (await listAccess({ practice: apiBase, patientId, pageSize: 200 }, embedded)).entries;
}

describe.each(["embedded", "postgres"] as const)("share links (%s store)", (kind) => {
  let store: ShareLinkStore;
  beforeAll(async () => {
    if (kind === "embedded") store = shareLinkStore(() => embedded);
    else {
      const opened = await openPostgresTestStore("share_links");
      closers.push(() => opened.close());
      store = shareLinkStore(() => opened);
    }
  }, 120_000);

  it("a receiving app follows the link: manifest with the passcode, the file at its one-use location, decrypted, the patient's valid summary", async () => {
    const portal = portalWith(store);
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const { link, payload } = await portal.make(cookie);
    expect(payload).toMatchObject({ flag: "P", label: "For Dr Smith", v: 1, exp: Math.floor(portal.clock.now.getTime() / 1000) + 7 * 86_400 });
    expect(payload.url).toMatch(/^http:\/\/portal\.test\/shl\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(payload.key, "base64url")).toHaveLength(32);

    const { bundle, file } = await receive(portal, link, PASSCODE);
    expect(nhiIn(bundle)).toBe(await nhiOf("solo"));
    expect(file.lastUpdated).toBe(portal.clock.now.toISOString());
    // The location was for one use.
    expect((await portal.portalFetch(file.location!)).status).toBe(404);

    // Embedded, when the app allows its length; a location when it does not.
    await receive(portal, link, PASSCODE, { embeddedLengthMax: 10_000_000 });
    const small = await receive(portal, link, PASSCODE, { embeddedLengthMax: 100 });
    expect(small.file.location).toMatch(/^http:\/\/portal\.test\/shl\/file\/[A-Za-z0-9_-]{43}$/);

    const [listed] = (await portal.list(cookie))!;
    expect(listed).toMatchObject({ label: "For Dr Smith", uses: 3, status: "active" });
    // What the store holds opens nothing by itself: no key, no passcode, no manifest address.
    const held = JSON.stringify(await store.list(practiceKey(user.apiBase), user.userId));
    for (const secret of [payload.key, PASSCODE, payload.url.split("/").pop()!]) expect(held).not.toContain(secret);
  });

  it("is refused after it is revoked: the manifest and a location handed out before both 404, and the list says Revoked", async () => {
    const portal = portalWith(store);
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const { payload } = await portal.make(cookie, { label: "To revoke" });
    const manifest = await askManifest(portal, payload, { passcode: PASSCODE });
    const { files } = (await manifest.json()) as { files: { location: string }[] };
    const id = (await portal.list(cookie))!.find((l) => l.label === "To revoke")!.id;

    const revoked = await portal.post(cookie, "share-revoke", { link: id });
    expect(revoked).toEqual({ status: 200, envelope: { ok: true, reply: { message: t.revoked, links: await portal.list(cookie) } } });
    expect(revoked.envelope.ok && revoked.envelope.reply.links!.find((l) => l.id === id)).toMatchObject({ status: "revoked", uses: 1 });
    expect((await askManifest(portal, payload, { passcode: PASSCODE })).status).toBe(404);
    expect((await portal.portalFetch(files[0].location)).status).toBe(404);
    expect((await portal.list(cookie))!.find((l) => l.id === id)).toMatchObject({ status: "revoked", uses: 1 });
    // Revoking again, or another's link, finds nothing.
    expect(await portal.post(cookie, "share-revoke", { link: id })).toMatchObject({ status: 404, envelope: { ok: false, failure: { message: t.notFound } } });
  });

  it("is refused once it expires, and a location once its five minutes are over: the test's clock moves, nobody waits", async () => {
    const portal = portalWith(store);
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const { payload } = await portal.make(cookie, { expiryDays: "1", label: "One day" });
    const manifest = await askManifest(portal, payload, { passcode: PASSCODE });
    const { files } = (await manifest.json()) as { files: { location: string }[] };
    portal.clock.now = new Date(portal.clock.now.getTime() + TICKET_MS + 1);
    expect((await portal.portalFetch(files[0].location)).status).toBe(404);
    expect((await askManifest(portal, payload, { passcode: PASSCODE })).status).toBe(200);

    portal.clock.now = new Date(payload.exp! * 1000);
    const expired = await askManifest(portal, payload, { passcode: PASSCODE });
    expect(expired.status).toBe(404);
    expect(expired.headers.get("access-control-allow-origin")).toBe("*");
    expect((await portal.list(cookie))!.find((l) => l.label === "One day")).toMatchObject({ status: "expired", uses: 2 });
  });

  it("counts wrong passcodes (401 with remainingAttempts), not a missing one, and the tenth wrong one ends the link for good", async () => {
    const portal = portalWith(store);
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const { payload } = await portal.make(cookie, { label: "Guessed at" });
    const missing = await askManifest(portal, payload, {});
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ remainingAttempts: MAX_WRONG_PASSCODES });
    for (let n = 1; n <= MAX_WRONG_PASSCODES; n++) {
      const wrong = await askManifest(portal, payload, { passcode: `guess-${n}` });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ remainingAttempts: MAX_WRONG_PASSCODES - n });
    }
    expect((await askManifest(portal, payload, { passcode: PASSCODE })).status).toBe(404);
    expect((await portal.list(cookie))!.find((l) => l.label === "Guessed at")).toMatchObject({ status: "ended", uses: 0 });
  });

  it("parallel wrong passcodes never check more than the link has left", async () => {
    const portal = portalWith(store);
    portal.side.counts = new MemoryStateStore();
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const { payload } = await portal.make(cookie, { label: "Raced" });
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => askManifest(portal, payload, { passcode: `parallel-${n}` })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(MAX_WRONG_PASSCODES);
    expect(statuses.every((s) => s === 401 || s === 404 || s === 429)).toBe(true);
    // Whatever was still in flight is settled: the link is at its limit and ended.
    const after = await askManifest(portal, payload, { passcode: `parallel-late` });
    if (after.status === 401) expect(await after.json()).toEqual({ remainingAttempts: 0 });
    expect((await askManifest(portal, payload, { passcode: PASSCODE })).status).toBe(404);
    expect((await portal.list(cookie))!.find((l) => l.label === "Raced")).toMatchObject({ status: "ended" });
  });
});

describe("making and following links (embedded store)", () => {
  const portal = () => portalWith(shareLinkStore(() => embedded));

  it("records every use on the summarised person's record: made, manifest, file, wrong passcode, ended, revoked; never the passcode or the key", async () => {
    const p = portal();
    const { cookie, user } = await signedInToPortal(sessions, world, "solo");
    const { link, payload } = await p.make(cookie, { label: "Recorded" });
    await receive(p, link, PASSCODE);
    for (let n = 0; n < MAX_WRONG_PASSCODES; n++) await askManifest(p, payload, { passcode: `nope-${n}` });
    const id = (await p.list(cookie))!.find((l) => l.label === "Recorded")!.id;
    const mine = (await entriesOf(user.apiBase, user.userId)).filter((e) => e.itemId === id);
    const count = (action: string) => mine.filter((e) => e.action === action).length;
    expect(count("share-link-made")).toBe(1);
    expect(count("share-manifest-fetched")).toBe(1);
    expect(count("share-file-fetched")).toBe(1);
    expect(count("share-passcode-wrong")).toBe(MAX_WRONG_PASSCODES);
    expect(count("share-link-ended")).toBe(1);
    const uses = mine.filter((e) => e.action !== "share-link-made");
    expect(new Set(uses.map((e) => e.proxyName))).toEqual(new Set(["Someone with a share link"]));
    expect(new Set(uses.map((e) => e.device))).toEqual(new Set(["Another browser on another device"]));
    expect(mine.every((e) => e.area === "summary")).toBe(true);
    const text = JSON.stringify(mine);
    for (const secret of [payload.key, PASSCODE, payload.url.split("/").pop()!]) expect(text).not.toContain(secret);

    const { link: second } = await p.make(cookie, { label: "Revoked one" });
    const secondId = (await p.list(cookie))!.find((l) => l.label === "Revoked one")!.id;
    await p.post(cookie, "share-revoke", { link: secondId });
    expect(second).toMatch(/^shlink:\//);
    expect((await entriesOf(user.apiBase, user.userId)).filter((e) => e.itemId === secondId).map((e) => e.action)).toEqual(["share-link-revoked", "share-link-made"]);
  });

  it("a proxy makes a link of the family member's summary: the member's record in the file, listed for the member only", async () => {
    const p = portal();
    const holder = await world.signIn("family");
    const proxies = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
    const memberId = proxies.resources.find((r) => r.id !== holder.id)!.id;
    const { cookie } = await signedInToPortal(sessions, world, "family", { memberId });
    const { link } = await p.make(cookie, { label: "For the school nurse" });
    const { bundle } = await receive(p, link, PASSCODE);
    expect(nhiIn(bundle)).toBe(await nhiOf("family", memberId));
    expect((await p.list(cookie))!.map((l) => l.label)).toContain("For the school nurse");
    const own = await signedInToPortal(sessions, world, "family");
    expect((await p.list(own.cookie))!.map((l) => l.label)).not.toContain("For the school nurse");
  });

  it("the server checks the form as the browser does: nothing is made past 90 days or without a passcode", async () => {
    const p = portal();
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const before = (await p.list(cookie))!.length;
    expect(await p.post(cookie, "share-create", { passcode: PASSCODE, expiryDays: "91", label: "" })).toEqual({
      status: 400,
      envelope: { ok: false, failure: { kind: "invalid", message: t.expiryTooLong, fields: { expiryDays: t.expiryTooLong } } },
    });
    const short = await p.post(cookie, "share-create", { passcode: "abc", expiryDays: "7" });
    expect(short).toMatchObject({ status: 400, envelope: { failure: { fields: { passcode: t.passcodeShort } } } });
    expect((await p.list(cookie))!.length).toBe(before);
  });

  it("names PORTAL_ORIGIN in the link and the file's location when it is set, not the address the request came by; unset, the request's", async () => {
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const configured = portalWith(shareLinkStore(() => embedded), { origin: "https://portal.example.nz" });
    const { link, payload } = await configured.make(cookie);
    expect(payload.url).toMatch(/^https:\/\/portal\.example\.nz\/shl\/[A-Za-z0-9_-]{43}$/);
    const manifest = await askManifest(configured, payload, { passcode: PASSCODE });
    const { files } = (await manifest.json()) as { files: { location: string }[] };
    expect(files[0].location).toMatch(/^https:\/\/portal\.example\.nz\/shl\/file\/[A-Za-z0-9_-]{43}$/);
    expect(link).not.toContain(Buffer.from("portal.test").toString("base64url"));

    const unset = portalWith(shareLinkStore(() => embedded));
    const { payload: fromRequest } = await unset.make(cookie);
    expect(fromRequest.url).toMatch(/^http:\/\/portal\.test\/shl\//);
  });

  it("at an origin too long for the link's 128 characters, refuses plainly before asking the practice or keeping anything; 80 characters still make one", async () => {
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const originOf = (length: number) => `https://portal.${"x".repeat(length - "https://portal..example.nz".length)}.example.nz`;
    expect(originOf(SHARE_ORIGIN_MAX + 1)).toHaveLength(81);

    const longest = portalWith(shareLinkStore(() => embedded), { origin: originOf(SHARE_ORIGIN_MAX) });
    await world.clearRequests();
    const { payload } = await longest.make(cookie);
    expect(payload.url).toHaveLength(128);
    // A link made reads the summary from the practice, starting with the patient.
    expect((await world.requests({ path: "Patient" })).length).toBeGreaterThan(0);

    const tooLong = portalWith(shareLinkStore(() => embedded), { origin: originOf(SHARE_ORIGIN_MAX + 1) });
    const before = (await tooLong.list(cookie))!.length;
    await world.clearRequests();
    expect(await tooLong.post(cookie, "share-create", { passcode: PASSCODE, expiryDays: "7", label: "Too long" })).toEqual({
      status: 503,
      envelope: { ok: false, failure: { kind: "refused", message: t.originTooLong } },
    });
    expect((await tooLong.list(cookie))!.length).toBe(before);
    expect(await world.requests({ path: "Patient" })).toEqual([]);
  });

  it("answers a receiving app's bad requests plainly: not JSON, no recipient, a GET, an unknown link; and slows an address down past its minute's requests", async () => {
    const p = portal();
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    const { payload } = await p.make(cookie, { label: "Bad requests" });
    const send = (body: string, type = "application/json") => p.portalFetch(payload.url, { method: "POST", headers: { "Content-Type": type }, body });
    expect((await send("passcode=x", "application/x-www-form-urlencoded")).status).toBe(400);
    expect((await send("{")).status).toBe(400);
    expect((await send(JSON.stringify({ passcode: PASSCODE }))).status).toBe(400);
    expect((await send(JSON.stringify({ recipient: "x", passcode: 1234 }))).status).toBe(400);
    const get = await p.portalFetch(payload.url);
    expect(get.status).toBe(405);
    expect(get.headers.get("access-control-allow-origin")).toBe("*");
    expect((await p.portalFetch(`http://portal.test/shl/${"A".repeat(43)}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ recipient: "x", passcode: PASSCODE }) })).status).toBe(404);

    // The minute's allowance (the requests above count too), then a 429 with Retry-After; the next minute is open again.
    let answer: Response;
    do answer = await send(JSON.stringify({ recipient: "x" }));
    while (answer.status === 401);
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(SHARE_REQUESTS_PER_MINUTE).toBe(30);
    p.clock.now = new Date(p.clock.now.getTime() + 60_000);
    expect((await send(JSON.stringify({ recipient: "x" }))).status).toBe(401);
  });

  // Last: the purge reaches every link of the embedded store.
  it("drops what no longer works: an expired link's file at once, its row 90 days later", async () => {
    const p = portal();
    const { cookie } = await signedInToPortal(sessions, world, "solo");
    await p.make(cookie, { expiryDays: "1", label: "Purged" });
    const id = (await p.list(cookie))!.find((l) => l.label === "Purged")!.id;
    const fileOf = async () => (await embedded.run("share-links.read", (db) => db.select({ file: shareLinks.file }).from(shareLinks).where(eq(shareLinks.id, id))))[0]?.file;
    expect(await fileOf()).toMatch(/^eyJ/);
    const day = 86_400_000;
    await p.deps.store.purge(new Date(p.clock.now.getTime() + 12 * 3_600_000));
    expect(await fileOf()).toMatch(/^eyJ/);
    p.clock.now = new Date(p.clock.now.getTime() + 2 * day);
    await p.deps.store.purge(p.clock.now);
    expect(await fileOf()).toBeNull();
    expect((await p.list(cookie))!.find((l) => l.id === id)).toMatchObject({ status: "expired" });
    p.clock.now = new Date(p.clock.now.getTime() + 91 * day);
    await p.deps.store.purge(p.clock.now);
    expect((await p.list(cookie))!.map((l) => l.id)).not.toContain(id);
  });
});
