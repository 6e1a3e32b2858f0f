import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { messages } from "../../app/lib/messages";
import { useMockServer, type PortalSession, type TestWorld } from "../helpers/mock-world";

/**
 * The health screens' page logic (app/.server/*-page.server.ts for allergies, diagnoses, reminders,
 * immunisations, vitals and the timeline) against the real mock over HTTP: a signed-in context and the
 * page's address go in, the view and the practice's journal come out.
 */
const mock = useMockServer();
let allergies: typeof import("../../app/.server/allergies-page.server");
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
  allergies = await import("../../app/.server/allergies-page.server");
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
    await expect(allergies.allergiesPage(contextOf(s), at("/allergies"))).rejects.toMatchObject({ init: { status: 503 }, data: { message: messages.errors.practiceUnavailable } });
  });
});
