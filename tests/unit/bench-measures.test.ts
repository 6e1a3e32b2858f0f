import { describe, expect, it } from "vitest";
import { figuresOf, fireAtPlannedTimes, highestHeld, percentile, plannedOffsets, requestOf, type Clock } from "../../bench/open-loop-schedule";
import { callsBeyond, callsOfView, describeCalls, UNATTRIBUTED, type JournalCall } from "../../bench/page-view-calls";

/**
 * The pure parts of issue 53's benches (bench/open-loop.ts and bench/practice-calls.ts): a wrong plan or
 * percentile would print a plausible figure that measures something else.
 */
describe("the open loop's plan", () => {
  it("spaces a step's requests evenly at the rate, the last one before the step ends", () => {
    expect(plannedOffsets(4, 1000)).toEqual([0, 250, 500, 750]);
    expect(plannedOffsets(20, 15_000)).toHaveLength(300);
    expect(plannedOffsets(3, 1000).map((t) => Math.round(t))).toEqual([0, 333, 667]);
    expect(() => plannedOffsets(0, 1000)).toThrow(/rate/);
  });

  it("gives every session every screen before a pair repeats when the counts share no factor", () => {
    const screens = Array.from({ length: 17 }, (_, i) => `/s${i}`);
    const pairs = new Set(Array.from({ length: 30 * 17 }, (_, i) => JSON.stringify(requestOf(i, 30, screens))));
    expect(pairs.size).toBe(30 * 17);
    expect(requestOf(30 * 17, 30, screens)).toEqual(requestOf(0, 30, screens));
  });

  it("sends each request at its planned time even when none has answered (an open loop), late sends handed their plan", async () => {
    let now = 0;
    const clock: Clock = {
      now: () => now,
      sleep: async (ms) => {
        // A busy client wakes late: 30 ms past every planned time.
        now += ms + 30;
      },
    };
    const fired: Array<{ i: number; plannedAt: number; sentAt: number }> = [];
    const never = new Promise<never>(() => {});
    const sends = await fireAtPlannedTimes(
      [0, 10, 20, 100],
      (i, plannedAt) => {
        fired.push({ i, plannedAt, sentAt: now });
        return never;
      },
      clock,
    );
    expect(sends).toHaveLength(4);
    // The second wake-up is at 40 ms: the requests due at 10 and 20 go together, each with its own plan.
    expect(fired).toEqual([
      { i: 0, plannedAt: 0, sentAt: 0 },
      { i: 1, plannedAt: 10, sentAt: 40 },
      { i: 2, plannedAt: 20, sentAt: 40 },
      { i: 3, plannedAt: 100, sentAt: 130 },
    ]);
  });
});

describe("a step's figures", () => {
  it("takes percentiles by nearest rank: a sample really measured, whatever the order", () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1
    expect(percentile(samples, 0.5)).toBe(50);
    expect(percentile(samples, 0.95)).toBe(95);
    expect(percentile(samples, 0.99)).toBe(99);
    expect(percentile(samples, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([1, 2, 3], 0.5)).toBe(2);
    expect(percentile([], 0.5)).toBeNaN();
  });

  it("counts every answer but a 200 and every request with no answer as an error, by kind", () => {
    const figures = figuresOf(10, [
      { latencyMs: 10, outcome: 200 },
      { latencyMs: 20, outcome: 302 },
      { latencyMs: 30, outcome: "HeadersTimeoutError" },
      { latencyMs: 40, outcome: 200 },
      { latencyMs: 50, outcome: 500 },
    ]);
    expect(figures).toMatchObject({ rate: 10, sent: 5, p50: 30, max: 50, errors: 3, errorKinds: { "302": 1, HeadersTimeoutError: 1, "500": 1 } });
  });

  it("reports the highest rate held before the first step that was not", () => {
    const step = (rate: number, p95: number, errors = 0) => ({ ...figuresOf(rate, []), p95, errors });
    expect(highestHeld([step(20, 40), step(40, 90), step(60, 300), step(80, 200)], 250)).toBe(40);
    expect(highestHeld([step(40, 90), step(20, 40)], 250)).toBe(40);
    expect(highestHeld([step(20, 40), step(40, 90, 1)], 250)).toBe(20);
    expect(highestHeld([step(20, 251)], 250)).toBeNull();
  });

  it("with a rate run several times, holds it when more than half of its steps held", () => {
    const step = (rate: number, p95: number, errors = 0) => ({ ...figuresOf(rate, []), p95, errors });
    // Two of three held at 40: held; one of three at 50: not, and the climb ends there.
    expect(highestHeld([step(30, 50), step(30, 60), step(30, 55), step(40, 90), step(40, 400), step(40, 120), step(50, 300), step(50, 200), step(50, 900), step(60, 100)], 250)).toBe(40);
    // One of two is not more than half.
    expect(highestHeld([step(30, 50), step(30, 60), step(40, 90), step(40, 400)], 250)).toBe(30);
    // An error fails its step however fast it was.
    expect(highestHeld([step(30, 50), step(30, 60, 1), step(30, 70, 2)], 250)).toBeNull();
  });
});

