import type { Config } from "@react-router/dev/config";
import { isLanguage, type Language } from "./app/lib/language";

/** The language being built, from PORTAL_LANGUAGE (English when unset): each is a build of its own (decisions/403). */
export function buildLanguage(): Language {
  const language = process.env.PORTAL_LANGUAGE ?? "en";
  if (!isLanguage(language)) throw new Error(`PORTAL_LANGUAGE=${language}: the portal is built in en or mi`);
  return language;
}

/** Where a language's build goes: English at build/ (client and server), another at build/<language>/. */
export const buildDirectoryOf = (language: Language) => (language === "en" ? "build" : `build/${language}`);

// The v8 behaviours, opted into now so that the move to React Router 8 (which needs Node 22) is small.
export default {
  ssr: true,
  buildDirectory: buildDirectoryOf(buildLanguage()),
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
