const SAME_SITE = "http://portal.invalid";

/**
 * Only pages of the portal are followed after sign-in: a path that stays on this site once a browser
 * has read it (no `//host`, no backslash, no tab or newline a browser would drop, turning `/\t/host`
 * into `//host`), named as the page, never as the data request that met the expired session.
 *
 * The checks are made on the path as it will be followed, not as it was written: dot segments
 * (`/a/..//host`, also as `%2e`) are resolved first, and encoded slashes and backslashes in the path
 * (`%2f`, `%5c`, which some proxies and servers decode) are read as the separators they stand for
 * (issue 36). The answer is a final one: passed through again, it comes back unchanged.
 */
export function safeRedirectTo(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const pathEnd = value.search(/[?#]/);
  const [path, rest] = pathEnd === -1 ? [value, ""] : [value.slice(0, pathEnd), value.slice(pathEnd)];
  const written = path.replace(/%2f/gi, "/").replace(/%5c/gi, "\\") + rest;
  if ([...written].some((c) => c === "\\" || c <= "\u001f" || c === "\u007f")) return fallback;
  let url: URL;
  try {
    url = new URL(written, SAME_SITE);
  } catch {
    return fallback;
  }
  if (url.origin !== SAME_SITE || url.pathname.startsWith("//")) return fallback;
  return pageOf(url);
}

/** The page a request is for: `/profile.data?_routes=…` (a data request) is `/profile`, `/_root.data` the dashboard. */
export function pageOf(url: URL): string {
  if (!url.pathname.endsWith(".data")) return url.pathname + url.search + url.hash;
  // As React Router names them: `/_.data` and `/profile/_.data` for paths ending in a slash, `/_root.data` before v8.
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/(\/_)?\.data$/, (_match, slash?: string) => (slash ? "/" : ""));
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return pathname + (query ? `?${query}` : "") + url.hash;
}
