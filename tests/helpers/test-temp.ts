import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inject } from "vitest";

let processFolder: string | undefined;

/**
 * The folder test files go in. Under Vitest, the run's (tests/global-temp.ts), removed when the run ends:
 * Vitest's workers end without their `exit` handlers. The e2e suite and the benches, which use the same
 * helpers (a portal process of their own), end normally, so their folder goes with an `exit` handler.
 */
function parentFolder(): string {
  if (process.env.VITEST) return inject("testTemp");
  if (!processFolder) {
    const folder = mkdtempSync(path.join(tmpdir(), "nz-portal-tests-process-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    processFolder = folder;
  }
  return processFolder;
}

/** A new folder for a test's files, removed with its parent (above). */
export function testTempDir(prefix: string): string {
  return mkdtempSync(path.join(parentFolder(), prefix));
}
