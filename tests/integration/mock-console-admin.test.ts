import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints } from "@contract/endpoints";
import { getScenario } from "../../fixtures/scenarios/index";
import { isLoopback } from "../../mock-server/admin-live";
import { parseMockArgs } from "../../mock-server/cli-args";
import { createMockServer } from "../../mock-server/server";
import { getCall, useMockServer, type ClockState } from "../helpers/mock-world";

/**
 * The admin routes the mock's console uses (decisions/381), over HTTP as the console and a test use
 * them: freezing, running and moving the clock to a date; what the mock is; the scenarios described;
 * the journal as a live stream; and the console's own page at the mock's address.
 */
const mock = useMockServer({ portalUrl: "http://localhost:3999" });
const NOW = "2026-03-01T09:00:00+13:00";

const clockRequest = async (id: string, body: unknown) => {
  const res = await mock.admin(`/worlds/${id}/clock`, { body });
  return {
    status: res.status,
    body: (await res.json()) as ClockState & { error?: string },
  };
};

describe("the clock: to a later instant, frozen, let run", () => {
  it("moves to a later date (midnight in New Zealand) or date-time, counted as moved on; never back", async () => {
    const world = await mock.createWorld({ now: NOW });
    expect(await clockRequest(world.id, { to: "2026-03-08" })).toEqual({
      status: 200,
      body: {
        now: "2026-03-08T00:00:00+13:00",
        mode: "fixed",
        startedAt: NOW,
        advanced: "P6DT15H",
      },
    });
    expect((await clockRequest(world.id, { to: "2026-03-08T10:00:00+13:00" })).body.now).toBe("2026-03-08T10:00:00+13:00");
    const back = await clockRequest(world.id, { to: "2026-03-02" });
    expect(back.status).toBe(400);
    expect(back.body.error).toMatch(/is not after the world's now .* the clock only moves forward/);
    const same = await clockRequest(world.id, {
      to: "2026-03-08T10:00:00+13:00",
    });
    expect(same.status).toBe(400);
    expect((await world.clock()).now).toBe("2026-03-08T10:00:00+13:00");
  });

  it("refuses an empty request, advance with to, an unknown mode or an instant without an offset, moving nothing", async () => {
    const world = await mock.createWorld({ now: NOW });
    for (const body of [{}, { advance: "P1D", to: "2026-04-01" }, { mode: "paused" }, { to: "2026-04-01T09:00:00" }, { advance: "P1D", extra: 1 }]) {
      const refused = await clockRequest(world.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error).toMatch(/^Invalid clock request/);
    }
    expect(await world.clock()).toEqual(world.createdClock);
    expect((await mock.admin("/worlds/nope/clock", { body: { mode: "fixed" } })).status).toBe(404);
  });

  it("freezes a running clock where it stands, lets it run on from there, and a reset brings back its start and mode", async () => {
    const world = await mock.createWorld({});
    expect(world.createdClock.mode).toBe("running");
    const frozen = await clockRequest(world.id, { mode: "fixed" });
    expect(frozen.body.mode).toBe("fixed");
    // Frozen: every later read is the same instant.
    expect((await world.clock()).now).toBe(frozen.body.now);
    const moved = await clockRequest(world.id, {
      advance: "P1D",
      mode: "fixed",
    });
    expect(Date.parse(moved.body.now) - Date.parse(frozen.body.now)).toBe(86_400_000);
    const running = await clockRequest(world.id, { mode: "running" });
    expect(running.body).toMatchObject({ mode: "running", advanced: "P1D" });
    expect(Date.parse(running.body.now)).toBeGreaterThanOrEqual(Date.parse(moved.body.now));
    // Running again: it goes on from where it stood, with real time.
    await expect
      .poll(async () => Date.parse((await world.clock()).now), {
        timeout: 5_000,
      })
      .toBeGreaterThan(Date.parse(moved.body.now));
    await world.reset();
    const reset = await world.clock();
    expect(reset).toMatchObject({
      mode: "running",
      startedAt: world.createdClock.startedAt,
      advanced: "PT0S",
    });
  });

  it("a fixed world frozen again stays as it is, and let run counts on from its instant", async () => {
    const world = await mock.createWorld({ now: NOW });
    expect((await clockRequest(world.id, { mode: "fixed" })).body).toEqual(world.createdClock);
    const running = await clockRequest(world.id, { mode: "running" });
    expect(running.body).toMatchObject({ now: NOW, mode: "running" });
    await world.reset();
    expect(await world.clock()).toEqual(world.createdClock);
  });
});

describe("what the mock is, and its scenarios described", () => {
  it("names its portal, its address and that it is loopback only, and every call a fault may name", async () => {
    const about = (await (await mock.admin("/about")).json()) as {
      portalUrl: string;
      host: string;
      loopbackOnly: boolean;
      calls: { method: string; path: string; needsToken: boolean }[];
    };
    expect(about).toMatchObject({
      portalUrl: "http://localhost:3999",
      host: "127.0.0.1",
      loopbackOnly: true,
    });
    expect(about.calls).toContainEqual(
      expect.objectContaining({
        method: "GET",
        path: "Patient/Medication",
        needsToken: true,
      }),
    );
    expect(about.calls).toContainEqual(
      expect.objectContaining({
        method: "POST",
        path: "Patient/ForgotPassword",
        needsToken: false,
      }),
    );
    expect(about.calls.map((c) => c.path)).not.toContain(endpoints.identityAuthentication.path);
  });

  it("npm run mock names the portal with --portal-url or MOCK_PORTAL_URL, by default the portal's own default address", () => {
    expect(parseMockArgs([]).portalUrl).toBe("http://localhost:3000");
    expect(parseMockArgs(["--portal-url", "https://portal.example.nz"]).portalUrl).toBe("https://portal.example.nz");
    expect(parseMockArgs([], { MOCK_PORTAL_URL: "http://127.0.0.1:3100" }).portalUrl).toBe("http://127.0.0.1:3100");
    for (const bad of ["localhost:3000", "http://localhost:3000/login", "ftp://x"]) expect(() => parseMockArgs(["--portal-url", bad]), bad).toThrow(/Invalid --portal-url/);
  });

  it("tells loopback addresses from the others", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "localhost"]) expect(isLoopback(host), host).toBe(true);
    for (const host of ["0.0.0.0", "::", "192.168.1.5", "example.nz"]) expect(isLoopback(host), host).toBe(false);
  });

  it("lists every scenario with its title and a description", async () => {
    const ids = ((await (await mock.admin("/scenarios")).json()) as { scenarios: string[] }).scenarios;
    const details = (
      (await (await mock.admin("/scenarios/details")).json()) as {
        scenarios: { id: string; title: string; description: string }[];
      }
    ).scenarios;
    expect(details.map((s) => s.id)).toEqual(ids);
    for (const s of details) expect(s.description.length, s.id).toBeGreaterThan(10);
    expect(details.find((s) => s.id === "whanau")).toEqual({
      id: "whanau",
      title: getScenario("whanau")!.title,
      description: getScenario("whanau")!.description,
    });
  });
});

