import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { deviceLabel, listAccess, purgeAccessRecord, recordAccess, startAccessRetention, type AccessEvent } from "~/.server/access-entries.server";
import { observability } from "~/.server/observability.server";
import { openPortalStore, portalStore, sharePortalStore, type PortalStore, type StoreOperation } from "~/.server/portal-store.server";
import { accessEntries, type DeviceLabel } from "~/.server/portal-store/schema";
import { startPostgresServer, type PostgresServer } from "../helpers/postgres-server";

/**
 * The portal store's contract (issue 31, decisions/270), one suite run against both stores: the
 * embedded PGlite (in memory) and a real PostgreSQL started here. "Two processes" are two stores: on
 * PostgreSQL two pools on one database; the embedded store is one process's, so both are the same.
 * Every wait is for an event (a write settled, a purge reported, a counter moved), never a delay.
 * It shares a store on globalThis, as the server does, so it has a module graph and globals of its own
 * (OWN_MODULES in vitest.config.ts).
 */

/** The migrations in the folder, as drizzle-kit's journal lists them: each applied exactly once. */
const MIGRATION_COUNT = (JSON.parse(readFileSync("app/.server/portal-store/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

let postgres: PostgresServer;
const opened: PortalStore[] = [];
let databases = 0;

beforeAll(async () => {
  postgres = await startPostgresServer();
}, 120_000);
afterAll(async () => {
  for (const store of opened) await store.close().catch(() => undefined);
  await postgres?.remove();
}, 60_000);

async function keep(store: Promise<PortalStore>): Promise<PortalStore> {
  const s = await store;
  opened.push(s);
  return s;
}

/** A fresh PostgreSQL database on the file's server. */
const freshDatabase = () => postgres.createDatabase(`portal_${process.pid}_${++databases}`);

const counter = async (name: string, operation: StoreOperation) => {
  const metric = (await observability().registry.getSingleMetric(name)?.get())?.values ?? [];
  return metric.filter((v) => v.labels.operation === operation).reduce((sum, v) => sum + v.value, 0);
};

/** Queries made under an operation's name: the count of its duration histogram. */
const queries = async (operation: StoreOperation) => {
  const metric = (await observability().registry.getSingleMetric("portal_store_query_duration_seconds")?.get())?.values ?? [];
  return metric.filter((v) => v.labels.operation === operation && (v as { metricName?: string }).metricName?.endsWith("_count")).reduce((sum, v) => sum + v.value, 0);
};

/** Rows of a raw query, whichever driver answered (both put them in `rows`). */
async function rows<T>(store: PortalStore, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await store.run("ping", (db) => db.execute(query))) as unknown as { rows: T[] };
  return result.rows;
}

let practices = 0;
/** An event of a practice of its own (an API address), so that each test reads only its own entries. */
function eventsAt() {
  const practice = `http://127.0.0.1:4010/worlds/w${++practices}-${Date.now()}/api/`;
  const event = (patch: Partial<AccessEvent> = {}): AccessEvent => ({
    practice,
    patientId: "1001",
    holderKey: "H0lderKeyOfTheAccountHolder_aaaaaaaaaaaaaaaaa",
    proxyName: null,
    area: "letters",
    itemId: "L-77",
    action: "view",
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36",
    sessionId: "anonSession01234",
    ...patch,
  });
  return { practice, event };
}

const PARENT = "ParentHolderKey_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
const DAY = 24 * 60 * 60 * 1000;

const implementations: [string, () => Promise<[PortalStore, PortalStore]>][] = [
  [
    "embedded (PGlite in memory)",
    async () => {
      const store = await keep(openPortalStore({ PORTAL_DATA_DIR: "memory://", DATABASE_URL: undefined }));
      return [store, store];
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase();
      return [await keep(openPortalStore({ DATABASE_URL: url, PORTAL_DATA_DIR: "unused" })), await keep(openPortalStore({ DATABASE_URL: url, PORTAL_DATA_DIR: "unused" }))];
    },
  ],
];

describe.each(implementations)("the %s portal store", (_name, open) => {
  let one: PortalStore;
  let two: PortalStore;
  beforeAll(async () => {
    [one, two] = await open();
  }, 120_000);

  it("has its migrations applied once, whoever opened it first", async () => {
    const applied = await rows<{ hash: string }>(one, sql`select hash from drizzle.__drizzle_migrations order by id`);
    expect(applied).toHaveLength(MIGRATION_COUNT);
    expect(await rows<{ n: number }>(two, sql`select count(*)::int as n from access_entries`)).toEqual([{ n: 0 }]);
  });

  it("lists what either process recorded, newest first, as ids, closed sets and a device label", async () => {
    const { practice, event } = eventsAt();
    const start = Date.UTC(2026, 10, 20, 9, 0);
    expect(recordAccess(event({ at: new Date(start), area: "letters", itemId: "L-1", action: "view" }), one)).toBeUndefined();
    recordAccess(event({ at: new Date(start + 1_000), area: "letters", itemId: "L-1", action: "download", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1" }), two);
    recordAccess(event({ at: new Date(start + 2_000), holderKey: PARENT, proxyName: "  Mere Parata ", area: "results", itemId: null, userAgent: undefined }), one);
    await Promise.all([one.settled(), two.settled()]);
    const page = await listAccess({ practice, patientId: "1001" }, two);
    expect(page.next).toBeNull();
    expect(page.entries.map(({ id: _id, ...entry }) => entry)).toEqual([
      { at: new Date(start + 2_000), patientId: "1001", holderKey: PARENT, proxyName: "Mere Parata", area: "results", itemId: null, action: "view", device: "Another browser on another device", sessionId: "anonSession01234" },
      { at: new Date(start + 1_000), patientId: "1001", holderKey: event().holderKey, proxyName: null, area: "letters", itemId: "L-1", action: "download", device: "Safari on iPhone", sessionId: "anonSession01234" },
      { at: new Date(start), patientId: "1001", holderKey: event().holderKey, proxyName: null, area: "letters", itemId: "L-1", action: "view", device: "Chrome on Android", sessionId: "anonSession01234" },
    ]);
    // Another patient's, or another practice's, record is not this one's.
    expect((await listAccess({ practice, patientId: "1002" }, one)).entries).toEqual([]);
    expect((await listAccess({ practice: `${practice}other/`, patientId: "1001" }, one)).entries).toEqual([]);
  });

  it("filters by person, area and date range, and pages through without a gap or a repeat", async () => {
    const { practice, event } = eventsAt();
    const base = Date.UTC(2026, 0, 1);
    // Eleven entries, two of them in the same millisecond (the id breaks the tie).
    const times = [0, 1, 2, 3, 3, 4, 5, 6, 7, 8, 9].map((d) => base + d * DAY);
    for (const [i, at] of times.entries()) {
      recordAccess(event({ at: new Date(at), holderKey: i % 3 === 0 ? PARENT : event().holderKey, proxyName: i % 3 === 0 ? "Mere Parata" : null, area: i % 2 === 0 ? "letters" : "messages", itemId: `item-${i}` }), one);
      // One at a time, so that the two of one millisecond get their ids in this order.
      await one.settled();
    }

    const all = await listAccess({ practice, patientId: "1001" }, two);
    expect(all.entries.map((e) => e.itemId)).toEqual(["item-10", "item-9", "item-8", "item-7", "item-6", "item-5", "item-4", "item-3", "item-2", "item-1", "item-0"]);

    const paged: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listAccess({ practice, patientId: "1001", pageSize: 3, after }, pages % 2 === 0 ? one : two);
      expect(page.entries.length).toBeLessThanOrEqual(3);
      paged.push(...page.entries.map((e) => e.itemId!));
      after = page.next;
      if (!after) break;
    }
    expect(paged).toEqual(all.entries.map((e) => e.itemId));

    expect((await listAccess({ practice, patientId: "1001", holderKey: PARENT }, one)).entries.map((e) => e.itemId)).toEqual(["item-9", "item-6", "item-3", "item-0"]);
    expect((await listAccess({ practice, patientId: "1001", area: "messages" }, one)).entries.map((e) => e.itemId)).toEqual(["item-9", "item-7", "item-5", "item-3", "item-1"]);
    // From the 3rd day (included) to the 6th (excluded).
    const range = await listAccess({ practice, patientId: "1001", from: new Date(base + 3 * DAY), to: new Date(base + 6 * DAY) }, one);
    expect(range.entries.map((e) => e.itemId)).toEqual(["item-6", "item-5", "item-4", "item-3"]);
    expect((await listAccess({ practice, patientId: "1001", area: "letters", holderKey: PARENT, from: new Date(base + 3 * DAY) }, one)).entries.map((e) => e.itemId)).toEqual(["item-6"]);
  });

  it("writes the entries of one moment in one insert (decisions/351), and lists them at once", async () => {
    const { practice, event } = eventsAt();
    await one.settled();
    const inserts = await queries("access.record");
    for (let i = 0; i < 5; i++) recordAccess(event({ itemId: `moment-${i}` }), one);
    // The listing writes what is still held first: a patient sees the page views just made.
    const listed = await listAccess({ practice, patientId: "1001" }, one);
    expect(listed.entries.map((e) => e.itemId).sort()).toEqual(["moment-0", "moment-1", "moment-2", "moment-3", "moment-4"]);
    expect(await queries("access.record")).toBe(inserts + 1);
  });

  it("refuses to change an entry: the record is append-only", async () => {
    const { practice, event } = eventsAt();
    recordAccess(event(), one);
    await one.settled();
    await expect(one.run("access.record", (db) => db.update(accessEntries).set({ area: "messages" }))).rejects.toThrow();
    expect((await listAccess({ practice, patientId: "1001" }, one)).entries.map((e) => e.area)).toEqual(["letters"]);
  });

  it("holds no name, NHI or health text in an id or a closed set: the table refuses them", async () => {
    const row = { at: new Date(), practiceKey: "PracticeKey_cccccccccc", patientId: "1001", holderKey: PARENT, proxyName: null, area: "letters" as const, itemId: "L-1", action: "view" as const, device: "Chrome on Android" as DeviceLabel, sessionId: "anonSession01234" };
    const refused = [
      { patientId: "Aroha Ngata" },
      { itemId: "HbA1c 64 mmol/mol, diabetes review" },
      { area: "diabetes review" },
      { action: "read notes" },
      { device: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130" },
      { holderKey: "aroha.ngata@example.nz" },
      { proxyName: "Mere <script>" },
      { proxyName: "NHI ZZZ0016" },
    ];
    for (const patch of refused) {
      await expect(one.run("access.record", (db) => db.insert(accessEntries).values({ ...row, ...patch } as typeof row)), JSON.stringify(patch)).rejects.toThrow();
    }
    // What the types take: no field for the patient's name, NHI or notes; areas and actions from closed sets.
    const { event } = eventsAt();
    // @ts-expect-error an access event has no patient name
    expect(() => recordAccess({ ...event(), patientName: "Aroha Ngata" } satisfies AccessEvent, one)).not.toThrow();
    // @ts-expect-error nor an area outside the portal's list
    expect(() => recordAccess(event({ area: "diabetes" }), one)).not.toThrow();
    await one.settled();
  });

  it("a recording that would be refused returns at once, writes nothing, and is counted as lost and logged without its values", async () => {
    const { practice, event } = eventsAt();
    const lost = await counter("portal_store_writes_lost_total", "access.record");
    const error = vi.spyOn(observability().logger, "error");
    expect(recordAccess(event({ patientId: "Aroha Ngata ZZZ0016" }), one)).toBeUndefined();
    await one.settled();
    expect(await counter("portal_store_writes_lost_total", "access.record")).toBe(lost + 1);
    expect(JSON.stringify(error.mock.calls)).toContain("refused: patientId");
    expect(JSON.stringify(error.mock.calls)).not.toMatch(/Aroha|ZZZ0016/);
    expect((await listAccess({ practice, patientId: "1001" }, one)).entries).toEqual([]);
  });

  it("purges the entries past the retention period, on the clock it is given", async () => {
    const { practice, event } = eventsAt();
    const now = Date.UTC(2035, 5, 1, 12);
    recordAccess(event({ at: new Date(now - 3_651 * DAY), itemId: "too-old" }), one);
    recordAccess(event({ at: new Date(now - 3_649 * DAY), itemId: "kept" }), one);
    await one.settled();
    // Other tests' entries, of 2026, are within ten years of 2035: only this one's old entry goes.
    expect(await purgeAccessRecord(one, { now: new Date(now), days: 3_650 })).toBe(1);
    expect((await listAccess({ practice, patientId: "1001" }, one)).entries.map((e) => e.itemId)).toEqual(["kept"]);
  });

  it("purges at start-up and then once a day, on a timer (fake) and a clock (given)", async () => {
    const { practice, event } = eventsAt();
    let clock = Date.UTC(2040, 0, 1);
    recordAccess(event({ at: new Date(clock - 10 * DAY), itemId: "ten-days" }), one);
    recordAccess(event({ at: new Date(clock - 8 * DAY), itemId: "eight-days" }), one);
    recordAccess(event({ at: new Date(clock - DAY / 2), itemId: "today" }), one);
    await one.settled();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const purges: ({ removed: number } | { error: unknown })[] = [];
    let told: () => void = () => undefined;
    const nextPurge = () => new Promise<void>((resolve) => (told = resolve));
    let waiting = nextPurge();
    const stop = startAccessRetention(one, {
      days: 9,
      now: () => new Date(clock),
      onPurged: (outcome) => {
        purges.push(outcome);
        told();
      },
    });
    try {
      await waiting;
      expect((await listAccess({ practice, patientId: "1001" }, one)).entries.map((e) => e.itemId)).toEqual(["today", "eight-days"]);
      // A day later the eight-day-old entry is nine days old and one millisecond: past 9 days.
      clock += DAY + 1;
      waiting = nextPurge();
      vi.advanceTimersByTime(DAY);
      await waiting;
      expect((await listAccess({ practice, patientId: "1001" }, one)).entries.map((e) => e.itemId)).toEqual(["today"]);
      expect(purges.every((p) => "removed" in p)).toBe(true);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it("retries a write the database refuses, then counts it as lost and logs it without its values", async () => {
    const store = one;
    const retries = await counter("portal_store_write_retries_total", "access.record");
    const lost = await counter("portal_store_writes_lost_total", "access.record");
    const error = vi.spyOn(observability().logger, "error");
    // A device label outside the table's check: refused by the database itself, at every try.
    const impossible = { at: new Date(), practiceKey: "PracticeKey_dddddddddd", patientId: "1001", holderKey: PARENT, proxyName: "Mere Parata", area: "letters" as const, itemId: "L-1", action: "view" as const, device: "Chrome 130.0 on Android 14" as DeviceLabel, sessionId: "anonSession01234" };
    store.write("access.record", (db) => db.insert(accessEntries).values(impossible));
    await store.settled();
    expect(await counter("portal_store_write_retries_total", "access.record")).toBe(retries + 5);
    expect(await counter("portal_store_writes_lost_total", "access.record")).toBe(lost + 1);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ kind: "portal-store", operation: "access.record", error: "23514" }), "portal store write lost");
    expect(JSON.stringify(error.mock.calls)).not.toMatch(/Mere|Parata|L-1|1001/);
  }, 60_000);
});

describe("device labels", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0", "Edge on Windows"],
    ["Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36", "Samsung Internet on Android"],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", "Safari on macOS"],
    ["Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0", "Firefox on Linux"],
    ["Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1", "Chrome on iPad"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36", "Chrome on ChromeOS"],
    ["curl/8.5.0", "Another browser on another device"],
  ])("%s is %s", (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe("the embedded store on disk", () => {
  const folder = path.join(mkdtempSync(path.join(tmpdir(), "portal-store-")), "store");
  afterAll(() => rmSync(path.dirname(folder), { recursive: true, force: true }));

  it("keeps everything across a restart, applies no migration twice, and serves one process at a time", async () => {
    const first = await keep(openPortalStore({ PORTAL_DATA_DIR: folder, DATABASE_URL: undefined }));
    const { practice, event } = eventsAt();
    recordAccess(event({ itemId: "before-restart" }), first);
    // A second opening of the folder while it is in use (here, or by another process) is refused.
    await expect(openPortalStore({ PORTAL_DATA_DIR: folder, DATABASE_URL: undefined })).rejects.toThrow(`process ${process.pid} is using it`);
    // Closing writes what was handed over first.
    await first.close();
    const again = await keep(openPortalStore({ PORTAL_DATA_DIR: folder, DATABASE_URL: undefined }));
    expect((await listAccess({ practice, patientId: "1001" }, again)).entries.map((e) => e.itemId)).toEqual(["before-restart"]);
    expect(await rows(again, sql`select hash from drizzle.__drizzle_migrations`)).toHaveLength(MIGRATION_COUNT);
  }, 180_000);
});

describe("PostgreSQL going away", () => {
  it("a write made while it is stopped returns at once, is retried, and is written once it is back; a restart loses nothing", async () => {
    const url = await freshDatabase();
    // Retries spread over about 25 s: time for the server to come back on a crowded machine.
    const store = await keep(openPortalStore({ DATABASE_URL: url, PORTAL_DATA_DIR: "unused" }, { retryDelaysMs: [200, 400, 800, 1_600, 3_200, 6_400, 12_800] }));
    const { practice, event } = eventsAt();
    recordAccess(event({ itemId: "before-stop" }), store);
    await store.settled();
    const retries = await counter("portal_store_write_retries_total", "access.record");
    await postgres.stop();
    try {
      expect(recordAccess(event({ itemId: "while-stopped" }), store)).toBeUndefined();
      await expect.poll(() => counter("portal_store_write_retries_total", "access.record"), { timeout: 20_000, interval: 50 }).toBeGreaterThan(retries);
      await expect(listAccess({ practice, patientId: "1001" }, store)).rejects.toMatchObject({ init: { status: 503 } });
    } finally {
      await postgres.start();
    }
    await store.settled();
    // Another pool, as a process started after the restart would open.
    const after = await keep(openPortalStore({ DATABASE_URL: url, PORTAL_DATA_DIR: "unused" }));
    expect((await listAccess({ practice, patientId: "1001" }, after)).entries.map((e) => e.itemId)).toEqual(["while-stopped", "before-stop"]);
  }, 120_000);

  it("a write still failing after its last retry is counted as lost", async () => {
    const url = await freshDatabase();
    const store = await keep(openPortalStore({ DATABASE_URL: url, PORTAL_DATA_DIR: "unused" }, { retryDelaysMs: [10, 20] }));
    const lost = await counter("portal_store_writes_lost_total", "access.record");
    const errors = await counter("portal_store_errors_total", "access.record");
    const { event } = eventsAt();
    await postgres.stop();
    try {
      recordAccess(event(), store);
      await store.settled();
      expect(await counter("portal_store_writes_lost_total", "access.record")).toBe(lost + 1);
      expect(await counter("portal_store_errors_total", "access.record")).toBe(errors + 3);
    } finally {
      await postgres.start();
    }
  }, 120_000);
});

describe("the process's store", () => {
  it("is the one start-up shared (the server build finds it on globalThis); before that, a recording is lost loudly, never thrown", async () => {
    const { practice, event } = eventsAt();
    expect(portalStore()).toBeUndefined();
    const lost = await counter("portal_store_writes_lost_total", "access.record");
    expect(recordAccess(event({ itemId: "no-store" }))).toBeUndefined();
    expect(await counter("portal_store_writes_lost_total", "access.record")).toBe(lost + 1);
    await expect(listAccess({ practice, patientId: "1001" })).rejects.toMatchObject({ init: { status: 503 } });

    const store = await keep(openPortalStore({ DATABASE_URL: await freshDatabase(), PORTAL_DATA_DIR: "unused" }));
    sharePortalStore(store);
    expect((globalThis as unknown as Record<symbol, unknown>)[Symbol.for("nz-patient-portal.portal-store")]).toBe(store);
    recordAccess(event({ itemId: "shared" }));
    await store.settled();
    expect((await listAccess({ practice, patientId: "1001" })).entries.map((e) => e.itemId)).toEqual(["shared"]);
  }, 60_000);
});
