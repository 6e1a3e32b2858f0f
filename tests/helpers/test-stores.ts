import { inject } from "vitest";
import { openPortalStore, type PortalStore } from "~/.server/portal-store.server";
import { embeddedStoreCopy } from "./embedded-store";
import { createDatabase } from "./postgres-server";

/**
 * The portal's store for an integration test file, without paying for a new database cluster each
 * time: PGlite's initdb (seconds of CPU for every store opened in memory) and Debian's initdb and
 * server start (about two seconds for every file) were a large part of the integration tests' time.
 */

/** The embedded store (PGlite), opened on a copy of the migrated template folder (helpers/embedded-store.ts). */
export async function openEmbeddedTestStore(): Promise<PortalStore> {
  const { folder } = await embeddedStoreCopy();
  return openPortalStore({ PORTAL_DATA_DIR: folder, DATABASE_URL: undefined });
}

let made = 0;

/**
 * A new, empty database on the PostgreSQL the Vitest run started (tests/global-postgres.ts), and its
 * URL: for a file that needs a database but never stops the server (one that does starts its own with
 * startPostgresServer). Named by `purpose`, this process and a count, so files side by side never meet.
 */
export async function testDatabase(purpose: string): Promise<string> {
  const server = inject("postgresUrl");
  if (!server) throw new Error("No PostgreSQL was started for this run: testDatabase is for the integration tests (tests/global-postgres.ts).");
  return createDatabase(server, `${purpose}_${process.pid}_${++made}`);
}

/** The store on a new database of the run's PostgreSQL (above), migrated as a portal's would be at start-up. */
export async function openPostgresTestStore(purpose: string): Promise<PortalStore> {
  return openPortalStore({ DATABASE_URL: await testDatabase(purpose), PORTAL_DATA_DIR: "unused" });
}
