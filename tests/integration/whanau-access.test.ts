import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { listAccess } from "~/.server/access-entries.server";
import { sharePortalStore, unsharePortalStore, type PortalStore } from "~/.server/portal-store.server";
import { requireSession, viewingOf, whanauPolicy } from "~/.server/proxy-access.server";
import { practiceDate } from "~/.server/practice/practice-clock.server";
import { whanauStore } from "~/.server/whanau-parents.server";
import { sessions } from "~/.server/session.server";
import { accountHolderKey } from "~/.server/opaque-names.server";
import { loadReportsPage, loadResultChart, loadResultDetail } from "~/areas/results/page.server";
import { loadPreviewPage } from "~/areas/preview/page.server";
import { readShell } from "~/shell/layout.server";
import { loadDiagnosesPage } from "~/areas/health/diagnosis/page.server";
import { loadTimelinePage } from "~/areas/health/timeline/page.server";
import { loadAppointmentsPage } from "~/areas/appointments/page.server";
import { summaryFhirResponse, summaryPdfResponse } from "~/areas/summary/page.server";
import { decodeShlink } from "~/areas/summary/shlink";
import { shareLinks } from "~/.server/portal-store/schema";
import { compactDecrypt } from "jose";
import { eq } from "drizzle-orm";
import { readPdf } from "../helpers/pdf-text";
import { answerMessagingSteps } from "~/areas/messaging/steps.server";
import { shareLinksOf } from "~/areas/summary/share-page.server";
import { answerSummarySteps } from "~/areas/summary/steps.server";
import { loadSharingPage, saveSharingChoice } from "~/areas/who-can-see/page.server";
import { openEmbeddedTestStore } from "../helpers/test-stores";
import { getCall, useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * Whānau access on the server (issue 55, decisions/382), through the portal's own sessions and pages,
 * against the mock's whānau world over HTTP and the embedded store: each child's view by age on the
 * practice's date (the world's clock), the refusal of what a view does not reach (a page, its data
 * request, a step, a download), recorded; confidential items kept from every proxy in every reply; the
 * young person's choice, per parent. The store is made the process's, as the server does.
 */

const mock = useMockServer();
// 14th birthday of the 13-year-old: five days after the start, on 15 March.
const START = "2026-03-10T10:00:00+13:00";
let store: PortalStore;

beforeAll(async () => {
  store = await openEmbeddedTestStore();
  sharePortalStore(store);
}, 120_000);
afterAll(async () => {
  unsharePortalStore(store);
  await store?.close();
});

/** A fresh whānau world and the three children's ids as the parent's ProxyUsers lists them, youngest first. */
async function whanauWorld(seed: number): Promise<{ world: TestWorld; children: [string, string, string] }> {
  const world = await mock.createWorld({ scenario: "whanau", seed, now: START });
  const parent = await world.signInHttp("parent");
  const listed = (await getCall(parent, endpoints.proxyUsers, { PatientID: parent.id })).resources.map((p) => p.id).slice(1);
  return { world, children: listed as [string, string, string] };
}

const get = (cookie: string, address: string) => new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } });

/** The young person's choice for one parent, as "Who can see my record" posts it; its answer. */
async function choose(cookie: string, parent: string, view: "rules" | "full" | "limited" | "none") {
  const answer = await saveSharingChoice(new Request("http://portal.test/sharing", { method: "POST", headers: { Cookie: cookie }, body: new URLSearchParams({ parent, view }) }));
  return "data" in answer ? { status: answer.init?.status ?? 200, ...answer.data } : { status: 200, ...answer };
}

async function thrownBy(promise: Promise<unknown>): Promise<{ status: number; message?: string; location?: string | null }> {
  const thrown = await promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error,
  );
  if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
  const { init, data } = thrown as { init?: { status?: number }; data?: { message?: string } };
  return { status: init?.status ?? 0, message: data?.message };
}

