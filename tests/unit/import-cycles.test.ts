import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No two modules of the portal import each other, directly or round a longer loop (issue 30: the
 * payment machine and its editing part did, and app/lib's card brand and accounts view). The layer
 * rules (eslint-layers.js) judge one import at a time and cannot see a loop, so this walks the whole
 * import graph, type-only imports included: a loop of types is still two files that cannot be read
 * apart, and it is where a runtime loop starts.
 */
const repo = fileURLToPath(new URL("../..", import.meta.url));

/** The portal's own code, then the mock practice server and the fixtures it builds its worlds from (decisions/343). */
const PORTAL = ["app", "machines", "contract"];
const MOCK = ["mock-server", "fixtures", "contract"];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" || entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each file with the portal's files it imports (packages and generated route types left out). */
function importGraph(roots: string[]): Map<string, string[]> {
  const files = new Set(roots.flatMap((root) => sourceFiles(path.join(repo, root))));
  // The compiler's own resolution, with tsconfig.json's aliases (`~/`, `@contract/`, `@machines/`).
  const { options } = ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(repo, "tsconfig.json"), ts.sys.readFile).config, ts.sys, repo);
  const resolve = (importer: string, specifier: string): string | undefined => {
    const resolved = ts.resolveModuleName(specifier, importer, options, ts.sys).resolvedModule?.resolvedFileName;
    return resolved && files.has(resolved) ? resolved : undefined;
  };
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    graph.set(file, importedFiles.flatMap(({ fileName }) => resolve(file, fileName) ?? []));
  }
  return graph;
}

/** The loops of a graph: its strongly connected parts of more than one file (Tarjan), or a file importing itself. */
function importLoops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const imported of graph.get(file) ?? []) {
      if (!order.has(imported)) {
        visit(imported);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(imported) ?? 0));
      } else if (onStack.has(imported)) {
        low.set(file, Math.min(low.get(file) ?? 0, order.get(imported) ?? 0));
      }
    }
    if (low.get(file) !== order.get(file)) return;
    const part: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === file ? undefined : stack.pop()) {
      onStack.delete(top);
      part.push(path.relative(repo, top).split(path.sep).join("/"));
    }
    if (part.length > 1 || (graph.get(file) ?? []).includes(file)) loops.push(part.sort());
  };
  for (const file of graph.keys()) if (!order.has(file)) visit(file);
  return loops;
}

describe("import cycles", () => {
  it("finds a loop when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(importLoops(graph).map((loop) => loop.map((file) => path.basename(file)))).toEqual([["a", "b", "c"]]);
    expect(importLoops(new Map([["a", ["b"]], ["b", []]]))).toEqual([]);
  });

  it("the portal (app, machines, contract) has none", () => {
    expect(importLoops(importGraph(PORTAL))).toEqual([]);
  });

  it("the mock server and the fixtures (mock-server, fixtures, contract) have none", () => {
    const graph = importGraph(MOCK);
    const files = [...graph.keys()].map((file) => path.relative(repo, file).split(path.sep).join("/"));
    // The two loops there were (decisions/330): the files are walked, and no longer import each other.
    expect(files).toEqual(expect.arrayContaining(["mock-server/worlds.ts", "mock-server/payment-store.ts", "fixtures/builders/lookups.ts", "fixtures/builders/roster.ts"]));
    expect(importLoops(graph)).toEqual([]);
  });
});
