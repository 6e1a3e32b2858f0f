import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { dateRangeTexts } from "~/lib/texts/date-range";
import { errorsTexts } from "~/lib/texts/errors";
import { PRACTICE_MEDIA } from "../../fixtures/builders/documents";
import { DocumentRate } from "~/.server/document-rate.server";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * The Letters and Resources pages' logic (app/areas/letters/page.server.ts, app/areas/resources/page.server.ts)
 * against the real mock over HTTP: a signed-in context and the page's address go in, the view and the
 * practice's journal come out.
 */
const mock = useMockServer();
let letters: typeof import("~/areas/letters/page.server");
let resources: typeof import("~/areas/resources/page.server");
let world: TestWorld;
let many: TestWorld;

type Context = Parameters<typeof letters.lettersPage>[0];

function contextOf(session: PortalSession, viewed = session.id): Context {
  return {
    api: session.api,
    user: { token: session.token, apiBase: session.apiBase, userId: viewed, parentId: session.id, proxy: viewed === session.id ? "No" : "Yes", username: "u", userName: "u", parentName: "Holder" },
  };
}

const at = (search: string) => new URL(`http://portal.test/letters${search}`);
const letterCalls = async (w: TestWorld) => (await w.requests({ method: "GET", path: "Patient/LetterAndDocument" })).map((r) => r.query);

beforeAll(async () => {
  letters = await import("~/areas/letters/page.server");
  resources = await import("~/areas/resources/page.server");
  world = await mock.createWorld({ scenario: "default", seed: 17 });
  many = await mock.createWorld({ scenario: "many-records", seed: 17 });
});

