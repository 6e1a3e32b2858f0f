/**
 * The addresses of a share link's receiving side (manifest and file), which other apps reach with no session, so
 * server/index.ts lets them through its same-origin and forms-only rules and answers their preflight (decisions/308).
 */

export const SHARE_MANIFEST_PATH = /^\/shl\/[A-Za-z0-9_-]{43}$/;
export const SHARE_FILE_PATH = /^\/shl\/file\/[A-Za-z0-9_-]{43}$/;

/** What a manifest request's JSON body may weigh. */
export const MANIFEST_BODY_BYTES = 4 * 1024;

/** Every answer of the receiving side: any site's app may read it (receiving apps run anywhere), nobody may keep it. */
export const SHARE_CORS: Readonly<Record<string, string>> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
  "Access-Control-Expose-Headers": "Retry-After",
  "Access-Control-Max-Age": "600",
  "Cache-Control": "no-store",
};

export const isShareLinkPath = (path: string) => SHARE_MANIFEST_PATH.test(path) || SHARE_FILE_PATH.test(path);
