import type { Bundle, Composition, Patient } from "@medplum/fhirtypes";
import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { PracticeApiError } from "~/.server/practice/client.server";
import { NHI_SYSTEM } from "~/areas/summary/fhir";
import { buildSummary } from "~/areas/summary/page.server";
import { countsByType, documentProblems, fhirValidator, validateBundle } from "../helpers/fhir-document";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";

/**
 * The patient summary built from the mock practice over HTTP (app/areas/summary/page.server.ts): signed
 * in as the portal signs in, every list read for the person viewed, the bundle validated by Medplum
 * and the document checker, and the practice's journal read for what was asked.
 */
const mock = useMockServer();
let world: TestWorld;
let many: TestWorld;
const AT = new Date("2026-11-25T01:30:00Z");

/** The practice calls the summary makes, by path. */
const SUMMARY_PATHS = [
  endpoints.patient.path,
  endpoints.organization.path,
  endpoints.conditions.path,
  endpoints.medications.path,
  endpoints.allergies.path,
  endpoints.immunisations.path,
  endpoints.labResults.path,
  endpoints.vitals.path,
];

const composition = (bundle: Bundle) => bundle.entry![0].resource as Composition;
const patientOf = (bundle: Bundle) => bundle.entry!.find((e) => e.resource?.resourceType === "Patient")!.resource as Patient;
const sectionCodes = (bundle: Bundle, withEntries: boolean) =>
  composition(bundle)
    .section!.filter((s) => (s.entry?.length ?? 0) > 0 === withEntries)
    .map((s) => s.code!.coding![0].code);

async function expectValidDocument(bundle: Bundle) {
  expect(documentProblems(bundle)).toEqual([]);
  expect(await validateBundle(bundle)).toEqual([]);
}

async function familyMember(): Promise<{ session: PortalSession; memberId: string }> {
  const session = await world.signIn("family");
  const proxies = await session.api.call(endpoints.proxyUsers, { query: { PatientID: session.id } });
  return { session, memberId: proxies.resources.find((p) => p.id !== session.id)!.id };
}

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "default", seed: 32 });
  many = await mock.createWorld({ scenario: "many-records", seed: 32 });
  await fhirValidator();
}, 60_000);

