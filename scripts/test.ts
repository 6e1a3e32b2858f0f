/**
 * `npm test`: type check, lint, build, Vitest (unit and integration: the multi-process tests run the
 * built portal, so the build comes first), then Playwright in Debian's Chromium. Every step runs even when an earlier one fails, so one run shows everything that is
 * wrong; the last line is the plain `N passed, N failed` that CI reads.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
let passed = 0;
let failed = 0;

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) console.log(`✗ ${label} failed`);
  return ok;
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

if (!run("Type check", "npx", ["react-router", "typegen"]) || !run("Type check", "npx", ["tsc", "-p", "."])) failed++;
if (!run("Lint", "npx", ["eslint", "."])) failed++;

// The portal, then the video client it serves under /zoom-client/ (decisions/130).
const built = run("Build", "npx", ["react-router", "build"]) && run("Build the video client", "npm", ["run", "build:zoom"]);
if (!built) failed++;

const vitestOk = run("Unit and integration tests (Vitest)", "npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitestOk && (!vitest || vitest.numFailedTests === 0)) failed++;

if (!existsSync(chromium)) {
  console.log(`\n✗ End-to-end tests need Chromium at ${chromium}, and none is there.`);
  console.log("  Install Debian's: sudo apt-get update && sudo apt-get install -y chromium");
  console.log("  (or set CHROMIUM_PATH to another Chromium). Playwright's own browser download does not work offline.");
  failed++;
} else if (built) {
  const e2eOk = run("End-to-end tests (Playwright, Chromium)", "npx", ["playwright", "test"]);
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>("test-results/playwright.json");
  if (report) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
  if (!e2eOk && (!report || report.stats.unexpected === 0)) failed++;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
