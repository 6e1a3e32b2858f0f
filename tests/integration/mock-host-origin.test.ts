import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer, type MockServer } from "../../mock-server/server";
import { rawRequest } from "../helpers/raw-http";

/**
 * Issue 67, F4 (decisions/391): a page of another site reaching the mock through DNS rebinding (its
 * own name pointed at 127.0.0.1, so the browser calls the mock as that name, same origin), or calling
 * the admin API from its own origin. Sent as such a page's browser sends them: `Host` the page's name,
 * `Origin` the page's origin.
 */

let mock: MockServer;
let told: MockServer;
const EVIL = "evil.example:4700";

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  told = await createMockServer({ port: 0, allowedHosts: ["mock.test", ".qa.example"] });
});
afterAll(async () => {
  await Promise.all([mock?.close(), told?.close()]);
});

const rebound = { Host: EVIL, Origin: `http://${EVIL}`, "Sec-Fetch-Site": "same-origin" };

describe("a page reaching the mock through DNS rebinding", () => {
  it("reads nothing, changes nothing and starts nothing, on any route: 421 in words", async () => {
    const attacks: { method?: string; path: string; body?: unknown }[] = [
      { path: "/__admin/worlds" }, // every world's users and passwords
      { path: "/__admin/worlds/default/mail" }, // the caught mail: second-step codes, temporary passwords
      { path: "/__admin/worlds/default/requests/stream" },
      { method: "POST", path: "/__admin/worlds", body: { scenario: "default" } },
      { method: "POST", path: "/__admin/worlds/default/switch-tokens", body: { label: "solo" } }, // a sign-in link
      { method: "POST", path: "/__admin/recordings", body: { upstream: "http://127.0.0.1:9700" } },
      { path: "/" }, // the console
      { method: "POST", path: "/api/Authentication", body: { UserName: "solo@demo.nz", Password: "Kiaora2024" } },
      { method: "POST", path: "/worlds/default/api/Patient/Authentication", body: { UserName: "solo@demo.nz", Password: "Kiaora2024", q: "" } },
      { path: "/recordings/rnope/api/Authentication" },
      { path: "/__admin/openapi.json" },
      { path: "/healthz" },
    ];
    const worldsBefore = mock.worlds.list().length;
    for (const attack of attacks) {
      const reply = await rawRequest(mock.url, { ...attack, headers: rebound });
      expect(reply.status, `${attack.method ?? "GET"} ${attack.path}`).toBe(421);
      expect(reply.headers["content-type"]).toMatch(/^text\/plain/);
      expect(reply.body).toContain(`not to Host "${EVIL}"`);
      expect(reply.body).toContain("MOCK_ALLOWED_HOSTS");
      expect(reply.body).not.toContain("Kiaora2024");
    }
    expect(mock.worlds.list().length).toBe(worldsBefore);
    expect(mock.recorders.list()).toEqual([]);
  });

  it("answers loopback names, *.localhost and IP addresses at any port, as the portal, the tests and a browser reach it", async () => {
    const port = mock.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `portal.localhost:${port}`, "localhost", `localhost.:${port}`, `192.168.1.5:${port}`, "10.0.0.7:80", `[fe80::1]:${port}`]) {
      expect((await rawRequest(mock.url, { path: "/__admin/health", headers: { Host: host } })).status, host).toBe(200);
    }
    for (const host of ["evil.example", `localhost.evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `mock.test:${port}`, "user@localhost", "localhost:99999x"]) {
      expect((await rawRequest(mock.url, { path: "/__admin/health", headers: { Host: host } })).status, JSON.stringify(host)).toBe(421);
    }
  });

  it("answers the names it is told (MOCK_ALLOWED_HOSTS): exact, or a domain with every name under it", async () => {
    for (const host of ["mock.test:4010", "MOCK.TEST", "qa.example:80", "box1.qa.example:4010", "localhost:1"]) {
      expect((await rawRequest(told.url, { path: "/__admin/health", headers: { Host: host } })).status, host).toBe(200);
    }
    for (const host of ["sub.mock.test", "mock.test.evil.example", "evilqa.example", EVIL]) {
      expect((await rawRequest(told.url, { path: "/__admin/health", headers: { Host: host } })).status, host).toBe(421);
    }
  });
});

describe("another site's page calling the admin API", () => {
  it("is refused for reads and changes alike when its Origin is not the mock's own (scheme, host and port)", async () => {
    const own = new URL(mock.url);
    const other = [`https://evil.example`, `http://127.0.0.1:${mock.port + 1}`, `https://${own.host}`, "null"];
    for (const origin of other) {
      for (const attack of [{ path: "/__admin/worlds" }, { path: "/__admin/worlds/default/mail" }, { method: "POST", path: "/__admin/worlds/default/reset" }, { method: "POST", path: "/__admin/recordings", body: { upstream: mock.url } }]) {
        const reply = await rawRequest(mock.url, { ...attack, headers: { Origin: origin } });
        expect(reply.status, `${origin} ${attack.method ?? "GET"} ${attack.path}`).toBe(403);
        expect(reply.body).toContain("never from another site's page");
      }
    }
    expect(mock.recorders.list()).toEqual([]);
  });

  it("takes the console's own calls (its own origin), and curl's and a test's (no Origin)", async () => {
    const taken: Record<string, string>[] = [{ Origin: mock.url, "Sec-Fetch-Site": "same-origin" }, { Origin: `http://localhost:${mock.port}`, Host: `localhost:${mock.port}` }, {}];
    for (const headers of taken) {
      expect((await rawRequest(mock.url, { path: "/__admin/worlds", headers })).status, JSON.stringify(headers)).toBe(200);
      expect((await rawRequest(mock.url, { method: "POST", path: "/__admin/worlds/default/reset", headers })).status, JSON.stringify(headers)).toBe(200);
    }
  });
});
