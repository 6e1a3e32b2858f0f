import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { listAccess, practiceKey, purgeAccessRecord, recordAccess, startAccessRetention } from "~/.server/access-entries.server";
import type { AccessAction, AccessArea } from "~/lib/access-kinds";
import type { PortalStore } from "~/.server/portal-store.server";
import { observability } from "~/.server/observability.server";
import { accessEntries, devices } from "~/.server/portal-store/schema";
import { openEmbeddedTestStore } from "../helpers/test-stores";

/**
 * The access record as a patient reads it and as retention keeps it (issue 31, decisions/270), on an
 * embedded store of this process: one patient's entries at one practice, filtered, newest first and
 * paged without a gap or a repeat; the purge of entries past their days, in batches.
 */

const PRACTICE = "https://practice.example.nz/api";
const T0 = new Date("2026-11-27T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const DAY = 24 * 60 * 60 * 1000;

let store: PortalStore;
beforeAll(async () => {
  store = await openEmbeddedTestStore();
}, 120_000);
afterAll(() => store.close());

let patients = 0;
const newPatient = () => `P-${++patients}-${Date.now()}`;

/**
 * An entry handed to the store as recordAccess hands it, but directly: the rules of recordAccess are
 * tests/unit/access-record-events.test.ts's, and a test here reruns slowly for each of their mutants.
 */
function record(patientId: string, over: { at?: Date; area?: AccessArea; holderKey?: string; itemId?: string; action?: AccessAction; practice?: string } = {}) {
  const { practice = PRACTICE, ...rest } = over;
  store.insertLater("access.record", accessEntries, { at: T0, practiceKey: practiceKey(practice), patientId, holderKey: "h".repeat(43), proxyName: null, area: "letters", itemId: null, action: "view", device: "Chrome on Windows", sessionId: "s".repeat(16), ...rest });
}

describe("one patient's record", () => {
  it("is theirs at this practice only, newest first, filtered by who, area and time (from included, to excluded)", async () => {
    const patient = newPatient();
    record(patient, { at: at(0), area: "letters" });
    record(patient, { at: at(1000), area: "results", holderKey: "k".repeat(43) });
    record(patient, { at: at(2000), area: "letters", itemId: "L-7", action: "download" });
    record(newPatient());
    record(patient, { practice: "https://other.example.nz/api" });
    const list = async (query: Partial<Parameters<typeof listAccess>[0]> = {}) => (await listAccess({ practice: PRACTICE, patientId: patient, ...query }, store)).entries.map((e) => e.at.getTime() - T0.getTime());
    expect(await list()).toEqual([2000, 1000, 0]);
    expect(await list({ area: "letters" })).toEqual([2000, 0]);
    expect(await list({ holderKey: "k".repeat(43) })).toEqual([1000]);
    expect(await list({ from: at(1000) })).toEqual([2000, 1000]);
    expect(await list({ to: at(1000) })).toEqual([0]);
    expect(await list({ from: at(1000), to: at(2000) })).toEqual([1000]);
    const [newest] = (await listAccess({ practice: PRACTICE, patientId: patient }, store)).entries;
    expect(newest).toEqual({ id: expect.any(Number), at: at(2000), patientId: patient, holderKey: "h".repeat(43), proxyName: null, area: "letters", itemId: "L-7", action: "download", device: "Chrome on Windows", sessionId: "s".repeat(16) });
  });

  it("pages newest first, each page where the last ended, without a gap or a repeat where entries share a millisecond", async () => {
    const patient = newPatient();
    for (let i = 0; i < 7; i++) record(patient, { at: at(Math.floor(i / 3) * 1000), itemId: `L-${i}` });
    // Pages of 2 and of 3: each next page starts after the last entry shown, not after another one.
    for (const [pageSize, expectedSizes] of [[2, [2, 2, 2, 1]], [3, [3, 3, 1]]] as const) {
      const seen: string[] = [];
      let after: string | null = null;
      const sizes: number[] = [];
      do {
        const page = await listAccess({ practice: PRACTICE, patientId: patient, pageSize, after }, store);
        sizes.push(page.entries.length);
        seen.push(...page.entries.map((e) => e.itemId!));
        if (page.next) expect(page.next).toMatch(/^\d+\.\d+$/);
        after = page.next;
      } while (after);
      expect(sizes).toEqual(expectedSizes);
      expect(seen).toEqual(["L-6", "L-5", "L-4", "L-3", "L-2", "L-1", "L-0"]);
    }
    // Exactly a page: no next page.
    const whole = await listAccess({ practice: PRACTICE, patientId: patient, pageSize: 7 }, store);
    expect(whole.entries).toHaveLength(7);
    expect(whole.next).toBeNull();
  });

  it("takes 50 a page unless asked, at least 1 and at most 200; a position that is not one starts at the newest", async () => {
    const patient = newPatient();
    for (let i = 0; i < 205; i++) record(patient, { at: at(i) });
    const size = async (pageSize?: number) => (await listAccess({ practice: PRACTICE, patientId: patient, pageSize }, store)).entries.length;
    expect(await size()).toBe(50);
    expect(await size(0)).toBe(1);
    expect(await size(-5)).toBe(1);
    expect(await size(2.9)).toBe(2);
    expect(await size(200)).toBe(200);
    expect(await size(1000)).toBe(200);
    for (const after of ["nonsense", "123", "x1.2", "1.2x", `${"9".repeat(16)}.1`]) {
      const [first] = (await listAccess({ practice: PRACTICE, patientId: patient, pageSize: 1, after }, store)).entries;
      expect(first.at).toEqual(at(204));
    }
  });

  it("with no store, or one that fails, the page gets a 503 and plain words", async () => {
    const refused = async (s: PortalStore | undefined) => {
      try {
        await listAccess({ practice: PRACTICE, patientId: "P-1" }, s);
      } catch (error) {
        return error as { init: { status: number }; data: { message: string } };
      }
      throw new Error("answered");
    };
    expect((await refused(undefined)).init.status).toBe(503);
    const failing = { flush: () => Promise.resolve(), run: () => Promise.reject(Object.assign(new Error("store away"), { code: "ECONNREFUSED" })) } as unknown as PortalStore;
    const logged = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    try {
      const answer = await refused(failing);
      expect(answer.init.status).toBe(503);
      expect(answer.data.message).toMatch(/\w/);
      // The operator's log says which read failed and why (the store's code), never whose record it was.
      expect(logged).toHaveBeenCalledWith(expect.objectContaining({ kind: "portal-store", operation: "access.list", error: "ECONNREFUSED" }), "portal store read failed");
      expect(JSON.stringify(logged.mock.calls)).not.toContain("P-1");
    } finally {
      logged.mockRestore();
    }
  });

  it("times its writes and its reads on the store's panel, each under its own operation", async () => {
    const timed = async (operation: string) => {
      const values = (await observability().portalStoreDuration.get()).values;
      return values.find((v) => v.metricName === "portal_store_query_duration_seconds_count" && v.labels.operation === operation)?.value ?? 0;
    };
    await store.flush();
    const [writes, reads] = [await timed("access.record"), await timed("access.list")];
    const patient = newPatient();
    recordAccess({ practice: PRACTICE, patientId: patient, holderKey: "h".repeat(43), proxyName: null, area: "letters", action: "view", userAgent: null, sessionId: "s".repeat(16) }, store);
    expect((await listAccess({ practice: PRACTICE, patientId: patient }, store)).entries).toHaveLength(1);
    expect(await timed("access.record")).toBe(writes + 1);
    expect(await timed("access.list")).toBe(reads + 1);
  });
});

describe("the retention purge", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("deletes only the entries older than the days kept, and says how many", async () => {
    const now = at(400 * DAY);
    const cutoff = now.getTime() - 30 * DAY;
    const patient = newPatient();
    const row = (when: Date) => ({ at: when, practiceKey: practiceKey(PRACTICE), patientId: patient, holderKey: "h".repeat(43), proxyName: null, area: "letters" as const, itemId: null, action: "view" as const, device: "Chrome on Windows" as const, sessionId: "s".repeat(16) });
    await store.run("access.record", (db) => db.insert(accessEntries).values(Array.from({ length: 3 }, () => row(new Date(cutoff - 1)))));
    await store.run("access.record", (db) => db.insert(accessEntries).values([row(new Date(cutoff)), row(now)]));
    const removed = await purgeAccessRecord(store, { now, days: 30 });
    expect(removed).toBeGreaterThanOrEqual(3);
    const left = await listAccess({ practice: PRACTICE, patientId: patient }, store);
    expect(left.entries.map((e) => e.at)).toEqual([now, new Date(cutoff)]);
    expect(await purgeAccessRecord(store, { now, days: 30 })).toBe(0);
  });

  it("deletes all of more entries than one statement takes, a batch at a time, however many batches they fill", async () => {
    // Long before every other test's entries: only this test's are old enough to go.
    const now = at(-1000 * DAY);
    const cutoff = now.getTime() - 30 * DAY;
    const patient = newPatient();
    const row = (when: Date) => ({ at: when, practiceKey: practiceKey(PRACTICE), patientId: patient, holderKey: "h".repeat(43), proxyName: null, area: "letters" as const, itemId: null, action: "view" as const, device: "Chrome on Windows" as const, sessionId: "s".repeat(16) });
    const old = (count: number) => store.run("access.record", (db) => db.insert(accessEntries).values(Array.from({ length: count }, (_, n) => row(new Date(cutoff - 1 - n)))));
    await store.run("access.record", (db) => db.insert(accessEntries).values(row(new Date(cutoff))));
    // Two full batches of 2 and one of 1; then two full ones and an empty one.
    await old(5);
    expect(await purgeAccessRecord(store, { now, days: 30, batch: 2 })).toBe(5);
    await old(4);
    expect(await purgeAccessRecord(store, { now, days: 30, batch: 2 })).toBe(4);
    expect((await listAccess({ practice: PRACTICE, patientId: patient }, store)).entries.map((e) => e.at)).toEqual([new Date(cutoff)]);
  });

  it("runs at once, purges the devices too when asked, and tells what it removed or how it failed", async () => {
    const now = at(800 * DAY);
    const patient = newPatient();
    record(patient, { at: at(800 * DAY - 31 * DAY) });
    record(patient, { at: at(800 * DAY - 29 * DAY) });
    await store.flush();
    await store.run("devices.write", (db) =>
      db.insert(devices).values({ deviceId: "d".repeat(43), holderKey: "h".repeat(43), label: "Chrome on Windows", addressRange: "unknown", firstSeen: at(0), lastSeen: at(800 * DAY - 100 * DAY) }),
    );
    const outcome = await new Promise<unknown>((resolve) => {
      const stop = startAccessRetention(store, { days: 30, devicesDays: 90, now: () => now, onPurged: resolve });
      stop();
    });
    expect(outcome).toMatchObject({ devicesRemoved: 1 });
    expect((outcome as { removed: number }).removed).toBeGreaterThanOrEqual(1);
    expect((await listAccess({ practice: PRACTICE, patientId: patient }, store)).entries).toHaveLength(1);

    const withoutDevices = await new Promise<unknown>((resolve) => startAccessRetention(store, { days: 30, now: () => now, onPurged: resolve })());
    expect(withoutDevices).toEqual({ removed: 0, devicesRemoved: 0 });

    const failure = new Error("store away");
    const failing = { run: () => Promise.reject(failure) } as unknown as PortalStore;
    const failed = await new Promise<unknown>((resolve) => startAccessRetention(failing, { days: 30, devicesDays: 90, now: () => now, onPurged: resolve })());
    expect(failed).toEqual({ error: failure });
  });

  it("logs what each purge removed, nothing when it removed nothing, and each failure by its code; the first failure is the one told", async () => {
    const logger = observability().logger;
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    const now = at(1200 * DAY);
    record(newPatient(), { at: at(1200 * DAY - 31 * DAY) });
    await store.flush();
    await store.run("devices.write", (db) =>
      db.insert(devices).values({ deviceId: "e".repeat(43), holderKey: "h".repeat(43), label: "Chrome on Windows", addressRange: "unknown", firstSeen: at(0), lastSeen: at(1200 * DAY - 100 * DAY) }),
    );
    const purged = (on: PortalStore) => new Promise<unknown>((resolve) => startAccessRetention(on, { days: 30, devicesDays: 90, now: () => now, onPurged: resolve })());
    const outcome = (await purged(store)) as { removed: number; devicesRemoved: number };
    expect(outcome.removed).toBeGreaterThanOrEqual(1);
    expect(outcome.devicesRemoved).toBe(1);
    expect(info.mock.calls).toEqual([
      [{ kind: "portal-store", operation: "access.purge", removed: outcome.removed }, "access record purged"],
      [{ kind: "portal-store", operation: "devices.write", removed: 1 }, "devices purged"],
    ]);
    info.mockClear();
    expect(await purged(store)).toEqual({ removed: 0, devicesRemoved: 0 });
    expect(info).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();

    // The access record's purge and the devices' fail each in their own way.
    const away = Object.assign(new Error("store away"), { code: "ECONNREFUSED" });
    const locked = Object.assign(new Error("lock timeout"), { code: "55P03" });
    const failing = { run: (operation: string) => Promise.reject(operation === "access.purge" ? away : locked) } as unknown as PortalStore;
    expect(await purged(failing)).toEqual({ error: away });
    expect(error.mock.calls).toEqual([
      [{ kind: "portal-store", operation: "access.purge", error: "ECONNREFUSED" }, "access record purge failed"],
      [{ kind: "portal-store", operation: "devices.write", error: "55P03" }, "devices purge failed"],
    ]);
    // The devices' failure alone is told when the access record's purge went through.
    const devicesFailing = { run: (operation: string, work: unknown) => (operation === "access.purge" ? store.run(operation, work as never) : Promise.reject(locked)) } as unknown as PortalStore;
    expect(await purged(devicesFailing)).toEqual({ error: locked });
    expect(info).not.toHaveBeenCalled();
  });

  it("started as the server starts it (its own clock, nobody told): purges by today's date, and the purge's end throws nothing", async () => {
    const info = vi.spyOn(observability().logger, "info").mockImplementation(() => undefined);
    const error = vi.spyOn(observability().logger, "error").mockImplementation(() => undefined);
    const rejected: unknown[] = [];
    const onRejection = (reason: unknown) => rejected.push(reason);
    process.on("unhandledRejection", onRejection);
    try {
      // Older than 5000 days by the real clock, and only just inside them: no other test's entries are that old.
      const patient = newPatient();
      const days = 5000;
      record(patient, { at: new Date(Date.now() - (days + 1) * DAY) });
      record(patient, { at: new Date(Date.now() - (days - 1) * DAY) });
      await store.flush();
      const purged = new Promise<void>((resolve) => {
        info.mockImplementation(() => resolve());
        error.mockImplementation(() => resolve());
      });
      startAccessRetention(store, { days })();
      await purged;
      // The purge tells its end after logging: a macrotask later, any failure of that has surfaced.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rejected).toEqual([]);
      expect(error).not.toHaveBeenCalled();
      expect((await listAccess({ practice: PRACTICE, patientId: patient }, store)).entries).toHaveLength(1);
    } finally {
      process.off("unhandledRejection", onRejection);
    }
  });
});
