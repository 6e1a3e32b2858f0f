import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The layer rules (issue 11, reshaped by issue 30, decisions/044 and 271), as one local ESLint rule.
 * Each import is resolved to the file it names and both ends are given a role by their folder and
 * suffix, never by how deep they sit: a rule written as a relative-path pattern broke whenever a
 * file moved one folder down, and could not tell one area from another.
 */
const repo = path.dirname(fileURLToPath(import.meta.url));

/** What a file is to the layer rules, from its path relative to the repository. */
function roleOf(relative) {
  const parts = relative.split("/");
  const name = parts.at(-1) ?? "";
  return {
    inApp: parts[0] === "app",
    area: parts[0] === "app" && parts[1] === "areas" && parts.length > 3 ? parts[2] : null,
    lib: parts[0] === "app" && parts[1] === "lib",
    // A flow's machine is its area's <flow>.machine.ts, beside the modules it and its screens share
    // (decisions/398); the helpers several machines share (unprovided, attempt-key) are in app/lib.
    machine: parts[0] === "app" && parts[1] === "areas" && parts.length > 3 && /\.machine\.ts$/.test(name),
    contract: parts[0] === "contract",
    server: /\.server(\.tsx?)?$/.test(name) || (parts[0] === "app" && parts[1] === ".server"),
    route: /\.route(\.tsx?)?$/.test(name),
    // The practice's calls: the shared ones in app/.server/practice/, an area's own in its practice.server.ts.
    practice: (parts[0] === "app" && parts[1] === ".server" && parts[2] === "practice") || /^practice\.server(\.tsx?)?$/.test(name),
    component: parts[0] === "app" && parts.slice(1, -1).includes("components"),
    // React: a .tsx file or a hook (use-*.ts), by the project's naming.
    react: /\.tsx$/.test(name) || /^use-/.test(name),
    // Where the server side is allowed to begin: route modules (React Router strips their loaders and
    // actions from the browser's bundle), server modules, and the server's entry and route table.
    serverSide: false,
  };
}

function withServerSide(role, relative) {
  role.serverSide = role.server || role.route || ["app/entry.server.tsx", "app/root.tsx", "app/routes.ts"].includes(relative);
  return role;
}

/**
 * The import aliases as tsconfig.json defines them (`~/` for app/, `@contract/`): one
 * definition, read by the compiler, the bundler, the test runners and these rules alike.
 */
const aliases = Object.entries(JSON.parse(readFileSync(path.join(repo, "tsconfig.json"), "utf8")).compilerOptions.paths).map(([alias, [target]]) => [alias.replace(/\*$/, ""), path.join(repo, target.replace(/\*$/, ""))]);

/** The file an import names (without its extension, as written), as an absolute path; null for a package. */
export function importTarget(importer, source) {
  for (const [prefix, folder] of aliases) if (source.startsWith(prefix)) return path.join(folder, source.slice(prefix.length));
  if (source.startsWith(".")) return path.resolve(path.dirname(importer), source);
  return null;
}

/**
 * What a machine (an area's <flow>.machine.ts) may import: app/lib, contract/ and the isomorphic
 * modules of its own area (view types, rules, texts, another of its machines; never server code,
 * routes, components or React), so that it runs the same in a test, on the server and in the browser.
 */
function machineMayImport(from, to) {
  if (to.lib || to.contract) return true;
  return to.area === from.area && !to.server && !to.route && !to.component && !to.react;
}

/** Packages a machine never imports: React and its bindings (a machine runs the same in a test, on the server and in the browser). */
const REACT_PACKAGES = /^(react|react-dom|react-router|@xstate\/react)(\/|$)/;

function problem(from, to, typeOnly) {
  if (from.machine && !machineMayImport(from, to)) {
    return "A machine (<flow>.machine.ts) imports only isomorphic modules of its own area (never *.server, *.route, components or React), app/lib, contract/ and packages (layer-machines).";
  }
  if (from.lib && !(to.lib || to.contract)) return "app/lib imports only app/lib, contract/ and packages (layer-lib).";
  if (from.area && to.area && from.area !== to.area) return `An area never imports another area: move what ${from.area} and ${to.area} share to a shared folder (layer-areas).`;
  if (from.inApp && !from.area && to.area) return "A shared folder imports no area: what it needs belongs in a shared folder (layer-shared).";
  if (from.route && to.practice) return "A route module never calls the practice itself: its area's page server (page.server.ts or another *.server.ts) makes the call (layer-practice).";
  // A type (a loader's, for `useFetcher<typeof loader>`) leaves no import in the bundle (decisions/377).
  if (from.component && to.route && !typeOnly) return "A component never imports a route module's code, only its types (`import type`): move what is shared to app/lib (layer-routes).";
  // A components folder's own server renderer (charts drawn to markup) draws its sibling components.
  if (from.server && !from.component && to.component) return "Server code never imports components: move the shared type to app/lib (layer-components).";
  if (!from.serverSide && to.server) return "Only route modules and server code import *.server modules: the browser never loads them (layer-server-only).";
  return null;
}

const importDirection = {
  meta: { type: "problem", schema: [], docs: { description: "Imports follow the portal's layers: areas, shared folders, server-only modules, machines." } },
  create(context) {
    const importer = context.filename;
    const fromRelative = path.relative(repo, importer).split(path.sep).join("/");
    const from = withServerSide(roleOf(fromRelative), fromRelative);
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
      const target = importTarget(importer, source.value);
      if (!target) {
        if (from.machine && REACT_PACKAGES.test(source.value)) context.report({ node: source, message: "A machine never imports React or its bindings (layer-machines)." });
        return;
      }
      const toRelative = path.relative(repo, target).split(path.sep).join("/");
      if (toRelative.includes("/+types/")) return;
      const typeOnly = node.importKind === "type" || (node.specifiers?.length > 0 && node.specifiers.every((specifier) => specifier.importKind === "type"));
      const message = problem(from, withServerSide(roleOf(toRelative), toRelative), typeOnly);
      if (message) context.report({ node: source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const layers = { rules: { "import-direction": importDirection } };
