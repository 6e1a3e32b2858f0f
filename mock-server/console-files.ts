import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import express, { Router } from "express";

/**
 * The console's files: a Vite build of mock-server/console/ in build/mock-console/, made by `npm run build` (and by
 * `mock` and `dev` when missing or stale); its page is the mock's `/`, its assets under `/__console/` (decisions/381).
 */

/** The repository's root, found from this file whether it runs as source (tsx) or bundled in build/node/. */
function repositoryRoot(): string {
  let folder = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(folder, "package.json")) && path.dirname(folder) !== folder) folder = path.dirname(folder);
  return folder;
}

export const CONSOLE_SOURCE_DIR = path.join(repositoryRoot(), "mock-server/console");
export const CONSOLE_BUILD_DIR = path.join(repositoryRoot(), "build/mock-console");

/**
 * The page runs only its own script and styles and talks only to this mock; nothing frames it. Its
 * links to the portal are navigations, which the policy leaves alone.
 */
const CONSOLE_POLICY = "default-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

const NOT_BUILT = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mock practice console: not built</title></head>
<body><main><h1>The mock's console is not built</h1>
<p>Build it with <code>npm run build</code> (or <code>npm run build:console</code>); <code>npm run mock</code> and <code>npm run dev</code> build it themselves.
The admin API works without it: <a href="/__admin/openapi.json">/__admin/openapi.json</a> describes it.</p></main></body></html>`;

export function consoleRouter(dir: string): Router {
  const router = Router();
  router.get("/", (_req, res) => {
    res.set({
      "Content-Security-Policy": CONSOLE_POLICY,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    });
    const index = path.join(dir, "index.html");
    if (!existsSync(index)) return res.status(503).type("html").send(NOT_BUILT);
    res.sendFile(index);
  });
  // Hashed file names: a changed file is a new address, so each may be kept for good.
  router.use(
    "/__console",
    express.static(dir, {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: true,
    }),
  );
  return router;
}
