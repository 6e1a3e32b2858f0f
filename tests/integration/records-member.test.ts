import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { DocumentRate } from "~/.server/document-rate.server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * A family member chosen at sign-in, on the record screens: each screen's own loader, given the portal's
 * session cookie as the sign-in leaves it (the holder acting for the member), asks the practice for the
 * member's record with the member's id in every call, never the holder's. (Each page's logic with a
 * member's context is health.test.ts's and letters-resources.test.ts's; this is the session's way into it,
 * which the area specs walked in a browser one screen at a time. Results: reports.test.ts; letters:
 * letters-resources.test.ts.)
 */
const mock = useMockServer();
let world: TestWorld;
let holderId: string;
let childId: string;
let cookie: string;

const get = (address: string) => new Request(`http://portal.test${address}`, { headers: { Cookie: cookie } });
/** The PatientID of every call the practice received on `path` since the last clear. */
const askedFor = async (path: string, query: Record<string, string> = {}) =>
  (await world.requests({ method: "GET", path })).filter((c) => Object.entries(query).every(([k, v]) => c.query[k] === v)).map((c) => c.query.PatientID);

beforeAll(async () => {
  const { sessions } = await import("~/.server/session.server");
  world = await mock.createWorld({ scenario: "default", seed: 19 });
  const holder = await world.signIn("family");
  holderId = holder.id;
  const proxies = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
  // The youngest linked account: a child, whose record differs from an adult's (the childhood schedule, growth charts).
  childId = proxies.resources.at(-1)!.id;
  expect(childId).not.toBe(holderId);
  ({ cookie } = await signedInToPortal(sessions, world, "family", { memberId: childId }));
});

describe("a family member chosen at sign-in", () => {
  it("allergies, diagnoses (each tab asked), reminders: the member's, every call naming the member", async () => {
    const [allergies, diagnoses, reminders] = await Promise.all([
      import("~/areas/health/allergies/page.server"),
      import("~/areas/health/diagnosis/page.server"),
      import("~/areas/health/reminders/page.server"),
    ]);
    await world.clearRequests();
    await allergies.loadAllergiesPage(get("/allergies"));
    await diagnoses.loadDiagnosesPage(get("/diagnosis?tab=all"));
    await diagnoses.loadDiagnosesPage(get("/diagnosis?tab=recent"));
    await reminders.loadRemindersPage(get("/reminders"));
    expect(await askedFor("Patient/AllergyIntolerance")).toEqual([childId]);
    expect(await askedFor("Patient/Condition")).toEqual([childId, childId]);
    expect(await askedFor("Patient/PatientAlerts")).toEqual([childId]);
  });

  it("immunisations and vitals: a child's, the childhood schedule and growth charts, every call naming the member", async () => {
    const [immunisations, vitals] = await Promise.all([import("~/areas/health/immunisation/page.server"), import("~/areas/health/vitals/page.server")]);
    await world.clearRequests();
    const given = await immunisations.loadImmunisationsPage(get("/immunisation?tab=administered"));
    expect(given.immunisations.some((i) => i.indication === "Childhood schedule: 6 weeks")).toBe(true);
    await immunisations.loadImmunisationsPage(get("/immunisation?tab=all"));
    expect(await askedFor("Patient/Immunization")).toEqual([childId, childId]);
    const growth = await vitals.loadVitals(get("/vitals"));
    const charted = growth.charts.map((c) => c.key);
    expect(charted).toContain("height");
    expect(charted).toContain("weight");
    // A child's blood pressure is not charted at the practice's usual visits.
    expect(charted).not.toContain("bloodPressure");
    expect(await askedFor("Patient/Observation")).toEqual([childId]);
  });

  it("the timeline and its providers (IndiciLookup 14), and resources with a PDF opened: every call naming the member", async () => {
    const [timeline, resources] = await Promise.all([import("~/areas/health/timeline/page.server"), import("~/areas/resources/page.server")]);
    await world.clearRequests();
    await timeline.loadTimelinePage(get("/timeline?range=365"));
    expect(await askedFor("Patient/Timeline")).toEqual([childId]);
    expect(await askedFor("IndiciLookup", { TypeID: "14" })).toEqual([childId]);

    const page = await resources.loadResourcesPage(get("/resources"));
    const pdf = page.items.find((i) => i.kind === "pdf")!;
    expect(pdf).toBeDefined();
    const rate = new DocumentRate({ DOCUMENT_RATE_LIMIT: 1_000, DOCUMENT_RATE_WINDOW_SECONDS: 60 });
    const file = await resources.resourceFileResponse(get(`/resources/file/${pdf.id}`), pdf.id, rate);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await askedFor("Patient/Media")).toEqual([childId]);
    expect(await askedFor("Patient/MediaByID")).toEqual([childId]);
  });
});
