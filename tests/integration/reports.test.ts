import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { getLabChart, getLabResult, getLabResults } from "~/.server/practice/reports.server";
import { sanitiseResultHtml } from "~/.server/sanitise-html.server";
import { chartSeriesOf, resultCardOf, resultDetailOf } from "~/lib/reports-view";
import { DocumentRate } from "~/.server/document-rate.server";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/** The Test Results screen's practice calls (app/.server/practice/reports.server.ts) against the mock over HTTP. */
const mock = useMockServer();
let world: TestWorld;
let hostile: TestWorld;

beforeAll(async () => {
  world = await mock.createWorld({ seed: 17 });
  hostile = await mock.createWorld({ scenario: "hostile-result", seed: 17 });
});

const everything = { page: 1, search: "", from: null, to: null };
const counter = async (s: PortalSession) => (await s.api.call(endpoints.refreshCounter, { query: { PatientID: s.id } })).TestResultsCounter;

describe("solo's results", () => {
  it("hold every kind the dialog shows: a table with Low, High and Abnormal, HTML, a PDF, and HbA1c over several dates", async () => {
    const s = await world.signIn("solo");
    const list = await getLabResults(s.api, s.id, everything);
    const cards = list.resources.map(resultCardOf);
    expect(cards.slice(0, 6).map((c) => c.test)).toEqual(["Full Blood Count", "Chest X-Ray", "HbA1c", "Cervical Screening", "HbA1c", "HbA1c"]);
    const kinds = [];
    for (const card of cards.slice(0, 4)) kinds.push(resultDetailOf((await getLabResult(s.api, s.id, card.id)).resources[0], sanitiseResultHtml));
    expect(kinds.map((k) => k.kind)).toEqual(["table", "html", "table", "pdf"]);
    const [table, html, , pdf] = kinds;
    if (table.kind !== "table" || html.kind !== "html" || pdf.kind !== "pdf") throw new Error("kinds");
    expect(table.rows.filter((r) => r.flagged).map((r) => r.flag)).toEqual(["Low", "High", "Abnormal"]);
    expect(html.html).toContain("The lungs are clear.");
    expect(Buffer.from(pdf.pdf, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    const hba1c = chartSeriesOf(await getLabChart(s.api, s.id, "HbA1c"));
    expect(hba1c.map((series) => series.name)).toEqual(["HbA1c"]);
    expect(new Set(hba1c[0].points.map((p) => p.date)).size).toBeGreaterThanOrEqual(3);
    // A narrative result has no values to chart.
    expect(await getLabChart(s.api, s.id, "Chest X-Ray")).toEqual([]);
  });

  it("opening a result marks it read: the list says so and the TestResultsCounter follows", async () => {
    const fresh = await mock.createWorld({ seed: 18 });
    const s = await fresh.signIn("solo");
    const before = (await getLabResults(s.api, s.id, everything)).resources.map(resultCardOf);
    const unread = before.filter((c) => !c.read);
    expect(unread.length).toBe(await counter(s));
    expect(unread.length).toBeGreaterThan(0);
    await getLabResult(s.api, s.id, unread[0].id);
    const after = (await getLabResults(s.api, s.id, everything)).resources.map(resultCardOf);
    expect(after.find((c) => c.id === unread[0].id)?.read).toBe(true);
    expect(await counter(s)).toBe(unread.length - 1);
    // Opening it again changes nothing more.
    await getLabResult(s.api, s.id, unread[0].id);
    expect(await counter(s)).toBe(unread.length - 1);
  });

  it("honours the search (any case) and the range (whole days in Pacific/Auckland), sent as YYYY-MM-DD", async () => {
    const s = await world.signIn("solo");
    const all = (await getLabResults(s.api, s.id, everything)).resources.map(resultCardOf);
    const searched = (await getLabResults(s.api, s.id, { ...everything, search: "hba1c" })).resources.map(resultCardOf);
    expect(searched.length).toBe(all.filter((c) => c.test === "HbA1c").length);
    expect(searched.every((c) => c.test === "HbA1c")).toBe(true);
    const day = all[2].date.split("-").reverse().join("-");
    const ranged = (await getLabResults(s.api, s.id, { ...everything, from: day, to: day })).resources.map(resultCardOf);
    expect(ranged.map((c) => c.id)).toContain(all[2].id);
    expect(ranged.every((c) => c.date === all[2].date)).toBe(true);
    const journal = await world.requests({ path: "Patient/LabResults" });
    expect(journal.at(-1)?.query).toMatchObject({ fromdate: day, todate: day, PageSize: "100", PageNumber: "1" });
  });
});

describe("a family member's results", () => {
  it("come with the member's id on the holder's sign-in, and are the member's own", async () => {
    const s = await world.signIn("family");
    const members = await s.api.call(endpoints.proxyUsers, { query: { PatientID: s.id } });
    const member = members.resources.map((m) => m.id).find((id) => id !== s.id)!;
    const theirs = await getLabResults(s.api, member, everything);
    const own = await getLabResults(s.api, s.id, everything);
    expect(theirs.resources.length).toBeGreaterThan(0);
    expect(theirs.resources.every((r) => r.id.startsWith(`r${member}-`))).toBe(true);
    expect(own.resources.some((r) => theirs.resources.some((t) => t.id === r.id))).toBe(false);
  });

  it("chosen at sign-in: the Test Results page and a result opened ask for the member's, with the member's id in every call", async () => {
    const [{ sessions }, reports] = await Promise.all([import("~/.server/session.server"), import("~/areas/results/page.server")]);
    const holder = await world.signIn("family");
    const members = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
    const member = members.resources.map((m) => m.id).find((id) => id !== holder.id)!;
    const { cookie } = await signedInToPortal(sessions, world, "family", { memberId: member });
    const get = (address: string) => new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } });
    await world.clearRequests();
    const page = await reports.loadReportsPage(get("/reports"));
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((r) => r.id.startsWith(`r${member}-`))).toBe(true);
    const [first] = page.results;
    const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 1_000, DOCUMENT_RATE_WINDOW_SECONDS: 60 });
    expect(await reports.loadResultDetail(get(`/reports/result/${first.id}`), first.id, rate)).toMatchObject({ kind: expect.any(String) });
    const calls = [...(await world.requests({ path: "Patient/LabResults" })), ...(await world.requests({ path: "Patient/LabResultByID" }))];
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(["Patient/LabResultByID", "Patient/LabResults"]));
    for (const c of calls) expect(c.query.PatientID, c.path).toBe(member);
  });
});

describe("the hostile result", () => {
  it("arrives from the practice with scripts and outside content, and leaves the server with its words only", async () => {
    const s = await hostile.signIn("solo");
    const [newest] = (await getLabResults(s.api, s.id, everything)).resources;
    expect(newest.description).toBe("Liver Function");
    const [reply] = (await getLabResult(s.api, s.id, newest.id)).resources;
    const raw = Buffer.from(reply.presentedForm![0].data!, "base64").toString("utf8");
    expect(raw).toMatch(/<script/);
    expect(raw).toMatch(/evil\.example\.invalid/);
    const detail = resultDetailOf(reply, sanitiseResultHtml);
    if (detail.kind !== "html") throw new Error(detail.kind);
    expect(detail.html).not.toMatch(/<script|<img|<iframe|<style|on\w+=|javascript:|evil\.example/i);
    expect(detail.html).toContain("ALT and AST are within the normal range.");
  });
});
