import { defineConfig } from "vitest/config";

/**
 * Kept apart from vite.config.ts so the React Router plugin stays out of unit and integration tests.
 *
 * Two projects, run together in one pool (`npx vitest run --project unit` runs one alone):
 * - unit: pure rules, machines and components, no network;
 * - integration: the API client against the mock over HTTP, the portal's routes and processes, Redis.
 *
 * Workers are set, not left to Vitest's default (one fewer than the cores: one worker on this
 * project's 2-core machine). The integration tests spend most of their time waiting on servers they
 * started, so two workers on 2 cores took Vitest from 184 s to 120 s, and three no further (128 s; decisions/005).
 * VITEST_MAX_WORKERS overrides it for a bigger or a busier machine.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 2);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 15_000,
    maxWorkers,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"] } },
      { extends: true, test: { name: "integration", include: ["tests/integration/**/*.test.{ts,tsx}"] } },
    ],
    // `npm run coverage`: V8 coverage of the portal and its machines, measured in the test processes
    // (the portals that the multi-process tests spawn are not measured). coverage/ is git-ignored.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}", "machines/**/*.ts"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      // The figures are written even when a test fails, so a flaky run still shows where coverage stands.
      reportOnFailure: true,
    },
  },
});