describe("the summary from the practice", () => {
  it("solo: every section filled, valid R4, a sound document; each list asked for once, for the patient, whole", async () => {
    const s = await world.signIn("solo");
    const profile = (await s.api.call(endpoints.patient, { query: { PatientID: s.id } })).resources[0];
    await world.clearRequests();
    const bundle = await buildSummary(s.api, s.id, AT);
    await expectValidDocument(bundle);
    expect(sectionCodes(bundle, true)).toEqual(["11450-4", "10160-0", "48765-2", "11369-6", "30954-2", "8716-3"]);
    const counts = countsByType(bundle);
    expect(counts).toMatchObject({ Composition: 1, Patient: 1, Organization: 1 });
    for (const type of ["Condition", "MedicationStatement", "AllergyIntolerance", "Immunization", "Observation"]) expect(counts[type], type).toBeGreaterThan(0);

    expect(patientOf(bundle).identifier).toEqual([{ use: "official", system: NHI_SYSTEM, value: profile.extension.nhi }]);

    const calls = await world.requests({ method: "GET" });
    expect(calls.map((c) => c.path).sort()).toEqual([...SUMMARY_PATHS].sort());
    expect(calls.every((c) => c.query.PatientID === s.id)).toBe(true);
    expect(calls.find((c) => c.path === endpoints.conditions.path)?.query).toMatchObject({ TypeID: "0", PageSize: "100", PageNumber: "1" });
    expect(calls.find((c) => c.path === endpoints.medications.path)?.query).toMatchObject({ TypeID: "1", PageSize: "50" });
    expect(calls.find((c) => c.path === endpoints.immunisations.path)?.query).toMatchObject({ TypeID: "1" });
    expect(calls.find((c) => c.path === endpoints.vitals.path)?.query).toMatchObject({ ChartType: "0", PageSize: "30" });

    // The same record at the same time is the same bundle.
    expect(await buildSummary(s.api, s.id, AT)).toEqual(bundle);
  });

  it("empty: every section stated empty (unavailable), still a valid document with the patient and the practice", async () => {
    const s = await world.signIn("empty");
    const bundle = await buildSummary(s.api, s.id, AT);
    await expectValidDocument(bundle);
    expect(sectionCodes(bundle, true)).toEqual([]);
    expect(composition(bundle).section!.map((sec) => sec.emptyReason?.coding?.[0]?.code)).toEqual(Array(6).fill("unavailable"));
    expect(countsByType(bundle)).toEqual({ Composition: 1, Patient: 1, Organization: 1 });
  });

  it("a family member: the member's summary (NHI and name), every call carrying the member's id, not the holder's", async () => {
    const { session, memberId } = await familyMember();
    const member = (await session.api.call(endpoints.patient, { query: { PatientID: memberId } })).resources[0];
    const holder = (await session.api.call(endpoints.patient, { query: { PatientID: session.id } })).resources[0];
    expect(member.extension.nhi).not.toBe(holder.extension.nhi);
    await world.clearRequests();

    const bundle = await buildSummary(session.api, memberId, AT);
    await expectValidDocument(bundle);
    const patient = patientOf(bundle);
    expect(patient.identifier![0].value).toBe(member.extension.nhi);
    expect(patient.name![0].text).toBe(member.name[0].text);
    expect(patient.name![0].text).not.toBe(holder.name[0].text);
    expect(composition(bundle).title).toBe(`Patient summary: ${member.name[0].text}`);

    const calls = await world.requests({ method: "GET" });
    expect(calls.map((c) => c.path).sort()).toEqual([...SUMMARY_PATHS].sort());
    expect(calls.map((c) => c.query.PatientID)).toEqual(Array(SUMMARY_PATHS.length).fill(memberId));
  });

  it("a long record: the pages of each list are read, each item once, up to the bound, and the narrative says what is left out", async () => {
    const s = await many.signIn("many");
    await many.clearRequests();
    const bundle = await buildSummary(s.api, s.id, AT);
    const allergyCalls = await many.requests({ method: "GET", path: endpoints.allergies.path });
    expect(allergyCalls.map((c) => c.query.PageNumber).sort()).toEqual(["1", "2"]);
    expect(countsByType(bundle).AllergyIntolerance).toBe(45);
    // many-records holds 3,000 results: the first 10 pages of 100 are read, and the section says so.
    const resultCalls = await many.requests({ method: "GET", path: endpoints.labResults.path });
    expect(resultCalls.map((c) => Number(c.query.PageNumber)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(countsByType(bundle).Observation).toBeGreaterThan(1000);
    const partial = composition(bundle).section!.filter((sec) => sec.text!.div.includes("are included"));
    expect(partial.map((sec) => [sec.code!.coding![0].code, sec.text!.div.match(/<p>(.*)<\/p>/)?.[1]])).toEqual([["30954-2", "The practice holds 3000 test results; the first 1000 are included."]]);
    // Validated last: over a thousand resources keep this process busy for seconds, and the mock's
    // idle connection closing meanwhile reset the journal's read once (ECONNRESET, at load 11).
    await expectValidDocument(bundle);
  });
});

describe("the summary's calls", () => {
  it("go out together: with the diagnoses held at the practice, every other list has already been answered", async () => {
    const s = await world.signIn("solo");
    await world.clearRequests();
    const held = await world.hold({ path: endpoints.conditions.path, times: 1 });
    const building = buildSummary(s.api, s.id, AT);
    await held.arrived();
    const others = SUMMARY_PATHS.filter((p) => p !== endpoints.conditions.path);
    await expect.poll(async () => (await world.requests({ method: "GET" })).map((c) => c.path).filter((p) => others.includes(p)).length).toBe(others.length);
    await held.release();
    await expectValidDocument(await building);
  });

  it("fail together: one list failing at the practice fails the whole summary, no half summary", async () => {
    const s = await world.signIn("solo");
    await world.fault({ path: endpoints.immunisations.path, status: 503, times: 1 });
    await expect(buildSummary(s.api, s.id, AT)).rejects.toBeInstanceOf(PracticeApiError);
    await world.clearFaults();
  });
});
