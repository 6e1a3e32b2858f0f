import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin stays out of unit and integration tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 15_000,
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
