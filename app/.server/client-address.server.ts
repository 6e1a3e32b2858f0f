/**
 * The client's address, set by the portal's HTTP server (server.ts, from the socket or a listed proxy;
 * never taken from the request as sent). A module of its own, with no state behind it: the start-up
 * bundle (scripts/serve.ts) reaches it through the access record and share links, and importing the
 * throttles there would open a second state-store connection in every process.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("x-portal-client-address") ?? "unknown";
}
