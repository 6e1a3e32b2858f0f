const SAME_SITE = "http://portal.invalid";

/**
 * Only pages of the portal are followed after sign-in: checked as a browser will follow the path, with dot segments resolved
 * and `%2f`/`%5c` read as separators (issue 36), so no `//host`, backslash, tab or newline leads off the site. Idempotent.
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
