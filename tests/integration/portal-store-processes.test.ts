import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useMockServer } from "../helpers/mock-world";
import { runPortalUntilExit, startPortalProcess, type PortalProcess } from "../helpers/portal-process";
import { startPostgresServer, type PostgresServer } from "../helpers/postgres-server";
import { freePort } from "../helpers/redis-server";

/** The migrations in the folder, as drizzle-kit's journal lists them: each applied exactly once. */
const MIGRATION_COUNT = (JSON.parse(readFileSync("app/.server/portal-store/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] }).entries.length;

/**
 * The portal store across processes (issue 31, issue 34, decisions/270): processes starting at once on
 * one fresh PostgreSQL migrate it once between them; a DATABASE_URL that is not one, or a database that
 * does not answer, stops the built portal's start-up with a message naming DATABASE_URL and never its
 * password; /readyz follows the database going away and coming back.
 */

const mock = useMockServer();
const SESSION_SECRET = "portal-store-test-secret-of-at-least-32-characters";
let postgres: PostgresServer;

beforeAll(async () => {
  postgres = await startPostgresServer();
}, 120_000);
afterAll(async () => {
  await postgres?.remove();
}, 60_000);

/** tests/helpers/open-portal-store.ts as a process of its own: `go` opens the store once every one is loaded. */
function storeProcess(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/open-portal-store.ts"], { env: { PATH: process.env.PATH ?? "", ...env }, stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  let loaded: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (loaded = resolve));
  child.stdout.on("data", (chunk) => {
    output += String(chunk);
    if (output.startsWith("ready\n")) loaded();
  });
  child.stderr.on("data", (chunk) => (output += String(chunk)));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) => child.once("exit", (code) => resolve({ code, output })));
  return { ready, exited, go: () => child.stdin.end("go\n") };
}

describe("several processes on one PostgreSQL", () => {
  it("six processes starting at once on a fresh database all open it, and its migrations are applied once", async () => {
    const url = await postgres.createDatabase("started_together");
    const processes = [1, 2, 3, 4, 5, 6].map(() => storeProcess({ DATABASE_URL: url }));
    // All six loaded before any opens (without the lock, some of them fail: seen with six, not reliably with three): their migrations start within a millisecond of each other.
    await Promise.all(processes.map((p) => p.ready));
    for (const p of processes) p.go();
    const results = await Promise.all(processes.map((p) => p.exited));
    for (const result of results) expect(result).toEqual({ code: 0, output: "ready\nopened\n" });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const applied = await client.query("select hash from drizzle.__drizzle_migrations");
      expect(applied.rowCount).toBe(MIGRATION_COUNT);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe("starting a portal process", () => {
  it("stops with a message naming DATABASE_URL when it is not a PostgreSQL URL, without printing its password", async () => {
    const { code, output } = await runPortalUntilExit({ PORT: String(await freePort()), PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET, DATABASE_URL: "mysql://portal:Secret-Pass-77@127.0.0.1:3306/portal" });
    expect(code).toBe(1);
    expect(output).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(output).not.toContain("Secret-Pass-77");
  }, 60_000);

  it("stops with a message naming DATABASE_URL when the database does not answer, without printing its password", async () => {
    const nobody = await freePort();
    const { code, output } = await runPortalUntilExit({ PORT: String(await freePort()), PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET, DATABASE_URL: `postgres://portal:Secret-Pass-77@127.0.0.1:${nobody}/portal` });
    expect(code).toBe(1);
    expect(output).toContain(`The portal cannot reach its database at postgres://portal:***@127.0.0.1:${nobody}/portal (DATABASE_URL)`);
    expect(output).not.toContain("Secret-Pass-77");
  }, 60_000);
});

describe("readiness with DATABASE_URL", () => {
  let portal: PortalProcess;
  const database = "readiness";
  beforeAll(async () => {
    const url = await postgres.createDatabase(database);
    portal = await startPortalProcess(await freePort(), { PRACTICE_IDENTITY_URL: mock.url, SESSION_SECRET, DATABASE_URL: url, CAPTCHA_MAX_NUMBER: "1000" });
  }, 120_000);
  afterAll(async () => {
    await portal?.stop();
  }, 30_000);

  const readyz = async () => {
    const res = await fetch(`${portal.url}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("/readyz names the database; 503 naming it while PostgreSQL is stopped, 200 once it is back", async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready", checks: { practice: "ok", database: "ok" } } });
    await postgres.stop();
    try {
      await expect.poll(async () => (await readyz()).status, { timeout: 15_000, interval: 100 }).toBe(503);
      expect((await readyz()).body).toEqual({ status: "not ready", failing: ["database"], checks: { practice: "ok", database: "unreachable" } });
      expect((await fetch(`${portal.url}/healthz`)).status).toBe(200);
    } finally {
      await postgres.start();
    }
    await expect.poll(async () => (await readyz()).status, { timeout: 15_000, interval: 100 }).toBe(200);
  }, 60_000);

  it("on SIGTERM closes its connections to the database and exits cleanly", async () => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const count = async () => Number((await client.query("select count(*) as n from pg_stat_activity where application_name = 'nz-patient-portal'")).rows[0].n);
    // A connection the process closed says goodbye (Terminate); one cut by the process ending is a
    // session PostgreSQL counts as abandoned. Only the first shows the store was closed: after the
    // exit, pg_stat_activity is empty either way.
    const abandoned = async () => {
      await client.query("select pg_stat_clear_snapshot()");
      return Number((await client.query("select sessions_abandoned as n from pg_stat_database where datname = $1", [database])).rows[0].n);
    };
    try {
      // The probe above left at least one connection open in the portal's pool.
      expect(await count()).toBeGreaterThan(0);
      const before = await abandoned();
      portal.signal("SIGTERM");
      expect((await portal.exited()).code).toBe(0);
      await expect.poll(count, { timeout: 10_000, interval: 50 }).toBe(0);
      expect(await abandoned()).toBe(before);
    } finally {
      await client.end();
    }
  }, 60_000);
});
