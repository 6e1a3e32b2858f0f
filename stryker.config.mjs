/**
 * Mutation testing (`npm run mutation`, issue 57): Stryker changes one thing at a time in the modules
 * below (a condition, a comparison, a return value…) and runs the unit tests that reach it; a mutant
 * no test notices "survives". See docs/testing.md, "Mutation testing".
 */
export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.mutation.config.ts", related: true },
  // Only the tests that ran a mutant's line are run against it.
  coverageAnalysis: "perTest",
  // Where a wrong line costs a patient (issue 57). Named by file, wherever its folder is.
  mutate: [
    // Money: the payment machine, its attempts and idempotency, the one answer to a repeated request.
    "app/areas/**/payment.machine.ts",
    "app/areas/**/payment-choice.ts",
    "app/areas/**/payment-context.ts",
    "app/**/payment-attempts.server.ts",
    "app/.server/**/answer-once.server.ts",
    // Messages and repeat prescriptions, and the booking machine's rules.
    "app/areas/**/messaging.machine.ts",
    "app/areas/**/repeat-medication.machine.ts",
    "app/areas/**/booking.machine.ts",
    "app/**/booking.ts",
    // Whether a patient is told an appointment is booked, taken, unknown or cancelled (decisions/385).
    "app/areas/appointments/steps.server.ts",
    // Who gets in: the login machine and the sign-in steps, the second step and its proof, passkeys,
    // throttles, the session, its redirects, viewing claims and hashed names.
    "app/areas/**/login.machine.ts",
    "app/areas/sign-in/login-flow.server.ts",
    "app/areas/sign-in/sign-in-context.server.ts",
    "app/areas/sign-in/password-step.server.ts",
    "app/areas/sign-in/second-step-code.server.ts",
    "app/areas/sign-in/passkey-steps.server.ts",
    "app/areas/sign-in/passkey-recovery.server.ts",
    "app/areas/sign-in/new-password-step.server.ts",
    "app/areas/sign-in/account-choice.server.ts",
    "app/**/sign-in-flow.ts",
    "app/.server/**/second-step.server.ts",
    "app/.server/**/second-step-proof.server.ts",
    "app/lib/**/second-step.ts",
    "app/.server/**/passkeys.server.ts",
    "app/lib/passkeys.ts",
    "app/.server/**/throttle.server.ts",
    "app/.server/**/session.server.ts",
    "app/.server/**/safe-redirect.server.ts",
    "app/.server/**/viewing-claims.server.ts",
    "app/.server/**/opaque-names.server.ts",
    // The access record and share links.
    "app/.server/**/access-entries.server.ts",
    "app/.server/**/record-access.server.ts",
    "app/**/share-link-store.server.ts",
    "app/**/share-link-making.server.ts",
    "app/**/share-link-receiving.server.ts",
    "app/**/shlink.ts",
    // Whānau access: how much of a young person's record a parent sees (issue 55): the rules, the guard
    // every signed-in request passes, the counters a parent sees, and the young person's list of parents and choices.
    "app/lib/whanau-access.ts",
    "app/.server/proxy-access.server.ts",
    "app/.server/proxy-counts.server.ts",
    "app/.server/whanau-parents.server.ts",
    "app/.server/practice/practice-clock.server.ts",
  ],
  // A later run reuses what an earlier one found for code and tests that did not change.
  incremental: true,
  incrementalFile: "reports/mutation/incremental.json",
  reporters: ["html", "json", "clear-text", "progress"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  thresholds: { high: 90, low: 80, break: null },
  // Two cores: one test process each.
  concurrency: 2,
  tempDirName: ".stryker-tmp",
  // What the build, the tests and the video client make: never read by the unit tests, and copying
  // it into the sandbox took time (and failed when a build ran meanwhile).
  ignorePatterns: ["build", "zoom-client/dist", ".react-router", "test-results", "playwright-report", "e2e/.logs", "coverage", ".data"],
  // Mutants in module-level constants would need every test rerun in a fresh process.
  ignoreStatic: true,
  timeoutMS: 10_000,
  // The first run of every test, before any mutant: with the in-process integration tests on a busy
  // two-core machine it took over Stryker's 5-minute default (issue 57, session 30).
  dryRunTimeoutMinutes: 20,
};
