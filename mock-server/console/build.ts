import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { CONSOLE_BUILD_DIR, CONSOLE_SOURCE_DIR } from "../console-files";

/** The newest modification time of the files under a folder, in ms. */
function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, {
    withFileTypes: true,
    recursive: true,
  })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Builds the console when its build is missing or older than its sources (decisions/381), so that
 * `npm run mock` and `npm run dev` serve it without a build step of their own; `npm run build` makes it
 * for `npm start` and the end-to-end tests. Vite is loaded only when there is something to build.
 */
export async function buildConsoleIfStale(log: (line: string) => void = console.log): Promise<void> {
  const index = path.join(CONSOLE_BUILD_DIR, "index.html");
  if (existsSync(index) && statSync(index).mtimeMs >= newest(CONSOLE_SOURCE_DIR)) return;
  log("Building the mock's console (mock-server/console/)…");
  const { build } = await import("vite");
  // React's production build even under `npm run dev`, whose NODE_ENV=development Vite would follow.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({ configFile: path.join(CONSOLE_SOURCE_DIR, "vite.config.ts"), mode: "production" });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