describe("a page view's practice calls", () => {
  const entry = (method: string, path: string, correlationId: string | null, query: unknown = {}): JournalCall => ({ method, path, correlationId, query, body: null });
  const requests = [
    { label: "document", requestId: "doc1" },
    { label: "/profile/photo", requestId: "photo1" },
    { label: "/assets/app.js", requestId: null },
  ];

  it("groups entries by call, names the request that made each, and flags a call repeated with the same arguments", () => {
    const view = callsOfView(
      [
        entry("GET", "ValidateToken", "doc1"),
        entry("POST", "Patient/PatientMenu", "doc1"),
        entry("GET", "IndiciLookup", "doc1", { LookupTypeID: "1" }),
        entry("GET", "IndiciLookup", "doc1", { LookupTypeID: "2" }),
        entry("GET", "ValidateToken", "photo1"),
        entry("GET", "Patient/LoadImage", "unknown-id"),
        entry("get", "/patient/loadimage", null),
      ],
      requests,
    );
    expect(view.count).toBe(7);
    expect(view.calls).toEqual([
      { call: "GET ValidateToken", times: 2, distinct: 1, from: ["document", "/profile/photo"] },
      { call: "POST Patient/PatientMenu", times: 1, distinct: 1, from: ["document"] },
      { call: "GET IndiciLookup", times: 2, distinct: 2, from: ["document", "document"] },
      { call: "GET Patient/LoadImage", times: 2, distinct: 1, from: [UNATTRIBUTED, UNATTRIBUTED] },
    ]);
    // Two lookups of different types are two reads; the token checked twice is one read made twice.
    expect(view.repeated).toEqual(["GET ValidateToken", "GET Patient/LoadImage"]);
    expect(describeCalls(view)).toBe(
      "GET ValidateToken ×2 (a repeat) [from document, /profile/photo], POST Patient/PatientMenu [from document], GET IndiciLookup ×2 (2 queries) [from document, document], GET Patient/LoadImage ×2 (a repeat) [from unattributed, unattributed]",
    );
  });

  it("leaves the sources out when every call is the page's own, and says what a first view read beyond a warm one and why", () => {
    const warm = callsOfView([entry("GET", "ValidateToken", "doc1"), entry("GET", "Patient", "doc1")], requests);
    expect(describeCalls(warm)).toBe("GET ValidateToken, GET Patient");
    const first = callsOfView([entry("GET", "ValidateToken", "doc1"), entry("GET", "Patient", "doc1"), entry("GET", "ValidateToken", "photo1"), entry("GET", "Patient/Organization", "doc1")], requests);
    expect(callsBeyond(first, warm)).toEqual(["GET ValidateToken [from /profile/photo]", "GET Patient/Organization [from document]"]);
    expect(callsBeyond(warm, first)).toEqual([]);
    expect(callsOfView([], requests)).toEqual({ count: 0, calls: [], repeated: [] });
  });
});
