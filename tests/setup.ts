import { afterEach, vi } from "vitest";

// Tests fail on an unexpected console.error (DESIGN conventions): a test that expects one spies on it.
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors;
  errors = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console.error: ${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
});
