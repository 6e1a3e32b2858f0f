import type { Config } from "@react-router/dev/config";
import { isLanguage, type Language } from "./app/lib/language";

/** The language being built, from PORTAL_LANGUAGE (English when unset): each is a build of its own (decisions/403). */
export function buildLanguage(): Language {
  const language = process.env.PORTAL_LANGUAGE ?? "en";
  if (!isLanguage(language)) throw new Error(`PORTAL_LANGUAGE=${language}: the portal is built in en or mi`);
  return language;
}

/**
 * The pseudo-language (PORTAL_PSEUDO=1 with PORTAL_LANGUAGE=mi, `npm run build:pseudo`): the te reo build
 * with the English words' letters accented, to find words that come from no catalogue (decisions/403).
 * A server started with PORTAL_PSEUDO=1 serves it as te reo: a test's, never a patient's.
 */
export const pseudoBuild = () => process.env.PORTAL_PSEUDO === "1";

/** Where a language's build goes: English at build/ (client and server), another at build/<language>/, the pseudo-language at build/pseudo/. */
export const buildDirectoryOf = (language: Language) => (language === "en" ? "build" : pseudoBuild() ? "build/pseudo" : `build/${language}`);

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
