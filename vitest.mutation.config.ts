import { defineConfig } from "vitest/config";

/**
 * The tests Stryker runs against each mutant (`npm run mutation`, issue 57): the unit tests, each file
 * in its own module graph (a few replace modules with vi.mock), and the few integration tests below,
 * which call the server modules in this process (against the mock over HTTP, in this process too), so
 * a mutant in those modules is seen by the tests that decide it (a few use the embedded store alone).
 * Most integration tests start portal processes, whose code Stryker cannot change: far too slow for
 * thousands of mutants on two cores, and blind to them.
 *
 * The integration files share their modules from one run to the next (`isolate: false`, as in
 * vitest.config.ts): Stryker switches mutants on and off at run time in code instrumented once, so
 * nothing needs importing again, and importing the portal and the mock afresh for every mutant was
 * most of a run (a minute a mutant on this machine). tests/global-postgres.ts starts the run's
 * PostgreSQL for them (integration files are in the run), which the second step's, the passkeys' and
 * the share links' files use for their stores' rules.
 */
const IN_PROCESS_INTEGRATION = [
  // The sign-in steps (app/areas/sign-in/*.server.ts): the password, the second step, passkeys, the
  // owner back in from a thief's passkey.
  "tests/integration/sign-in-steps.test.ts",
  "tests/integration/second-step.test.ts",
  "tests/integration/passkeys.test.ts",
  "tests/integration/stolen-session.test.ts",
  // The second step's and passkeys' stores on the embedded store (PGlite, in this process).
  "tests/integration/sign-in-security-stores.test.ts",
  // The access record and share links: recording, the changes recorded, making a link and the
  // receiving side.
  "tests/integration/access-record-changes.test.ts",
  "tests/integration/access-record-recording.test.ts",
  "tests/integration/share-link-exemption.test.ts",
  "tests/integration/share-links.test.ts",
  // Whānau access: the guard of every signed-in request (proxy-access.server.ts) and the young
  // person's list of parents (whanau-parents.server.ts), through the portal's own sessions and pages.
  "tests/integration/whanau-access.test.ts",
  // The booking steps and the page's Cancel (app/areas/appointments/steps.server.ts): booked, taken,
  // unknown or cancelled, and the lost answer looked up (decisions/385); the lookups' rooms (decisions/396).
  "tests/integration/booking-action.test.ts",
  "tests/integration/appointments-room.test.ts",
];

/**
 * MUTATION_UNIT_ONLY=1 leaves them out: a mutant they reach reruns them, seconds a mutant where a unit
 * test takes milliseconds, so a module's unit tests can be measured alone first (issue 57, session 29).
 */
const unitOnly = process.env.MUTATION_UNIT_ONLY === "1";

/**
 * MUTATION_IN_PROCESS=access-record (parts of paths, comma-separated) keeps only the in-process files
 * whose path holds one: a module that every sign-in reaches (the access record) is then measured with
 * its own integration tests, not rerun against the whole sign-in for each mutant (issue 57, session 31).
 */
const inProcessWanted = (process.env.MUTATION_IN_PROCESS ?? "").split(",").filter(Boolean);
const inProcess = inProcessWanted.length ? IN_PROCESS_INTEGRATION.filter((file) => inProcessWanted.some((part) => file.includes(part))) : IN_PROCESS_INTEGRATION;

/**
 * MUTATION_UNIT=access-record,devices keeps only the unit files whose name holds one: a module whose
 * own tests are those (a lower bound of its score, as other files may kill more), where every file
 * that reaches it would take hours on this machine (issue 57, session 31).
 */
const unitWanted = (process.env.MUTATION_UNIT ?? "").split(",").filter(Boolean);
const unitInclude = unitWanted.length ? unitWanted.map((part) => `tests/unit/**/*${part}*.test.{ts,tsx}`) : ["tests/unit/**/*.test.{ts,tsx}"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    setupFiles: ["tests/setup.ts"],
    globalSetup: ["tests/global-postgres.ts", "tests/global-temp.ts"],
    env: { CAPTCHA_MAX_NUMBER: "1000" },
    // Instrumented code on a machine busy with two test processes runs several times slower.
    testTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: unitInclude } },
      ...(unitOnly ? [] : [{ extends: true as const, test: { name: "integration:in-process", include: inProcess, isolate: false } }]),
    ],
  },
});
