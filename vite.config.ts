import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as esbuild } from "esbuild";
import { defineConfig, type Plugin } from "vite";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "./app/routes";
import { buildDirectoryOf, buildLanguage, pseudoBuild } from "./react-router.config";
import { CATALOGUE } from "./app/lib/te-reo";
import { pseudoCatalogue } from "./scripts/pseudo-language";


const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * Every client asset the browser downloads is also written as .br and .gz, once, at build time, at
 * the highest levels (there is no hurry at build time); server/index.ts sends the copy the browser takes.
 */
function precompressClientAssets(): Plugin {
  return {
    name: "precompress-client-assets",
    apply: "build",
    writeBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      // A language's build shares most of its files with the English one (the same name is the same
      // content): their compressed copies are taken from there rather than made again.
      const english = path.resolve(buildDirectoryOf("en"), "client");
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|svg|json|txt)$/.test(file)) continue;
        if (path.resolve(options.dir) !== english && existsSync(path.join(english, `${file}.br`))) {
          for (const copy of [`${file}.br`, `${file}.gz`]) writeFileSync(path.join(options.dir, copy), readFileSync(path.join(english, copy)));
          continue;
        }
        const source = readFileSync(path.join(options.dir, file));
        if (source.length < 1024) continue;
        writeFileSync(path.join(options.dir, `${file}.br`), brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(path.join(options.dir, `${file}.gz`), gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * The installable portal's service worker (issue 71, decisions/404): app/shell/service-worker.ts, bundled
 * by esbuild into the client build's `sw.js` (each language's build has its own copy, the same code: the
 * worker takes its version and language from its address). A script of its own, outside Vite's graph.
 */
function serviceWorkerBundle(): Plugin {
  return {
    name: "service-worker-bundle",
    apply: "build",
    async writeBundle(options) {
      if (this.environment.name !== "client" || !options.dir) return;
      await esbuild({
        entryPoints: [fileURLToPath(new URL("./app/shell/service-worker.ts", import.meta.url))],
        bundle: true,
        format: "iife",
        target: "es2022",
        minify: true,
        legalComments: "none",
        outfile: path.join(options.dir, "sw.js"),
        logLevel: "warning",
      });
    },
  };
}

/**
 * radix-ui's index imports every primitive (`import * as Dialog from "@radix-ui/react-dialog"`) and
 * re-exports it. Rolldown keeps only the primitives its importers name, but a closure followed through the
 * index would put every primitive in a group, so one that only lazily loaded code uses (the account menu's
 * DropdownMenu, with Popper and floating-ui, decisions/070) would come with every page of the group. From
 * the index, a closure follows only the primitives that some route's static imports name (as before, a
 * group may hold a primitive that only some of its pages use, such as Tabs: fewer, larger chunks).
 */
const NAMESPACE_BARREL = /[\\/]node_modules[\\/]radix-ui[\\/]dist[\\/]index\.m?js$/;

/**
 * The code the first visit to a page runs, in three chunks rather than the thirty-odd small shared
 * chunks rolldown makes of it otherwise: on a phone over HTTP/1.1 each of those was a request of its
 * own, six at a time, a round trip apiece before the first paint (issue 12, decisions/190).
 * - first-load: what every page runs, the client entry and the root route;
 * - shared: what the sign-in page shares with the signed-in side, and what the shell shares with the
 *   signed-out pages, so that the sign-in page does not download the shell;
 * - signed-in: what every signed-in page runs, the shell's layouts.
 * Which modules those are is the static-import closure of the routes of app/routes.ts, read from the
 * module graph once it is built (buildEnd), before rolldown asks the groups' `test`s. Each group holds
 * what its modules import (or an earlier group does), or rolldown would pull that import in after them.
 */
function firstLoadGroups() {
  const everyPage = new Set<string>();
  const shared = new Set<string>();
  const signedIn = new Set<string>();
  const shell = routes.find((entry) => entry.file === "shell/layout.route.tsx");
  if (!shell) throw new Error("vite.config.ts: app/routes.ts has no shell/layout.route.tsx layout");
  const layoutsOf = (entry: RouteConfigEntry): string[] => (entry.children?.length ? [entry.file, ...entry.children.flatMap(layoutsOf)] : []);
  const pagesOf = (entry: RouteConfigEntry): string[] => (entry.children?.length ? entry.children.flatMap(pagesOf) : [entry.file]);
  const app = fileURLToPath(new URL("./app/", import.meta.url));
  const clientRoute = (file: string) => `${path.join(app, file)}?__react-router-build-client-route`;
  const plugin: Plugin = {
    name: "first-load-groups",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      // The barrel's primitives a closure follows: none while the statically imported side is read for the
      // names it imports from the barrel, then those (NAMESPACE_BARREL).
      const barrels = new Set<string>();
      let throughBarrel: string[] = [];
      const closure = (starts: string[]) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          if (NAMESPACE_BARREL.test(id)) barrels.add(id);
          queue.push(...(NAMESPACE_BARREL.test(id) ? throughBarrel : (this.getModuleInfo(id)?.importedIds ?? [])));
        }
        // The entries stay chunks of their own: React Router loads each by its address.
        for (const start of starts) seen.delete(start);
        return seen;
      };
      // Client routes are read by the id React Router gives them: a new one would leave the groups empty.
      if (!this.getModuleInfo(clientRoute("root.tsx"))) throw new Error(`vite.config.ts: no module ${clientRoute("root.tsx")}; has React Router renamed its client route modules?`);
      /** The modules of the primitives that the modules of `reached` import from the barrel by name. */
      const namedThrough = (barrel: string, reached: Set<string>): string[] => {
        const source = this.getModuleInfo(barrel)?.code;
        if (!source) throw new Error(`vite.config.ts: no code for ${barrel} at buildEnd; the groups cannot tell which of its primitives are used`);
        const named = new Set<string>();
        for (const id of reached) {
          for (const [, names] of (this.getModuleInfo(id)?.code ?? "").matchAll(/import\s*\{([^}]*)\}\s*from\s*["']radix-ui["']/g)) {
            for (const name of names!.split(",")) named.add(name.trim().split(/\s+/)[0]!);
          }
        }
        const imported = this.getModuleInfo(barrel)?.importedIds ?? [];
        return [...source.matchAll(/import \* as (\w+) from "([^"]+)"/g)]
          .filter(([, name]) => named.has(name!))
          .map(([, name, specifier]) => {
            const id = imported.find((candidate) => candidate.includes(`/node_modules/${specifier}/`));
            if (!id) throw new Error(`vite.config.ts: radix-ui's ${name} (${specifier}) is not among the modules it imports`);
            return id;
          });
      };
      const filesOf = (entry: RouteConfigEntry): string[] => [entry.file, ...(entry.children ?? []).flatMap(filesOf)];
      const everyRoute = closure([path.join(app, "entry.client.tsx"), ...routes.flatMap(filesOf).map(clientRoute)]);
      throughBarrel = [...barrels].flatMap((barrel) => namedThrough(barrel, everyRoute));
      const routeClosure = (files: string[]) => closure(files.map(clientRoute));
      for (const id of closure([path.join(app, "entry.client.tsx"), clientRoute("root.tsx")])) everyPage.add(id);
      const signIn = routeClosure(["areas/sign-in/login.route.tsx"]);
      const signedOut = routeClosure(routes.filter((entry) => entry !== shell).map((entry) => entry.file));
      const layouts = routeClosure(layoutsOf(shell));
      const signedInSide = routeClosure([...layoutsOf(shell), ...pagesOf(shell)]);
      for (const id of layouts) if (!everyPage.has(id)) (signedOut.has(id) ? shared : signedIn).add(id);
      for (const id of signIn) if (!everyPage.has(id) && signedInSide.has(id)) shared.add(id);
    },
  };
  const groups = [
    { name: "first-load", test: (id: string) => everyPage.has(id), priority: 5 },
    { name: "shared", test: (id: string) => shared.has(id), priority: 4 },
    { name: "signed-in", test: (id: string) => signedIn.has(id), priority: 3 },
  ];
  return { plugin, groups };
}

