import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { errorsTexts } from "~/lib/texts/errors";
import { timelineTexts } from "~/lib/texts/timeline";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";

/**
 * The health screens' page logic (app/.server/*-page.server.ts for allergies, diagnoses, reminders,
 * immunisations, vitals and the timeline) against the real mock over HTTP: a signed-in context and the
 * page's address go in, the view and the practice's journal come out.
 */
const mock = useMockServer();
let allergies: typeof import("~/areas/health/allergies/page.server");
let diagnoses: typeof import("~/areas/health/diagnosis/page.server");
let reminders: typeof import("~/areas/health/reminders/page.server");
let immunisations: typeof import("~/areas/health/immunisation/page.server");
let vitals: typeof import("~/areas/health/vitals/page.server");
let timeline: typeof import("~/areas/health/timeline/page.server");
let world: TestWorld;
let many: TestWorld;

type Context = Parameters<typeof allergies.allergiesPage>[0];

function contextOf(session: PortalSession, viewed = session.id): Context {
  return {
    api: session.api,
    user: { token: session.token, apiBase: session.apiBase, userId: viewed, parentId: session.id, proxy: viewed === session.id ? "No" : "Yes", username: "u", userName: "u", parentName: "Holder" },
  };
}

const at = (path: string) => new URL(`http://portal.test${path}`);
const queries = async (w: TestWorld, path: string) => (await w.requests({ method: "GET", path })).map((r) => r.query);

async function familyMember(): Promise<{ session: PortalSession; memberId: string }> {
  const session = await world.signIn("family");
  const proxies = await session.api.call(endpoints.proxyUsers, { query: { PatientID: session.id } });
  return { session, memberId: proxies.resources.find((p) => p.id !== session.id)!.id };
}

beforeAll(async () => {
  allergies = await import("~/areas/health/allergies/page.server");
  diagnoses = await import("~/areas/health/diagnosis/page.server");
  reminders = await import("~/areas/health/reminders/page.server");
  immunisations = await import("~/areas/health/immunisation/page.server");
  vitals = await import("~/areas/health/vitals/page.server");
  timeline = await import("~/areas/health/timeline/page.server");
  world = await mock.createWorld({ scenario: "default", seed: 18 });
  many = await mock.createWorld({ scenario: "many-records", seed: 18 });
});

describe("the allergies page", () => {
  it("shows a full record's allergies, one of each severity and one unrecorded, from one page of 30", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const view = await allergies.allergiesPage(contextOf(s), at("/allergies"));
    expect(view.allergies.map((a) => [a.severity, a.unrecorded])).toEqual([["Severe", false], ["Moderate", false], ["Mild", false], ["Mild", true]]);
    expect(view).toMatchObject({ total: 4, pages: 1, more: false });
    expect(await queries(world, "Patient/AllergyIntolerance")).toEqual([{ PatientID: s.id, PageSize: "30", PageNumber: "1" }]);
  });

  it("pages a long record: the address's pages are read at once, each allergy once", async () => {
    const s = await many.signIn("many");
    const first = await allergies.allergiesPage(contextOf(s), at("/allergies"));
    expect(first).toMatchObject({ total: 45, pages: 1, more: true });
    expect(first.allergies).toHaveLength(30);
    const both = await allergies.allergiesPage(contextOf(s), at("/allergies?pages=2"));
    expect(both).toMatchObject({ total: 45, pages: 2, more: false });
    expect(new Set(both.allergies.map((a) => a.id)).size).toBe(45);
  });

  it("a practice that sends no total: a full first page of 30 offers more, with no count made up, and the second brings allergies 31 on", async () => {
    // At room seed 1 every bundle reply of the spec practice is drawn without its total (contract/room/bundle.ts).
    const spec = await mock.createWorld({ scenario: "many-records", seed: 18, practice: "spec", roomSeed: 1 });
    const s = await spec.signIn("many");
    const first = await allergies.allergiesPage(contextOf(s), at("/allergies"));
    expect(first.allergies).toHaveLength(30);
    expect(first).toMatchObject({ total: undefined, pages: 1, more: true });
    const both = await allergies.allergiesPage(contextOf(s), at("/allergies?pages=2"));
    expect(both.allergies).toHaveLength(45);
    const firstIds = new Set(first.allergies.map((a) => a.id));
    expect(both.allergies.filter((a) => !firstIds.has(a.id))).toHaveLength(15);
    // The second page, shorter than 30, is the last: the count is what was read.
    expect(both).toMatchObject({ total: 45, pages: 2, more: false });
  });

  it("for a family member, asks for the member's allergies", async () => {
    const { session, memberId } = await familyMember();
    await world.clearRequests();
    await allergies.allergiesPage(contextOf(session, memberId), at("/allergies"));
    expect((await queries(world, "Patient/AllergyIntolerance")).map((q) => q.PatientID)).toEqual([memberId]);
  });

  it("the empty account has none; a failing practice is the page's 503", async () => {
    const empty = await world.signIn("empty");
    expect(await allergies.allergiesPage(contextOf(empty), at("/allergies"))).toMatchObject({ allergies: [], total: 0, more: false });
    const s = await world.signIn("solo");
    await world.fault({ path: "Patient/AllergyIntolerance", status: 503, times: 1 });
    await expect(allergies.allergiesPage(contextOf(s), at("/allergies"))).rejects.toMatchObject({ init: { status: 503 }, data: { message: errorsTexts.practiceUnavailable } });
  });
});

