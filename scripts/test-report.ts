/**
 * What `npm test` reads from the two runners' JSON reports: the counts CI adds up, and each failed test
 * by file and title, printed again at the end because CI shows a run's last lines only.
 */
import path from "node:path";

export interface Counts {
  passed: number;
  failed: number;
  /** "file › describe › title" of each failed test. */
  failures: string[];
}

/** Vitest's JSON report (`--reporter=json`), as far as it is read. */
export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

export function vitestCounts(report: VitestReport, root: string): Counts {
  const failures = report.testResults.flatMap((file) =>
    file.assertionResults.filter((result) => result.status === "failed").map((result) => `${path.relative(root, file.name)} › ${result.fullName}`),
  );
  return { passed: report.numPassedTests, failed: report.numFailedTests, failures };
}

/** A suite of Playwright's JSON report: a file's suite has the file as its title; its describe blocks are `suites`. */
interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: { title: string; tests: { status: "expected" | "unexpected" | "flaky" | "skipped" }[] }[];
  suites?: PlaywrightSuite[];
}

/** Playwright's JSON report, as far as it is read. */
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  suites: PlaywrightSuite[];
}

/** A flaky test (passed on a retry) counts as passed, as Playwright's own summary says. */
export function playwrightCounts(report: PlaywrightReport): Counts {
  const unexpected = (suite: PlaywrightSuite, outer: string[]): string[] => {
    const titles = outer.length === 0 ? [`e2e/${suite.file}`] : [...outer, suite.title];
    return [
      ...(suite.specs ?? []).flatMap((spec) => spec.tests.filter((test) => test.status === "unexpected").map(() => [...titles, spec.title].join(" › "))),
      ...(suite.suites ?? []).flatMap((inner) => unexpected(inner, titles)),
    ];
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    failures: report.suites.flatMap((suite) => unexpected(suite, [])),
  };
}
