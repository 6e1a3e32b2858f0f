// Copies the SDK's own files (its wasm, workers, language packs and styles, about 90 MB) next to the
// build so the portal serves them at /zoom-client/lib and /zoom-client/ui: the SDK then loads
// nothing from Zoom's CDN. They are copied at every build and never committed (.gitignore).
import { cpSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sdk = path.join(here, "node_modules/@zoom/meetingsdk/dist");
for (const dir of ["lib", "ui"]) cpSync(path.join(sdk, dir), path.join(here, "dist", dir), { recursive: true });