describe("the diagnosis page", () => {
  it("asks for each tab's list with its TypeID and page size 100; the lists agree with each other", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const longTerm = await diagnoses.diagnosesPage(contextOf(s), at("/diagnosis"));
    const recent = await diagnoses.diagnosesPage(contextOf(s), at("/diagnosis?tab=recent"));
    const all = await diagnoses.diagnosesPage(contextOf(s), at("/diagnosis?tab=all"));
    expect((await queries(world, "Patient/Condition")).map((q) => [q.TypeID, q.PageSize, q.PageNumber])).toEqual([["2", "100", "1"], ["1", "100", "1"], ["0", "100", "1"]]);
    expect([longTerm.tab, recent.tab, all.tab]).toEqual(["long-term", "recent", "all"]);
    expect(longTerm.diagnoses.length).toBeGreaterThan(0);
    expect(longTerm.diagnoses.every((d) => d.longTerm)).toBe(true);
    expect(recent.diagnoses.length).toBeGreaterThan(0);
    const allIds = all.diagnoses.map((d) => d.id);
    for (const d of [...longTerm.diagnoses, ...recent.diagnoses]) expect(allIds).toContain(d.id);
    // Recent is the last year's, by the world's clock.
    const clock = await world.clock();
    const yearAgo = new Date(Date.parse(clock.now) - 366 * 86_400_000).toISOString().slice(0, 10);
    for (const d of recent.diagnoses) expect(d.isoDate >= yearAgo).toBe(true);
  });

  it("pages a long record's All Diagnosis by 100", async () => {
    const s = await many.signIn("many");
    const first = await diagnoses.diagnosesPage(contextOf(s), at("/diagnosis?tab=all"));
    expect(first.diagnoses).toHaveLength(100);
    expect(first.more).toBe(true);
    const both = await diagnoses.diagnosesPage(contextOf(s), at("/diagnosis?tab=all&pages=2"));
    expect(both.more).toBe(false);
    expect(both.diagnoses.length).toBe(both.total);
  });

  it("for a family member, asks for the member's diagnoses; the empty account has none", async () => {
    const { session, memberId } = await familyMember();
    await world.clearRequests();
    await diagnoses.diagnosesPage(contextOf(session, memberId), at("/diagnosis?tab=all"));
    expect((await queries(world, "Patient/Condition")).map((q) => q.PatientID)).toEqual([memberId]);
    const empty = await world.signIn("empty");
    expect(await diagnoses.diagnosesPage(contextOf(empty), at("/diagnosis?tab=all"))).toMatchObject({ diagnoses: [], total: 0 });
  });
});

