import { manifestResponse, portalReceivingSide } from "./share-link-receiving.server";
import { stateStore } from "~/.server/state.server";
import type { Route } from "./+types/share-manifest.route";

/**
 * POST /shl/<manifest id>: a share link's manifest (SMART Health Links, decisions/305-308), asked by
 * another app with no session: server/index.ts lets this one address through its same-origin and forms-only
 * rules and answers its CORS preflight. A GET is told to POST.
 */
const side = portalReceivingSide(stateStore);

export function action({ request, params }: Route.ActionArgs) {
  return manifestResponse(request, params.id, side);
}

export function loader({ request, params }: Route.LoaderArgs) {
  return manifestResponse(request, params.id, side);
}
