import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockServer, type MockServer } from "../../mock-server/server";
import { rawRequest } from "../helpers/raw-http";

/**
 * Issue 67, F4 (decisions/391): the recorder as a way to read what only this machine may read. A
 * recorder forwards to the upstream it was started with; a request may neither name another upstream
 * nor steer the forwarded path out of the practice's API with dot segments, encoded or not.
 */

/** A server that only this machine reaches, with something to hide beside an identity server. */
let secret: Server;
let secretUrl: string;
const secretSaw: string[] = [];
let plain: MockServer;
let recording: MockServer;
let listed: MockServer;

beforeAll(async () => {
  secret = createServer((req, res) => {
    secretSaw.push(req.url ?? "");
    if (req.url === "/metrics") return res.writeHead(200, { "Content-Type": "text/plain" }).end("portal_secret_metric 42\n");
    if (req.url?.startsWith("/api/Authentication")) return res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ ACCAPIURL: `${secretUrl}/practice-api/` }));
    res.writeHead(404, { "Content-Type": "application/json" }).end('{"error":"none"}');
  });
  await new Promise<void>((resolve) => secret.listen(0, "127.0.0.1", resolve));
  secretUrl = `http://127.0.0.1:${(secret.address() as AddressInfo).port}`;
  plain = await createMockServer({ port: 0 });
  recording = await createMockServer({ port: 0, record: secretUrl });
  listed = await createMockServer({ port: 0, recordUpstreams: [`${secretUrl}/`] });
});
afterAll(async () => {
  await Promise.all([plain?.close(), recording?.close(), listed?.close()]);
  await new Promise((resolve) => secret?.close(resolve));
});

const start = (mock: MockServer, upstream: string) => rawRequest(mock.url, { method: "POST", path: "/__admin/recordings", body: { upstream } });

describe("the upstream a recording may be started with", () => {
  it("is never an address the request names: a recorder of a loopback-only server is refused in words, and nothing is asked of it", async () => {
    const seen = secretSaw.length;
    for (const upstream of [secretUrl, `${secretUrl}/api`, "http://127.0.0.1:9700", "http://169.254.169.254/latest"]) {
      const refused = await start(plain, upstream);
      expect(refused.status, upstream).toBe(403);
      expect(JSON.parse(refused.body).error).toMatch(/MOCK_RECORD_UPSTREAMS/);
    }
    expect(plain.recorders.list()).toEqual([]);
    expect(recording.recorders.list().map((r) => r.upstream)).toEqual([secretUrl]);
    const other = await start(recording, "http://127.0.0.1:9700");
    expect(other.status).toBe(403);
    expect(secretSaw.length).toBe(seen);
  });

  it("is the one given at start (--record), one of the operator's list (MOCK_RECORD_UPSTREAMS), or the mock itself", async () => {
    for (const [mock, upstream] of [
      [recording, secretUrl],
      [recording, `${secretUrl}/`],
      [listed, secretUrl],
      [plain, plain.url],
      [plain, `http://localhost:${plain.port}/`],
    ] as const) {
      const started = await start(mock, upstream);
      expect(started.status, upstream).toBe(201);
      const { id } = JSON.parse(started.body) as { id: string };
      expect((await rawRequest(mock.url, { method: "DELETE", path: `/__admin/recordings/${id}` })).status).toBe(200);
    }
    // What it is for still works: the listed upstream's identity server, through the recorder.
    const started = JSON.parse((await start(listed, secretUrl)).body) as { id: string };
    const signIn = await rawRequest(listed.url, { method: "POST", path: `/recordings/${started.id}/api/Authentication`, body: { UserName: "a@b.nz", Password: "x" } });
    expect(signIn.status).toBe(200);
    expect(JSON.parse(signIn.body)).toEqual({ ACCAPIURL: `${listed.url}/recordings/${started.id}/practice/0/` });
  });
});

describe("the recorder's proxy", () => {
  const TRICKS = ["..", "%2e%2e", "%2E%2E", ".%2e", "%2e.", "a/../..", "a%2f..%2f..", "..%2f", "..%5c", "%2e%2e%5c", "..\\", "%2e%2e/%2e%2e", "./.."];

  it("never leaves the recorded practice's API by a dot segment, plain or encoded: 400 in words, and the upstream is not asked", async () => {
    const id = recording.recorder!.id;
    // A practice address to be steered from: the identity server named one.
    expect((await rawRequest(recording.url, { method: "POST", path: `/recordings/${id}/api/Authentication`, body: { UserName: "a@b.nz", Password: "x" } })).status).toBe(200);
    const seen = secretSaw.length;
    for (const trick of TRICKS) {
      for (const path of [`/recordings/${id}/api/${trick}/metrics`, `/api/${trick}/metrics`, `/recordings/${id}/practice/0/${trick}/metrics`, `/recordings/${id}/practice/0/${trick}/${trick}/metrics?x=1`]) {
        const reply = await rawRequest(recording.url, { path });
        expect(reply.status, path).toBe(400);
        expect(reply.body, path).not.toContain("portal_secret_metric");
        expect(JSON.parse(reply.body).error, path).toMatch(/dot segment/);
      }
    }
    expect(secretSaw.slice(seen)).toEqual([]);
  });

  it("still forwards a practice call as it was sent", async () => {
    const id = recording.recorder!.id;
    const seen = secretSaw.length;
    const reply = await rawRequest(recording.url, { path: `/recordings/${id}/practice/0/Patient/Organization?PatientID=7` });
    expect(reply.status).toBe(404);
    expect(secretSaw.slice(seen)).toEqual(["/practice-api/Patient/Organization?PatientID=7"]);
  });
});
