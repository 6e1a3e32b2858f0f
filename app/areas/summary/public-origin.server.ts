/**
 * The origin the portal writes into an address it hands out for use elsewhere (a share link's
 * manifest and file, decisions/326): PORTAL_ORIGIN when it is set, read from the configuration as the
 * passkeys read it (decisions/300), so that a link made through a proxy or by an internal address
 * still names the address patients and receiving apps reach. Unset, the request's own origin, as
 * before PORTAL_ORIGIN existed: share links keep working on a portal that does not configure it.
 * The caller passes `config.PORTAL_ORIGIN` (a test, its own), so that no test reads the process's.
 */
export function publicOriginOf(request: Request, configured: string | undefined): string {
  return configured ?? new URL(request.url).origin;
}
