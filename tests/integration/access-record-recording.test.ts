import { DateTime } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRACTICE_ZONE } from "~/lib/dates";
import { listAccess, type AccessEntry } from "~/.server/access-entries.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { openEmbeddedTestStore } from "../helpers/test-stores";
import { accessEventOf, recordAccessOf, recordPageView } from "~/.server/record-access.server";
import { sessions } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { linkedAccountsOf } from "~/.server/linked-accounts.server";
import { accessCsvResponse, accessRecordPage } from "~/areas/access-record/page.server";
import { lettersPage } from "~/areas/letters/page.server";
import { messagingPage } from "~/areas/messaging/page.server";
import { answerMessagingSteps } from "~/areas/messaging/steps.server";
import { stepPoster } from "../helpers/steps";
import { loader as letterFile } from "~/areas/letters/file.route";
import { loader as summaryFhir } from "~/areas/summary/fhir.route";
import { loader as summaryPdf } from "~/areas/summary/pdf.route";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * Recording accesses (issue 31, decisions/274) through the portal's own sessions, against the mock
 * over HTTP and the embedded store in memory: the shell's page views, a file route's download, a
 * proxy's view on the family member's record, and the screen and its CSV reading only what this login
 * may see. Each wait is for the store's writes to settle, never a delay. It makes its store the
 * process's, as the server does, and hands it back when it ends (vitest.config.ts).
 */

const mock = useMockServer();
let world: TestWorld;
let store: PortalStore;

beforeAll(async () => {
  store = await openEmbeddedTestStore();
  sharePortalStore(store);
  world = await mock.createWorld({ scenario: "default", seed: 274 });
}, 120_000);
afterAll(async () => {
  unsharePortalStore(store);
  await store?.close();
});

const UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const get = (cookie: string, address: string) => new Request(`http://portal.test${address}`, { headers: { Cookie: cookie, "User-Agent": UA } });

/** Waits until what the request's recording handed to the store is written: its session first (recordAccessOf waits on it), then the writes. */
async function settled(request: Request) {
  await sessions.openSession(request).catch(() => undefined);
  await store.settled();
}

async function entriesOf(apiBase: string, patientId: string): Promise<AccessEntry[]> {
  return (await listAccess({ practice: apiBase, patientId }, store)).entries;
}

