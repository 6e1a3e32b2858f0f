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
  // The second step's and passkeys' stores on the embedded store (PGlite, in this process): no mock, no PostgreSQL server.
  "tests/integration/sign-in-security-stores.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    globalSetup: ["tests/global-temp.ts"],
    env: { CAPTCHA_MAX_NUMBER: "1000" },
    include: ["tests/unit/**/*.test.{ts,tsx}", ...IN_PROCESS_INTEGRATION],
    // Instrumented code on a machine busy with two test processes runs several times slower.
    testTimeout: 60_000,
  },
});
