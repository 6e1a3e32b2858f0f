import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTable } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Config } from "./config.server";
import { projectRoot } from "./project-root.server";
import { currentRequestId, observability } from "./observability.server";
import { redactServerUrl } from "@contract/redact";

/** The portal's own store: PostgreSQL with DATABASE_URL, else embedded PGlite; one per process on `globalThis`, shared by both server bundles (decisions/270). */

export type PortalDb = PgDatabase<PgQueryResultHKT>;

/** Every query is named by one of these: the `operation` label of the store's metrics. */
export type StoreOperation = "migrate" | "ping" | "access.record" | "access.list" | "access.purge" | "second-step.read" | "second-step.write" | "devices.read" | "devices.write" | "share-links.read" | "share-links.write" | "share-links.purge" | "passkeys.read" | "passkeys.write" | "whanau.read" | "whanau.write" | "cards.read" | "cards.write";

export interface PortalStore {
  readonly kind: "postgres" | "embedded";
  /** Runs one query, timed by its operation's name; a failure is counted and thrown on. */
  run<T>(operation: StoreOperation, query: (db: PortalDb) => Promise<T>): Promise<T>;
  /**
   * Hands over a write that no request waits for: tried now, again after each of the retry delays
   * while it fails, then given up (logged as an error, with no data of the write, and counted).
   */
  write(operation: StoreOperation, query: (db: PortalDb) => Promise<unknown>): void;
  /**
   * Hands over one row for a table that only ever gains rows (the access record): held at most
   * BATCH_MS with the rows handed over meanwhile, then inserted with them in one statement, as a
   * `write` (decisions/351). A full batch (BATCH_ROWS) goes at once.
   */
  insertLater<T extends PgTable>(operation: StoreOperation, table: T, row: T["$inferInsert"]): void;
  /** Hands the rows held by insertLater over now, and resolves once they are written or given up. */
  flush(): Promise<void>;
  /** Resolves once every write handed over so far (rows held by insertLater included) has been written or given up. */
  settled(): Promise<void>;
  /** `select 1`: the store answers. */
  ping(): Promise<void>;
  /** Finishes the writes handed over, then closes the pool or the embedded database. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Waits before each retry of a failed background write (five tries in about 3 s by default). */
  retryDelaysMs?: readonly number[];
  /** How long a connection to PostgreSQL may take, start-up's included. */
  connectTimeoutMs?: number;
}

const RETRY_DELAYS_MS = [100, 200, 400, 800, 1_600];
/**
 * How long insertLater holds a row for others to join it, and how many rows one insert takes at most
 * (decisions/351): one insert of many rows costs the store little more than one of a single row.
 */
const BATCH_MS = 100;
const BATCH_ROWS = 100;
/** Writes waiting for the store at most; beyond, a write is given up at once rather than held in memory without end. */
const MAX_PENDING_WRITES = 10_000;
/** Any number, the same in every process: the key of the advisory lock taken while migrating. */
const MIGRATION_LOCK = 702_031;

// In the sources, whichever bundle this module is in; only the process's start-up migrates (scripts/serve.ts
// opens the store, sharePortalStore hands it to the React Router build).
const migrationsFolder = () => path.join(projectRoot(), "app", ".server", "portal-store", "migrations");

/**
 * What a log line may say of a failure: its code (SQLSTATE, or Node's ECONNREFUSED), never its
 * message, which for a refused row can quote the values written.
 */
export function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && /^[A-Z0-9_]{1,40}$/.test(code)) return code;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause && cause !== error) return failureCode(cause);
  return error instanceof Error ? error.name : "unknown";
}

/** Opens the store a configuration names and brings its tables up to date; throws a message naming the variable when it cannot. */
export async function openPortalStore(settings: Pick<Config, "DATABASE_URL" | "PORTAL_DATA_DIR">, options: StoreOptions = {}): Promise<PortalStore> {
  return settings.DATABASE_URL ? openPostgres(settings.DATABASE_URL, options) : openEmbedded(settings.PORTAL_DATA_DIR, options);
}