describe("the letters page", () => {
  it("lists a full record's letters, newest first, over more than a year, with no more to show", async () => {
    const s = await world.signIn("solo");
    const view = await letters.lettersPage(contextOf(s), at(""));
    expect(view.letters.length).toBeGreaterThanOrEqual(12);
    expect(view).toMatchObject({ total: view.letters.length, pages: 1, more: false, ranged: false, rangeResult: null });
    const iso = view.letters.map((l) => l.isoDate);
    expect([...iso].sort().reverse()).toEqual(iso);
    expect(Date.parse(iso[0]) - Date.parse(iso.at(-1)!)).toBeGreaterThan(365 * 86_400_000);
    for (const l of view.letters) expect(l.date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  });

  it("asks for a range from 00:00:00 to 23:59:59 and shows exactly the letters in it", async () => {
    const s = await world.signIn("solo");
    const all = (await letters.lettersPage(contextOf(s), at(""))).letters;
    const [to, from] = [all[1], all[5]];
    const display = (iso: string) => iso.split("-").reverse().join("-");
    await world.clearRequests();
    const view = await letters.lettersPage(contextOf(s), at(`?from=${display(from.isoDate)}&to=${display(to.isoDate)}`));
    expect(view.ranged).toBe(true);
    expect(view.letters).toEqual(all.filter((l) => l.isoDate >= from.isoDate && l.isoDate <= to.isoDate));
    expect(view.letters.map((l) => l.id)).toEqual(expect.arrayContaining([from.id, to.id]));
    expect(await letterCalls(world)).toEqual([{ Token: "[redacted]", PatientID: s.id, StartDate: `${from.isoDate} 00:00:00`, EndDate: `${to.isoDate} 23:59:59` }]);
  });

  it("a range with no letters is empty, not an error", async () => {
    const s = await world.signIn("solo");
    const view = await letters.lettersPage(contextOf(s), at("?from=01-01-1990&to=31-12-1990"));
    expect(view).toMatchObject({ letters: [], total: 0, ranged: true, more: false });
  });

  it("refuses a wrong range in the address with the form's messages, as typed, and asks for no range", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const view = await letters.lettersPage(contextOf(s), at("?from=10-03-2026&to=01-03-2026"));
    expect(view.ranged).toBe(false);
    expect(view.range).toEqual({ from: "10-03-2026", to: "01-03-2026" });
    expect(view.rangeResult?.error).toEqual({ to: [dateRangeTexts.toBeforeFrom] });
    expect((await letterCalls(world)).every((q) => !("StartDate" in q))).toBe(true);
  });

  it("shows the first page of 100 with more, and as many pages as the address asks", async () => {
    const s = await many.signIn("many");
    const first = await letters.lettersPage(contextOf(s), at(""));
    expect(first).toMatchObject({ total: 1000, pages: 1, more: true });
    expect(first.letters).toHaveLength(100);
    const two = await letters.lettersPage(contextOf(s), at("?pages=2"));
    expect(two.letters).toHaveLength(200);
    expect(two.letters.slice(0, 100)).toEqual(first.letters);
    const every = await letters.lettersPage(contextOf(s), at("?pages=10"));
    expect(every).toMatchObject({ pages: 10, more: false });
    expect(new Set(every.letters.map((l) => l.id)).size).toBe(1000);
  });

  it("a practice that sends no total: a full first page offers more, with no count made up, and the second brings letters 101 on", async () => {
    // At room seed 1 every bundle reply of the spec practice is drawn without its total (contract/room/bundle.ts).
    const spec = await mock.createWorld({ scenario: "many-records", seed: 17, practice: "spec", roomSeed: 1 });
    const s = await spec.signIn("many");
    await spec.clearRequests();
    const first = await letters.lettersPage(contextOf(s), at(""));
    expect(first.letters).toHaveLength(100);
    expect(first).toMatchObject({ total: undefined, pages: 1, more: true });
    const two = await letters.lettersPage(contextOf(s), at("?pages=2"));
    expect(two.letters).toHaveLength(200);
    const firstIds = new Set(first.letters.map((l) => l.id));
    expect(two.letters.filter((l) => !firstIds.has(l.id))).toHaveLength(100);
    expect(two).toMatchObject({ total: undefined, more: true });
    // Page 11 comes back empty: it ends the list, and the count is what was read.
    const every = await letters.lettersPage(contextOf(s), at("?pages=11"));
    expect(every).toMatchObject({ total: 1000, more: false });
    expect(new Set(every.letters.map((l) => l.id)).size).toBe(1000);
    expect((await spec.requests({ method: "GET", path: "Patient/LetterAndDocument" })).map((r) => r.query.PageNumber)).toContain("2");
  });

  it("for a family member, asks for the member's letters", async () => {
    const s = await world.signIn("family");
    const proxies = await s.api.call(endpoints.proxyUsers, { query: { PatientID: s.id } });
    const member = proxies.resources.find((p) => p.id !== s.id)!;
    await world.clearRequests();
    const view = await letters.lettersPage(contextOf(s, member.id), at(""));
    const own = await letters.lettersPage(contextOf(s), at(""));
    expect(view.letters.length).toBeGreaterThan(0);
    expect(view.letters.map((l) => l.id)).not.toEqual(own.letters.map((l) => l.id));
    const [call] = await letterCalls(world);
    expect(call.PatientID).toBe(member.id);
  });

  it("for a family member chosen at sign-in, the letter opened is the member's, asked for with the member's id", async () => {
    const { sessions } = await import("~/.server/session.server");
    const holder = await world.signIn("family");
    const proxies = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
    const member = proxies.resources.find((p) => p.id !== holder.id)!;
    const { practice, cookie } = await signedInToPortal(sessions, world, "family", { memberId: member.id });
    const pdf = (await letters.lettersPage(contextOf(practice, member.id), at(""))).letters.find((l) => l.pdf)!;
    await world.clearRequests();
    const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 1_000, DOCUMENT_RATE_WINDOW_SECONDS: 60 });
    const file = await letters.letterFileResponse(new Request(`http://portal.test/letters/letter/${pdf.id}`, { headers: { Cookie: cookie } }), pdf.id, rate);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("application/pdf");
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await world.requests({ method: "GET", path: "Patient/LetterAndDocumentByID" })).map((c) => c.query.PatientID)).toEqual([member.id]);
  });

  it("a failing practice is the page's 503 with the practice's message", async () => {
    const s = await world.signIn("solo");
    await world.fault({ path: "Patient/LetterAndDocument", status: 503, times: 1 });
    await expect(letters.lettersPage(contextOf(s), at(""))).rejects.toMatchObject({ init: { status: 503 }, data: { message: errorsTexts.practiceUnavailable } });
  });

  it("the empty account has none", async () => {
    const s = await world.signIn("empty");
    expect(await letters.lettersPage(contextOf(s), at(""))).toMatchObject({ letters: [], total: 0, more: false });
  });
});

describe("the resources page", () => {
  it("lists the practice's PDFs and links for a full record", async () => {
    const s = await world.signIn("solo");
    const view = await resources.resourcesPage(contextOf(s), new URL("http://portal.test/resources"));
    expect(view.items.map((i) => [i.id, i.kind])).toEqual(PRACTICE_MEDIA.map((m) => [m.id, m.kind]));
    expect(view).toMatchObject({ total: PRACTICE_MEDIA.length, more: false });
    const [call] = await world.requests({ method: "GET", path: "Patient/Media" });
    expect(call.query).toMatchObject({ PageSize: "100", PageNumber: "1" });
  });

  it("the empty account has none, and cannot open another's PDF resource", async () => {
    const s = await world.signIn("empty");
    expect((await resources.resourcesPage(contextOf(s), new URL("http://portal.test/resources"))).items).toEqual([]);
    await expect(s.api.call(endpoints.mediaById, { query: { PatientID: s.id, ResourceID: "m1" } })).rejects.toMatchObject({ status: 404 });
  });
});
