import type { KnipConfig } from "knip";

/**
 * Unused files, exports and dependencies fail `npm test` (issue 30). knip finds the entry points of
 * React Router (app/routes.ts and its modules), Vitest, Playwright and ESLint through its plugins;
 * the ones below are what it cannot see.
 */
const config: KnipConfig = {
  // An export that its own file uses is a name the file gives itself, not dead code.
  ignoreExportsUsedInFile: true,
  workspaces: {
    ".": {
      // vitest.mutation.config.ts: read by Stryker (stryker.config.mjs, `npm run mutation`).
      // app/**/*.mi.ts: the te reo catalogues, read by the te reo build in place of their English (vite.config.ts).
      entry: ["server/index.ts", "scripts/*.ts", "bench/*.ts", "tests/helpers/*.ts", "tests/types/*.ts", "vitest.mutation.config.ts", "app/**/*.mi.ts"],
      project: ["**/*.{ts,tsx,css}", "!zoom-client/**"],
      ignoreDependencies: [
        // Run as a program (node_modules/.bin/redocly) by tests/integration/openapi.test.ts.
        "@redocly/cli",
        // Loaded by name as pino's transport in `npm run dev` (app/.server/observability.server.ts).
        "pino-pretty",
      ],
    },
    // The video client is its own package, built by Vite (decisions/130).
    "zoom-client": {
      project: ["**/*.{ts,tsx,mjs}"],
    },
  },
};

export default config;