describe("recording accesses", () => {
  it("records a signed-in page view under its registry area, a document or a data request, and nothing for a failed page or a post", async () => {
    const { user, cookie } = await signedInToPortal(sessions, world, "solo");
    const pages = [get(cookie, "/letters"), get(cookie, "/reports.data?_routes=shell%2Flayout.route%2Careas%2Fresults%2Fpage.route"), get(cookie, "/preview?type=letter&id=L-1")];
    // One after the other: each waits on its own session (a token check), so their order is the test's.
    for (const request of pages) {
      recordPageView(request, new Response("ok"));
      await settled(request);
    }
    const failed = get(cookie, "/vitals");
    recordPageView(failed, new Response("failed", { status: 503 }));
    const posted = new Request("http://portal.test/timeline", { method: "POST", headers: { Cookie: cookie } });
    recordPageView(posted, new Response("ok"));
    await settled(failed);
    await settled(posted);

    const entries = await entriesOf(user.apiBase, user.userId);
    expect(entries.map((e) => [e.area, e.action, e.itemId])).toEqual([
      ["letters", "view", "L-1"],
      ["results", "view", null],
      ["letters", "view", null],
    ]);
    expect(entries[0]).toMatchObject({ holderKey: accountHolderKey(user.apiBase, user.parentId), proxyName: null, device: "Chrome on Windows" });
  });

  it("records a letter's file handed over as a download of that letter, and nothing for a request with no session", async () => {
    const signedIn = await signedInToPortal(sessions, world, "solo");
    const { letters } = await lettersPage({ api: signedIn.practice.api, user: signedIn.user }, new URL("http://portal.test/letters"));
    const letter = letters[0];
    expect(letter, "the solo patient has letters").toBeTruthy();
    const request = get(signedIn.cookie, `/letters/letter/${letter.id}`);
    const response = await letterFile({ request, params: { id: letter.id } } as unknown as Parameters<typeof letterFile>[0]);
    expect(response.status).toBe(200);
    await settled(request);
    const [latest] = await entriesOf(signedIn.user.apiBase, signedIn.user.userId);
    expect(latest).toMatchObject({ area: "letters", action: "download", itemId: letter.id });

    const before = (await listAccess({ practice: signedIn.user.apiBase, patientId: signedIn.user.userId }, store)).entries.length;
    const anonymous = new Request("http://portal.test/letters/letter/1");
    recordAccessOf(anonymous, { area: "letters", action: "download", itemId: "1" });
    await settled(anonymous);
    expect((await entriesOf(signedIn.user.apiBase, signedIn.user.userId)).length).toBe(before);
  });

  it("records the health summary handed over as a download of its format, FHIR or PDF", async () => {
    const signedIn = await signedInToPortal(sessions, world, "solo");
    for (const [format, loader] of [
      ["fhir", summaryFhir],
      ["pdf", summaryPdf],
    ] as const) {
      const request = get(signedIn.cookie, `/summary/${format}`);
      // A loader's arguments as React Router gives them; these two read only the request.
      const response = await loader({ request, params: {} } as never);
      expect(response.status).toBe(200);
      await settled(request);
      const [latest] = await entriesOf(signedIn.user.apiBase, signedIn.user.userId);
      expect(latest).toMatchObject({ area: "summary", action: "download", itemId: format });
    }
  });

  it("records a message opened as a view of that message, and messages deleted at the practice as a change; a refused step records nothing", async () => {
    const { practice, user, cookie } = await signedInToPortal(sessions, world, "solo");
    const inbox = await messagingPage({ api: practice.api, user }, new URL("http://portal.test/emails"));
    const id = inbox.rows[0]?.id;
    expect(id, "the solo patient has messages").toBeTruthy();
    const { request: step } = stepPoster("http://portal.test/emails/step", answerMessagingSteps, { Cookie: cookie, "User-Agent": UA });
    const envelope = async (request: Request) => (await answerMessagingSteps(request)).json();

    const open = step("open", { id });
    expect(await envelope(open)).toMatchObject({ ok: true });
    await settled(open);
    expect((await entriesOf(user.apiBase, user.userId))[0]).toMatchObject({ area: "messages", action: "view", itemId: id });

    const refused = step("delete", { ids: [], box: "inbox" });
    expect(await envelope(refused)).toMatchObject({ ok: false });
    await settled(refused);
    const removed = step("delete", { ids: [id], box: "inbox" });
    expect(await envelope(removed)).toMatchObject({ ok: true });
    await settled(removed);
    const [latest, before] = await entriesOf(user.apiBase, user.userId);
    expect(latest).toMatchObject({ area: "messages", action: "change", itemId: null });
    expect(before).toMatchObject({ area: "messages", action: "view", itemId: id });
  });

  it("records each further page of a message list read (Show more, or scrolling on) as a view of Messages, as the first page is; a page the practice failed records nothing", async () => {
    const many = await mock.createWorld({ scenario: "many-records", seed: 274 });
    const { user, cookie } = await signedInToPortal(sessions, many, "many");
    const { request: step } = stepPoster("http://portal.test/emails/step", answerMessagingSteps, { Cookie: cookie, "User-Agent": UA });
    const envelope = async (request: Request) => (await answerMessagingSteps(request)).json();

    const first = get(cookie, "/emails");
    recordPageView(first, new Response("ok"));
    await settled(first);
    const second = step("page", { box: "inbox", filter: "all", page: 2 });
    expect(await envelope(second)).toMatchObject({ ok: true, reply: { rows: expect.arrayContaining([expect.objectContaining({ id: expect.any(String) })]) } });
    await settled(second);
    const sent = step("page", { box: "sent", filter: "all", page: 3 });
    expect(await envelope(sent)).toMatchObject({ ok: true });
    await settled(sent);
    // Each further page holds exactly what the first page's entry holds: no page number, box or filter.
    const what = (e: AccessEntry) => [e.patientId, e.holderKey, e.proxyName, e.area, e.action, e.itemId, e.device, e.sessionId];
    const entries = await entriesOf(user.apiBase, user.userId);
    expect(entries.map((e) => [e.area, e.action, e.itemId])).toEqual([
      ["messages", "view", null],
      ["messages", "view", null],
      ["messages", "view", null],
    ]);
    expect(entries.map(what)).toEqual([what(entries[2]), what(entries[2]), what(entries[2])]);

    await many.fault({ path: "Patient/Messaging", status: 500, times: 1 });
    const failed = step("page", { box: "inbox", filter: "all", page: 4 });
    expect(await envelope(failed)).toMatchObject({ ok: false });
    await settled(failed);
    expect(await entriesOf(user.apiBase, user.userId)).toHaveLength(3);
  }, 60_000);

  it("puts a proxy's view on the family member's record, naming the proxy, and never on the holder's", async () => {
    const holder = await world.signIn("family");
    const child = (await linkedAccountsOf(holder.api, holder.id)).find((a) => a.id !== holder.id)!;
    const { user, cookie } = await signedInToPortal(sessions, world, "family", { memberId: child.id, name: "Aroha Ngata" });
    const request = get(cookie, "/immunisation");
    recordPageView(request, new Response("ok"));
    await settled(request);

    const [entry] = await entriesOf(user.apiBase, child.id);
    expect(entry).toMatchObject({ patientId: child.id, area: "immunisations", action: "view", proxyName: "Aroha Ngata", holderKey: accountHolderKey(user.apiBase, holder.id) });
    expect((await entriesOf(user.apiBase, holder.id)).filter((e) => e.area === "immunisations")).toEqual([]);
  });

  it("keeps a proxy's name to a name's characters, so the store's checks never lose the entry", async () => {
    const { user } = await signedInToPortal(sessions, world, "family", { memberId: "child-1", name: "Dr <b>Who</b> 2" });
    const event = accessEventOf({ session: await sessions.sessionStorage.getSession(), user }, new Request("http://portal.test/"), { area: "dashboard", action: "view", itemId: "not an id!" });
    expect(event.proxyName).toBe("Dr b Who /b");
    expect(event.itemId).toBeNull();
  });
});