describe("the reminders page", () => {
  it("shows a full record's reminders, every priority among them, from one page of 100", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const view = await reminders.remindersPage(contextOf(s), at("/reminders"));
    expect(new Set(view.reminders.map((r) => r.priority))).toEqual(new Set(["High", "Medium", "Normal"]));
    for (const r of view.reminders) expect(r.sent).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    expect(await queries(world, "Patient/PatientAlerts")).toEqual([{ PatientID: s.id, PageSize: "100", PageNumber: "1" }]);
  });

  it("pages a long record by 100; a family member's are asked for by the member's id; the empty account has none", async () => {
    const m = await many.signIn("many");
    expect(await reminders.remindersPage(contextOf(m), at("/reminders"))).toMatchObject({ total: 150, more: true });
    expect((await reminders.remindersPage(contextOf(m), at("/reminders?pages=2"))).reminders).toHaveLength(150);
    const { session, memberId } = await familyMember();
    await world.clearRequests();
    await reminders.remindersPage(contextOf(session, memberId), at("/reminders"));
    expect((await queries(world, "Patient/PatientAlerts")).map((q) => q.PatientID)).toEqual([memberId]);
    const empty = await world.signIn("empty");
    expect(await reminders.remindersPage(contextOf(empty), at("/reminders"))).toMatchObject({ reminders: [], total: 0 });
  });
});

describe("the immunisation page", () => {
  it("asks for each tab with its TypeID, 100 from page 1; each tab holds only its own state; All holds them all", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const views = await Promise.all(["", "?tab=overdue", "?tab=administered", "?tab=all"].map((q) => immunisations.immunisationsPage(contextOf(s), at(`/immunisation${q}`))));
    const calls = await queries(world, "Patient/Immunization");
    expect(calls.map((q) => q.TypeID).sort()).toEqual(["0", "1", "2", "3"]);
    for (const q of calls) expect(q).toMatchObject({ PageSize: "100", PageNumber: "1", PatientID: s.id });
    const [due, overdue, administered, all] = views;
    expect(due.immunisations.map((i) => i.state)).toEqual(due.immunisations.map(() => "Due"));
    expect(overdue.immunisations.map((i) => i.dateLabel)).toEqual(overdue.immunisations.map(() => "Was Due"));
    expect(administered.immunisations.every((i) => i.state === "Administered" && i.dateLabel === "Given" && i.vaccinator !== "")).toBe(true);
    expect(due.immunisations.length * overdue.immunisations.length * administered.immunisations.length).toBeGreaterThan(0);
    expect(all.total).toBe(due.total! + overdue.total! + administered.total!);
  });

  it("a due immunisation becomes overdue once the world's clock passes its date", async () => {
    const w = await mock.createWorld({ scenario: "default", seed: 18, now: "2026-03-01T09:00:00+13:00" });
    const s = await w.signIn("solo");
    const before = await immunisations.immunisationsPage(contextOf(s), at("/immunisation"));
    const flu = before.immunisations.find((i) => i.name === "Influenza")!;
    expect(flu).toMatchObject({ state: "Due", date: "01-04-2026" });
    await w.advance("P45D");
    const after = await immunisations.immunisationsPage(contextOf(s), at("/immunisation?tab=overdue"));
    expect(after.immunisations.find((i) => i.id === flu.id)).toMatchObject({ state: "Overdue", dateLabel: "Was Due", date: "01-04-2026" });
    await w.delete();
  });

  it("a family member's child has the childhood schedule, asked for by the member's id; the empty account has none", async () => {
    const session = await world.signIn("family");
    const proxies = await session.api.call(endpoints.proxyUsers, { query: { PatientID: session.id } });
    const child = proxies.resources.at(-1)!;
    await world.clearRequests();
    const view = await immunisations.immunisationsPage(contextOf(session, child.id), at("/immunisation?tab=administered"));
    expect(view.immunisations.some((i) => i.indication === "Childhood schedule: 6 weeks")).toBe(true);
    expect((await queries(world, "Patient/Immunization")).map((q) => q.PatientID)).toEqual([child.id]);
    const empty = await world.signIn("empty");
    expect(await immunisations.immunisationsPage(contextOf(empty), at("/immunisation?tab=all"))).toMatchObject({ immunisations: [], total: 0 });
  });
});

