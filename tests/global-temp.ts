import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * One temporary folder for the whole Vitest run, removed when the run ends: every file a test writes
 * (portal logs, embedded-store copies, generated specs) goes in it through `testTempDir`
 * (helpers/test-temp.ts). Vitest's workers end without running their `exit` handlers, so folders made
 * per test process were left behind, about 0.9 GB of store copies and a few hundred small folders a run.
 * A run stopped before its teardown (Ctrl-C, a killed machine) leaves its folder; the next run removes
 * it, since its name carries the process that made it.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** The run's temporary folder. */
    testTemp: string;
  }
}

const PREFIX = "nz-portal-tests-";

function removeFoldersOfEndedRuns() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(new RegExp(`^${PREFIX}(\\d+)-`).exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    }
  }
}

export default function makeRunTemp(project: TestProject) {
  removeFoldersOfEndedRuns();
  const folder = mkdtempSync(path.join(tmpdir(), `${PREFIX}${process.pid}-`));
  project.provide("testTemp", folder);
  return () => rmSync(folder, { recursive: true, force: true });
}
