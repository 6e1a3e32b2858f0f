/**
 * The addresses of a share link's receiving side (SMART Health Links, decisions/308): the manifest,
 * POST /shl/<manifest id>, and the file, GET /shl/file/<ticket>, each id 43 characters of base64url.
 * Another app reaches them with no session and no same-site form, so server/index.ts lets exactly these
 * through its same-origin rule and its forms-only rule, and answers their CORS preflight.
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
