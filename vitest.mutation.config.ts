import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against each mutant (`npm run mutation`, issue 57): the unit tests, in one
 * project, each file in its own module graph (Stryker swaps a module's code between runs, so no worker
 * may keep the one it imported first). The integration tests start servers and processes: far too
 * slow to run for thousands of mutants on two cores, and a rule they alone would catch needs a unit test.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    globalSetup: ["tests/global-temp.ts"],
    env: { CAPTCHA_MAX_NUMBER: "1000" },
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    // Instrumented code on a machine busy with two test processes runs several times slower.
    testTimeout: 60_000,
  },
});
