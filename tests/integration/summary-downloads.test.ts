import type { Bundle, Composition, Patient } from "@medplum/fhirtypes";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { DocumentRate } from "~/.server/document-rate.server";
import { MemoryStateStore } from "~/.server/state-store.server";
import { NHI_SYSTEM } from "~/areas/summary/fhir";
import { summaryTexts } from "~/areas/summary/texts";
import { documentProblems, fhirValidator, validateBundle } from "../helpers/fhir-document";
import { useMockServer, type TestWorld } from "../helpers/mock-world";
import { readPdf } from "../helpers/pdf-text";
import { signedInToPortal } from "../helpers/portal-cookie";

/**
 * The summary's two downloads (issue 32, decisions/275), GET /summary/fhir and GET /summary/pdf, as
 * their route modules answer them: signed in to the portal, against the mock practice over HTTP, for
 * the patient, a new patient with nothing on file, and a family member viewed by the account holder.
 * The JSON is validated by Medplum and the document checker; the PDF is read back as text by pdf.js.
 */
const mock = useMockServer();
let world: TestWorld;
let sessions: typeof import("~/.server/session.server");
let summary: typeof import("~/areas/summary/page.server");
/** A count of documents of the test's own, far from its limit: these tests are not about bulk pulls. */
const rate = () => new DocumentRate({ DOCUMENT_RATE_LIMIT: 1000, DOCUMENT_RATE_WINDOW_SECONDS: 60 }, new MemoryStateStore());
const AT = new Date("2026-11-25T10:30:00Z"); // 11:30 pm in Auckland, the 25th; the file says so.

const SECTION_HEADINGS = ["Problems", "Medication Summary", "Allergies and Intolerances", "Immunisations", "Results", "Vital Signs"];

beforeAll(async () => {
  sessions = await import("~/.server/session.server");
  summary = await import("~/areas/summary/page.server");
  world = await mock.createWorld({ scenario: "default", seed: 3232 });
  await fhirValidator();
}, 60_000);

const get = (path: string, cookie: string) => new Request(`http://portal.test${path}`, { headers: { Cookie: cookie } });
const fhirOf = (cookie: string) => summary.summaryFhirResponse(get("/summary/fhir", cookie), rate(), AT);
const pdfOf = (cookie: string) => summary.summaryPdfResponse(get("/summary/pdf", cookie), rate(), AT);

async function profileOf(label: string, memberId?: string) {
  const s = await world.signIn(label);
  const id = memberId ?? s.id;
  const [patient, practice] = await Promise.all([s.api.call(endpoints.patient, { query: { PatientID: id } }), s.api.call(endpoints.organization, { query: { PatientID: id } })]);
  return { patient: patient.resources[0], practice: practice.resources[0] };
}

