import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPortalStore } from "~/.server/portal-store.server";
import { testTempDir } from "./test-temp";

/**
 * A folder of its own for a built portal's embedded store (PORTAL_DATA_DIR), already created and
 * migrated. A fresh PGlite runs initdb, seconds of CPU on a crowded machine for every portal a test
 * starts; instead one folder is made per set of migrations, kept in the temporary folder across
 * runs, and each portal gets a copy (about 40 MB, a fraction of a second) in the run's own folder.
 */

const MIGRATIONS = "app/.server/portal-store/migrations";

function templateFolder(): string {
  // Found as Node finds the package, not under the working folder: Stryker's sandbox has no node_modules of its own.
  const pglite = JSON.parse(readFileSync(fileURLToPath(new URL("../package.json", import.meta.resolve("@electric-sql/pglite"))), "utf8")) as { version: string };
  const digest = createHash("sha256").update(pglite.version).update(readFileSync(path.join(MIGRATIONS, "meta/_journal.json")));
  return path.join(tmpdir(), `nz-portal-store-template-${digest.digest("hex").slice(0, 16)}`);
}

async function template(): Promise<string> {
  const folder = templateFolder();
  if (existsSync(folder)) return folder;
  // Made aside and renamed into place: a worker making the same one at the same time wins or loses whole.
  const making = path.join(mkdtempSync(path.join(tmpdir(), "nz-portal-store-making-")), "store");
  const store = await openPortalStore({ PORTAL_DATA_DIR: making, DATABASE_URL: undefined });
  await store.close();
  try {
    renameSync(making, folder);
  } catch {
    // Another worker's is in place.
  }
  rmSync(path.dirname(making), { recursive: true, force: true });
  return folder;
}

/** A copy of its own in the run's temporary folder (removed when the run ends): a portal restarted on it keeps its data meanwhile. */
export async function embeddedStoreCopy(): Promise<{ folder: string }> {
  const source = await template();
  const folder = path.join(testTempDir("store-copy-"), "store");
  cpSync(source, folder, { recursive: true });
  return { folder };
}