async function openPostgres(url: string, options: StoreOptions): Promise<PortalStore> {
  const where = `${redactServerUrl(url)} (DATABASE_URL)`;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    // A query that hangs (a server gone quiet) fails instead of holding a request or a write for ever.
    query_timeout: 15_000,
    application_name: "nz-patient-portal",
  });
  // An idle connection dropped by the server (a restart) is reported here; the pool forgets it and
  // the next query opens a new one. Without a listener it would end the process.
  pool.on("error", () => undefined);
  try {
    await pool.query("select 1");
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`The portal cannot reach its database at ${where}: ${describe(error)}`, { cause: error });
  }
  try {
    // Every process starting at once migrates in turn: drizzle's migrator creates its own schema and
    // table before its transaction, which two processes racing on a fresh database would both try.
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      try {
        await timed("migrate", () => migratePg(drizzlePg({ client }), { migrationsFolder: migrationsFolder() }));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new Error(`The portal could not bring its database at ${where} up to date: ${describe(error)}`, { cause: error });
  }
  return createStore("postgres", drizzlePg({ client: pool }) as unknown as PortalDb, () => pool.end(), options);
}

async function openEmbedded(dataDir: string, options: StoreOptions): Promise<PortalStore> {
  const inMemory = dataDir.startsWith("memory://");
  const folder = inMemory ? dataDir : path.resolve(dataDir);
  const lock = inMemory ? null : takeFolder(folder);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(folder);
    const db = drizzlePglite({ client });
    await timed("migrate", () => migratePglite(db, { migrationsFolder: migrationsFolder() }));
    const opened = client;
    return createStore("embedded", db as unknown as PortalDb, async () => {
      await opened.close();
      lock?.release();
    }, options);
  } catch (error) {
    await client?.close().catch(() => undefined);
    lock?.release();
    throw new Error(`The portal cannot open its embedded store in ${folder} (PORTAL_DATA_DIR): ${describe(error)}`, { cause: error });
  }
}

/**
 * The embedded store is one process's: PGlite does not guard its folder, and two processes writing
 * one would corrupt it. A lock file beside the folder names the process using it; one left by a
 * process that has ended is taken over.
 */
