import { defineConfig } from "vitest/config";

/**
 * Kept apart from vite.config.ts so the React Router plugin stays out of unit and integration tests.
 *
 * Two kinds of test (`npm run test:unit`, `npm run test:integration` run one kind alone):
 * - unit: pure rules, machines and components, no network;
 * - integration: the API client against the mock over HTTP, the portal's routes and processes, Redis,
 *   PostgreSQL.
 *
 * A worker keeps its modules from one test file to the next (`isolate: false`): importing the portal
 * afresh for every file was most of Vitest's time (the integration files spent 268 s importing, 15 s
 * once shared; decisions/276). The few files that change what a later file would see (a module
 * replaced by vi.mock, the practice timeout read from process.env when the configuration is first
 * imported, the store's own tests, which read it on globalThis) run in a fresh module graph of their
 * own, in the `:own-modules` project of their kind. A file that makes its store the process's hands it
 * back when it ends (unsharePortalStore), so it can share the graph.
 *
 * Workers are set, not left to Vitest's default (one fewer than the cores: one worker on this
 * project's 2-core machine). The integration tests spend most of their time waiting on servers they
 * started, so two workers on 2 cores took Vitest from 184 s to 120 s, and three no further (128 s; decisions/005).
 * VITEST_MAX_WORKERS overrides it for a bigger or a busier machine.
 */
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS ?? 2);

const UNIT = ["tests/unit/**/*.test.{ts,tsx}"];
const INTEGRATION = ["tests/integration/**/*.test.{ts,tsx}"];
/** The files that must not share their modules (above): each says why at its top. */
const OWN_MODULES = [
  "tests/unit/card-provider.test.ts",
  "tests/integration/unknown-outcomes.test.ts",
  "tests/integration/portal-store.test.ts",
];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    // One PostgreSQL for the run's integration files (each makes a database of its own on it).
    // The run's temporary folder, removed when it ends (tests/global-temp.ts).
    globalSetup: ["tests/global-postgres.ts", "tests/global-temp.ts"],
    // The robot check's proof of work at the size the e2e portal and the portal processes of the
    // integration tests use: a solve takes milliseconds, not seconds (captcha-replay.test.ts solved
    // three at the production size in 33 s), and the check is the same.
    env: { CAPTCHA_MAX_NUMBER: "1000" },
    testTimeout: 15_000,
    maxWorkers,
    projects: [
      { extends: true, test: { name: "unit", include: UNIT, exclude: OWN_MODULES, isolate: false } },
      { extends: true, test: { name: "unit:own-modules", include: OWN_MODULES.filter((file) => file.startsWith("tests/unit/")) } },
      { extends: true, test: { name: "integration", include: INTEGRATION, exclude: OWN_MODULES, isolate: false } },
      { extends: true, test: { name: "integration:own-modules", include: OWN_MODULES.filter((file) => file.startsWith("tests/integration/")) } },
    ],
    // `npm run coverage`: V8 coverage of the portal, its machines included, measured in the test processes
    // (the portals that the multi-process tests spawn are not measured). coverage/ is git-ignored.
    coverage: {
      provider: "v8",
      include: ["app/**/*.{ts,tsx}"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      // The figures are written even when a test fails, so a flaky run still shows where coverage stands.
      reportOnFailure: true,
    },
  },
});