/** The events of a Server-Sent Events reply, one at a time, comments left out. */
async function* events(res: Response): AsyncGenerator<{ event: string; id?: string; data: string }> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = block.split("\n").filter((line) => !line.startsWith(":"));
      if (fields.length === 0) continue;
      const field = (name: string) => fields.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      yield {
        event: field("event") ?? "message",
        id: field("id"),
        data: field("data") ?? "",
      };
    }
  }
}

describe("the journal as a live stream", () => {
  it("sends the journal so far, then each call as it ends, `cleared` on a clear or a reset, and `gone` (then ends) when the world is deleted", async () => {
    const world = await mock.createWorld({ now: NOW });
    const s = await world.signInHttp("solo");
    const res = await fetch(`${mock.url}/__admin/worlds/${world.id}/requests/stream`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const stream = events(res);
    const next = async () => (await stream.next()).value!;

    expect((await next()).event).toBe("cleared");
    const signIn = await next();
    expect(signIn.event).toBe("request");
    expect(JSON.parse(signIn.data)).toMatchObject({
      method: "POST",
      path: "Patient/Authentication",
      status: 200,
      body: { Password: "[redacted]" },
    });

    await getCall(s, endpoints.medications, {
      PatientID: s.id,
      PageSize: "10",
      PageNumber: "1",
      TypeID: "1",
    }).catch(() => undefined);
    const call = await next();
    expect(call.event).toBe("request");
    expect(Number(call.id)).toBeGreaterThan(Number(signIn.id));
    expect(JSON.parse(call.data)).toMatchObject({
      method: "GET",
      path: "Patient/Medication",
      query: { PatientID: s.id },
    });

    await world.clearRequests();
    expect((await next()).event).toBe("cleared");
    await world.fault({ path: "Patient/Medication", status: 503, times: 1 });
    await getCall(s, endpoints.medications, {
      PatientID: s.id,
      PageSize: "10",
      PageNumber: "1",
      TypeID: "1",
    }).catch(() => undefined);
    const failed = await next();
    expect(JSON.parse(failed.data)).toMatchObject({
      path: "Patient/Medication",
      status: 503,
      fault: "status 503",
    });
    // Numbers keep rising across a clear: a reader never mistakes a new entry for one it has.
    expect(Number(failed.id)).toBeGreaterThan(Number(call.id));

    await world.reset();
    expect((await next()).event).toBe("cleared");
    await world.delete();
    expect((await next()).event).toBe("gone");
    expect((await stream.next()).done).toBe(true);
  });

  it("answers 404 for an unknown world", async () => {
    expect((await mock.admin("/worlds/nope/requests/stream")).status).toBe(404);
  });
});

describe("changes asked for by another site's page", () => {
  it("are refused, reads are not; the console's own (same origin), curl's and a test's (neither header) are taken", async () => {
    const world = await mock.createWorld({ now: NOW });
    const base = mock.server.url;
    const reset = (headers: Record<string, string>) => fetch(`${base}/__admin/worlds/${world.id}/reset`, { method: "POST", headers });
    const refusedHeaders: Record<string, string>[] = [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { Origin: "https://evil.example" }, { Origin: "null" }];
    for (const headers of refusedHeaders) {
      const refused = await reset(headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toContain("never from another site's page");
    }
    const host = new URL(base).host;
    const taken: Record<string, string>[] = [{}, { "Sec-Fetch-Site": "same-origin", Origin: `http://${host}` }, { "Sec-Fetch-Site": "none" }];
    for (const headers of taken) expect((await reset(headers)).status, JSON.stringify(headers)).toBe(200);
    expect((await fetch(`${base}/__admin/worlds/${world.id}`, { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
  });
});

describe("the console at the mock's own address", () => {
  it("serves its page at / under a policy that allows only its own files, and its assets under /__console/", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "mock-console-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), '<!doctype html><title>Mock practice console</title><script type="module" src="/__console/assets/app.js"></script>');
    writeFileSync(path.join(dir, "assets/app.js"), "export {};");
    const server = await createMockServer({ port: 0, consoleDir: dir });
    try {
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.headers.get("content-security-policy")).toMatch(/default-src 'self'; connect-src 'self'/);
      expect(await page.text()).toContain("<title>Mock practice console</title>");
      const script = await fetch(`${server.url}/__console/assets/app.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get("content-type")).toMatch(/javascript/);
      expect((await fetch(`${server.url}/__console/assets/missing.js`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it("says how to build it when it is not built, and the rest of the mock answers as before", async () => {
    const server = await createMockServer({
      port: 0,
      consoleDir: mkdtempSync(path.join(tmpdir(), "mock-console-empty-")),
    });
    try {
      const page = await fetch(`${server.url}/`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("npm run build:console");
      expect((await fetch(`${server.url}/__admin/health`)).status).toBe(200);
      expect((await fetch(`${server.url}/elsewhere`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
