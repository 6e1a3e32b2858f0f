/**
 * `npm test`: first what the tests need from the machine (Debian's Chromium headless shell, redis-server
 * and PostgreSQL; scripts/system-packages.ts): what is missing is installed with apt-get when it can be
 * (as root, or with sudo that asks no password), or the run stops at once with the one command to run.
 * Then the static checks side by side (type check, lint, unused code, build), then Vitest (unit and
 * integration: the multi-process tests run the built portal, so the build comes first), then
 * Playwright in Debian's Chromium. Every step after the set-up runs even when an earlier one fails, so one run shows
 * everything that is wrong. Each phase's duration is printed, then each failed test by name; the last line
 * is the plain `N passed, N failed` that CI reads.
 *
 * `npm test -- --second-node` is what `.ci/run` runs on the second Node version, where only the server's
 * runtime differs: the build, Vitest's integration tests (the portal's routes, steps and processes, the
 * mock, Redis and PostgreSQL), then the end-to-end tests tagged @smoke (the sign-in spec and one page per
 * area) and each @each-practice test at the practice `npm test` does not meet (E2E_PRACTICE=other;
 * decisions/397). Type check, lint, knip and the unit tests (pure code typed to ES2023, which both Nodes
 * implement) read the same code on either Node.
 *
 * `npm test -- --check-setup` only looks at the machine and prints what the run would do about it
 * (nothing, install these, or stop), installing nothing and running no test: 0 when nothing is missing.
 */
import { spawn, spawnSync } from "node:child_process";
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { playwrightCounts, vitestCounts, type Counts, type PlaywrightReport, type VitestReport } from "./test-report";
import { findSystemPackages, installCommand, planSetup, type MachineProbe } from "./system-packages";

const secondNode = process.argv.includes("--second-node");
const checkSetupOnly = process.argv.includes("--check-setup");
const started = Date.now();
const phases: string[] = [];
let passed = 0;
let failed = 0;
const failures: string[] = [];
/** Adds a runner's counts; its failed tests are listed again at the end, where CI's excerpt of the run is. */
function count(counts: Counts) {
  passed += counts.passed;
  failed += counts.failed;
  failures.push(...counts.failures);
}

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

const machine: MachineProbe = {
  isExecutable(file) {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  },
  list(folder) {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  },
};
const succeeds = (command: string, args: string[]) => spawnSync(command, args, { stdio: "ignore" }).status === 0;

/** Stops before any test: the reason, the command to run, and the count line CI reads. */
function stop(lines: string[], command?: string): never {
  console.log(`✗ ${lines.join("\n  ")}`);
  if (command) console.log(`\n    ${command}\n`);
  console.log(`\n0 passed, 1 failed`);
  process.exit(1);
}

