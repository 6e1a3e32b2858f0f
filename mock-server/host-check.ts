import { isIP } from "node:net";
import type { Request, RequestHandler } from "express";

/** Which `Host` the mock answers to and which `Origin` may use its admin API: only names nobody else can own, against DNS rebinding (decisions/391). */

/** The host name of a `Host` header (lower case, no port, no trailing dot; IPv6 without brackets), or null when it is not one. */
export function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^(?:\[([0-9a-f:.]+)\]|([^:[\]\s/@]+))(?::\d{1,5})?$/i.exec(header.trim());
  if (!match) return null;
  if (match[1] !== undefined) return isIP(match[1]) === 6 ? match[1].toLowerCase() : null;
  return match[2].toLowerCase().replace(/\.$/, "");
}

/**
 * The names of `MOCK_ALLOWED_HOSTS` / `--allowed-hosts`: a comma list of host names, each exact, or
 * with a leading dot for a domain and every name under it (`.mock.test`). Throws on a value that is not a host name.
 */
export function parseAllowedHosts(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "")
    .map((entry) => {
      if (!/^\.?[a-z0-9-]+(\.[a-z0-9-]+)*\.?$/.test(entry)) throw new Error(`Invalid allowed host "${entry}": a host name such as mock.test, or .mock.test for it and every name under it (no scheme, no port)`);
      return entry.replace(/\.$/, "");
    });
}

/** Whether the mock answers to this host name (from `hostNameOf`), given the address it listens on and the names it was told. */
export function isAllowedHostName(name: string, listenHost: string, allowed: readonly string[]): boolean {
  if (isIP(name) !== 0) return true;
  if (name === "localhost" || name.endsWith(".localhost")) return true;
  if (name === listenHost.toLowerCase().replace(/\.$/, "")) return true;
  return allowed.some((entry) => (entry.startsWith(".") ? name === entry.slice(1) || name.endsWith(entry) : name === entry));
}

/** Refuses, with 421 and words, every request whose `Host` is not one the mock answers to: every route, probes included. */
export function hostCheck(listenHost: string, allowed: readonly string[]): RequestHandler {
  return (req, res, next) => {
    const name = hostNameOf(req.headers.host);
    if (name !== null && isAllowedHostName(name, listenHost, allowed)) return next();
    res
      .status(421)
      .type("text/plain")
      .send(
        `This mock practice server answers only to localhost, an IP address or a name it was told, not to Host "${req.headers.host ?? ""}". ` +
          "To reach it by that name, start it with --allowed-hosts <name> or MOCK_ALLOWED_HOSTS=<name> (mock-server/README.md).\n",
      );
  };
}

/** An admin request from another site's page: an `Origin` not the mock's own, or for a change a cross-site `Sec-Fetch-Site` (decisions/391). */
export function fromAnotherSite(req: Request): boolean {
  const origin = req.get("Origin");
  if (origin !== undefined) {
    try {
      if (new URL(origin).origin !== new URL(`${req.protocol}://${req.get("Host") ?? ""}`).origin) return true;
    } catch {
      return true;
    }
  }
  if (req.method === "GET" || req.method === "HEAD") return false;
  const site = req.get("Sec-Fetch-Site");
  return !!site && site !== "same-origin" && site !== "none";
}

export const adminSiteCheck: RequestHandler = (req, res, next) => {
  if (!fromAnotherSite(req)) return next();
  res.status(403).json({ error: "The admin API takes calls from the mock's own console, curl and tests, never from another site's page." });
};
