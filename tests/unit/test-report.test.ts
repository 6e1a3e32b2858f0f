import { describe, expect, it } from "vitest";
import { playwrightCounts, vitestCounts, type PlaywrightReport, type VitestReport } from "../../scripts/test-report";

/** What `npm test` reads from the runners' JSON reports: the counts CI adds, and each failed test by name for the run's last lines. */

describe("vitestCounts", () => {
  it("counts the report's totals and names each failed test by its file, relative to the project", () => {
    const report: VitestReport = {
      numPassedTests: 2,
      numFailedTests: 1,
      testResults: [
        { name: "/repo/tests/unit/a.test.ts", assertionResults: [{ fullName: "a passes", status: "passed" }] },
        {
          name: "/repo/tests/integration/b.test.ts",
          assertionResults: [
            { fullName: "b › fails", status: "failed" },
            { fullName: "b › passes", status: "passed" },
            { fullName: "b › is skipped", status: "skipped" },
          ],
        },
      ],
    };
    expect(vitestCounts(report, "/repo")).toEqual({ passed: 2, failed: 1, failures: ["tests/integration/b.test.ts › b › fails"] });
  });
});

describe("playwrightCounts", () => {
  it("names each unexpected result by file, describe blocks and title; flaky counts as passed, skipped as neither", () => {
    const report: PlaywrightReport = {
      stats: { expected: 3, unexpected: 2, flaky: 1 },
      suites: [
        {
          title: "shell.spec.ts",
          file: "shell.spec.ts",
          specs: [{ title: "top-level test", tests: [{ status: "unexpected" }] }],
          suites: [
            {
              title: "guards",
              file: "shell.spec.ts",
              specs: [
                { title: "passes", tests: [{ status: "expected" }] },
                { title: "retried", tests: [{ status: "flaky" }] },
              ],
              suites: [{ title: "at 390 px", file: "shell.spec.ts", specs: [{ title: "fits", tests: [{ status: "unexpected" }] }] }],
            },
          ],
        },
        { title: "sign-in.spec.ts", file: "sign-in.spec.ts", specs: [{ title: "skipped", tests: [{ status: "skipped" }] }, { title: "passes", tests: [{ status: "expected" }, { status: "expected" }] }] },
      ],
    };
    expect(playwrightCounts(report)).toEqual({
      passed: 4,
      failed: 2,
      failures: ["e2e/shell.spec.ts › top-level test", "e2e/shell.spec.ts › guards › at 390 px › fits"],
    });
  });
});
