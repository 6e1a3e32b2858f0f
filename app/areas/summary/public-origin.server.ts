/** The origin written into an address handed out (share links): PORTAL_ORIGIN when set, else the request's own (decisions/326). */
export function publicOriginOf(request: Request, configured: string | undefined): string {
  return configured ?? new URL(request.url).origin;
}
