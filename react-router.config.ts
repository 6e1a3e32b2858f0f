import type { Config } from "@react-router/dev/config";

// The v8 behaviours, opted into now so that the move to React Router 8 (which needs Node 22) is small.
export default {
  ssr: true,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
