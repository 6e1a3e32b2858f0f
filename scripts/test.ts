/**
 * `npm test`: the static checks side by side (type check, lint, unused code, build), then Vitest (unit and
 * integration: the multi-process tests run the built portal, so the build comes first), then
 * Playwright in Debian's Chromium. Every step runs even when an earlier one fails, so one run shows
 * everything that is wrong. Each phase's duration is printed; the last line is the plain
 * `N passed, N failed` that CI reads.
 *
 * `npm test -- --smoke` runs the same, with only the end-to-end tests tagged @smoke (the sign-in
 * spec and one page per area): what `.ci/run` runs on the second Node version, where the browser's
 * side of the portal is the same and only the server's runtime differs.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const smoke = process.argv.includes("--smoke");
const started = Date.now();
const phases: string[] = [];
let passed = 0;
let failed = 0;

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs a command; with `quiet`, its output is kept and printed whole once it ends (for steps run side by side). */
function run(command: string, args: string[], quiet = false): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: process.env });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => resolve({ ok: false, output: output + String(error) }));
    child.on("close", (code) => resolve({ ok: code === 0, output }));
  });
}

/** One step of several run side by side: its output printed whole when it ends, with its time. */
async function step(label: string, commands: Array<[string, string[]]>): Promise<boolean> {
  const since = Date.now();
  let ok = true;
  let output = "";
  for (const [command, args] of commands) {
    const result = await run(command, args, true);
    output += result.output;
    if (!(ok = result.ok)) break;
  }
  console.log(`\n${ok ? "✓" : "✗"} ${label} (${seconds(since)})${ok ? "" : " failed"}`);
  if (output.trim()) console.log(output.trimEnd());
  phases.push(`${label} ${seconds(since)}`);
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

// The static checks do not depend on each other: side by side they take as long as the longest.
console.log("▶ Type check, lint, unused code and build, side by side");
const staticSince = Date.now();
const [typed, linted, unused, built] = await Promise.all([
  // TypeScript 7's native compiler (decisions/355): the same errors as TypeScript 6's tsc for a fifth
  // of its CPU. One thread, as the other three steps keep the second core busy.
  step("Type check", [["npx", ["react-router", "typegen"]], ["node", ["node_modules/typescript-native/bin/tsc", "-p", ".", "--singleThreaded"]]]),
  step("Lint", [["npx", ["eslint", "."]]]),
  // An export, file or dependency nothing uses (knip.config.ts says what knip cannot see).
  step("Unused code (knip)", [["npx", ["knip", "--no-progress"]]]),
  // `npm run build`: the portal, its server bundle (decisions/283), the video client it serves under /zoom-client/ (decisions/130).
  step("Build", [["npm", ["run", "build"]]]),
]);
phases.push(`static checks together ${seconds(staticSince)}`);
failed += [typed, linted, unused, built].filter((ok) => !ok).length;

console.log("\n▶ Unit and integration tests (Vitest)");
const vitestSince = Date.now();
const vitestRun = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
phases.push(`Vitest ${seconds(vitestSince)}`);
const vitest = readJson<{ numPassedTests: number; numFailedTests: number }>("test-results/vitest.json");
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
}
if (!vitestRun.ok && (!vitest || vitest.numFailedTests === 0)) failed++;

if (!existsSync(chromium)) {
  console.log(`\n✗ End-to-end tests need Chromium at ${chromium}, and none is there.`);
  console.log("  Install Debian's: sudo apt-get update && sudo apt-get install -y chromium-headless-shell");
  console.log("  (or set CHROMIUM_PATH to another Chromium). Playwright's own browser download does not work offline.");
  failed++;
} else if (built) {
  console.log(`\n▶ End-to-end tests (Playwright, Chromium)${smoke ? ": the @smoke set" : ""}`);
  const e2eSince = Date.now();
  const e2eRun = await run("npx", ["playwright", "test", ...(smoke ? ["--grep", "@smoke"] : [])]);
  phases.push(`Playwright${smoke ? " (@smoke)" : ""} ${seconds(e2eSince)}`);
  const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>("test-results/playwright.json");
  if (report) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
  }
  if (!e2eRun.ok && (!report || report.stats.unexpected === 0)) failed++;
}

console.log(`\nTimes: ${phases.join(" · ")} · in all ${seconds(started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
