import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

/**
 * The JavaScript a first visit to a page downloads, gzip, from the build's route manifest: the
 * client entry, then each route of the page's match (root, the signed-in shell, the page frame and
 * the page) with the chunks each imports: the same set the server names in its modulepreload links.
 * `npm test` builds before Vitest; alone, run `npx react-router build` first.
 */

const ASSETS = path.resolve("build/client/assets");

interface ManifestRoute {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  if (!existsSync(ASSETS)) throw new Error("No build: run `npx react-router build` before this test");
  const file = readdirSync(ASSETS).find((f) => /^manifest-[\w]+\.js$/.test(f));
  if (!file) throw new Error("The build has no route manifest");
  const text = readFileSync(path.join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

function firstLoad(manifest: Manifest, routeIds: readonly string[]): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the build`);
    for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  }
  return files;
}

const kb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(ASSETS, path.basename(f)))).length, 0) / 1024;

const SIGNED_IN = ["root", "routes/shell", "routes/shell-page"];
/** Budgets per page, KB of gzip JavaScript on first load. */
const PAGES: ReadonlyArray<{ page: string; routes: string[]; budgetKb: number }> = [{ page: "/reports", routes: [...SIGNED_IN, "routes/reports"], budgetKb: 200 }];
/** Loaded only when used: a PDF opened, a result's chart opened, a card form shown. */
const ON_DEMAND = /\/(pdf-viewer|pdf\.worker(\.min)?|result-chart|stripe-card-fields)-/;

describe("first-load JavaScript", () => {
  const manifest = readManifest();

  for (const { page, routes, budgetKb } of PAGES) {
    it(`${page} stays within ${budgetKb} KB gzip`, () => {
      const size = kb(firstLoad(manifest, routes));
      expect(size, `${page}: ${size.toFixed(1)} KB`).toBeLessThanOrEqual(budgetKb);
    });
  }

  it("no page's first load holds pdf.js, the result chart or the card form", () => {
    for (const [id, route] of Object.entries(manifest.routes)) {
      const heavy = [route.module, ...(route.imports ?? [])].filter((f) => ON_DEMAND.test(f));
      expect(heavy, id).toEqual([]);
    }
    expect([manifest.entry.module, ...manifest.entry.imports].filter((f) => ON_DEMAND.test(f))).toEqual([]);
  });
});
