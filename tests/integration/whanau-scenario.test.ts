import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { ageOn, isConfidential } from "~/lib/whanau-access";
import { getCall, useMockServer, type HttpSession, type TestWorld } from "../helpers/mock-world";

/**
 * The whānau scenario over HTTP (issue 55): two parents' proxy lists name the same three children, the
 * eldest signs in to the record the parents see, birth dates give the ages the policy turns on as the
 * world's clock moves, every world call's Date header is the world's date, and only the confidential
 * result and diagnosis carry labels.
 */

const mock = useMockServer();
// A fixed start, so the ages and the Date header are known; the 14th birthday is on 15 March.
const START = "2026-03-10T10:00:00+13:00";
let world: TestWorld;
let parent: HttpSession, coparent: HttpSession, teen: HttpSession;

beforeAll(async () => {
  world = await mock.createWorld({ scenario: "whanau", seed: 12, now: START });
  [parent, coparent, teen] = await Promise.all(["parent", "coparent", "teen"].map((label) => world.signInHttp(label)));
});

async function proxies(s: HttpSession) {
  return (await getCall(s, endpoints.proxyUsers, { PatientID: s.id })).resources.map((p) => ({ id: p.id, relationship: p.extension.relationship }));
}

/** A raw GET, for the reply's headers. */
function rawGet(s: HttpSession, path: string, query: Record<string, string>): Promise<Response> {
  return fetch(`${s.base}${path}?${new URLSearchParams(query)}`, { headers: { Token: s.token } });
}

/** The children's ages on the practice's date, as the portal reads both (the Date header, the birth dates). */
async function agesOnThePracticeDate(children: readonly string[]): Promise<{ date: string; ages: (number | null)[] }> {
  const replies = await Promise.all(children.map((id) => rawGet(parent, endpoints.patient.path, { PatientID: id })));
  const dates = replies.map((r) => r.headers.get("date")!);
  expect(new Set(dates).size).toBe(1);
  // The header is an instant; the practice's date is that instant's day in New Zealand.
  const date = new Date(dates[0]).toLocaleDateString("en-CA", { timeZone: "Pacific/Auckland" });
  const births = await Promise.all(replies.map(async (r) => endpoints.patient.reply.parse(await r.json()).resources[0].birthDate!));
  return { date, ages: births.map((birth) => ageOn(birth, date)) };
}

