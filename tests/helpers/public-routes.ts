/**
 * The routes no session reaches a record through, beside the sign-in's: the 404, the language choice
 * (it sets a cookie), the share links' receiving side (other apps, decisions/308), the web app manifest
 * (decisions/404), and the health card's page and the device's questions about its copies, which read
 * no record (decisions/405). Every other route has an area (tests/unit/access-record.test.ts,
 * tests/integration/address-readings.test.ts).
 */
export const PUBLIC_ROUTE_FILES: ReadonlySet<string> = new Set([
  "shell/not-found.route.tsx",
  "shell/language.route.ts",
  "areas/summary/share-file.route.ts",
  "areas/summary/share-manifest.route.ts",
  "shell/manifest.route.ts",
  "areas/summary/card/page.route.tsx",
  "areas/summary/card/status.route.ts",
  "areas/summary/card/end.route.ts",
]);
