import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../contract/endpoints";
import { scenarioIds } from "../../fixtures/scenarios/index";
import { createMockServer } from "../../mock-server/server";

let mock: Awaited<ReturnType<typeof createMockServer>>;
beforeAll(async () => {
  mock = await createMockServer({ port: 0, defaultWorld: { scenario: "family", seed: 7 } });
});
afterAll(async () => {
  await mock?.close();
});

type WorldInfo = { id: string; users: { label: string; username: string; password: string }[] };
const create = async (scenario: string): Promise<WorldInfo> =>
  (await fetch(`${mock.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ scenario, seed: 3 }) })).json();

async function signIn(world: WorldInfo, label: string) {
  const user = world.users.find((u) => u.label === label)!;
  const base = `${mock.url}/worlds/${world.id}/api/`;
  const reply = await (await fetch(`${base}Patient/Authentication`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: user.username, Password: user.password, q: "" }) })).json();
  const parsed = endpoints.patientAuthentication.reply.parse(reply) as { id: string; extension: { token: string } }[];
  return { base, id: parsed[0].id, token: parsed[0].extension.token };
}

async function get<E extends (typeof endpoints)[keyof typeof endpoints]>(s: { base: string; token: string }, e: E, query: Record<string, string>) {
  const res = await fetch(`${s.base}${e.path}?${new URLSearchParams(query)}`, { headers: { Token: s.token } });
  return e.reply.parse(await res.json());
}

describe("scenarios", () => {
  it("every shipped scenario creates a world whose users can sign in", async () => {
    for (const id of scenarioIds()) {
      const world = await create(id);
      expect(world.users.length, id).toBeGreaterThan(0);
      const usable = world.users.find((u) => !["locked", "noresource"].includes(u.label))!;
      await expect(signIn(world, usable.label), id).resolves.toMatchObject({ token: expect.any(String) });
    }
  });

  it("family: one account holder with three linked accounts", async () => {
    const world = await create("family");
    expect(world.users.map((u) => u.label)).toEqual(["family"]);
    const s = await signIn(world, "family");
    const proxies = (await get(s, endpoints.proxyUsers, { PatientID: s.id })) as { resources: { extension: { relationship: string } }[] };
    expect(proxies.resources.map((p) => p.extension.relationship)).toEqual(["Self", "Partner", "Child", "Parent"]);
  });

  it("settings overlays change only what they name", async () => {
    const s = await signIn(await create("outstanding-balance"), "solo");
    const settings = (await get(s, endpoints.practiceSettings, { PatientID: s.id, PortalSettingTypeID: "1" })) as Record<string, string>;
    expect(settings).toMatchObject({ IsOutstandingBalance: "1", OutstandingBalance: "120.50", PaymentMethodType: "2" });
    const off = await signIn(await create("appointments-disabled"), "solo");
    expect(await get(off, endpoints.practiceSettings, { PatientID: off.id, PortalSettingTypeID: "1" })).toMatchObject({ DisableAppointment: "1" });
  });

  it("the default world can be made from another scenario (npm run mock -- --scenario family --seed 7)", async () => {
    const world = mock.worlds.get("default")!;
    expect(world.scenarioId).toBe("family");
    expect(world.seed).toBe(7);
    expect(world.users.map((u) => u.username)).toEqual(["family@demo.nz"]);
  });
});