describe("the vitals page", () => {
  it("reads 30 from page 1 with ChartType 0 and charts each of solo's five vitals over about two years, moving plausibly", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const view = await vitals.vitalsReadings(contextOf(s), at("/vitals"));
    expect(await queries(world, "Patient/Observation")).toEqual([{ PatientID: s.id, PageSize: "30", PageNumber: "1", ChartType: "0" }]);
    expect(view.charts.map((c) => c.key)).toEqual(["bloodPressure", "weight", "height", "bmi", "heartRate"]);
    // Ours sends every reading of a vital the spec lists, dated and whole: nothing is left beside the charts.
    expect(view.others).toEqual([]);
    expect(view.charts.every((c) => c.notDrawn === null && c.drawable)).toBe(true);
    const weight = view.charts.find((c) => c.key === "weight")!;
    const span = weight.readings.at(-1)!.at! - weight.readings[0].at!;
    expect(span).toBeGreaterThan(600 * 86_400_000);
    // From one visit to the next, weight moves by a few kilograms at most.
    for (let i = 1; i < weight.readings.length; i++) expect(Math.abs(weight.readings[i].values[0]! - weight.readings[i - 1].values[0]!)).toBeLessThan(3);
    const bp = view.charts.find((c) => c.key === "bloodPressure")!;
    for (const r of bp.readings) expect(r.values[0]).toBeGreaterThan(r.values[1]!);
  });

  it("pages a long record by 30; a family member's are asked for by the member's id; the empty account has none", async () => {
    const m = await many.signIn("many");
    const first = await vitals.vitalsReadings(contextOf(m), at("/vitals"));
    expect(first).toMatchObject({ read: 30, more: true });
    expect((await vitals.vitalsReadings(contextOf(m), at("/vitals?pages=2"))).read).toBe(60);
    const { session, memberId } = await familyMember();
    await world.clearRequests();
    await vitals.vitalsReadings(contextOf(session, memberId), at("/vitals"));
    expect((await queries(world, "Patient/Observation")).map((q) => q.PatientID)).toEqual([memberId]);
    const empty = await world.signIn("empty");
    expect(await vitals.vitalsReadings(contextOf(empty), at("/vitals"))).toMatchObject({ charts: [], total: 0 });
  });
});

