import { defineConfig } from "vite";

/**
 * The video client (docs/decisions/130): its own small Vite build, served by the portal under
 * /zoom-client/ and shown in an iframe by /zoom. The Zoom Meeting SDK needs React 18.2.0, which the
 * portal (React 19) cannot host, and touches `self` at import, so it never enters the portal's bundle.
 */
export default defineConfig({
  base: "/zoom-client/",
  build: { outDir: "dist", emptyOutDir: true, target: "es2022", chunkSizeWarningLimit: 20_000 },
});
