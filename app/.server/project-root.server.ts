import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (where package.json is), found upwards from the running module: the same
 * answer from the TypeScript sources (tsx, Vitest), the React Router server build (build/server/)
 * and the bundled server (build/node/), where a path taken from `import.meta.url` alone would not be.
 */
export function projectRoot(from: string = import.meta.url): string {
  let folder = path.dirname(fileURLToPath(from));
  while (!existsSync(path.join(folder, "package.json"))) {
    const parent = path.dirname(folder);
    if (parent === folder) throw new Error(`No package.json above ${fileURLToPath(from)}`);
    folder = parent;
  }
  return folder;
}
