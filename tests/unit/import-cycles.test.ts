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
const PORTAL = ["app", "contract"];
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
  // The compiler's own resolution, with tsconfig.json's aliases (`~/`, `@contract/`).
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

/**
 * Who uses each module of `app/lib/`, by the area or shared room (`shell`, `components`, `.server`, the
 * server's entry…) of its importers, through other `app/lib/` modules too (issue 54: `app/lib/` keeps
 * only what two or more areas use, or an area and a shared room). Files are relative to the repository.
 */
function libUsers(graph: Map<string, string[]>): Map<string, Set<string>> {
  const relative = (file: string) => path.relative(repo, file).split(path.sep).join("/");
  const roomOf = (file: string) => {
    const [top, second, third] = relative(file).split("/");
    if (top !== "app") return top;
    return second === "areas" ? (third ?? second) : second;
  };
  const importers = new Map<string, string[]>();
  for (const [file, imported] of graph) for (const target of imported) importers.set(target, [...(importers.get(target) ?? []), file]);
  const users = new Map<string, Set<string>>();
  const usersOf = (file: string, seen: Set<string>): Set<string> => {
    const rooms = new Set<string>();
    for (const importer of importers.get(file) ?? []) {
      if (roomOf(importer) !== "lib") rooms.add(roomOf(importer));
      else if (!seen.has(importer)) for (const room of usersOf(importer, new Set([...seen, importer]))) rooms.add(room);
    }
    return rooms;
  };
  for (const file of graph.keys()) if (roomOf(file) === "lib") users.set(relative(file), usersOf(file, new Set([file])));
  return users;
}

/** The `app/lib/` modules one area alone uses: they belong in that area (issue 54). */
function oneAreaLibModules(graph: Map<string, string[]>, areas: ReadonlySet<string>): string[] {
  return [...libUsers(graph)].filter(([, rooms]) => rooms.size === 1 && areas.has([...rooms][0]!)).map(([file]) => file);
}

describe("the import graph: no loops, and app/lib/ shared", () => {
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

  it("the portal (app, its machines included, and contract) has none", () => {
    expect(importLoops(importGraph(PORTAL))).toEqual([]);
  });

  it("no module of app/lib/ is used by one area alone, through other app/lib/ modules included (issue 54)", () => {
    const at = (file: string) => path.join(repo, file);
    const areas = new Set(["messaging", "accounts"]);
    const made = new Map([
      [at("app/lib/shared.ts"), []],
      [at("app/lib/one-area.ts"), []],
      [at("app/lib/through-lib.ts"), []],
      [at("app/lib/helper.ts"), [at("app/lib/through-lib.ts")]],
      [at("app/areas/messaging/page.route.tsx"), [at("app/lib/shared.ts"), at("app/lib/one-area.ts"), at("app/lib/helper.ts")]],
      [at("app/areas/accounts/payment.machine.ts"), [at("app/lib/shared.ts")]],
      [at("app/shell/layout.route.tsx"), []],
    ]);
    expect(oneAreaLibModules(made, areas).sort()).toEqual(["app/lib/helper.ts", "app/lib/one-area.ts", "app/lib/through-lib.ts"]);
    made.set(at("app/shell/layout.route.tsx"), [at("app/lib/helper.ts")]);
    expect(oneAreaLibModules(made, areas)).toEqual(["app/lib/one-area.ts"]);

    const portal = importGraph([...PORTAL, "server"]);
    const portalAreas = new Set(readdirSync(path.join(repo, "app/areas"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name));
    expect(portalAreas).toContain("messaging");
    expect(oneAreaLibModules(portal, portalAreas)).toEqual([]);
  });

  it("the mock server and the fixtures (mock-server, fixtures, contract) have none", () => {
    const graph = importGraph(MOCK);
    const files = [...graph.keys()].map((file) => path.relative(repo, file).split(path.sep).join("/"));
    // The two loops there were (decisions/330): the files are walked, and no longer import each other.
    expect(files).toEqual(expect.arrayContaining(["mock-server/worlds.ts", "mock-server/payment-store.ts", "fixtures/builders/lookups.ts", "fixtures/builders/roster.ts"]));
    expect(importLoops(graph)).toEqual([]);
  });
});
