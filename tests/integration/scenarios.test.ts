import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { scenarioIds } from "../../fixtures/scenarios/index";
import { getCall, useMockServer, type TestWorld } from "../helpers/mock-world";

const mock = useMockServer({ defaultWorld: { scenario: "family", seed: 7 } });
const create = (scenario: string) => mock.createWorld({ scenario, seed: 3 });
const signIn = (world: TestWorld, label: string) => world.signInHttp(label);
const get = getCall;

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
    const balance = await get(s, endpoints.accountBalance, { PatientID: s.id });
    expect(Number(settings.OutstandingBalance)).toBeGreaterThan(0);
    expect(settings).toMatchObject({ IsOutstandingBalance: "1", OutstandingBalance: balance.toFixed(2), PaymentMethodType: "2" });
    const plain = await signIn(await create("default"), "solo");
    expect(await get(plain, endpoints.practiceSettings, { PatientID: plain.id, PortalSettingTypeID: "1" })).toMatchObject({ IsOutstandingBalance: "0", OutstandingBalance: "0.00" });
    const off = await signIn(await create("appointments-disabled"), "solo");
    expect(await get(off, endpoints.practiceSettings, { PatientID: off.id, PortalSettingTypeID: "1" })).toMatchObject({ DisableAppointment: "1" });
  });

  it("macron-address: user names with macrons (1§5's x@y.z; decisions/368) carry the world id and sign in", async () => {
    const world = await create("macron-address");
    expect(world.users.map((u) => u.username)).toEqual([`tāne+${world.id}@māori.nz`, `mere+${world.id}@māori.nz`]);
    await expect(signIn(world, "tane")).resolves.toMatchObject({ token: expect.any(String) });
    await expect(signIn(world, "mere")).resolves.toMatchObject({ token: expect.any(String) });
    // The identity server compares user names in any case, macrons included, as it does label@demo.nz.
    const identity = await fetch(new URL("/api/Authentication", mock.url), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ UserName: `TĀNE+${world.id}@MĀORI.NZ`, Password: "Kiaora2024" }) });
    expect(await identity.json()).toEqual({ ACCAPIURL: world.apiUrl });
  });

  it("the default world can be made from another scenario (npm run mock -- --scenario family --seed 7)", async () => {
    const world = mock.server.worlds.get("default")!;
    expect(world.scenarioId).toBe("family");
    expect(world.seed).toBe(7);
    expect(world.users.map((u) => u.username)).toEqual(["family@demo.nz"]);
  });
});

describe("npm run mock -- --list", () => {
  // A process of its own, compiling the mock with tsx as it starts (11-12 s on this machine when busy):
  // the test waits as long as the command may take (30 s), and a little more.
  it("prints every scenario on one line each, its id first, and starts no server", { timeout: 45_000 }, async () => {
    const { execFileSync } = await import("node:child_process");
    const path = await import("node:path");
    const root = path.resolve(import.meta.dirname, "../..");
    const out = execFileSync(process.execPath, ["--import", "tsx", "mock-server/main.ts", "--list"], { cwd: root, encoding: "utf8", timeout: 30_000 });
    const lines = out.trim().split("\n");
    expect(lines.map((line) => line.split(/\s+/)[0])).toEqual(scenarioIds());
    for (const line of lines) expect(line.split(/\s+/).length, line).toBeGreaterThan(3);
  });
});