describe("the timeline page", () => {
  const NOW = Date.parse("2026-03-01T09:00:00+13:00");
  let fixed: TestWorld;
  beforeAll(async () => {
    fixed = await mock.createWorld({ scenario: "default", seed: 18, now: "2026-03-01T09:00:00+13:00" });
  });
  const days = (view: Awaited<ReturnType<typeof timeline.timelinePage>>) => view.days.map((d) => d.isoDate);

  it("is drawn from the same appointments, results and medicines, up to the world's now, newest first", async () => {
    const s = await fixed.signIn("solo");
    const view = await timeline.timelinePage(contextOf(s), at("/timeline"), NOW);
    const kinds = new Set(view.days.flatMap((d) => d.providers.flatMap((p) => p.entries.map((e) => e.kind))));
    expect(kinds).toEqual(new Set(["Appointment", "Lab Result", "Medication", "Immunisation"]));
    expect(days(view).every((d) => d <= "2026-03-01")).toBe(true);
    expect([...days(view)].sort().reverse()).toEqual(days(view));
    const results = await s.api.call(endpoints.labResults, { query: { PatientID: s.id, PageSize: 100, PageNumber: 1 } });
    const texts = view.days.flatMap((d) => d.providers.flatMap((p) => p.entries.map((e) => e.text)));
    for (const r of results.resources) expect(texts).toContain(`${r.description} from ${r.extension.laboratory}`);
  });

  it("honours the range against the practice's today, the words and the provider (IndiciLookup 14)", async () => {
    const s = await fixed.signIn("solo");
    await fixed.clearRequests();
    const sixty = await timeline.timelinePage(contextOf(s), at("/timeline?range=60"), NOW);
    expect(days(sixty).every((d) => d >= "2025-12-31" && d <= "2026-03-01")).toBe(true);
    const [lookup] = (await fixed.requests({ method: "GET", path: "IndiciLookup" })).map((r) => r.query);
    expect(lookup).toMatchObject({ TypeID: "14", PatientID: s.id });
    expect(sixty.providers.length).toBeGreaterThanOrEqual(3);
    const provider = sixty.providers[0];
    const filtered = await timeline.timelinePage(contextOf(s), at(`/timeline?from=01-03-2025&to=01-03-2026&q=full blood&provider=${provider.id}`), NOW);
    const call = (await queries(fixed, "Patient/Timeline")).at(-1);
    expect(call).toMatchObject({ FromDate: "2025-03-01", toDate: "2026-03-01", SearchText: "full blood", ProviderID: provider.id, PageSize: "100", PageNumber: "1" });
    const entries = filtered.days.flatMap((d) => d.providers);
    expect(entries.every((p) => p.provider === provider.name)).toBe(true);
    expect(entries.flatMap((p) => p.entries).every((e) => e.text.toLowerCase().includes("full blood"))).toBe(true);
    expect(filtered.summary).toBe(`from 01-03-2025 to 01-03-2026, containing “full blood”, with ${provider.name}`);
  });

  it("an appointment the world's clock passes joins the timeline", async () => {
    const w = await mock.createWorld({ scenario: "default", seed: 18, now: "2026-03-01T09:00:00+13:00" });
    const s = await w.signIn("solo");
    const before = await timeline.timelinePage(contextOf(s), at("/timeline"), NOW);
    await w.advance("P30D");
    const after = await timeline.timelinePage(contextOf(s), at("/timeline"), NOW + 30 * 86_400_000);
    const appointments = (v: typeof before) => v.days.flatMap((d) => d.providers.flatMap((p) => p.entries)).filter((e) => e.kind === "Appointment").length;
    expect(appointments(after)).toBeGreaterThan(appointments(before));
    await w.delete();
  });

  it("refuses a filter outside 2§5's rules in the address: it is shown back and All is asked for", async () => {
    const s = await fixed.signIn("solo");
    await fixed.clearRequests();
    const view = await timeline.timelinePage(contextOf(s), at("/timeline?from=01-01-2025&to=01-02-2026"), NOW);
    expect(view.filterResult?.error).toMatchObject({ from: [timelineTexts.fromTooEarly] });
    expect(view.view).toEqual({ kind: "all" });
    expect(view.filter).toMatchObject({ from: "01-01-2025", to: "01-02-2026" });
    const [call] = await queries(fixed, "Patient/Timeline");
    expect(call).toMatchObject({ FromDate: "1900-01-01", toDate: "2026-03-01" });
  });

  it("All sends FromDate and toDate too (2§7 lists only SearchText and ProviderID as optional): the whole record to the practice's today", async () => {
    const s = await fixed.signIn("solo");
    await fixed.clearRequests();
    const view = await timeline.timelinePage(contextOf(s), at("/timeline"), NOW);
    const [call] = await queries(fixed, "Patient/Timeline");
    expect(call).toMatchObject({ FromDate: "1900-01-01", toDate: "2026-03-01", PageSize: "100", PageNumber: "1" });
    expect(call).not.toHaveProperty("SearchText");
    expect(call).not.toHaveProperty("ProviderID");
    // The page still says nothing about a range it was not asked for.
    expect(view.summary).toBe("");
    // Words only: the same whole range.
    await fixed.clearRequests();
    await timeline.timelinePage(contextOf(s), at("/timeline?q=appointment"), NOW);
    expect((await queries(fixed, "Patient/Timeline"))[0]).toMatchObject({ FromDate: "1900-01-01", toDate: "2026-03-01", SearchText: "appointment" });
  });

  it("pages a long record by 100; a family member's calls name the member; the empty account has none", async () => {
    const m = await many.signIn("many");
    const first = await timeline.timelinePage(contextOf(m), at("/timeline"));
    expect(first).toMatchObject({ shown: 100, more: true });
    expect(first.total).toBeGreaterThan(2000);
    const { session, memberId } = await familyMember();
    await world.clearRequests();
    await timeline.timelinePage(contextOf(session, memberId), at("/timeline?range=365"));
    expect((await queries(world, "Patient/Timeline")).map((q) => q.PatientID)).toEqual([memberId]);
    const empty = await world.signIn("empty");
    expect(await timeline.timelinePage(contextOf(empty), at("/timeline"))).toMatchObject({ days: [], total: 0 });
  });
});