describe("the whānau scenario", () => {
  it("both parents' ProxyUsers list the same three children, each one patient", async () => {
    const [mine, theirs] = await Promise.all([proxies(parent), proxies(coparent)]);
    expect(mine[0]).toEqual({ id: parent.id, relationship: "Self" });
    expect(theirs[0]).toEqual({ id: coparent.id, relationship: "Self" });
    expect(parent.id).not.toBe(coparent.id);
    expect(mine.slice(1)).toHaveLength(3);
    expect(theirs.slice(1)).toEqual(mine.slice(1));
    expect(mine.slice(1).map((m) => m.relationship)).toEqual(["Child", "Child", "Child"]);
    expect(new Set(mine.map((m) => m.id)).size).toBe(4);
  });

  it("teen signs in to the patient the parents see as their eldest, acting only for themselves", async () => {
    const children = (await proxies(parent)).slice(1);
    expect(teen.id).toBe(children[2].id);
    expect(await proxies(teen)).toEqual([{ id: teen.id, relationship: "Self" }]);
    // The same record whoever asks: the Patient reply is one and the same.
    const asTeen = await getCall(teen, endpoints.patient, { PatientID: teen.id });
    const asCoparent = await getCall(coparent, endpoints.patient, { PatientID: teen.id });
    expect(asCoparent).toEqual(asTeen);
  });

  it("birth dates give 9, 13 and 15 on the world's start, and 14 once its clock passes the birthday; the Date header follows the clock", async () => {
    const children = (await proxies(parent)).slice(1).map((c) => c.id);
    expect(await agesOnThePracticeDate(children)).toEqual({ date: "2026-03-10", ages: [9, 13, 15] });
    await world.advance("P6D");
    try {
      expect(await agesOnThePracticeDate(children)).toEqual({ date: "2026-03-16", ages: [9, 14, 15] });
      const reply = await rawGet(coparent, endpoints.refreshCounter.path, { PatientID: coparent.id });
      expect(reply.headers.get("date")).toBe(new Date(Date.parse(START) + 6 * 86_400_000).toUTCString());
    } finally {
      await world.reset();
      [parent, coparent, teen] = await Promise.all(["parent", "coparent", "teen"].map((label) => world.signInHttp(label)));
    }
  });

  it("only the teen's confidential result and diagnosis carry labels, which the portal's rule reads as confidential", async () => {
    const children = (await proxies(parent)).slice(1).map((c) => c.id);
    const everyone = [parent.id, coparent.id, ...children];
    const labelled: unknown[] = [];
    for (const id of everyone) {
      const conditions = await getCall(parent.id === id || children.includes(id) ? parent : coparent, endpoints.conditions, { PatientID: id, PageSize: "500", PageNumber: "1", TypeID: "0" });
      const results = await getCall(parent.id === id || children.includes(id) ? parent : coparent, endpoints.labResults, { PatientID: id, PageSize: "500", PageNumber: "1" });
      expect(conditions.resources.length + results.resources.length, id).toBeGreaterThan(0);
      for (const item of [...conditions.resources, ...results.resources]) {
        if (item.meta !== undefined || isConfidential(item)) labelled.push({ patient: id, ...item });
      }
    }
    const restricted = { system: "http://terminology.hl7.org/CodeSystem/v3-Confidentiality", code: "R", display: "restricted" };
    expect(labelled).toEqual([
      expect.objectContaining({ patient: teen.id, resourceType: "Condition", note: [{ text: expect.stringMatching(/^Contraception consultation/) }], meta: { security: [restricted], tag: [{ code: "contraception", display: "Contraception" }] } }),
      expect.objectContaining({ patient: teen.id, resourceType: "DiagnosticReport", description: "Chlamydia and Gonorrhoea NAAT", meta: { security: [restricted], tag: [{ code: "sexual-health", display: "Sexual health" }] } }),
    ]);
    for (const item of labelled) expect(isConfidential(item as { meta: never })).toBe(true);
  });

  it("the confidential result's own reply carries the labels too, whoever asks", async () => {
    const list = await getCall(teen, endpoints.labResults, { PatientID: teen.id, PageSize: "500", PageNumber: "1" });
    const confidential = list.resources.find((r) => r.meta !== undefined)!;
    const detail = await getCall(parent, endpoints.labResultById, { PatientID: teen.id, ResultID: confidential.id });
    expect(detail.resources[0].meta).toEqual(confidential.meta);
    expect(detail.resources[0].observation?.map((o) => o.ObservationText)).toEqual(["Chlamydia trachomatis NAAT", "Neisseria gonorrhoeae NAAT"]);
  });
});

describe("the Date header", () => {
  it("is the world's clock on world calls, and the real one elsewhere", async () => {
    const before = Date.now();
    const admin = await mock.admin(`/worlds/${world.id}/clock`);
    const health = await fetch(new URL("/healthz", mock.url));
    const unknown = await fetch(new URL(`/worlds/nosuchworld/api/${endpoints.patient.path}`, mock.url));
    for (const reply of [admin, health, unknown]) {
      // Express's own Date, to the second: not the world's March 2026.
      expect(Date.parse(reply.headers.get("date")!), reply.url).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    }
    const call = await rawGet(parent, endpoints.patient.path, { PatientID: parent.id });
    expect(call.headers.get("date")).toBe(new Date(Date.parse(START)).toUTCString());
    // A sign-in reaches its world through the practice API's default address too; it answers with that world's date.
    const signIn = await fetch(new URL(`/api/${endpoints.patientAuthentication.path}`, mock.url), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ UserName: world.user("teen").username, Password: world.user("teen").password, q: "" }),
    });
    expect(signIn.headers.get("date")).toBe(new Date(Date.parse(START)).toUTCString());
  });
});