describe("reading the record", () => {
  it("lists this login's record newest first and refuses a person who is not theirs, on the screen and in the CSV", async () => {
    const solo = await signedInToPortal(sessions, world, "solo");
    // Someone else's entry at the same practice, which must never show; then one of this login's.
    const other = await signedInToPortal(sessions, world, "empty");
    const stranger = { id: other.user.userId };
    const theirs = get(other.cookie, "/medications");
    recordPageView(theirs, new Response("ok"));
    await settled(theirs);
    expect(await entriesOf(other.user.apiBase, stranger.id)).toHaveLength(1);
    const mine = get(solo.cookie, "/medications");
    recordPageView(mine, new Response("ok"));
    await settled(mine);
    const view = (address: string) => accessRecordPage({ api: solo.practice.api, user: solo.user }, new URL(`http://portal.test${address}`), { store });

    const own = await view("/access-record");
    expect(own.filtersResult).toBeNull();
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows[0]).toMatchObject({ who: "You", what: "Viewed Medications", device: "Chrome on Windows" });
    expect(own.rows[0].when).toMatch(/^\d{2}-\d{2}-\d{4} at \d{1,2}:\d{2} (am|pm)$/);

    const letters = await view("/access-record?area=letters");
    expect(letters.rows.every((r) => r.area === "Letters")).toBe(true);

    const forged = await view(`/access-record?person=${stranger.id}`);
    expect(forged.rows).toEqual([]);
    expect(forged.filtersResult?.error?.person).toEqual(["You can see only your own record and the records of the people linked to your account."]);

    const refused = await accessCsvResponse(get(solo.cookie, `/access-record/download?person=${stranger.id}`), { store });
    expect(refused.status).toBe(403);

    const recorded = (await entriesOf(solo.user.apiBase, solo.user.userId)).length;
    const download = get(solo.cookie, "/access-record/download");
    const csv = await accessCsvResponse(download, { store });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Content-Disposition")).toMatch(/^attachment; filename="access-record-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"When (New Zealand time)","Who","What","Area","Action","Item","Device"');
    expect(lines.length - 1).toBe(recorded);
    expect(lines.slice(1).every((l) => l.includes('"You"'))).toBe(true);
    // The download is itself recorded, on the record downloaded.
    await settled(download);
    const [latest] = await entriesOf(solo.user.apiBase, solo.user.userId);
    expect(latest).toMatchObject({ area: "access-record", action: "download" });
  });

  it("dates in the address: a range ending before it starts is refused, keeping what was typed and listing nothing; a range is the practice's days", async () => {
    const solo = await signedInToPortal(sessions, world, "solo");
    const mine = get(solo.cookie, "/letters");
    recordPageView(mine, new Response("ok"));
    await settled(mine);
    const view = (address: string) => accessRecordPage({ api: solo.practice.api, user: solo.user }, new URL(`http://portal.test${address}`), { store });

    const backwards = await view("/access-record?from=01-03-2026&to=01-02-2026");
    expect(backwards.filtersResult?.error).toEqual({ to: ["The end date cannot be before the start date"] });
    expect(backwards.filters).toMatchObject({ from: "01-03-2026", to: "01-02-2026" });
    expect(backwards.rows).toEqual([]);

    const today = DateTime.now().setZone(PRACTICE_ZONE);
    const day = (d: DateTime) => d.toFormat("dd-MM-yyyy");
    const todays = await view(`/access-record?from=${day(today)}&to=${day(today)}`);
    expect(todays.filtersResult).toBeNull();
    expect(todays.rows.some((r) => r.what === "Viewed Letters")).toBe(true);
    const yesterday = today.minus({ days: 1 });
    expect((await view(`/access-record?from=${day(yesterday)}&to=${day(yesterday)}`)).rows).toEqual([]);
  });

  it("pages in the address: the next page starts after the last entry shown", async () => {
    const solo = await signedInToPortal(sessions, world, "solo");
    const view = (address: string) => accessRecordPage({ api: solo.practice.api, user: solo.user }, new URL(`http://portal.test${address}`), { store, pageSize: 2 });
    const first = await view("/access-record");
    expect(first.rows).toHaveLength(2);
    expect(first.older).toMatch(/^\/access-record\?after=\d+\.\d+$/);
    const second = await view(first.older!);
    expect(second.paged).toBe(true);
    expect(second.rows.map((r) => r.id).some((id) => first.rows.some((r) => r.id === id))).toBe(false);
    expect(second.rows[0].id).toBeLessThan(first.rows[1].id);
  });
});
