import { beforeAll, describe, expect, it, vi } from "vitest";
import { createMockServer } from "../../mock-server/server";
import { useMockServer, type TestWorld } from "../helpers/mock-world";

const mock = useMockServer();
let world: TestWorld;
const admin = (path: string) => mock.admin(path);

beforeAll(async () => {
  world = await mock.createWorld();
});

describe("the request journal", () => {
  it("records each call with its status and fault, never a password or a token", async () => {
    const solo = world.users.find((u) => u.label === "solo")!;
    const api = `${mock.url}/worlds/${world.id}/api`;
    const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${api}/${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });
    await post("Patient/Authentication", { UserName: solo.username, Password: "WrongPassword9", q: "" });
    const signedIn = (await (await post("Patient/Authentication", { UserName: solo.username, Password: solo.password, q: "" })).json()) as { extension: { valueString?: string }[] }[];
    const token = signedIn[0].extension.find((e) => e.valueString)!.valueString!;
    await world.fault({ path: "ValidateToken", status: 503, times: 1 });
    await fetch(`${api}/ValidateToken`, { headers: { Token: token } });
    await fetch(`${api}/Patient/Logout?Token=${token}`, { method: "POST" });

    const raw = await (await admin(`/worlds/${world.id}/requests`)).text();
    expect(raw).not.toContain(solo.password);
    expect(raw).not.toContain("WrongPassword9");
    expect(raw).not.toContain(token);
    const { requests } = JSON.parse(raw) as { requests: { method: string; path: string; query: Record<string, string>; body: Record<string, string>; fault: string | null; status: number }[] };
    expect(requests.map((r) => [r.method, r.path, r.status, r.fault])).toEqual([
      ["POST", "Patient/Authentication", 200, null],
      ["POST", "Patient/Authentication", 200, null],
      ["GET", "ValidateToken", 503, "status 503"],
      ["POST", "Patient/Logout", 200, null],
    ]);
    // The password hidden; the empty switch token left empty (it hides nothing, and shows none was sent).
    expect(requests[0].body).toEqual({ UserName: solo.username, Password: "[redacted]", q: "" });
    expect(requests[3].query).toEqual({ Token: "[redacted]" });
  });

  it("filters by method and path", async () => {
    const { requests } = (await (await admin(`/worlds/${world.id}/requests?method=post&path=Patient/Authentication`)).json()) as { requests: { path: string }[] };
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.path === "Patient/Authentication")).toBe(true);
    expect((await admin("/worlds/nope/requests")).status).toBe(404);
  });
});

describe("idle worlds", () => {
  it("are removed after the idle time, while a world in use and the default world stay", async () => {
    // The worlds' idle time and the sweep run on fake timers (Date and setInterval only: the HTTP calls
    // keep real time), so a slow machine can neither let the busy world lapse between two looks nor
    // keep the idle one: the test moves the clock, 100 ms at a time, and looks at every step.
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const small = await createMockServer({ port: 0, idleWorldMs: 300 });
    try {
      const create = async () => ((await (await fetch(`${small.url}/__admin/worlds`, { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })).json()) as { id: string }).id;
      const idle = await create();
      const busy = await create();
      // The sweep runs every 150 ms; the idle world passes its 300 ms at the sweep of 450 ms. The busy
      // one is reached every 100 ms, well inside its idle time.
      for (let elapsed = 100; elapsed <= 500; elapsed += 100) {
        await vi.advanceTimersByTimeAsync(100);
        expect((await fetch(`${small.url}/__admin/worlds/${busy}/requests`)).status).toBe(200);
        expect(small.worlds.list().map((w) => w.id).includes(idle), `idle world at ${elapsed} ms`).toBe(elapsed < 450);
      }
      const ids = small.worlds.list().map((w) => w.id);
      expect(ids).toContain("default");
      expect(ids).toContain(busy);
      expect(ids).not.toContain(idle);
      expect((await fetch(`${small.url}/__admin/worlds/${idle}/requests`)).status).toBe(404);
    } finally {
      await small.close();
      vi.useRealTimers();
    }
  });
});
