import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin stays out of unit and integration tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    testTimeout: 15_000,
  },
});
