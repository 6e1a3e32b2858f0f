import { fileResponse, portalReceivingSide } from "./share-link-receiving.server";
import { stateStore } from "~/.server/state.server";
import type { Route } from "./+types/share-file.route";

/**
 * GET /shl/file/<ticket>: a share link's encrypted file (application/jose), at the one-use address a
 * manifest handed out (SMART Health Links, decisions/305-308). No session; CORS; never cached.
 */
const side = portalReceivingSide(stateStore);

export function loader({ request, params }: Route.LoaderArgs) {
  return fileResponse(request, params.ticket, side);
}
