import { describe, expect, it } from "vitest";
import type { RecordedCall, Recording } from "../../mock-server/recording/file";
import { parseMockArgs } from "../../mock-server/cli-args";
import { callKey, ReplayBook } from "../../mock-server/recording/replay";

/** How a replay world finds a recorded answer (decisions/384). */

const call = (path: string, query: RecordedCall["query"], body: unknown, value: unknown): RecordedCall => ({ scope: "practice", method: "GET", path, query, body, status: 200, contentType: "application/json", reply: { kind: "json", value } });

const recording = (calls: RecordedCall[]): Recording => ({ version: 1, upstream: "http://127.0.0.1:4010", recordedAt: "2026-11-28T03:00:00.000Z", users: [], calls });

describe("the replay matcher", () => {
  it("matches any case of the path, query keys in any order, the token left out", () => {
    expect(callKey({ method: "get", path: "/Patient/Messaging", query: { PageSize: "10", PatientID: "P1", Token: "abc" }, body: null })).toBe(
      callKey({ method: "GET", path: "patient/messaging", query: { PatientID: "P1", PageSize: "10", Token: "recorded-token-1" }, body: null }),
    );
    expect(callKey({ method: "GET", path: "Patient", query: { PatientID: "P1" }, body: null })).not.toBe(callKey({ method: "GET", path: "Patient", query: { PatientID: "P2" }, body: null }));
    expect(callKey({ method: "POST", path: "Patient", query: {}, body: { a: 1, b: [2] } })).toBe(callKey({ method: "POST", path: "Patient", query: {}, body: { b: [2], a: 1 } }));
  });

  it("answers a repeated call with the recorded answers in order, then the last again", () => {
    const book = new ReplayBook(recording([call("Patient/RefreshCounter", { PatientID: "P1" }, null, 1), call("Patient/RefreshCounter", { PatientID: "P1" }, null, 2)]));
    const ask = () => book.answer({ method: "GET", path: "Patient/RefreshCounter", query: { PatientID: "P1" }, body: null })?.reply;
    expect([ask(), ask(), ask()]).toEqual([{ kind: "json", value: 1 }, { kind: "json", value: 2 }, { kind: "json", value: 2 }]);
    book.restart();
    expect(ask()).toEqual({ kind: "json", value: 1 });
  });

  it("prefers the exact call, and only then one whose dates differ", () => {
    const book = new ReplayBook(recording([call("Patient/Appointments", { PatientID: "P1", FromDate: "2026-11-28" }, null, "recorded day"), call("Patient/Appointments", { PatientID: "P1", FromDate: "2026-11-29" }, null, "next day")]));
    const ask = (FromDate: string) => book.answer({ method: "GET", path: "Patient/Appointments", query: { PatientID: "P1", FromDate }, body: null })?.reply;
    expect(ask("2026-11-29")).toEqual({ kind: "json", value: "next day" });
    expect(ask("2027-01-05")).toEqual({ kind: "json", value: "recorded day" });
    expect(book.answer({ method: "GET", path: "Patient/Appointments", query: { PatientID: "P2", FromDate: "2026-11-28" }, body: null })).toBeUndefined();
  });
});

describe("npm run mock -- --record / --replay", () => {
  it("takes an identity address and a file, by default one under recordings/, and refuses what does not go together", () => {
    expect(parseMockArgs(["--record", "https://identity.practice.example", "--recording", "walk.json"]).record).toEqual({ upstream: "https://identity.practice.example", file: "walk.json" });
    expect(parseMockArgs(["--record", "http://127.0.0.1:3730"]).record?.file).toMatch(/recordings\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.json$/);
    expect(parseMockArgs(["--replay", "walk.json"]).replay).toBe("walk.json");
    expect(() => parseMockArgs(["--record", "identity.practice.example"])).toThrow("Invalid --record");
    expect(() => parseMockArgs(["--recording", "walk.json"])).toThrow("--recording names the file of --record");
    expect(() => parseMockArgs(["--replay", "walk.json", "--scenario", "family"])).toThrow("--replay makes the default world from a recording");
  });
});
