import { HTML_LANG, LANGUAGE } from "~/lib/language";
import { manifestTexts } from "./manifest-texts";
import { webManifest } from "./manifest";

/**
 * `/manifest.webmanifest` (issue 71, decisions/404): the manifest in the build's language, which the server
 * chose by the language cookie (the page links it with the cookies). Asked again before it is used, not kept.
 */
export function loader() {
  return new Response(JSON.stringify(webManifest(manifestTexts, HTML_LANG[LANGUAGE])), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-cache" },
  });
}