function expectFileHeaders(res: Response, type: string, extension: string) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(new RegExp(`^${type.replace("+", "\\+")}`));
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="health-summary-2026-11-25.${extension}"`);
}

async function expectValidBundle(res: Response): Promise<Bundle> {
  expectFileHeaders(res, "application/fhir+json", "json");
  const bundle = (await res.json()) as Bundle;
  expect(bundle).toMatchObject({ resourceType: "Bundle", type: "document" });
  expect(documentProblems(bundle)).toEqual([]);
  expect(await validateBundle(bundle)).toEqual([]);
  return bundle;
}

const patientIn = (bundle: Bundle) => bundle.entry!.find((e) => e.resource?.resourceType === "Patient")!.resource as Patient;
const sectionsIn = (bundle: Bundle) => (bundle.entry![0].resource as Composition).section!;

describe("GET /summary/fhir and /summary/pdf", () => {
  it("solo: a valid FHIR document of the patient with every section filled, and the same summary as an A4 PDF with NHI, practice and every section's table", async () => {
    const { cookie } = await signedInToPortal(sessions.sessions, world, "solo");
    const { patient, practice } = await profileOf("solo");

    const bundle = await expectValidBundle(await fhirOf(cookie));
    expect(patientIn(bundle).identifier?.[0]).toEqual({ use: "official", system: NHI_SYSTEM, value: patient.extension.nhi });
    expect(sectionsIn(bundle).every((s) => (s.entry?.length ?? 0) > 0)).toBe(true);
    expect(bundle.timestamp).toBe("2026-11-25T23:30:00+13:00");

    const res = await pdfOf(cookie);
    expectFileHeaders(res, "application/pdf", "pdf");
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    const text = pdf.text.replace(/\s+/g, " ");
    expect(text).toContain(`NHI: ${patient.extension.nhi}`);
    expect(text).toContain(practice.name);
    for (const heading of SECTION_HEADINGS) expect(text).toContain(heading);
    expect(text).toContain("25-11-2026 23:30 (New Zealand time)");
    expect(text).not.toContain("None recorded");
    // The page is A4 and every page names the patient in its foot.
    expect(text.match(new RegExp(`NHI ${patient.extension.nhi} · Health summary made`, "g"))?.length).toBe(pdf.numPages);
    // Macrons are kept, wherever the world's names have them (the practice's, the patient's, the records').
    const macronWords = JSON.stringify(bundle).match(/[\p{L}]*[āēīōūĀĒĪŌŪ][\p{L}]*/gu) ?? [];
    expect(macronWords.length, "the world has names with macrons").toBeGreaterThan(0);
    for (const word of new Set(macronWords)) expect(text, word).toContain(word);
  });

  it("empty: a valid document whose six sections state they hold nothing, and a PDF saying None recorded for each", async () => {
    const { cookie } = await signedInToPortal(sessions.sessions, world, "empty");
    const { patient } = await profileOf("empty");
    const bundle = await expectValidBundle(await fhirOf(cookie));
    expect(sectionsIn(bundle).map((s) => [s.entry, s.emptyReason?.coding?.[0]?.code])).toEqual(SECTION_HEADINGS.map(() => [undefined, "unavailable"]));

    const pdf = await readPdf(new Uint8Array(await (await pdfOf(cookie)).arrayBuffer()));
    const text = pdf.text.replace(/\s+/g, " ");
    expect(text).toContain(`NHI: ${patient.extension.nhi}`);
    for (const heading of SECTION_HEADINGS) expect(text).toContain(heading);
    expect(text.match(/None recorded\. The practice's record holds no/g)).toHaveLength(6);
  });

  it("a family member viewed by the account holder: the member's summary, not the holder's; every call for the member", async () => {
    const holder = await world.signIn("family");
    const proxies = await holder.api.call(endpoints.proxyUsers, { query: { PatientID: holder.id } });
    const memberId = proxies.resources.find((p) => p.id !== holder.id)!.id;
    const { cookie } = await signedInToPortal(sessions.sessions, world, "family", { memberId });
    const member = await profileOf("family", memberId);
    const own = await profileOf("family");
    expect(member.patient.extension.nhi).not.toBe(own.patient.extension.nhi);

    await world.clearRequests();
    const bundle = await expectValidBundle(await fhirOf(cookie));
    expect(patientIn(bundle).identifier?.[0].value).toBe(member.patient.extension.nhi);
    const pdfText = (await readPdf(new Uint8Array(await (await pdfOf(cookie)).arrayBuffer()))).text.replace(/\s+/g, " ");
    expect(pdfText).toContain(`NHI: ${member.patient.extension.nhi}`);
    expect(pdfText).not.toContain(own.patient.extension.nhi);
    const summaryPaths: string[] = [endpoints.patient, endpoints.organization, endpoints.conditions, endpoints.medications, endpoints.allergies, endpoints.immunisations, endpoints.labResults, endpoints.vitals].map((e) => e.path);
    const calls = (await world.requests({ method: "GET" })).filter((c) => summaryPaths.includes(c.path));
    // Both downloads asked for every list, each for the member; the patient and the practice are the
    // session's, read by the first and kept (decisions/375).
    expect(new Set(calls.map((c) => c.path))).toEqual(new Set(summaryPaths));
    const kept = [endpoints.patient.path, endpoints.organization.path];
    expect(calls.filter((c) => !kept.includes(c.path)).length).toBe(2 * (summaryPaths.length - kept.length));
    expect(calls.filter((c) => kept.includes(c.path)).length).toBe(kept.length);
    expect(calls.filter((c) => c.query.PatientID !== memberId).map((c) => `${c.path} ${JSON.stringify(c.query)}`)).toEqual([]);
  });

  it("a session made to view someone who is not linked (a forged member id) gets no summary: the practice refuses and the route says so", async () => {
    const stranger = await world.signIn("solo");
    const { cookie } = await signedInToPortal(sessions.sessions, world, "family", { memberId: stranger.id });
    for (const res of [await fhirOf(cookie), await pdfOf(cookie)]) {
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("content-disposition")).toBeNull();
      const page = await res.text();
      expect(page).toContain(summaryTexts.downloadForbidden);
      expect(page).not.toContain(stranger.id);
    }
  });

  it("a practice that fails part-way gives no half file: a page saying so, with the way back, and no stack", async () => {
    const { cookie } = await signedInToPortal(sessions.sessions, world, "solo");
    for (const [make, path] of [[fhirOf, endpoints.allergies.path], [pdfOf, endpoints.vitals.path]] as const) {
      await world.fault({ path, status: 503, times: 1 });
      const res = await make(cookie);
      expect(res.status).toBe(503);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-disposition")).toBeNull();
      const page = await res.text();
      expect(page).toContain(summaryTexts.downloadFailedTitle);
      expect(page).toContain(summaryTexts.downloadFailed);
      expect(page).toContain('<a href="/summary">Back to My health summary</a>');
      expect(page).not.toMatch(/at .*\.ts|Error:/);
    }
    // The fault spent, the next download is whole.
    expect((await fhirOf(cookie)).status).toBe(200);
  });

  it("signed out: sent to sign in, nothing made", async () => {
    await expect(summary.summaryFhirResponse(new Request("http://portal.test/summary/fhir"), rate(), AT)).rejects.toSatisfy((r: unknown) => r instanceof Response && r.status === 302);
  });
});

describe("the screen's load (GET /summary)", () => {
  it("counts each section of the person viewed; a family member's are the member's", async () => {
    const { cookie } = await signedInToPortal(sessions.sessions, world, "solo");
    const { patient } = await profileOf("solo");
    const view = await summary.loadSummaryPage(get("/summary", cookie), AT);
    expect(view).toMatchObject({ nhi: patient.extension.nhi, generated: "25-11-2026 23:30" });
    expect(view.sections.map((s) => s.title)).toEqual(SECTION_HEADINGS);
    expect(view.sections.every((s) => s.count > 0)).toBe(true);

    const empty = await summary.loadSummaryPage(get("/summary", (await signedInToPortal(sessions.sessions, world, "empty")).cookie), AT);
    expect(empty.sections.map((s) => s.count)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("a failed practice call is the page's 503 with the practice's message, told inside the shell (decisions/046)", async () => {
    const { cookie } = await signedInToPortal(sessions.sessions, world, "solo");
    await world.fault({ path: endpoints.labResults.path, status: 503, times: 1 });
    const thrown = await summary.loadSummaryPage(get("/summary", cookie), AT).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({ init: { status: 503 }, data: { message: expect.stringContaining("not answering") } });
  });
});