/**
 * Each language is a build of its own (issue 69, decisions/403): in a te reo build, a catalogue of
 * app/ (a module named `texts` or `*-texts`, or in lib/texts/) is read as its sibling `<name>.mi.ts`,
 * so a page carries its own language's words and no other's. English is the catalogues themselves.
 * The filter keeps the hook off every other import (a resolve of its own for each cost the build 2 s).
 */
function languageCatalogues(language: string, pseudo: boolean): Plugin {
  const app = fileURLToPath(new URL("./app/", import.meta.url));
  const isCatalogue = (id: string) => id.startsWith(app) && CATALOGUE.test(id);
  return {
    name: "language-catalogues",
    enforce: "pre",
    resolveId: {
      filter: { id: /texts/ },
      async handler(source, importer, options) {
        if (language === "en" || pseudo || !importer) return null;
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (!resolved || resolved.external || !isCatalogue(resolved.id)) return null;
        const sibling = resolved.id.replace(/\.ts$/, `.${language}.ts`);
        // Until every catalogue has its te reo, one without stays English (tests/unit/catalogues.test.ts lists them).
        return importer !== sibling && existsSync(sibling) ? sibling : null;
      },
    },
    // The pseudo-language (PORTAL_PSEUDO=1): the English catalogues with their words' letters accented.
    transform: {
      filter: { id: /texts/ },
      handler(code, id) {
        return pseudo && isCatalogue(id) ? { code: pseudoCatalogue(code, id), map: null } : null;
      },
    },
  };
}

/**
 * Whether the te reo build has words awaiting review (an entry not marked "reviewed") or catalogues with
 * no te reo yet: the te reo pages say so while it does (decisions/403). Read from the files' text.
 */
function teReoUnderReview(): boolean {
  const app = fileURLToPath(new URL("./app/", import.meta.url));
  const files = (readdirSync(app, { recursive: true }) as string[]).map((file) => file.split(path.sep).join("/"));
  const missing = files.some((file) => CATALOGUE.test(file) && !files.includes(file.replace(/\.ts$/, ".mi.ts")));
  const unreviewed = files.filter((file) => file.endsWith(".mi.ts")).some((file) => /"(?:usage|te-aka|te-reo-hapai|microsoft|drafted)"\s*,?\s*\]/.test(readFileSync(path.join(app, file), "utf8")));
  return missing || unreviewed;
}

const chunkGroups = firstLoadGroups();
const language = buildLanguage();

export default defineConfig({
  plugins: [languageCatalogues(language, pseudoBuild()), tailwindcss(), reactRouter(), precompressClientAssets(), serviceWorkerBundle(), chunkGroups.plugin],
  define: { __APP_VERSION__: JSON.stringify(version), __LANGUAGE__: JSON.stringify(language), __TE_REO_UNDER_REVIEW__: JSON.stringify(language === "mi" && teReoUnderReview()) },
  resolve: { tsconfigPaths: true },
  // React, React DOM and React Router go to every page together: one chunk compresses better than the
  // three or four pieces rolldown makes of them otherwise (1.4 KB gzip less on every page, issue 12)
  // and stays cached while the app's own code changes.
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [{ name: "framework", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 10 }, ...chunkGroups.groups],
            },
          },
        },
      },
    },
  },
});
