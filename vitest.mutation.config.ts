import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against each mutant (`npm run mutation`, issue 57): the unit tests, in one
 * project, each file in its own module graph (Stryker swaps a module's code between runs, so no worker
 * may keep the one it imported first). Most integration tests start portal processes, whose code
 * Stryker cannot change: far too slow for thousands of mutants on two cores, and blind to them. The
 * few below call the server modules in this process (against the mock over HTTP, in this process too),
 * so a mutant in those modules is seen by the tests that decide it.
 */
const IN_PROCESS_INTEGRATION: string[] = [
  "tests/integration/access-record-changes.test.ts",
  "tests/integration/access-record-recording.test.ts",
  "tests/integration/share-link-exemption.test.ts",
  "tests/integration/share-links.test.ts",
];

/**
 * MUTATION_UNIT_ONLY=1 leaves them out: a mutant they reach reruns them whole, minutes for a few dozen
 * mutants on this machine, so a module's unit tests are measured alone first (issue 57, session 29).
 */
const integration = process.env.MUTATION_UNIT_ONLY === "1" ? [] : IN_PROCESS_INTEGRATION;

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // PostgreSQL only when integration files are in the run (tests/global-postgres.ts decides).
    globalSetup: ["tests/global-postgres.ts", "tests/global-temp.ts"],
    env: { CAPTCHA_MAX_NUMBER: "1000" },
    include: ["tests/unit/**/*.test.{ts,tsx}", ...integration],
    // Instrumented code on a machine busy with two test processes runs several times slower.
    testTimeout: 60_000,
  },
});
