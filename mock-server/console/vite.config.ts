import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * The mock's console (decisions/381): a Vite build of its own, apart from the portal's, so that not a
 * byte of it reaches a portal page. The mock serves its page at `/` and its assets under /__console/.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/__console/",
  plugins: [tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL("../../build/mock-console", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    rolldownOptions: {
      // radix-ui's modules say "use client", which means nothing outside a server-components build.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
  logLevel: "warn",
});