describe("a parent's view of each child", () => {
  it("the 9-year-old's whole record; the 15-year-old's limited view, with words and without confidential items", async () => {
    const { world, children } = await whanauWorld(551);
    const nine = await signedInToPortal(sessions, world, "parent", { memberId: children[0] });
    const nineView = await requireSession(get(nine.cookie, "/reports"));
    expect(nineView.access).toMatchObject({ view: "full", reason: "age", age: 9, words: null });
    expect((await loadReportsPage(get(nine.cookie, "/reports"))).results.length).toBeGreaterThan(0);

    const fifteen = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    const shell = await viewingOf(get(fifteen.cookie, "/"));
    expect(shell.access).toMatchObject({ view: "limited", reason: "age", age: 15 });
    expect(shell.access?.words).toMatch(/ turned 14 on \d\d-\d\d-\d{4}: you now see (her|his|their) appointments, video consults, immunisations, allergies, reminders and accounts\. (She|He|They) can share more from (her|his|their) own sign-in\.$/);
    // Reached: appointments; refused with words: results (page and data request), the summary's file, a message step.
    await expect(loadAppointmentsPage(get(fifteen.cookie, "/appointments"))).resolves.toBeTruthy();
    const page = await thrownBy(loadReportsPage(get(fifteen.cookie, "/reports")));
    expect(page).toMatchObject({ status: 403 });
    expect(page.message).toMatch(/'s test results are not shared with you\. .* turned 14 on /);
    expect(await thrownBy(loadReportsPage(get(fifteen.cookie, "/reports.data?_routes=areas%2Fresults%2Fpage.route")))).toMatchObject({ status: 403 });
    expect(await thrownBy(summaryFhirResponse(get(fifteen.cookie, "/summary/fhir")))).toMatchObject({ status: 403 });
    const step = await answerMessagingSteps(new Request("http://portal.test/emails/step", { method: "POST", headers: { Cookie: fifteen.cookie, "X-Portal-Step": "1" }, body: new URLSearchParams({ step: "roles", input: "{}" }) }));
    expect(step.status).toBe(403);
    expect(await step.json()).toMatchObject({ ok: false, failure: { kind: "refused", message: expect.stringMatching(/'s messages are not shared with you\./) } });

    // Each refusal is on the young person's access record, by the parent, as "refused".
    await store.settled();
    const entries = await listAccess({ practice: fifteen.user.apiBase, patientId: children[2] });
    const refused = entries.entries.filter((e) => e.action === "refused");
    expect(refused.map((e) => e.area).sort()).toEqual(["messages", "results", "results", "summary"]);
    expect(refused.every((e) => e.holderKey === accountHolderKey(fifteen.user.apiBase, fifteen.user.parentId) && e.proxyName === "parent")).toBe(true);
    // Two children's pages and files, each from the practice: more than the default on a busy 2-core machine.
  }, 60_000);

  it("the 13-year-old's whole record until the world's clock passes the 14th birthday, then the limited view with the reason", async () => {
    const { world, children } = await whanauWorld(552);
    const thirteen = await signedInToPortal(sessions, world, "parent", { memberId: children[1] });
    expect((await requireSession(get(thirteen.cookie, "/reports"))).access).toMatchObject({ view: "full", age: 13, changes: "2026-03-15" });
    await world.advance("P5D");
    // The practice's date is read from its replies: the first reply after the move says 15 March.
    const refused = await thrownBy(requireSession(get(thirteen.cookie, "/reports")));
    expect(refused.status).toBe(403);
    expect(refused.message).toContain("turned 14 on 15-03-2026: you now see");
  });

  it("no proxy receives a confidential item: not in the results, the diagnoses or the timeline, even in a whole view the young person gave", async () => {
    const { world, children } = await whanauWorld(553);
    const own = await signedInToPortal(sessions, world, "teen");
    const parent = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    // The parent is seen once, so the young person's list has them; the young person shares the whole record.
    await viewingOf(get(parent.cookie, "/"));
    expect(await choose(own.cookie, accountHolderKey(parent.user.apiBase, parent.user.parentId), "full")).toMatchObject({ status: 200, ok: true, message: expect.stringMatching(/^Saved\. parent now sees your whole record\.$/) });

    const byParent = await requireSession(get(parent.cookie, "/reports"));
    expect(byParent.access).toMatchObject({ view: "full", reason: "choice" });
    expect(byParent.access?.words).toMatch(/has shared (her|his|their) whole record with you from (her|his|their) own sign-in\.$/);
    const [mine, theirs] = await Promise.all([loadReportsPage(get(own.cookie, "/reports")), loadReportsPage(get(parent.cookie, "/reports"))]);
    expect(theirs.results.length).toBe(mine.results.length - 1);
    expect(theirs.total).toBe(mine.total! - 1);
    // Nor counted: the parent's New Results is the unread results of their list, not the practice's count with the confidential one in it (decisions/388).
    const hiddenResult = mine.results.find((r) => !theirs.results.some((t) => t.id === r.id))!;
    expect(hiddenResult.read).toBe(false);
    const unreadCount = async (cookie: string) => (await readShell(await requireSession(get(cookie, "/"))))[3].TestResultsCounter!;
    expect(await unreadCount(own.cookie)).toBe(mine.results.filter((r) => !r.read).length);
    expect(await unreadCount(parent.cookie)).toBe(theirs.results.filter((r) => !r.read).length);
    expect(await unreadCount(parent.cookie)).toBe((await unreadCount(own.cookie)) - 1);
    const [myDiagnoses, theirDiagnoses] = await Promise.all([loadDiagnosesPage(get(own.cookie, "/diagnosis?tab=all")), loadDiagnosesPage(get(parent.cookie, "/diagnosis?tab=all"))]);
    expect(theirDiagnoses.diagnoses.length).toBe(myDiagnoses.diagnoses.length - 1);
    expect(JSON.stringify(theirDiagnoses)).not.toMatch(/contracept/i);
    const [myTimeline, theirTimeline] = await Promise.all([loadTimelinePage(get(own.cookie, "/timeline")), loadTimelinePage(get(parent.cookie, "/timeline"))]);
    const hidden = mine.results.find((r) => !theirs.results.some((t) => t.id === r.id))!;
    expect(JSON.stringify(myTimeline)).toContain(hidden.test);
    expect(JSON.stringify(theirTimeline)).not.toContain(hidden.test);
    // Nor its chart by the test's name: the practice is not even asked for it.
    await world.clearRequests();
    expect(await loadResultChart(get(parent.cookie, `/reports/chart?test=${encodeURIComponent(hidden.test)}`))).toEqual({ ok: true, series: [] });
    expect(await world.requests({ path: "Patient/LabResultChartById" })).toEqual([]);
    const shown = theirs.results.find((r) => r.test !== hidden.test)!;
    expect(await loadResultChart(get(parent.cookie, `/reports/chart?test=${encodeURIComponent(shown.test)}`))).toMatchObject({ ok: true });
    expect(await world.requests({ path: "Patient/LabResultChartById" })).toHaveLength(1);
    // A shown test's chart holds the points of the results the parent is shown (decisions/388): here
    // all of each test's, so every chart the parent has is the young person's, point for point.
    const chartOf = (cookie: string, test: string) => loadResultChart(get(cookie, `/reports/chart?test=${encodeURIComponent(test)}`));
    const drawn = [];
    for (const test of new Set(theirs.results.map((r) => r.test))) {
      const [myChart, theirChart] = [await chartOf(own.cookie, test), await chartOf(parent.cookie, test)];
      expect(theirChart).toEqual(myChart);
      if ("series" in myChart && (myChart.series?.length ?? 0) > 0) drawn.push(test);
    }
    expect(drawn.length).toBeGreaterThan(0);
    // The summary the parent may now take carries neither.
    const fhir = await (await summaryFhirResponse(get(parent.cookie, "/summary/fhir"))).text();
    expect(fhir).not.toContain(hidden.test);
    expect(fhir).not.toMatch(/contracept/i);
    const [myPdf, theirPdf] = await Promise.all([own, parent].map(async (who) => (await readPdf(new Uint8Array(await (await summaryPdfResponse(get(who.cookie, "/summary/pdf"))).arrayBuffer()))).text));
    expect(myPdf).toContain(hidden.test);
    expect(theirPdf).not.toContain(hidden.test);
    expect(theirPdf).not.toMatch(/contracept/i);
    // Two whole summaries drawn as PDFs beside every list of the record: seconds on a busy 2-core machine.
  }, 60_000);

  it("a confidential result opened by its id, in a whole view: the practice is not asked, it stays unread, and the answer is that of no such result (issue 67, F6)", async () => {
    const { world, children } = await whanauWorld(553);
    const own = await signedInToPortal(sessions, world, "teen");
    const parent = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    await viewingOf(get(parent.cookie, "/"));
    expect(await choose(own.cookie, accountHolderKey(parent.user.apiBase, parent.user.parentId), "full")).toMatchObject({ ok: true });
    const [mine, theirs] = await Promise.all([loadReportsPage(get(own.cookie, "/reports")), loadReportsPage(get(parent.cookie, "/reports"))]);
    const hidden = mine.results.find((r) => !theirs.results.some((t) => t.id === r.id))!;
    expect(hidden.read).toBe(false);

    await world.clearRequests();
    const opened = await loadResultDetail(get(parent.cookie, `/reports/result/${hidden.id}`), hidden.id);
    const none = await loadResultDetail(get(parent.cookie, "/reports/result/no-such-result"), "no-such-result");
    expect(opened).toEqual(none);
    expect(await loadPreviewPage(get(parent.cookie, `/preview?type=result&id=${hidden.id}`))).toEqual(await loadPreviewPage(get(parent.cookie, "/preview?type=result&id=no-such-result")));
    // Never asked for by its id, so the young person still has it to read as new; a result the parent is shown opens as before.
    expect((await world.requests({ path: "Patient/LabResultByID" })).map((r) => r.query?.ResultID)).not.toContain(hidden.id);
    expect((await loadReportsPage(get(own.cookie, "/reports"))).results.find((r) => r.id === hidden.id)?.read).toBe(false);
    const shown = theirs.results[0];
    expect(await loadResultDetail(get(parent.cookie, `/reports/result/${shown.id}`), shown.id)).toMatchObject({ kind: expect.stringMatching(/^(table|html|pdf)$/) });
  }, 60_000);

  it("the young person's choice is for one parent: the other's view stays the rules'; nothing from them takes a parent home with the reason", async () => {
    const { world, children } = await whanauWorld(554);
    const parent = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    const coparent = await signedInToPortal(sessions, world, "coparent", { memberId: children[2] });
    await Promise.all([viewingOf(get(parent.cookie, "/")), viewingOf(get(coparent.cookie, "/"))]);
    const young = await signedInToPortal(sessions, world, "teen");
    expect(await choose(young.cookie, accountHolderKey(parent.user.apiBase, parent.user.parentId), "none")).toMatchObject({ ok: true });
    expect((await viewingOf(get(coparent.cookie, "/"))).access).toMatchObject({ view: "limited", reason: "age" });

    // A post is refused, in words; a page takes the parent back to their own record, with the words.
    const posted = await thrownBy(requireSession(new Request("http://portal.test/appointments/book", { method: "POST", headers: { Cookie: parent.cookie } })));
    expect(posted.status).toBe(403);
    expect(posted.message).toMatch(/has chosen, from (her|his|their) own sign-in, not to share (her|his|their) record with you\.$/);
    const home = await viewingOf(get(parent.cookie, "/appointments")).then(
      () => null,
      (error: unknown) => error as Response,
    );
    expect(home?.status).toBe(302);
    expect(home?.headers.get("Location")).toBe("/");
    const moved = get(home!.headers.get("Set-Cookie")!.split(";")[0], "/");
    const back = await viewingOf(moved);
    expect(back.user).toMatchObject({ userId: parent.user.parentId, proxy: "No" });
    expect(back.access).toBeNull();
    expect(back.session.get("notice")).toBe(posted.message?.replace(/^.*? (is|are) not shared with you\. /, ""));
  });

  it("a young person's choice that cannot be read shows nothing it might have taken away; a younger child's view does not depend on it", async () => {
    const { world, children } = await whanauWorld(555);
    const nine = await signedInToPortal(sessions, world, "parent", { memberId: children[0] });
    const fifteen = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    unsharePortalStore(store);
    try {
      expect((await requireSession(get(nine.cookie, "/reports"))).access).toMatchObject({ view: "full" });
      const away = await thrownBy(requireSession(get(fifteen.cookie, "/appointments")));
      expect(away).toMatchObject({ status: 503, message: "What is shared with you of this record could not be checked just now. Please try again in a moment." });
    } finally {
      sharePortalStore(store);
    }
  });

  it("an account holder's own record, a partner's and an older parent's are whole: whānau access follows a linked child's record only", async () => {
    const { world } = await whanauWorld(556);
    const own = await signedInToPortal(sessions, world, "parent");
    expect((await requireSession(get(own.cookie, "/reports"))).access).toBeNull();
    const family = await mock.createWorld({ scenario: "family", seed: 556 });
    const holder = await family.signInHttp("family");
    const linked = (await getCall(holder, endpoints.proxyUsers, { PatientID: holder.id })).resources.map((p) => ({ id: p.id, relationship: p.extension.relationship }));
    for (const relationship of ["Partner", "Parent"]) {
      const member = linked.find((l) => l.relationship === relationship)!;
      const session = await signedInToPortal(sessions, family, "family", { memberId: member.id });
      expect((await requireSession(get(session.cookie, "/reports"))).access, relationship).toMatchObject({ view: "full", reason: "not-a-child", words: null });
    }
    // A young child's is whole by age, and told nothing either.
    const child = await signedInToPortal(sessions, family, "family", { memberId: linked.find((l) => l.relationship === "Child")!.id });
    expect((await requireSession(get(child.cookie, "/reports"))).access).toMatchObject({ view: "full", reason: "age", words: null });
  });
});

describe("Who can see my record: the young person's own choices", () => {
  it("lists each parent seen, with what they see; a choice for one is on both records; a parent's share links end when the summary leaves their view", async () => {
    const { world, children } = await whanauWorld(557);
    const own = await signedInToPortal(sessions, world, "teen");
    expect(await loadSharingPage(get(own.cookie, "/sharing"))).toMatchObject({ parents: [], decides: true, notYet: null });
    const parent = await signedInToPortal(sessions, world, "parent", { memberId: children[2] });
    const coparent = await signedInToPortal(sessions, world, "coparent", { memberId: children[2] });
    await viewingOf(get(parent.cookie, "/"));
    await viewingOf(get(coparent.cookie, "/"));
    const page = await loadSharingPage(get(own.cookie, "/sharing"));
    expect(page.parents.map((p) => ({ name: p.name, choice: p.choice, sees: p.sees }))).toEqual([
      { name: "parent", choice: "rules", sees: "your appointments, video consults, immunisations, allergies, reminders and accounts" },
      { name: "coparent", choice: "rules", sees: "your appointments, video consults, immunisations, allergies, reminders and accounts" },
    ]);
    const parentKey = page.parents[0].key;

    // The whole record for one parent: they make a share link of the summary; the other parent still cannot.
    expect(await choose(own.cookie, parentKey, "full")).toMatchObject({ ok: true });
    const made = await answerSummarySteps(new Request("http://portal.test/summary/step", { method: "POST", headers: { Cookie: parent.cookie, "X-Portal-Step": "1" }, body: new URLSearchParams({ step: "share-create", input: JSON.stringify({ passcode: "kowhai-tree-42", expiryDays: "30", label: "" }) }) }));
    expect(made.status).toBe(200);
    // What the link hands over, decrypted with its key: the summary without the confidential items.
    const { reply } = (await made.json()) as { reply: { shlink: string } };
    const [{ file }] = await store.run("share-links.read", (db) => db.select({ file: shareLinks.file }).from(shareLinks).where(eq(shareLinks.patientId, own.user.userId)));
    const shared = new TextDecoder().decode((await compactDecrypt(file!, Buffer.from(decodeShlink(reply.shlink).key, "base64url"))).plaintext);
    expect(shared).toContain('"resourceType":"Bundle"');
    expect(shared).not.toMatch(/Chlamydia|contracept/i);
    expect((await shareLinksOf(get(parent.cookie, "/summary")))?.map((l) => l.status)).toEqual(["active"]);
    expect(await thrownBy(shareLinksOf(get(coparent.cookie, "/summary")))).toMatchObject({ status: 403 });

    // Back to the rules (limited at 15): the parent's link ends with the view that held it.
    expect(await choose(own.cookie, parentKey, "rules")).toMatchObject({ ok: true, message: "Saved. parent now sees your appointments, video consults, immunisations, allergies, reminders and accounts." });
    expect((await shareLinksOf(get(own.cookie, "/summary")))?.map((l) => l.status)).toEqual(["revoked"]);

    // On both records: the young person's (by themselves) and the parent's (by the young person, named).
    await store.settled();
    const young = (await listAccess({ practice: own.user.apiBase, patientId: own.user.userId, area: "sharing" })).entries;
    expect(young.map((e) => e.action)).toEqual(["sharing-by-age", "sharing-full"]);
    expect(young.every((e) => e.proxyName === null)).toBe(true);
    const theirs = (await listAccess({ practice: own.user.apiBase, patientId: parent.user.parentId, area: "sharing" })).entries;
    expect(theirs.map((e) => ({ action: e.action, who: e.proxyName }))).toEqual([
      { action: "sharing-by-age", who: "teen" },
      { action: "sharing-full", who: "teen" },
    ]);
    expect((await listAccess({ practice: own.user.apiBase, patientId: own.user.userId, area: "summary" })).entries.map((e) => e.action)).toContain("share-link-revoked");
  });

  it("refuses a parent, a name not on the list, and a choice before the age the young person decides at", async () => {
    const { world, children } = await whanauWorld(558);
    const parent = await signedInToPortal(sessions, world, "parent", { memberId: children[0] });
    expect(await thrownBy(loadSharingPage(get(parent.cookie, "/sharing")))).toMatchObject({ status: 403 });
    const own = await signedInToPortal(sessions, world, "teen");
    expect(await choose(own.cookie, "x".repeat(43), "full")).toMatchObject({ status: 400, ok: false, message: "That person is not on your list. Choose one of the people listed." });
    expect(await choose(own.cookie, "x".repeat(43), "everything" as "full")).toMatchObject({ status: 400, ok: false, message: "Choose how much they see." });
    // A practice that lets young people decide from 16: the 15-year-old is told when, and cannot choose yet.
    const from16 = { requireSession, store: whanauStore(), policy: { ...whanauPolicy, decidesFrom: 16 }, today: practiceDate };
    const young = await loadSharingPage(get(own.cookie, "/sharing"), from16);
    expect(young).toMatchObject({ decides: false, notYet: expect.stringMatching(/^From your 16th birthday, on \d\d-\d\d-\d{4}, you can choose here how much each of them sees\.$/) });
    const early = await saveSharingChoice(new Request("http://portal.test/sharing", { method: "POST", headers: { Cookie: own.cookie }, body: new URLSearchParams({ parent: "x".repeat(43), view: "full" }) }), from16);
    expect(early).toMatchObject({ init: { status: 403 }, data: { ok: false, message: "You can choose from your 16th birthday." } });
  });
});
