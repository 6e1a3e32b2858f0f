import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./redis-server";

/**
 * A real PostgreSQL (Debian's): the one the Vitest run shares (tests/global-postgres.ts), or a file's
 * own when the file stops and starts it. On a free port, in a folder of its own under the
 * system's temporary folder, removed afterwards. `npm test` installs it when missing; a machine without
 * it fails here, with how to install it. initdb refuses to run as root, so as root the server runs as
 * the `postgres` user Debian's package creates.
 */

const run = promisify(execFile);

function binaries(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "initdb"))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (versions.length === 0) {
    throw new Error(`These tests need PostgreSQL's server (${root}/*/bin/initdb). Install Debian's: sudo apt-get install -y postgresql (npm test installs it when it can).`);
  }
  return path.join(root, versions[0], "bin");
}

export interface PostgresServer {
  port: number;
  /** The server's own database, as the `portal` superuser. */
  url: string;
  /** A new, empty database on the server, and its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut); `start` brings it back with its data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  remove(): Promise<void>;
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = binaries();
  const asRoot = userInfo().uid === 0;
  const dir = mkdtempSync(path.join(tmpdir(), "portal-postgres-"));
  const data = path.join(dir, "data");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  // As the postgres user when root (initdb refuses root), else as whoever runs the tests.
  const as = (program: string, args: string[]) => (asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]) : run(path.join(bin, program), args));
  await as("initdb", ["-D", data, "-A", "trust", "-U", "portal", "-E", "UTF8", "--locale=C", "--no-sync"]);
  const port = await freePort();
  let running = false;
  const server: PostgresServer = {
    port,
    url: `postgres://portal@127.0.0.1:${port}/postgres`,
    createDatabase: (name) => createDatabase(server.url, name),
    async start() {
      // -w: pg_ctl returns once the server accepts connections. fsync off: a test's data need not survive a power cut.
      await as("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "start"]);
      running = true;
    },
    async stop() {
      if (!running) return;
      running = false;
      await as("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
    },
    async remove() {
      await server.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** A new, empty database named `name` on the server at `serverUrl`, and its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const safe = name.replace(/[^a-z0-9_]/gi, "_");
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database "${safe}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${safe}`;
  return url.toString();
}

