import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { builtAreas } from "../../app/lib/areas";

/**
 * The JavaScript a first visit to a signed-in page downloads, gzip, read from the build's route
 * manifest: the client entry, and for the page's route and each route above it (its parentId chain up
 * to root) the route's module and the chunks it imports, which is what the server names in its
 * modulepreload links. The pages are every area the registry has built, so a new screen is covered
 * the day it joins. `npm test` builds before Vitest; alone, run `npx react-router build` first.
 */

const ASSETS = path.resolve("build/client/assets");
const BUDGET_KB = 200;
/** Loaded only when used: pdf.js (a PDF opened), a result's chart (opened), the card form (a card payment). */
const ON_DEMAND = /\/(pdf-viewer|pdf\.worker(\.min)?|result-chart|stripe-card-fields)-[\w-]{8}\.m?js$/;

interface ManifestRoute {
  id: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

function readManifest(): Manifest {
  if (!existsSync(ASSETS)) throw new Error("No build: run `npx react-router build` before this test");
  const file = readdirSync(ASSETS).find((f) => /^manifest-\w+\.js$/.test(f));
  if (!file) throw new Error("The build has no route manifest");
  const text = readFileSync(path.join(ASSETS, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

/** Every file a first load of the route fetches: the entry's, then the route's and its parents'. */
function firstLoad(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (let route: ManifestRoute | undefined = manifest.routes[routeId]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
    for (const f of [route.module, ...(route.imports ?? [])]) files.add(f);
  }
  return files;
}

const gzipKb = (files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(ASSETS, path.basename(f)))).length, 0) / 1024;

const manifest = readManifest();
// The profile pages (about 227 KB, their forms and phone library) predate this budget and are not yet held to it.
const pages = [
  { page: "/", routeId: "routes/dashboard" },
  ...builtAreas().map((area) => ({ page: area.path, routeId: area.module.replace(/\.tsx?$/, "") })),
];

describe("first-load JavaScript", () => {
  it("covers the part-2 screens built so far", () => {
    expect(pages.map((p) => p.page)).toEqual(expect.arrayContaining(["/reports", "/letters", "/resources"]));
  });

  for (const { page, routeId } of pages) {
    it(`${page} stays within ${BUDGET_KB} KB gzip, with pdf.js and the card form left for later`, () => {
      expect(manifest.routes[routeId], `no route ${routeId} in the build`).toBeDefined();
      const files = firstLoad(manifest, routeId);
      expect([...files].filter((f) => ON_DEMAND.test(f)), page).toEqual([]);
      const size = gzipKb(files);
      expect(size, `${page}: ${size.toFixed(1)} KB`).toBeLessThanOrEqual(BUDGET_KB);
    });
  }

  it("the PDF viewer is a chunk of its own, which no route preloads", () => {
    const all = Object.values(manifest.routes).flatMap((r) => [r.module, ...(r.imports ?? [])]);
    expect(readdirSync(ASSETS).some((f) => /^pdf-viewer-[\w-]{8}\.js$/.test(f))).toBe(true);
    expect(all.filter((f) => ON_DEMAND.test(f))).toEqual([]);
  });
});
