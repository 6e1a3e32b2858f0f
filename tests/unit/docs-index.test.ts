import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README is a front door and docs/ holds the rest (issue 54), so what ties them together is checked:
 * - docs/decisions/README.md indexes every decision record, and names no file that is not there;
 * - every relative link in README.md and docs/ (the decision index included) reaches a file;
 * - the README's first screen keeps the literal test command that `.ci/run` runs, and it is 300 lines at most.
 */
const root = path.resolve(import.meta.dirname, "../..");
const decisionsDir = path.join(root, "docs/decisions");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Markdown outside fenced code blocks: a link-like `](…)` in a shell example is not a link. */
function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split("\n")
    .filter((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return false;
      }
      return !fenced;
    })
    .join("\n");
}

/** The targets of inline links and images, `[text](target "title")`, as written. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
}

/** A target inside the repository: not a web address, a mail address or an anchor of the same page. */
function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("#") && !target.startsWith("/");
}

const records = readdirSync(decisionsDir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();

describe("docs/decisions/README.md", () => {
  const index = read("docs/decisions/README.md");
  const indexed = linkTargets(index)
    .filter(isRelative)
    .map((target) => decodeURIComponent(target.split("#")[0]))
    .filter((target) => /^\d{3}-.+\.md$/.test(target));

  it("finds the records", () => {
    expect(records.length).toBeGreaterThan(100);
  });

  it("lists every record in docs/decisions/", () => {
    const missing = records.filter((record) => !indexed.includes(record));
    expect(missing, "records the index does not list").toEqual([]);
  });

  it("names only records that exist", () => {
    const unknown = indexed.filter((target) => !records.includes(target));
    expect(unknown, "index entries with no file").toEqual([]);
  });

  it("lists each record once", () => {
    const twice = indexed.filter((target, i) => indexed.indexOf(target) !== i);
    expect(twice).toEqual([]);
  });
});

describe("relative links in README.md and docs/", () => {
  const pages = [
    "README.md",
    ...readdirSync(path.join(root, "docs"))
      .filter((name) => name.endsWith(".md"))
      .map((name) => `docs/${name}`),
    "docs/decisions/README.md",
  ];

  it.each(pages)("%s links only to files that exist", (page) => {
    const broken = linkTargets(read(page))
      .filter(isRelative)
      .map((target) => decodeURIComponent(target.split("#")[0].split("?")[0]))
      .filter((target) => target !== "" && !existsSync(path.resolve(root, path.dirname(page), target)));
    expect(broken, `broken links in ${page}`).toEqual([]);
  });
});

describe("README.md", () => {
  it("keeps `npm install && npm test`, the command .ci/run runs, in a code block on its first screen", () => {
    const firstScreen = read("README.md").split("\n").slice(0, 40).join("\n");
    expect(firstScreen).toMatch(/```sh\nnpm install && npm test\n```/);
    expect(read(".ci/run")).toContain("npm install && npm test");
  });

  it("stays a front door: 300 lines at most (issue 70)", () => {
    expect(read("README.md").trimEnd().split("\n").length).toBeLessThanOrEqual(300);
  });
});