/** What the tests need from the machine, installed when missing and possible; first, so a machine that cannot get it stops in seconds. */
function setUpMachine(): void {
  const since = Date.now();
  const findings = findSystemPackages(process.env, machine);
  const missing = findings.missing.length > 0;
  const root = process.getuid?.() === 0;
  // Asked only when they matter; sudo -n never waits for a password.
  const passwordlessSudo = missing && !root && succeeds("sudo", ["-n", "true"]);
  const plan = planSetup({ ...findings, root, passwordlessSudo, aptGet: missing && succeeds("apt-get", ["--version"]) });
  if (checkSetupOnly) {
    console.log("npm test -- --check-setup: what the tests need from this machine (nothing is installed, no test runs)");
    for (const { package: name, at } of findings.present) console.log(`  ✓ ${name}: ${at}`);
    for (const name of findings.missing) console.log(`  ✗ ${name}: missing`);
    for (const { variable, value } of findings.brokenVariables) console.log(`  ✗ ${variable}=${value}: nothing there`);
    console.log(`  running as ${root ? "root" : "a user"}${missing && !root ? `, sudo without a password: ${passwordlessSudo ? "yes" : "no"}` : ""}`);
    if (plan.kind === "ready") console.log("Plan: nothing to install; npm test goes on to the static checks.");
    if (plan.kind === "install") console.log(`Plan: ${plan.announce}\n${plan.commands.map((command) => `  ${command.join(" ")}`).join("\n")}`);
    if (plan.kind === "stop") console.log(`Plan: stop at once (0 passed, 1 failed):\n  ${plan.lines.join("\n  ")}${plan.command ? `\n    ${plan.command}` : ""}`);
    process.exit(plan.kind === "ready" ? 0 : 1);
  }
  if (plan.kind === "stop") stop(plan.lines, plan.command);
  if (plan.kind === "ready") {
    console.log(`✓ Found ${findings.present.map((found) => found.package).join(", ")}`);
    return;
  }
  console.log(plan.announce);
  for (const command of plan.commands) {
    const result = spawnSync(command[0], command.slice(1), { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (result.status !== 0) stop([`${command.join(" ")} failed. Install them yourself:`], installCommand(plan.packages));
  }
  const after = findSystemPackages(process.env, machine);
  if (after.missing.length > 0) stop([`apt-get ran, and ${after.missing.join(", ")} is still missing.`]);
  console.log(`✓ Installed ${plan.packages.join(", ")} (${seconds(since)})`);
  phases.push(`set-up ${seconds(since)}`);
}

setUpMachine();

rmSync("test-results", { recursive: true, force: true });
mkdirSync("test-results", { recursive: true });

// The static checks do not depend on each other: side by side they take as long as the longest.
console.log(secondNode ? "▶ Build" : "▶ Type check, lint, unused code and build, side by side");
const staticSince = Date.now();
const [built, ...checked] = await Promise.all([
  // `npm run build`: the portal, its server bundle (decisions/283), the video client it serves under /zoom-client/ (decisions/130).
  // And, where the whole e2e suite runs, the pseudo-language build that e2e/pseudo-language.spec.ts walks (decisions/403).
  step("Build", [["npm", ["run", "build"]], ...(secondNode ? [] : [["npm", ["run", "build:pseudo"]] as [string, string[]]])]),
  ...(secondNode
    ? []
    : [
        // TypeScript 7's native compiler (decisions/355): the same errors as TypeScript 6's tsc for a fifth
        // of its CPU. One thread, as the other three steps keep the second core busy.
        step("Type check", [["npx", ["react-router", "typegen"]], ["node", ["node_modules/typescript-native/bin/tsc", "-p", ".", "--singleThreaded"]]]),
        step("Lint", [["npx", ["eslint", "."]]]),
        // An export, file or dependency nothing uses (knip.config.ts says what knip cannot see).
        step("Unused code (knip)", [["npx", ["knip", "--no-progress"]]]),
      ]),
]);
phases.push(`static checks together ${seconds(staticSince)}`);
failed += [built, ...checked].filter((ok) => !ok).length;

console.log(secondNode ? "\n▶ Integration tests (Vitest)" : "\n▶ Unit and integration tests (Vitest)");
const vitestSince = Date.now();
const vitestRun = await run("npx", ["vitest", "run", ...(secondNode ? ["--project", "integration*"] : []), "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest.json"]);
phases.push(`Vitest${secondNode ? " (integration)" : ""} ${seconds(vitestSince)}`);
const vitest = readJson<VitestReport>("test-results/vitest.json");
if (vitest) count(vitestCounts(vitest, process.cwd()));
if (!vitestRun.ok && (!vitest || vitest.numFailedTests === 0)) failed++;

// Chromium is there: setUpMachine saw to it.
if (built) {
  console.log(`\n▶ End-to-end tests (Playwright, Chromium)${secondNode ? ": @smoke, and @each-practice at the other practice" : ""}`);
  const e2eSince = Date.now();
  if (secondNode) process.env.E2E_PRACTICE ??= "other";
  const e2eRun = await run("npx", ["playwright", "test", ...(secondNode ? ["--grep", "@smoke|@each-practice"] : [])]);
  phases.push(`Playwright${secondNode ? " (@smoke, @each-practice)" : ""} ${seconds(e2eSince)}`);
  const report = readJson<PlaywrightReport>("test-results/playwright.json");
  if (report) count(playwrightCounts(report));
  if (!e2eRun.ok && (!report || report.stats.unexpected === 0)) failed++;
}

if (failures.length > 0) console.log(`\nFailed:\n${failures.map((title) => `  ✗ ${title}`).join("\n")}`);
console.log(`\nTimes: ${phases.join(" · ")} · in all ${seconds(started)}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