function takeFolder(folder: string): { release(): void } {
  mkdirSync(folder, { recursive: true });
  const file = `${folder}.lock`;
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch {
    const holder = Number(readFileSync(file, "utf8").trim());
    if (Number.isInteger(holder) && holder > 0 && running(holder)) {
      throw new Error(
        `The portal cannot open its embedded store in ${folder} (PORTAL_DATA_DIR): process ${holder} is using it. ` +
          "The embedded store serves one process; to run several, give them one PostgreSQL with DATABASE_URL.",
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return { release: () => rmSync(file, { force: true }) };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  return error instanceof Error ? error.message || failureCode(error) : String(error);
}

/**
 * One query of an area's store, for an area whose screen cannot go on without it (the second step,
 * devices): a store that is away is logged (operation and code only, never the values) and thrown as
 * the area's own error, which its page turns into plain words.
 */
export function storeQueries<Op extends StoreOperation>(opened: () => PortalStore | undefined, unavailable: () => Error) {
  return async function run<T>(operation: Op, query: (db: PortalDb) => Promise<T>): Promise<T> {
    try {
      const current = opened();
      if (!current) throw new Error("no store");
      return await current.run(operation, query);
    } catch (error) {
      observability().logger.error({ kind: "portal-store", operation, requestId: currentRequestId(), error: failureCode(error) }, "portal store query failed");
      throw unavailable();
    }
  };
}

async function timed<T>(operation: StoreOperation, query: () => Promise<T>): Promise<T> {
  const { portalStoreDuration, portalStoreErrors } = observability();
  const stop = portalStoreDuration.startTimer({ operation });
  try {
    return await query();
  } catch (error) {
    portalStoreErrors.inc({ operation });
    throw error;
  } finally {
    stop();
  }
}

function createStore(kind: PortalStore["kind"], db: PortalDb, end: () => Promise<void>, options: StoreOptions): PortalStore {
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const pending = new Set<Promise<void>>();
  let closed: Promise<void> | undefined;
  /** insertLater's rows not yet handed to `write`, by table, with the operation that names them. */
  const held = new Map<PgTable, { operation: StoreOperation; rows: unknown[] }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** A write given up: counted once for each row it held (a batch of insertLater's rows holds many). */
  const giveUp = (operation: StoreOperation, reason: string, rows = 1) => {
    const { logger, portalStoreWritesLost } = observability();
    portalStoreWritesLost.inc({ operation }, rows);
    logger.error({ kind: "portal-store", store: kind, operation, requestId: currentRequestId(), error: reason, ...(rows > 1 ? { rows } : {}) }, "portal store write lost");
  };

  const attempt = async (operation: StoreOperation, query: (db: PortalDb) => Promise<unknown>, rows: number) => {
    for (let tried = 0; ; tried++) {
      try {
        await timed(operation, () => query(db));
        return;
      } catch (error) {
        if (tried >= delays.length) return giveUp(operation, failureCode(error), rows);
        observability().portalStoreWriteRetries.inc({ operation });
        await new Promise((resolve) => setTimeout(resolve, delays[tried]));
      }
    }
  };

  /** Starts a background write; its job, or nothing when it was given up at once. */
  const hand = (operation: StoreOperation, query: (db: PortalDb) => Promise<unknown>, rows = 1): Promise<void> | undefined => {
    if (closed || pending.size >= MAX_PENDING_WRITES) {
      giveUp(operation, closed ? "closed" : "too many waiting", rows);
      return undefined;
    }
    const job = attempt(operation, query, rows).finally(() => pending.delete(job));
    pending.add(job);
    return job;
  };

  /** Hands every held batch to `write`; the jobs it made. */
  const handOver = (): Array<Promise<void>> => {
    clearTimeout(timer);
    timer = undefined;
    const jobs: Array<Promise<void>> = [];
    for (const [table, { operation, rows }] of held) {
      const job = hand(operation, (db) => db.insert(table).values(rows as never), rows.length);
      if (job) jobs.push(job);
    }
    held.clear();
    return jobs;
  };

  const store: PortalStore = {
    kind,
    run: (operation, query) => timed(operation, () => query(db)),
    write(operation, query) {
      hand(operation, query);
    },
    insertLater(operation, table, row) {
      if (closed) return giveUp(operation, "closed");
      const batch = held.get(table) ?? { operation, rows: [] };
      held.set(table, batch);
      batch.rows.push(row);
      if (batch.rows.length >= BATCH_ROWS) handOver();
      else if (!timer) {
        timer = setTimeout(handOver, BATCH_MS);
        // A process with nothing else to do may end: close() hands the held rows over first.
        timer.unref();
      }
    },
    async flush() {
      await Promise.all(handOver());
    },
    async settled() {
      handOver();
      while (pending.size > 0) await Promise.all(pending);
    },
    async ping() {
      await timed("ping", () => db.execute(sql`select 1`));
    },
    close() {
      closed ??= (async () => {
        await store.settled();
        await end();
      })();
      return closed;
    },
  };
  return store;
}

/**
 * The store's upkeep (the access record's retention, the share links' purge): run once now, then once a
 * day, on a timer that keeps no process alive and stops when the process closes. The job logs its own
 * failures; the next day tries again. Answers the stop.
 */
export function runDaily(job: () => Promise<void>): () => void {
  void job();
  const timer = setInterval(() => void job(), 24 * 60 * 60 * 1000);
  timer.unref();
  const stop = () => clearInterval(timer);
  observability().closers.add(stop);
  return stop;
}

const KEY = Symbol.for("nz-patient-portal.portal-store");
const holder = globalThis as unknown as Record<symbol, PortalStore | undefined>;

/**
 * Makes an opened store this process's (scripts/serve.ts, at start-up): the pages' `portalStore()`
 * answers it, and it closes with the process once requests in flight have been answered.
 */
export function sharePortalStore(store: PortalStore): void {
  holder[KEY] = store;
  observability().closers.add(() => store.close());
}

/**
 * Hands the process's store back, if it is still this one: a test file that made its own store the
 * process's ends with none, so the next file in its worker (they share modules and globals) starts as a
 * process without a store would.
 */
export function unsharePortalStore(store: PortalStore): void {
  if (holder[KEY] === store) holder[KEY] = undefined;
}

/** This process's store, opened at start-up; undefined where none was (a test that serves pages in its own process). */
export function portalStore(): PortalStore | undefined {
  return holder[KEY];
}

/** /readyz's check that the database answers (server-health.ts), only when DATABASE_URL is set. */
export function databaseReadiness(store: PortalStore) {
  return { name: "database", check: () => store.ping() };
}
