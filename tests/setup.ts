import { afterEach, beforeAll, vi } from "vitest";

// Tests fail on an unexpected console.error (DESIGN conventions): a test that expects one spies on it.
// A worker runs this file once per test file and keeps its modules between them (vitest.config.ts), so
// console.error is wrapped once per process, not once more for every file.
interface ErrorsSeen {
  errors: unknown[][];
}
const installed = Symbol.for("nz-patient-portal.tests.console-errors");
const holder = globalThis as { [installed]?: ErrorsSeen };
const seenErrors = (holder[installed] ??= wrapConsoleError());

function wrapConsoleError(): ErrorsSeen {
  const seen: ErrorsSeen = { errors: [] };
  const original = console.error;
  console.error = (...args: unknown[]) => {
    seen.errors.push(args);
    original(...args);
  };
  return seen;
}

// What a previous file printed after its last test (its teardown) is not this file's first test's.
beforeAll(() => {
  seenErrors.errors = [];
});

afterEach(() => {
  const seen = seenErrors.errors;
  seenErrors.errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
});
